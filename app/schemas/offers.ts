// The deal's bodies (decision 036). An offer as POST /api/{stocker|referent}/warehouse-requests/{id}/offers
// carries it, `offer_data`: the unit, the quantity offered, the price per unit per month and the
// handling per pallet (in and out; pallet offers only) and a one-off fee, all in cents, VAT
// excluded; the period; a minimum term; what is included; notes; the last day it can be
// accepted. The page form posts the same fields with euros as typed ("4,50"), turned into cents
// by the one conversion of lib/spaces.ts.
//
// The hunter's answers: accept (no body), decline ({ reason? }), ask for changes ({ message }),
// and a message on a link's conversation ({ message }).
import { z } from "zod";
import { numberFromText, typedNumberFromText } from "./common.ts";
import { calendarDay } from "./spaces.ts";
import { M2_TYPES, MAX_MIN_TERM_MONTHS, MAX_PRICE_MONTH_CENTS, MAX_SPACE_QUANTITY, centsFromEuroText } from "../lib/spaces.ts";
import { REQUEST_STATES } from "../lib/warehouse-pages.ts";
import { MAX_FEE_CENTS, MAX_HANDLING_CENTS, MAX_MESSAGE_LENGTH, MAX_OFFER_TEXT } from "../lib/offers.ts";

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const cents = (max: number) => z.preprocess((v) => numberFromText(blankToNull(v)), z.number().int().min(0).max(max).nullable());
const noNul = (v: string) => !v.includes("\u0000");
const freeText = z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(MAX_OFFER_TEXT).refine(noNul, { message: "invalid" }));

export const offerDataSchema = z
  .object({
    m2_type: z.enum(M2_TYPES),
    quantity: z.preprocess(numberFromText, z.number().int().positive().max(MAX_SPACE_QUANTITY)),
    price_month: z.preprocess(numberFromText, z.number().int().min(0).max(MAX_PRICE_MONTH_CENTS)),
    handling_in: cents(MAX_HANDLING_CENTS),
    handling_out: cents(MAX_HANDLING_CENTS),
    one_off_fee: cents(MAX_FEE_CENTS),
    start_date: calendarDay,
    end_date: calendarDay,
    min_term_months: z.preprocess((v) => numberFromText(blankToNull(v)), z.number().int().min(0).max(MAX_MIN_TERM_MONTHS).nullable()),
    included: freeText,
    notes: freeText,
    valid_until: calendarDay,
  })
  .superRefine((offer, ctx) => {
    if (offer.end_date < offer.start_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: "before_start_date" });
    if (offer.m2_type !== "pallet") {
      for (const key of ["handling_in", "handling_out"] as const) {
        if (offer[key] !== null) ctx.addIssue({ code: "custom", path: [key], message: "pallet_only" });
      }
    }
  });

/** POST …/warehouse-requests/{id}/offers. */
export const sendOfferSchema = z.object({ offer_data: offerDataSchema });

/** The offer form of a request card: the same fields, amounts in euros as typed, numbers in Italian notation. */
export const offerPageForm = z.object({
  offer_data: z.preprocess((v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const row = v as Record<string, unknown>;
    const euros = (x: unknown) => (typeof x === "string" ? centsFromEuroText(x) : x);
    return {
      ...row,
      quantity: typedNumberFromText(row.quantity),
      min_term_months: typedNumberFromText(row.min_term_months),
      price_month: euros(row.price_month),
      handling_in: euros(row.handling_in),
      handling_out: euros(row.handling_out),
      one_off_fee: euros(row.one_off_fee),
    };
  }, offerDataSchema),
});

const messageText = z.string().trim().min(1).max(MAX_MESSAGE_LENGTH).refine(noNul, { message: "invalid" });

/** POST /api/stock-hunter/offers/{offer_id}/decline: an optional reason the handler reads. */
export const declineOfferSchema = z.object({
  reason: z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(MAX_OFFER_TEXT).refine(noNul, { message: "invalid" })),
});

/** POST /api/stock-hunter/warehouse-requests/{id}/ask-changes and POST …/warehouse-requests/{id}/messages. */
export const messageSchema = z.object({ message: messageText });

export type OfferData = z.infer<typeof offerDataSchema>;

// ---------------------------------------------------------------- the handler's offer

const optionalLinkState = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(REQUEST_STATES).optional());

/** POST /api/{stocker|referent}/warehouse-requests/{id}/offers: the offer, and the link's new state when it changes in the same step. */
export const sendOfferBody = sendOfferSchema.extend({ state: optionalLinkState });

/** The handler page's offer form: the same, amounts in euros as typed. */
export const sendOfferPageForm = offerPageForm.extend({ state: optionalLinkState });
