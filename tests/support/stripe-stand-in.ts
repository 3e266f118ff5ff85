// A local stand-in for Stripe's API, for tests: Stripe's servers are out of reach here, so the
// real SDK is pointed at this server (its host/port/protocol options, STRIPE_API_BASE for the
// app). It answers the calls app/server/billing/stripe-gateway.ts makes, with the JSON shapes of
// API version 2026-10-28.endive, the SDK's form encoding, Bearer authentication, idempotency keys,
// expansion, and Stripe's error shape; state lives in memory. The browser's part (confirming a
// payment or a card set-up) and the passing of time are the test's to trigger: paySubscription,
// renewSubscription, endSubscription, which return the events Stripe would send, and sign() makes
// them into signed webhook requests; declineCardsOf makes a customer's saved cards refuse charges.
// A trial's card set-up can also be confirmed over HTTP, as Stripe.js does it in the browser
// (POST /v1/setup_intents/{id}/confirm), for tests that hold only the stand-in's URL.
import http from "node:http";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

type Json = Record<string, unknown>;

export type StripeEventObject = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: Json; previous_attributes?: Json };
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

export type StripeStandInRequest = {
  method: string;
  path: string;
  /** The parameters, decoded from the form body (POST) or the query (GET, DELETE). */
  body: Record<string, unknown>;
  idempotencyKey: string | null;
};

export type StripeStandIn = {
  url: string;
  host: string;
  port: number;
  protocol: "http";
  secretKey: string;
  webhookSecret: string;
  /** Every request received, in order (also those refused). */
  requests: StripeStandInRequest[];
  /** (Also over HTTP, as Stripe.js does it: POST /v1/setup_intents/{id}/confirm with
   *  payment_method_data, for tests that reach the stand-in only by its URL.)
   *  Simulates the browser confirming the client secret successfully: the latest invoice paid (or, in a trial, the setup intent succeeded), a card payment method pm_… with last4 "4242" attached as the subscription's default, status active (or trialing). Returns the events Stripe would send (invoice.paid then customer.subscription.updated, or only the latter in a trial), as full Event objects with ids and increasing `created`. */
  paySubscription(id: string): StripeEventObject[];
  /** The period's end of an active subscription that goes on: a new paid invoice, the next period.
   *  Returns invoice.paid then customer.subscription.updated. */
  renewSubscription(id: string): StripeEventObject[];
  /** Period end reached after cancel_at_period_end (→ canceled, customer.subscription.deleted),
   *  trial ended (→ active with a card, past_due without; updated), an incomplete one expired
   *  (→ incomplete_expired; updated), an active one whose renewal failed for good (→ canceled;
   *  deleted). Returns that one event. */
  endSubscription(id: string): StripeEventObject[];
  /** Makes charges to the customer's saved cards fail (decline=false: succeed again), as Stripe's test card 4000 0000 0000 0341 does once attached. It concerns the charges a subscription update makes on the spot (items changed with proration_behavior=always_invoice): with payment_behavior=error_if_incomplete the update is refused with a 402 card_error card_declined and nothing changes; with allow_incomplete it goes through, its invoice left open and the subscription past_due. The browser's payments (paySubscription) and renewals are not affected. Throws for a customer the stand-in does not have. */
  declineCardsOf(customerId: string, decline?: boolean): void;
  /** A signed webhook request body+header for an event, using the SDK's own `stripe.webhooks.generateTestHeaderString` with the webhook secret. */
  sign(event: object, opts?: { secret?: string; timestamp?: number }): { body: string; signature: string };
  close(): Promise<void>;
};

const API_VERSION = "2026-10-28.endive";
const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return out;
}

const newId = (prefix: string) => `${prefix}_${randomToken(14)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A failure answered as Stripe does: the status and { error: { type, code, message, param } },
 *  plus decline_code for a card error. */
class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly declineCode: string | undefined;
  constructor(status: number, type: string, code: string | undefined, message: string, param?: string, declineCode?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
    this.declineCode = declineCode;
  }
}

const missing = (what: string, id: string, param?: string) => new ApiError(404, "invalid_request_error", "resource_missing", `No such ${what}: '${id}'`, param);
const invalid = (message: string, param?: string, code = "parameter_invalid") => new ApiError(400, "invalid_request_error", code, message, param);
/** What Stripe answers when the card it charged on the spot refused the payment. */
const cardDeclined = () => new ApiError(402, "card_error", "card_declined", "Your card was declined.", undefined, "generic_decline");

// ---- the SDK's form encoding: a[b][0][c]=v, arrays indexed (a[0]) or appended (a[]) ----

function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) {
      root[key] = value;
      continue;
    }
    const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> = root;
    segments.forEach((segment, i) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) {
        node[name] = value;
      } else {
        const next = node[name];
        if (typeof next !== "object" || next === null) node[name] = {};
        node = node[name] as Record<string, unknown>;
      }
    });
  }
  return arrayify(root) as Record<string, unknown>;
}

/** Objects whose keys are all indexes become arrays, as Stripe reads `items[0][…]`. */
function arrayify(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrayify(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

// ---- parameter checks ----

/** `prefix` names a nested object's place, as Stripe does: items[0][price_data][colour]. */
function checkKnown(params: Record<string, unknown>, allowed: readonly string[], prefix?: string): void {
  for (const key of Object.keys(params)) {
    const param = prefix ? `${prefix}[${key}]` : key;
    if (!allowed.includes(key)) throw invalid(`Received unknown parameter: ${param}`, param, "parameter_unknown");
  }
}

function text(params: Record<string, unknown>, key: string, opts: { required?: boolean; param?: string } = {}): string | undefined {
  const value = params[key];
  const param = opts.param ?? key;
  if (value === undefined) {
    if (opts.required) throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
    return undefined;
  }
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  return value;
}

function integer(params: Record<string, unknown>, key: string, opts: { required?: boolean; param?: string } = {}): number | undefined {
  const value = text(params, key, opts);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, opts.param ?? key, "parameter_invalid_integer");
  return Number(value);
}

function boolean(params: Record<string, unknown>, key: string): boolean | undefined {
  const value = text(params, key);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, key);
  return value === "true";
}

function object(params: Record<string, unknown>, key: string, param = key): Record<string, unknown> | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalid(`Invalid object`, param);
  return value as Record<string, unknown>;
}

/** metadata[k]=v sets, metadata[k]= unsets, metadata= clears (Stripe's rules). */
function applyMetadata(current: Record<string, string>, params: Record<string, unknown>): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === "") return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalid("Invalid object", "metadata");
  const next = { ...current };
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== "string") throw invalid("Invalid metadata value", `metadata[${k}]`);
    if (v === "") delete next[k];
    else next[k] = v;
  }
  return next;
}

function expandList(params: Record<string, unknown>): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v): v is string => typeof v === "string")) throw invalid("Invalid array", "expand");
  return list;
}

function addInterval(seconds: number, interval: string, count: number): number {
  const date = new Date(seconds * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === "month") date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === "week") date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

// ---- state ----

type CustomerRec = { id: string; created: number; email: string | null; name: string | null; description: string | null; metadata: Record<string, string> };
type ProductRec = { id: string; created: number; updated: number; name: string; active: boolean; description: string | null; metadata: Record<string, string> };
type PriceRec = { id: string; created: number; currency: string; product: string; unitAmount: number; interval: string; intervalCount: number };
type SubscriptionRec = {
  id: string;
  created: number;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  description: string | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  cancellationReason: string | null;
  endedAt: number | null;
  startDate: number;
  billingCycleAnchor: number;
  trialStart: number | null;
  trialEnd: number | null;
  defaultPaymentMethod: string | null;
  latestInvoice: string | null;
  pendingSetupIntent: string | null;
  saveDefaultPaymentMethod: string | null;
  item: { id: string; created: number; price: PriceRec; periodStart: number; periodEnd: number };
};
type InvoiceRec = {
  id: string;
  created: number;
  number: string;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  subscriptionMetadata: Record<string, string>;
  billingReason: string;
  amount: number;
  amountPaid: number;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  periodStart: number;
  periodEnd: number;
  linePeriod: { start: number; end: number };
  /** The line is the net proration of a price change (the stand-in makes one line of it, where
   *  Stripe lists the unused time credited and the remaining time charged). */
  proration: boolean;
  price: PriceRec;
  paidAt: number | null;
  voidedAt: number | null;
  attempted: boolean;
  /** What invoice.confirmation_secret shows when included; null when nothing is to pay. */
  confirmationSecret: { client_secret: string; type: string } | null;
};
type SetupIntentRec = { id: string; created: number; customer: string; clientSecret: string; status: string; paymentMethod: string | null };
type PaymentMethodRec = {
  id: string;
  created: number;
  customer: string | null;
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
};

type Kind = "customer" | "product" | "subscription" | "invoice" | "setup_intent" | "payment_method";

/** What each object lets `expand` replace with the object it names. */
const EXPANDABLE: Record<Kind, Record<string, Kind>> = {
  customer: {},
  product: {},
  subscription: { customer: "customer", default_payment_method: "payment_method", latest_invoice: "invoice", pending_setup_intent: "setup_intent" },
  invoice: { customer: "customer", default_payment_method: "payment_method" },
  setup_intent: { customer: "customer", payment_method: "payment_method" },
  payment_method: { customer: "customer" },
};

export async function startStripeStandIn(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? `sk_test_standin_${randomToken(24)}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomToken(32)}`;
  const requests: StripeStandInRequest[] = [];

  const customers = new Map<string, CustomerRec>();
  const products = new Map<string, ProductRec>();
  const subscriptions = new Map<string, SubscriptionRec>();
  const invoices = new Map<string, InvoiceRec>();
  const setupIntents = new Map<string, SetupIntentRec>();
  const paymentMethods = new Map<string, PaymentMethodRec>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  /** Customers whose cards refuse charges (declineCardsOf). */
  const decliningCustomers = new Set<string>();
  let invoiceCounter = 0;
  let lastEventCreated = 0;

  // ---- rendering: Stripe's JSON for each record, references as ids ----

  function renderCustomer(c: CustomerRec): Json {
    return {
      id: c.id,
      object: "customer",
      address: null,
      balance: 0,
      created: c.created,
      currency: null,
      default_source: null,
      delinquent: false,
      description: c.description,
      discount: null,
      email: c.email,
      invoice_prefix: c.id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: { ...c.metadata },
      name: c.name,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
  }

  function renderProduct(p: ProductRec): Json {
    return {
      id: p.id,
      object: "product",
      active: p.active,
      created: p.created,
      default_price: null,
      description: p.description,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: { ...p.metadata },
      name: p.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      tax_details: null,
      type: "service",
      unit_label: null,
      updated: p.updated,
      url: null,
    };
  }

  function renderPrice(p: PriceRec): Json {
    return {
      id: p.id,
      object: "price",
      active: false,
      billing_scheme: "per_unit",
      created: p.created,
      currency: p.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: p.product,
      recurring: { interval: p.interval, interval_count: p.intervalCount, meter: null, trial_period_days: null, usage_type: "licensed" },
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "recurring",
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    };
  }

  function renderPlan(p: PriceRec): Json {
    return {
      id: p.id,
      object: "plan",
      active: false,
      amount: p.unitAmount,
      amount_decimal: String(p.unitAmount),
      billing_scheme: "per_unit",
      created: p.created,
      currency: p.currency,
      interval: p.interval,
      interval_count: p.intervalCount,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: p.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: "licensed",
    };
  }

  function renderSubscription(s: SubscriptionRec): Json {
    const item = {
      id: s.item.id,
      object: "subscription_item",
      billing_thresholds: null,
      created: s.item.created,
      current_period_end: s.item.periodEnd,
      current_period_start: s.item.periodStart,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: renderPlan(s.item.price),
      price: renderPrice(s.item.price),
      quantity: 1,
      subscription: s.id,
      tax_rates: [],
    };
    return {
      id: s.id,
      object: "subscription",
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: s.billingCycleAnchor,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: "classic" },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: s.cancelAt,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      cancellation_details: { comment: null, feedback: null, reason: s.cancellationReason },
      collection_method: "charge_automatically",
      created: s.created,
      currency: s.item.price.currency,
      customer: s.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: s.defaultPaymentMethod,
      default_source: null,
      default_tax_rates: [],
      description: s.description,
      discounts: [],
      ended_at: s.endedAt,
      invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
      items: { object: "list", data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${s.id}` },
      latest_invoice: s.latestInvoice,
      livemode: false,
      managed_payments: null,
      metadata: { ...s.metadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: s.saveDefaultPaymentMethod },
      pending_invoice_item_interval: null,
      pending_setup_intent: s.pendingSetupIntent,
      pending_update: null,
      schedule: null,
      start_date: s.startDate,
      status: s.status,
      test_clock: null,
      transfer_data: null,
      trial_end: s.trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
      trial_start: s.trialStart,
    };
  }

  function renderInvoice(i: InvoiceRec, includeConfirmationSecret = false): Json {
    const customer = customers.get(i.customer);
    const remaining = i.status === "open" ? i.amount - i.amountPaid : 0;
    const line = {
      id: newLineId(i),
      object: "line_item",
      amount: i.amount,
      currency: i.price.currency,
      description: `${i.proration ? "Remaining time on " : ""}1 × ${products.get(i.price.product)?.name ?? i.price.product}`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: i.id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: i.proration,
          proration_details: { credited_items: null },
          subscription: i.subscription,
          subscription_item: i.subscriptionItem,
        },
        type: "subscription_item_details",
      },
      period: { end: i.linePeriod.end, start: i.linePeriod.start },
      pretax_credit_amounts: [],
      pricing: { price_details: { price: i.price.id, product: i.price.product }, type: "price_details", unit_amount_decimal: String(i.amount) },
      quantity: 1,
      taxes: [],
    };
    return {
      id: i.id,
      object: "invoice",
      account_country: "IT",
      account_name: "Stockspace",
      account_tax_ids: null,
      amount_due: i.amount,
      amount_overpaid: 0,
      amount_paid: i.amountPaid,
      amount_remaining: remaining,
      amount_shipping: 0,
      application: null,
      attempt_count: i.attempted ? 1 : 0,
      attempted: i.attempted,
      auto_advance: i.status === "open",
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: i.billingReason,
      collection_method: "charge_automatically",
      ...(includeConfirmationSecret ? { confirmation_secret: i.confirmationSecret } : {}),
      created: i.created,
      currency: i.price.currency,
      custom_fields: null,
      customer: i.customer,
      customer_account: null,
      customer_address: null,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: "none",
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: i.created,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: `https://invoice.stripe.test/i/${i.id}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${i.id}/pdf`,
      issuer: { type: "self" },
      last_finalization_error: null,
      latest_revision: null,
      lines: { object: "list", data: [line], has_more: false, total_count: 1, url: `/v1/invoices/${i.id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: i.number,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: { ...i.subscriptionMetadata }, subscription: i.subscription },
        type: "subscription_details",
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: i.periodEnd,
      period_start: i.periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: i.status,
      status_transitions: { finalized_at: i.created, marked_uncollectible_at: null, paid_at: i.paidAt, voided_at: i.voidedAt },
      subtotal: i.amount,
      subtotal_excluding_tax: i.amount,
      test_clock: null,
      total: i.amount,
      total_discount_amounts: [],
      total_excluding_tax: i.amount,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: i.created,
    };
  }

  // The invoice line's id is stable per invoice.
  const lineIds = new Map<string, string>();
  function newLineId(i: InvoiceRec): string {
    let id = lineIds.get(i.id);
    if (!id) lineIds.set(i.id, (id = newId("il")));
    return id;
  }

  function renderSetupIntent(s: SetupIntentRec): Json {
    return {
      id: s.id,
      object: "setup_intent",
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: s.clientSecret,
      created: s.created,
      customer: s.customer,
      description: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: {},
      next_action: null,
      on_behalf_of: null,
      payment_method: s.paymentMethod,
      payment_method_configuration_details: null,
      payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: "automatic" } },
      payment_method_types: ["card"],
      single_use_mandate: null,
      status: s.status,
      usage: "off_session",
    };
  }

  function renderPaymentMethod(p: PaymentMethodRec): Json {
    return {
      id: p.id,
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: p.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
        country: "US",
        display_brand: p.brand,
        exp_month: p.expMonth,
        exp_year: p.expYear,
        fingerprint: p.fingerprint,
        funding: "credit",
        generated_from: null,
        last4: p.last4,
        networks: { available: [p.brand], preferred: null },
        regulated_status: "unregulated",
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: p.created,
      customer: p.customer,
      livemode: false,
      metadata: {},
      type: "card",
    };
  }

  function lookup(kind: Kind, id: string): Json {
    switch (kind) {
      case "customer": {
        const c = customers.get(id);
        if (!c) throw missing("customer", id);
        return renderCustomer(c);
      }
      case "product": {
        const p = products.get(id);
        if (!p) throw missing("product", id);
        return renderProduct(p);
      }
      case "subscription": {
        const s = subscriptions.get(id);
        if (!s) throw missing("subscription", id);
        return renderSubscription(s);
      }
      case "invoice": {
        const i = invoices.get(id);
        if (!i) throw missing("invoice", id);
        return renderInvoice(i);
      }
      case "setup_intent": {
        const s = setupIntents.get(id);
        if (!s) throw missing("setupintent", id);
        return renderSetupIntent(s);
      }
      case "payment_method": {
        const p = paymentMethods.get(id);
        if (!p) throw missing("PaymentMethod", id);
        return renderPaymentMethod(p);
      }
    }
  }

  /** Applies one expand path ("latest_invoice.confirmation_secret") to a rendered object. */
  function expandPath(obj: Json, kind: Kind, path: string[], full: string): Json {
    const [head, ...rest] = path;
    if (!head) return obj;
    // confirmation_secret is "includable": absent unless asked for.
    if (kind === "invoice" && head === "confirmation_secret" && rest.length === 0) {
      const rec = invoices.get(String(obj.id));
      return { ...obj, confirmation_secret: rec?.confirmationSecret ?? null };
    }
    const target = EXPANDABLE[kind][head];
    if (!target) throw invalid(`This property cannot be expanded (${full}).`, "expand");
    const value = obj[head];
    if (value === null || value === undefined) return obj;
    const expanded = typeof value === "string" ? lookup(target, value) : (value as Json);
    return { ...obj, [head]: expandPath(expanded, target, rest, full) };
  }

  function expand(obj: Json, kind: Kind, params: Record<string, unknown>): Json {
    let out = obj;
    for (const path of expandList(params)) out = expandPath(out, kind, path.split("."), path);
    return out;
  }

  // ---- state changes shared by the endpoints and the test's simulations ----

  function mustSubscription(id: string): SubscriptionRec {
    const s = subscriptions.get(id);
    if (!s) throw missing("subscription", id);
    return s;
  }

  function newInvoice(
    s: SubscriptionRec,
    opts: { billingReason: string; amount: number; status: InvoiceRec["status"]; start: number; end: number; proration?: boolean },
  ): InvoiceRec {
    const created = nowSeconds();
    invoiceCounter += 1;
    const customer = customers.get(s.customer);
    const paid = opts.status === "paid";
    const invoice: InvoiceRec = {
      id: newId("in"),
      created,
      number: `${customer ? renderCustomer(customer).invoice_prefix : "STANDIN"}-${String(invoiceCounter).padStart(4, "0")}`,
      customer: s.customer,
      subscription: s.id,
      subscriptionItem: s.item.id,
      subscriptionMetadata: { ...s.metadata },
      billingReason: opts.billingReason,
      amount: opts.amount,
      amountPaid: paid ? opts.amount : 0,
      status: opts.status,
      periodStart: created,
      periodEnd: created,
      linePeriod: { start: opts.start, end: opts.end },
      proration: opts.proration ?? false,
      price: s.item.price,
      paidAt: paid ? created : null,
      voidedAt: null,
      attempted: paid,
      // An amount to pay has a payment intent whose secret the browser confirms.
      confirmationSecret:
        opts.status === "open" && opts.amount > 0 ? { client_secret: `${newId("pi")}_secret_${randomToken(24)}`, type: "payment_intent" } : null,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  function newCard(customer: string): PaymentMethodRec {
    const pm: PaymentMethodRec = {
      id: newId("pm"),
      created: nowSeconds(),
      customer,
      last4: "4242",
      brand: "visa",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      fingerprint: randomToken(16),
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  function payInvoice(invoice: InvoiceRec): void {
    invoice.status = "paid";
    invoice.amountPaid = invoice.amount;
    invoice.attempted = true;
    invoice.paidAt = nowSeconds();
  }

  function event(type: string, object: Json, previous?: Json): StripeEventObject {
    // Strictly increasing, as the app orders events by `created`.
    const created = Math.max(nowSeconds(), lastEventCreated + 1);
    lastEventCreated = created;
    return structuredClone({
      id: newId("evt"),
      object: "event" as const,
      api_version: API_VERSION,
      created,
      data: previous ? { object, previous_attributes: previous } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  // ---- endpoints ----

  const GET_PARAMS = ["expand"] as const;

  function createCustomer(params: Record<string, unknown>): Json {
    checkKnown(params, ["email", "name", "description", "metadata", "expand", "phone", "preferred_locales"]);
    const c: CustomerRec = {
      id: newId("cus"),
      created: nowSeconds(),
      email: text(params, "email") ?? null,
      name: text(params, "name") ?? null,
      description: text(params, "description") ?? null,
      metadata: applyMetadata({}, params),
    };
    customers.set(c.id, c);
    return expand(renderCustomer(c), "customer", params);
  }

  function createProduct(params: Record<string, unknown>): Json {
    checkKnown(params, ["id", "name", "active", "description", "metadata", "expand", "type"]);
    const id = text(params, "id") ?? newId("prod");
    const name = text(params, "name", { required: true })!;
    if (products.has(id)) throw invalid("Product already exists.", "id", "resource_already_exists");
    const now = nowSeconds();
    const p: ProductRec = {
      id,
      created: now,
      updated: now,
      name,
      active: boolean(params, "active") ?? true,
      description: text(params, "description") ?? null,
      metadata: applyMetadata({}, params),
    };
    products.set(id, p);
    return expand(renderProduct(p), "product", params);
  }

  function updateProduct(id: string, params: Record<string, unknown>): Json {
    checkKnown(params, ["name", "active", "description", "metadata", "expand"]);
    const p = products.get(id);
    if (!p) throw missing("product", id);
    p.name = text(params, "name") ?? p.name;
    p.active = boolean(params, "active") ?? p.active;
    p.description = text(params, "description") ?? p.description;
    p.metadata = applyMetadata(p.metadata, params);
    p.updated = nowSeconds();
    return expand(renderProduct(p), "product", params);
  }

  /** An item's inline price_data, checked as Stripe does; `param` is its place (items[0][price_data]). */
  function readPriceData(
    priceData: Record<string, unknown>,
    param: string,
  ): { currency: string; productId: string; unitAmount: number; interval: string; intervalCount: number } {
    checkKnown(priceData, ["currency", "product", "unit_amount", "recurring", "tax_behavior"], param);
    const currency = text(priceData, "currency", { required: true, param: `${param}[currency]` })!;
    const productId = text(priceData, "product", { required: true, param: `${param}[product]` })!;
    const product = products.get(productId);
    if (!product) throw new ApiError(400, "invalid_request_error", "resource_missing", `No such product: '${productId}'`, `${param}[product]`);
    if (!product.active) throw invalid(`The product '${productId}' is not active, so it cannot be used to create prices.`, `${param}[product]`);
    const unitAmount = integer(priceData, "unit_amount", { required: true, param: `${param}[unit_amount]` })!;
    if (unitAmount < 0) throw invalid("This value must be greater than or equal to 0.", `${param}[unit_amount]`);
    const recurring = object(priceData, "recurring", `${param}[recurring]`);
    if (!recurring) throw invalid(`Missing required param: ${param}[recurring].`, `${param}[recurring]`, "parameter_missing");
    checkKnown(recurring, ["interval", "interval_count"], `${param}[recurring]`);
    const interval = text(recurring, "interval", { required: true, param: `${param}[recurring][interval]` })!;
    if (!["day", "week", "month", "year"].includes(interval)) throw invalid(`Invalid interval: ${interval}`, `${param}[recurring][interval]`);
    const intervalCount = integer(recurring, "interval_count", { param: `${param}[recurring][interval_count]` }) ?? 1;
    if (intervalCount < 1) throw invalid("This value must be greater than or equal to 1.", `${param}[recurring][interval_count]`);
    return { currency: currency.toLowerCase(), productId, unitAmount, interval, intervalCount };
  }

  function createSubscription(params: Record<string, unknown>): Json {
    checkKnown(params, [
      "customer",
      "items",
      "payment_behavior",
      "payment_settings",
      "trial_period_days",
      "metadata",
      "expand",
      "description",
      "default_payment_method",
    ]);
    const customerId = text(params, "customer", { required: true })!;
    if (!customers.has(customerId)) throw new ApiError(400, "invalid_request_error", "resource_missing", `No such customer: '${customerId}'`, "customer");
    const items = params.items;
    if (!Array.isArray(items) || items.length === 0) throw invalid("Missing required param: items.", "items", "parameter_missing");
    if (items.length !== 1) throw invalid("The stand-in supports one item per subscription.", "items");
    const item = items[0] as Record<string, unknown>;
    checkKnown(item, ["price_data", "quantity", "metadata"]);
    const priceData = object(item, "price_data", "items[0][price_data]");
    if (!priceData) throw invalid("The stand-in supports items priced with price_data only.", "items[0][price_data]", "parameter_missing");
    const { currency, productId, unitAmount, interval, intervalCount } = readPriceData(priceData, "items[0][price_data]");
    const paymentBehavior = text(params, "payment_behavior") ?? "allow_incomplete";
    // Other behaviours charge a card on the spot, which only a browser can give here.
    if (paymentBehavior !== "default_incomplete") throw invalid("The stand-in supports payment_behavior=default_incomplete only.", "payment_behavior");
    const paymentSettings = object(params, "payment_settings") ?? {};
    checkKnown(paymentSettings, ["save_default_payment_method", "payment_method_types"]);
    const save = text(paymentSettings, "save_default_payment_method", { param: "payment_settings[save_default_payment_method]" }) ?? null;
    if (save !== null && save !== "off" && save !== "on_subscription")
      throw invalid(`Invalid save_default_payment_method: ${save}`, "payment_settings[save_default_payment_method]");
    const trialDays = integer(params, "trial_period_days") ?? 0;
    if (trialDays < 0 || trialDays > 730) throw invalid("trial_period_days must be between 0 and 730.", "trial_period_days");
    const defaultPaymentMethod = text(params, "default_payment_method") ?? null;
    if (defaultPaymentMethod && !paymentMethods.has(defaultPaymentMethod))
      throw new ApiError(400, "invalid_request_error", "resource_missing", `No such PaymentMethod: '${defaultPaymentMethod}'`, "default_payment_method");

    const now = nowSeconds();
    const price: PriceRec = { id: newId("price"), created: now, currency, product: productId, unitAmount, interval, intervalCount };
    const trialEnd = trialDays > 0 ? now + trialDays * 86_400 : null;
    const periodEnd = trialEnd ?? addInterval(now, interval, intervalCount);
    const s: SubscriptionRec = {
      id: newId("sub"),
      created: now,
      customer: customerId,
      status: trialEnd ? "trialing" : "incomplete",
      metadata: applyMetadata({}, params),
      description: text(params, "description") ?? null,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      cancellationReason: null,
      endedAt: null,
      startDate: now,
      billingCycleAnchor: periodEnd,
      trialStart: trialEnd ? now : null,
      trialEnd,
      defaultPaymentMethod,
      latestInvoice: null,
      pendingSetupIntent: null,
      saveDefaultPaymentMethod: save,
      item: { id: newId("si"), created: now, price, periodStart: now, periodEnd },
    };
    subscriptions.set(s.id, s);
    // A trial starts with a free, paid invoice and a set-up intent for the card; otherwise the
    // first invoice waits, open, for the browser to pay it.
    const invoice = newInvoice(s, {
      billingReason: "subscription_create",
      amount: trialEnd ? 0 : unitAmount,
      status: trialEnd ? "paid" : "open",
      start: now,
      end: periodEnd,
    });
    s.latestInvoice = invoice.id;
    if (trialEnd && !defaultPaymentMethod) {
      const seti: SetupIntentRec = {
        id: newId("seti"),
        created: now,
        customer: customerId,
        clientSecret: "",
        status: "requires_payment_method",
        paymentMethod: null,
      };
      seti.clientSecret = `${seti.id}_secret_${randomToken(24)}`;
      setupIntents.set(seti.id, seti);
      s.pendingSetupIntent = seti.id;
    }
    return expand(renderSubscription(s), "subscription", params);
  }

  const PRORATION_BEHAVIORS = ["create_prorations", "always_invoice", "none"];
  const PAYMENT_BEHAVIORS = ["allow_incomplete", "error_if_incomplete", "pending_if_incomplete", "default_incomplete"];
  /** Item parameters Stripe takes on an update that the stand-in does not model: refused by name. */
  const UNSUPPORTED_ITEM_PARAMS = ["deleted", "price", "plan", "quantity", "metadata", "clear_usage", "discounts", "tax_rates", "billing_thresholds"];

  /** The new price an update's `items` asks for: the subscription's one existing item, repriced
   *  with price_data at the same currency and interval (the period stays as it is). */
  function readItemChange(s: SubscriptionRec, params: Record<string, unknown>): PriceRec {
    if (!["active", "trialing", "past_due"].includes(s.status)) {
      throw invalid(`The items of a subscription whose status is ${s.status} cannot be changed.`, "items");
    }
    const items = params.items;
    if (!Array.isArray(items) || items.length === 0) throw invalid("Invalid array", "items");
    if (items.length !== 1) throw invalid("The stand-in supports one item per subscription.", "items");
    const item = items[0];
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw invalid("Invalid object", "items[0]");
    const fields = item as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (UNSUPPORTED_ITEM_PARAMS.includes(key)) {
        throw invalid(`The stand-in does not support items[0][${key}]: it changes the existing item's price_data only.`, `items[0][${key}]`);
      }
    }
    checkKnown(fields, ["id", "price_data"], "items[0]");
    const itemId = text(fields, "id", { param: "items[0][id]" });
    // Without an id Stripe would add a second item.
    if (itemId === undefined)
      throw invalid("The stand-in supports one item per subscription: give the existing item's items[0][id].", "items[0][id]", "parameter_missing");
    if (itemId !== s.item.id) throw new ApiError(400, "invalid_request_error", "resource_missing", `No such subscription item: '${itemId}'`, "items[0][id]");
    const priceData = object(fields, "price_data", "items[0][price_data]");
    if (!priceData) throw invalid("The stand-in supports changing an item's price_data only.", "items[0][price_data]", "parameter_missing");
    const next = readPriceData(priceData, "items[0][price_data]");
    const current = s.item.price;
    if (next.currency !== current.currency) {
      throw invalid(`The price's currency (${next.currency}) must be the subscription's (${current.currency}).`, "items[0][price_data][currency]");
    }
    // A new interval would restart the billing cycle at once; the stand-in does not model that.
    if (next.interval !== current.interval || next.intervalCount !== current.intervalCount) {
      throw invalid("The stand-in does not support changing the billing interval of a subscription.", "items[0][price_data][recurring]");
    }
    return {
      id: newId("price"),
      created: nowSeconds(),
      currency: next.currency,
      product: next.productId,
      unitAmount: next.unitAmount,
      interval: next.interval,
      intervalCount: next.intervalCount,
    };
  }

  function updateSubscription(id: string, params: Record<string, unknown>): Json {
    checkKnown(params, [
      "cancel_at_period_end",
      "cancel_at",
      "default_payment_method",
      "metadata",
      "expand",
      "description",
      "cancellation_details",
      "items",
      "proration_behavior",
      "proration_date",
      "payment_behavior",
    ]);
    const s = mustSubscription(id);
    const touchesMore = Object.keys(params).some((k) => !["metadata", "cancellation_details", "expand"].includes(k));
    if ((s.status === "canceled" || s.status === "incomplete_expired") && touchesMore) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
    }
    // Everything is read and checked before anything changes: a refused update (a bad parameter,
    // a declined card) leaves the subscription as it was.
    const cancelAtPeriodEnd = boolean(params, "cancel_at_period_end");
    const cancelAtText = text(params, "cancel_at");
    if (cancelAtPeriodEnd !== undefined && cancelAtText !== undefined && cancelAtText !== "") {
      throw invalid("You may only specify one of these parameters: cancel_at, cancel_at_period_end.", "cancel_at");
    }
    const cancelAt = cancelAtText === undefined ? undefined : cancelAtText === "" ? null : integer(params, "cancel_at")!;
    const pm = text(params, "default_payment_method");
    if (pm !== undefined && !paymentMethods.has(pm)) {
      throw new ApiError(400, "invalid_request_error", "resource_missing", `No such PaymentMethod: '${pm}'`, "default_payment_method");
    }
    const description = text(params, "description");
    const metadata = applyMetadata(s.metadata, params);
    const prorationBehavior = text(params, "proration_behavior") ?? "create_prorations";
    if (!PRORATION_BEHAVIORS.includes(prorationBehavior))
      throw invalid(`Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(", ")}`, "proration_behavior");
    const paymentBehavior = text(params, "payment_behavior") ?? "allow_incomplete";
    if (!PAYMENT_BEHAVIORS.includes(paymentBehavior))
      throw invalid(`Invalid payment_behavior: must be one of ${PAYMENT_BEHAVIORS.join(", ")}`, "payment_behavior");
    // A pending update (applied only once paid) is a second state the stand-in does not keep.
    if (paymentBehavior === "pending_if_incomplete") throw invalid("The stand-in does not support payment_behavior=pending_if_incomplete.", "payment_behavior");
    const prorationDate = integer(params, "proration_date");
    const newPrice = params.items === undefined ? null : readItemChange(s, params);

    // What the price change invoices now: with always_invoice, outside a trial, the difference
    // prorated over what is left of the period (from proration_date, by default now).
    let proration = 0;
    let prorationStart = nowSeconds();
    if (newPrice && s.status !== "trialing" && prorationBehavior === "always_invoice") {
      const { periodStart, periodEnd } = s.item;
      prorationStart = prorationDate ?? prorationStart;
      if (prorationStart < periodStart || prorationStart > periodEnd)
        throw invalid("proration_date must be within the subscription's current period.", "proration_date");
      proration = Math.round(((newPrice.unitAmount - s.item.price.unitAmount) * (periodEnd - prorationStart)) / (periodEnd - periodStart));
      // A lower price would leave a credit on the customer's balance for the next invoice; the
      // stand-in does not model credits, so a proration <= 0 only swaps the price.
    }
    const paymentMethod = pm ?? s.defaultPaymentMethod;
    const chargeable = paymentMethod !== null && !decliningCustomers.has(s.customer);
    // default_incomplete leaves the invoice for the browser to confirm: no charge is tried.
    const charged = proration > 0 && paymentBehavior !== "default_incomplete" && chargeable;
    if (proration > 0 && !charged && paymentBehavior === "error_if_incomplete") throw cardDeclined();

    if (cancelAtPeriodEnd !== undefined) {
      s.cancelAtPeriodEnd = cancelAtPeriodEnd;
      // Resuming clears any cancellation date too.
      if (!cancelAtPeriodEnd) s.cancelAt = null;
    }
    if (cancelAt !== undefined) s.cancelAt = cancelAt;
    if (pm !== undefined) s.defaultPaymentMethod = pm;
    s.description = description ?? s.description;
    s.metadata = metadata;
    if (newPrice) {
      // The period is unchanged: the new price renews at its end.
      s.item.price = newPrice;
      if (proration > 0) {
        const invoice = newInvoice(s, {
          billingReason: "subscription_update",
          amount: proration,
          status: charged ? "paid" : "open",
          start: prorationStart,
          end: s.item.periodEnd,
          proration: true,
        });
        s.latestInvoice = invoice.id;
        // allow_incomplete tried the card and failed; default_incomplete waits for the browser.
        if (!charged) {
          invoice.attempted = paymentBehavior === "allow_incomplete";
          s.status = "past_due";
        }
      }
    }
    return expand(renderSubscription(s), "subscription", params);
  }

  /** A set-up intent succeeds with a card: a subscription waiting on it (its trial's card) gets
   *  the card as its default and no longer has a pending set-up intent, as Stripe does. */
  function succeedSetupIntent(seti: SetupIntentRec, pm: PaymentMethodRec): void {
    seti.status = "succeeded";
    seti.paymentMethod = pm.id;
    for (const s of subscriptions.values()) {
      if (s.pendingSetupIntent !== seti.id) continue;
      s.defaultPaymentMethod = pm.id;
      s.pendingSetupIntent = null;
    }
  }

  /** What Stripe.js's confirmSetup does from the browser: the card typed (payment_method_data,
   *  always the test card 4242 here) or a saved one (payment_method) confirms the set-up intent. */
  function confirmSetupIntent(id: string, params: Record<string, unknown>): Json {
    checkKnown(params, ["payment_method", "payment_method_data", "return_url", "client_secret", "expand", "mandate_data"]);
    const seti = setupIntents.get(id);
    if (!seti) throw missing("setup_intent", id);
    if (seti.status === "succeeded" || seti.status === "canceled") {
      throw new ApiError(
        400,
        "invalid_request_error",
        "setup_intent_unexpected_state",
        `You cannot confirm this SetupIntent because it has a status of ${seti.status}.`,
      );
    }
    const clientSecret = text(params, "client_secret");
    if (clientSecret !== undefined && clientSecret !== seti.clientSecret)
      throw invalid("The client_secret provided does not match the client_secret associated with the SetupIntent.", "client_secret");
    const pmId = text(params, "payment_method");
    let pm: PaymentMethodRec;
    if (pmId !== undefined) {
      const found = paymentMethods.get(pmId);
      if (!found) throw new ApiError(400, "invalid_request_error", "resource_missing", `No such PaymentMethod: '${pmId}'`, "payment_method");
      pm = found;
    } else {
      if (object(params, "payment_method_data") === undefined)
        throw invalid("You must provide a payment_method or payment_method_data to confirm this SetupIntent.", "payment_method", "parameter_missing");
      pm = newCard(seti.customer);
    }
    succeedSetupIntent(seti, pm);
    return expand(renderSetupIntent(seti), "setup_intent", params);
  }

  function cancelSubscription(id: string, params: Record<string, unknown>): Json {
    checkKnown(params, ["expand", "invoice_now", "prorate", "cancellation_details"]);
    const s = mustSubscription(id);
    if (s.status === "canceled" || s.status === "incomplete_expired") throw invalid(`This subscription has already been canceled: '${id}'`);
    const now = nowSeconds();
    // The unpaid first invoice of an abandoned subscription is voided with it.
    const invoice = s.latestInvoice ? invoices.get(s.latestInvoice) : undefined;
    if (invoice && invoice.status === "open") {
      invoice.status = "void";
      invoice.voidedAt = now;
    }
    const seti = s.pendingSetupIntent ? setupIntents.get(s.pendingSetupIntent) : undefined;
    if (seti) seti.status = "canceled";
    s.status = "canceled";
    s.canceledAt = now;
    s.endedAt = now;
    s.cancellationReason = "cancellation_requested";
    return expand(renderSubscription(s), "subscription", params);
  }

  function route(method: string, path: string, params: Record<string, unknown>): Json {
    const parts = path.split("/").filter(Boolean);
    if (parts[0] !== "v1" || parts.length < 2 || parts.length > 4) throw unrecognized(method, path);
    const [, collection, rawId, verb] = parts;
    const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
    const key = `${method} ${collection}${id === undefined ? "" : "/:id"}${verb === undefined ? "" : `/${verb}`}`;
    const retrieve = (kind: Kind) => {
      checkKnown(params, GET_PARAMS);
      return expand(lookup(kind, id!), kind, params);
    };
    switch (key) {
      case "POST customers":
        return createCustomer(params);
      case "GET customers/:id":
        return retrieve("customer");
      case "POST products":
        return createProduct(params);
      case "GET products/:id":
        return retrieve("product");
      case "POST products/:id":
        return updateProduct(id!, params);
      case "POST subscriptions":
        return createSubscription(params);
      case "GET subscriptions/:id":
        return retrieve("subscription");
      case "POST subscriptions/:id":
        return updateSubscription(id!, params);
      case "DELETE subscriptions/:id":
        return cancelSubscription(id!, params);
      case "GET invoices/:id":
        return retrieve("invoice");
      case "GET payment_methods/:id":
        return retrieve("payment_method");
      case "GET setup_intents/:id":
        return retrieve("setup_intent");
      case "POST setup_intents/:id/confirm":
        return confirmSetupIntent(id!, params);
      default:
        throw unrecognized(method, path);
    }
  }

  function unrecognized(method: string, path: string): ApiError {
    return new ApiError(
      404,
      "invalid_request_error",
      undefined,
      `Unrecognized request URL (${method}: ${path}). The Stripe stand-in answers only the calls the app makes.`,
    );
  }

  // ---- HTTP ----

  function errorBody(err: ApiError): string {
    return JSON.stringify(
      {
        error: {
          type: err.type,
          ...(err.code ? { code: err.code } : {}),
          ...(err.declineCode ? { decline_code: err.declineCode } : {}),
          message: err.message,
          ...(err.param ? { param: err.param } : {}),
        },
      },
      null,
      2,
    );
  }

  function authenticate(header: string | undefined): ApiError | null {
    if (!header) {
      return new ApiError(
        401,
        "invalid_request_error",
        undefined,
        "You did not provide an API key. Provide it in the Authorization header, as Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    const match = /^Bearer (\S+)$/.exec(header);
    if (!match || match[1] !== secretKey) {
      const given = match?.[1] ?? "";
      return new ApiError(401, "invalid_request_error", undefined, `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`);
    }
    return null;
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://stand-in");
    const raw = await readBody(req);
    const params = parseForm(method === "POST" ? raw : url.search.slice(1));
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    requests.push({ method, path: url.pathname, body: params, idempotencyKey });

    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req"), "Stripe-Version": API_VERSION, ...extra });
      res.end(body);
    };

    const authError = authenticate(req.headers.authorization);
    if (authError) return send(authError.status, errorBody(authError));

    // Same key → the same answer, without running the call again; the same key with other
    // parameters → an idempotency error (Stripe's rule).
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const idemKey = method === "POST" && idempotencyKey ? idempotencyKey : null;
    if (idemKey) {
      const saved = idempotent.get(idemKey);
      if (saved && saved.fingerprint !== fingerprint) {
        const err = new ApiError(
          400,
          "idempotency_error",
          undefined,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
        );
        return send(err.status, errorBody(err));
      }
      if (saved) return send(saved.status, saved.body, { "Idempotent-Replayed": "true" });
    }

    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, url.pathname, params), null, 2);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status = err.status;
      body = errorBody(err);
    }
    // Stripe saves no result for a request refused by its validation: a corrected retry with the
    // same key runs. A declined card is another matter: the call ran and charged, so its 402 is
    // saved and the same key answers it again (a new attempt needs a new key). Every other call
    // here that fails is refused by validation, so only successes and card errors are kept.
    if (idemKey && (status === 200 || status === 402)) idempotent.set(idemKey, { fingerprint, status, body });
    send(status, body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: `stand-in failure: ${err instanceof Error ? err.message : String(err)}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const host = "127.0.0.1";

  // ---- what the browser and the passing of time do ----

  function paySubscription(id: string): StripeEventObject[] {
    const s = mustSubscription(id);
    if (s.status === "trialing") {
      const seti = s.pendingSetupIntent ? setupIntents.get(s.pendingSetupIntent) : undefined;
      if (!seti) throw new Error(`stand-in: subscription ${id} has no pending set-up intent to confirm`);
      const previous = { default_payment_method: s.defaultPaymentMethod, pending_setup_intent: s.pendingSetupIntent };
      succeedSetupIntent(seti, newCard(s.customer));
      return [event("customer.subscription.updated", renderSubscription(s), previous)];
    }
    const invoice = s.latestInvoice ? invoices.get(s.latestInvoice) : undefined;
    if (!invoice || invoice.status !== "open") throw new Error(`stand-in: subscription ${id} (${s.status}) has no open invoice to pay`);
    const pm = newCard(s.customer);
    payInvoice(invoice);
    const previous = { status: s.status, default_payment_method: s.defaultPaymentMethod };
    s.status = "active";
    if (s.saveDefaultPaymentMethod === "on_subscription" || !s.defaultPaymentMethod) s.defaultPaymentMethod = pm.id;
    return [
      event("invoice.paid", renderInvoice(invoice), { status: "open", amount_paid: 0, amount_remaining: invoice.amount }),
      event("customer.subscription.updated", renderSubscription(s), previous),
    ];
  }

  function renewSubscription(id: string): StripeEventObject[] {
    const s = mustSubscription(id);
    if (s.status !== "active") throw new Error(`stand-in: subscription ${id} is ${s.status}, not active`);
    if (s.cancelAtPeriodEnd || s.cancelAt !== null) throw new Error(`stand-in: subscription ${id} ends at its period's end (use endSubscription)`);
    const start = s.item.periodEnd;
    const end = addInterval(start, s.item.price.interval, s.item.price.intervalCount);
    const invoice = newInvoice(s, { billingReason: "subscription_cycle", amount: s.item.price.unitAmount, status: "paid", start, end });
    const previous = { latest_invoice: s.latestInvoice, items: renderSubscription(s).items };
    s.latestInvoice = invoice.id;
    s.item.periodStart = start;
    s.item.periodEnd = end;
    return [event("invoice.paid", renderInvoice(invoice)), event("customer.subscription.updated", renderSubscription(s), previous)];
  }

  function endSubscription(id: string): StripeEventObject[] {
    const s = mustSubscription(id);
    const now = nowSeconds();
    const previous = { status: s.status };
    if (s.status === "canceled" || s.status === "incomplete_expired") throw new Error(`stand-in: subscription ${id} has already ended`);
    if (s.cancelAtPeriodEnd || s.cancelAt !== null) {
      s.status = "canceled";
      s.canceledAt = now;
      s.endedAt = now;
      s.cancellationReason = "cancellation_requested";
      return [event("customer.subscription.deleted", renderSubscription(s), previous)];
    }
    if (s.status === "trialing") {
      const start = s.item.periodEnd;
      const end = addInterval(start, s.item.price.interval, s.item.price.intervalCount);
      // With a saved card the first real invoice is paid; without one it stays open (past due).
      const invoice = newInvoice(s, {
        billingReason: "subscription_cycle",
        amount: s.item.price.unitAmount,
        status: s.defaultPaymentMethod ? "paid" : "open",
        start,
        end,
      });
      s.latestInvoice = invoice.id;
      s.item.periodStart = start;
      s.item.periodEnd = end;
      s.status = s.defaultPaymentMethod ? "active" : "past_due";
      return [event("customer.subscription.updated", renderSubscription(s), previous)];
    }
    if (s.status === "incomplete") {
      s.status = "incomplete_expired";
      s.endedAt = now;
      const invoice = s.latestInvoice ? invoices.get(s.latestInvoice) : undefined;
      if (invoice && invoice.status === "open") {
        invoice.status = "void";
        invoice.voidedAt = now;
      }
      return [event("customer.subscription.updated", renderSubscription(s), previous)];
    }
    // Active, past due or unpaid with no cancellation asked: the renewal failed for good and
    // Stripe's default after the last retry is to cancel.
    s.status = "canceled";
    s.canceledAt = now;
    s.endedAt = now;
    s.cancellationReason = "payment_failed";
    return [event("customer.subscription.deleted", renderSubscription(s), previous)];
  }

  function declineCardsOf(customerId: string, decline = true): void {
    if (!customers.has(customerId)) throw new Error(`stand-in: no customer ${customerId}`);
    if (decline) decliningCustomers.add(customerId);
    else decliningCustomers.delete(customerId);
  }

  function sign(payload: object, signOpts: { secret?: string; timestamp?: number } = {}): { body: string; signature: string } {
    const body = JSON.stringify(payload, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: signOpts.secret ?? webhookSecret,
      ...(signOpts.timestamp !== undefined ? { timestamp: signOpts.timestamp } : {}),
    });
    return { body, signature };
  }

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    protocol: "http",
    secretKey,
    webhookSecret,
    requests,
    paySubscription,
    renewSubscription,
    endSubscription,
    declineCardsOf,
    sign,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The SDK keeps its connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };
}
