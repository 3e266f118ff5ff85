// The answers of the account calls (login, registration, codes, passwords, support), the card
// subscription's calls and a visitor's personal link to a request, described in the API's
// document and checked against every answer the tests get (apiAction's `response`).
import { z } from "zod";
import { id, role, successAnswer } from "./answer-parts.ts";

/** Cents. */
const cents = z.number().int();

/** POST /login: the account now logged in (the session cookie comes with it). */
export const loginAnswer = z.strictObject({ user_id: id, role: role });

/** POST /register: the new account; a stock hunter's waits for its e-mailed code, a stocker's for the administrators' approval. */
export const registerAnswer = z.strictObject({ user_id: id, role: z.enum(["stock_hunter", "stocker"]) });

/** POST /confirm-code: the confirmed stock hunter, now logged in. */
export const confirmCodeAnswer = z.strictObject({
  user_id: id,
  role: z.literal("stock_hunter"),
  /** Registered from a visitor's personal page: the request moved into the new account. Absent otherwise. */
  warehouse_request_id: id.optional(),
});

/**
 * POST /send-code: the browser's pending registration got a new code ({ user_id }); with an
 * address instead, { success: true } whether or not that address waits for a code.
 */
export const sendCodeAnswer = z.union([z.strictObject({ user_id: id }), successAnswer]);

/** POST /api/users/{id}/complete-account: the invited person, now logged in. */
export const completeAccountAnswer = z.strictObject({
  user_id: id,
  role: z.enum(["stocker", "referent"]),
  /** A stocker's latest warehouse (the page opens its edit form); null for a referent or a stocker without one. */
  warehouse_id: id.nullable(),
});

/** POST /api/send-support-requests. */
export const supportRequestAnswer = z.strictObject({ error: z.literal(false), support_request_id: id });

/** POST /init-subscription: a new subscription attempt for the chosen warehouses, and its price. */
export const initSubscriptionAnswer = z.strictObject({
  subscription_id: id,
  /** What the card step confirms in the browser (Stripe.js); null when card payment is not available: the bank transfer remains. */
  client_secret: z.string().nullable(),
  /** payment: the first period is charged now; setup: a trial, the card is only saved. null without client_secret. */
  intent: z.enum(["payment", "setup"]).nullable(),
  /** The promo code's discounts: cents off, percent off, and percent off the hubs' share; null when it gives none. */
  amount_off: cents.nullable(),
  percent_off: z.number().nullable(),
  hub_percent_off: z.number().nullable(),
  /** The plan's cents per warehouse and period, VAT included. */
  price_unit_amount: cents,
  /** The page the card step returns to. */
  url: z.string(),
  /** The price per period, in cents: gross (unit × warehouses), each discount, the total with VAT, without it, and the VAT. */
  price: z.strictObject({
    gross: cents,
    amountOff: cents,
    percentOff: cents,
    hubOff: cents,
    total: cents,
    totalExclVat: cents,
    vat: cents,
  }),
  warehouses_count: z.number().int().positive(),
  hubs_count: z.number().int().min(0),
  /** Free days before the first charge; 0 when none. */
  trial_days: z.number().int().min(0),
  /** Whether the card step can run (client_secret is set). */
  card_available: z.boolean(),
});

/** POST /api/requests/{token}/renew: where the new personal link went (the address masked: "m•••@example.com"). */
export const renewedLinkAnswer = z.strictObject({ contact: z.string() });

/** POST /api/requests/renew: always the same, whether or not a request matched. */
export const resentLinkAnswer = z.strictObject({ sent: z.literal(true) });
