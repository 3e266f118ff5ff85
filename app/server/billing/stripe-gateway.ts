// The one place that talks to Stripe (decision 009): the billing service decides, this module
// only turns its requests into Stripe calls and Stripe's objects into the snapshots it reads.
// Server-only. The shapes are those of API version 2026-10-28.endive, which the SDK pins and
// which the webhook endpoint in Stripe's dashboard must use too: the period end lives on the
// subscription's items, an invoice's subscription under parent.subscription_details, and the
// browser's client secret under invoice.confirmation_secret.
import Stripe from "stripe";
import type { Config } from "../config.ts";

export type StripeSubscriptionStatus = "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";

export type StripeSubscriptionSnapshot = {
  id: string;
  customerId: string;
  status: StripeSubscriptionStatus;
  /** cancel_at_period_end, or a cancel_at date set (from the dashboard, say): either way it ends. */
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
  /** The subscription's default payment method's card, if it is one. */
  card: { last4: string } | null;
  /** Stripe holds a payment method the customer confirmed for this subscription: a default
   *  payment method is set and no set-up intent still waits for one (pending_setup_intent absent
   *  or succeeded). A trial created for a card is "trialing" at Stripe before this. */
  cardConfirmed: boolean;
  /** metadata.subscription_id: the subscriptions.id we sent. Informative only: the service
   *  matches a subscription by the Stripe id it stored, never by this (anyone's could carry it). */
  localId: number | null;
};

type Plan = "yearly" | "six_months";

export type StripeWebhookEvent = {
  id: string;
  type: string;
  created: Date;
  subscriptionId: string | null;
  subscription: StripeSubscriptionSnapshot | null;
};

export interface BillingGateway {
  createCustomer(args: { email: string; name: string; userId: number }): Promise<string>;
  /** default_incomplete subscription of one item priced inline (price_data: eur, the product below, unit_amount = amountCents, recurring yearly = {year,1}, six_months = {month,6}); trialDays > 0 adds trial_period_days; payment_settings.save_default_payment_method on_subscription; metadata subscription_id + user_id; idempotency key given. Returns the snapshot and the client secret the browser confirms: the latest invoice's confirmation_secret (intent "payment"), or during a trial the pending_setup_intent's client_secret (intent "setup"). */
  createSubscription(args: {
    customerId: string;
    amountCents: number;
    plan: Plan;
    trialDays: number;
    localId: number;
    userId: number;
    idempotencyKey: string;
  }): Promise<{ subscription: StripeSubscriptionSnapshot; clientSecret: string | null; intent: "payment" | "setup" | null }>;
  retrieveSubscription(id: string): Promise<StripeSubscriptionSnapshot>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<StripeSubscriptionSnapshot>;
  /** Sets the amount the subscription's single item charges per period (price_data like createSubscription's: eur, the product, recurring by plan), at once: proration_behavior "always_invoice" (Stripe prorates the difference over the rest of the current period and invoices it now, charged on the default payment method) and payment_behavior "error_if_incomplete" (a declined card makes Stripe refuse the update: nothing changes, and a BillingGatewayError with statusCode 402 and code e.g. "card_declined" is thrown). In a trial nothing is charged; the new amount applies from the trial's end. The idempotency key is given. Returns the fresh snapshot and what was charged now in cents (the proration invoice's amount_paid; 0 when no invoice was made, e.g. in a trial). */
  updateSubscriptionAmount(args: {
    id: string;
    amountCents: number;
    plan: Plan;
    idempotencyKey: string;
  }): Promise<{ subscription: StripeSubscriptionSnapshot; chargedCents: number }>;
  /** Best effort: cancels an incomplete subscription that was abandoned. A subscription Stripe no
   *  longer has, or that has already ended, is not an error; Stripe unreachable or refusing the key is
   *  (BillingGatewayError), so the caller can log it and go on. */
  cancelNow(id: string): Promise<void>;
  /** Verifies the Stripe-Signature header with the webhook secret (throws WebhookSignatureError on a bad or missing one) and returns the event. For customer.subscription.* events the snapshot comes from the event's object (card resolved); for invoice.* events subscriptionId is the invoice's subscription and `subscription` is null (the caller re-reads it with retrieveSubscription). Other types: both null. */
  parseWebhook(rawBody: string, signature: string | null): Promise<StripeWebhookEvent>;
}

/** A webhook whose signature is missing, wrong, or too old: answer 400, never apply it. */
export class WebhookSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebhookSignatureError";
  }
}

/** A Stripe call that failed, with Stripe's code (e.g. "resource_missing") and HTTP status when
 *  Stripe answered, so the service can tell "no such subscription" from "Stripe is down". */
export class BillingGatewayError extends Error {
  readonly code: string | null;
  readonly statusCode: number | null;
  constructor(message: string, options: { code?: string | null; statusCode?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "BillingGatewayError";
    this.code = options.code ?? null;
    this.statusCode = options.statusCode ?? null;
  }
}

/** Every subscription prices itself inline against this one product, so prices never need to be
 *  kept in sync with the dashboard: the amount comes from our configuration at checkout. */
export const STRIPE_PRODUCT_ID = "stockspace-warehouse-listing";
const STRIPE_PRODUCT_NAME = "Stockspace – warehouse listing";

const RECURRING: Record<Plan, { interval: "year" | "month"; interval_count: number }> = {
  yearly: { interval: "year", interval_count: 1 },
  six_months: { interval: "month", interval_count: 6 },
};

const STATUSES: readonly StripeSubscriptionStatus[] = ["incomplete", "incomplete_expired", "trialing", "active", "past_due", "canceled", "unpaid", "paused"];

type SubscriptionEvent = Extract<Stripe.Event, { type: `customer.subscription.${string}` }>;
type InvoiceEvent = Extract<Stripe.Event, { type: `invoice.${string}` }>;

function isSubscriptionEvent(event: Stripe.Event): event is SubscriptionEvent {
  return event.type.startsWith("customer.subscription.");
}

function isInvoiceEvent(event: Stripe.Event): event is InvoiceEvent {
  return event.type.startsWith("invoice.");
}

function dateOf(seconds: number | null | undefined): Date | null {
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

function idOf(value: string | { id: string }): string {
  return typeof value === "string" ? value : value.id;
}

/** Stripe's SDK options for an API base like http://127.0.0.1:12111 (the tests' stand-in). */
function endpointOptions(apiBase: string | null): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/** A Stripe failure as one Error whose message says what failed and why, in words an operator
 *  can act on; Stripe's own message and request id follow for the logs. */
function gatewayError(action: string, err: unknown): BillingGatewayError {
  if (!(err instanceof Stripe.errors.StripeError)) {
    const reason = err instanceof Error ? err.message : String(err);
    return new BillingGatewayError(`Stripe: ${action} failed: ${reason}`, { cause: err });
  }
  let reason: string;
  if (err instanceof Stripe.errors.StripeAuthenticationError) {
    reason = "Stripe refused the secret key (check STRIPE_SECRET_KEY)";
  } else if (err instanceof Stripe.errors.StripePermissionError) {
    reason = "the secret key may not make this call (a restricted key lacking a permission?)";
  } else if (err instanceof Stripe.errors.StripeConnectionError) {
    reason = "Stripe could not be reached (network error or timeout)";
  } else if (err instanceof Stripe.errors.StripeRateLimitError) {
    reason = "Stripe is rate limiting the requests";
  } else if (err instanceof Stripe.errors.StripeIdempotencyError) {
    reason = "the idempotency key was already used with other parameters";
  } else if (err instanceof Stripe.errors.StripeCardError) {
    reason = "the card was declined";
  } else if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    reason = err.code === "resource_missing" ? "Stripe has no such object" : "Stripe refused the request";
  } else {
    reason = "Stripe answered with an error";
  }
  const details = [err.message, err.code ? `code ${err.code}` : null, err.requestId ? `request ${err.requestId}` : null].filter(Boolean).join("; ");
  return new BillingGatewayError(`Stripe: ${action} failed: ${reason}${details ? ` (${details})` : ""}`, {
    code: err.code ?? null,
    statusCode: err.statusCode ?? null,
    cause: err,
  });
}

async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw gatewayError(action, err);
  }
}

function isStripeCode(err: unknown, code: string): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === code;
}

export function createBillingGateway(stripeConfig: NonNullable<Config["stripe"]>): BillingGateway {
  const stripe = new Stripe(stripeConfig.secretKey, {
    // Pinned: the snapshot code below reads this version's shapes.
    apiVersion: "2026-10-28.endive",
    // Retries are safe: the SDK adds an idempotency key to every POST it retries.
    maxNetworkRetries: 2,
    // A checkout page waits on these calls; better a clear error than a hanging request.
    timeout: 20_000,
    appInfo: { name: "Stockspace" },
    ...endpointOptions(stripeConfig.apiBase),
  });

  // The product is looked up (and made if missing) once per process, on the first checkout.
  // A failure forgets the promise so the next checkout tries again.
  let productReady: Promise<string> | null = null;
  function ensureProduct(): Promise<string> {
    productReady ??= ensureProductOnce().catch((err: unknown) => {
      productReady = null;
      throw err;
    });
    return productReady;
  }

  async function ensureProductOnce(): Promise<string> {
    try {
      const product = await stripe.products.retrieve(STRIPE_PRODUCT_ID);
      // An archived product refuses new prices: bring it back rather than fail every checkout.
      if (!product.active) await stripe.products.update(STRIPE_PRODUCT_ID, { active: true });
      return STRIPE_PRODUCT_ID;
    } catch (err) {
      if (!isStripeCode(err, "resource_missing")) throw gatewayError("reading the product", err);
    }
    try {
      await stripe.products.create({ id: STRIPE_PRODUCT_ID, name: STRIPE_PRODUCT_NAME, metadata: { app: "stockspace" } });
    } catch (err) {
      // Another process created it meanwhile: the id is what we need.
      if (!isStripeCode(err, "resource_already_exists")) throw gatewayError("creating the product", err);
    }
    return STRIPE_PRODUCT_ID;
  }

  async function cardOf(paymentMethod: string | Stripe.PaymentMethod | null): Promise<{ last4: string } | null> {
    if (!paymentMethod) return null;
    const resolved =
      typeof paymentMethod === "string" ? await call("reading the payment method", () => stripe.paymentMethods.retrieve(paymentMethod)) : paymentMethod;
    return resolved.card ? { last4: resolved.card.last4 } : null;
  }

  /** Whether the customer confirmed a payment method for the subscription (see cardConfirmed). */
  async function cardConfirmedOf(sub: Stripe.Subscription): Promise<boolean> {
    if (!sub.default_payment_method) return false;
    const pending = sub.pending_setup_intent;
    if (!pending) return true;
    const intent = typeof pending === "string" ? await call("reading the set-up intent", () => stripe.setupIntents.retrieve(pending)) : pending;
    return intent.status === "succeeded";
  }

  async function snapshotOf(sub: Stripe.Subscription): Promise<StripeSubscriptionSnapshot> {
    const status = STATUSES.find((s) => s === sub.status);
    // A status this code does not know would be guessed wrong: fail loudly (a webhook is retried).
    if (!status) throw new BillingGatewayError(`Stripe: unknown subscription status "${sub.status}" on ${sub.id}`);
    const rawLocalId = sub.metadata.subscription_id;
    const localId = rawLocalId && /^[1-9][0-9]{0,15}$/.test(rawLocalId) ? Number(rawLocalId) : null;
    return {
      id: sub.id,
      customerId: idOf(sub.customer),
      status,
      cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
      trialEnd: dateOf(sub.trial_end),
      // One item per subscription: its period is the subscription's.
      currentPeriodEnd: dateOf(sub.items.data[0]?.current_period_end),
      startedAt: dateOf(sub.start_date),
      endedAt: dateOf(sub.ended_at),
      card: await cardOf(sub.default_payment_method),
      cardConfirmed: await cardConfirmedOf(sub),
      localId,
    };
  }

  return {
    async createCustomer({ email, name, userId }) {
      const customer = await call("creating the customer", () => stripe.customers.create({ email, name, metadata: { user_id: String(userId) } }));
      return customer.id;
    },

    async createSubscription({ customerId, amountCents, plan, trialDays, localId, userId, idempotencyKey }) {
      const product = await ensureProduct();
      const sub = await call("creating the subscription", () =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price_data: { currency: "eur", product, unit_amount: amountCents, recurring: RECURRING[plan] } }],
            // The subscription waits, incomplete, until the browser confirms the payment or the
            // card set-up; the card then becomes its default for the renewals.
            payment_behavior: "default_incomplete",
            payment_settings: { save_default_payment_method: "on_subscription" },
            ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
            metadata: { subscription_id: String(localId), user_id: String(userId) },
            expand: ["latest_invoice.confirmation_secret", "pending_setup_intent", "default_payment_method"],
          },
          { idempotencyKey },
        ),
      );
      // In a trial the first invoice is free and already paid: the browser saves the card through
      // the pending set-up intent instead of paying.
      const setupIntent = sub.pending_setup_intent;
      if (setupIntent && typeof setupIntent !== "string" && setupIntent.client_secret) {
        return { subscription: await snapshotOf(sub), clientSecret: setupIntent.client_secret, intent: "setup" };
      }
      const invoice = sub.latest_invoice;
      const secret = invoice && typeof invoice !== "string" ? invoice.confirmation_secret?.client_secret : undefined;
      if (secret) return { subscription: await snapshotOf(sub), clientSecret: secret, intent: "payment" };
      return { subscription: await snapshotOf(sub), clientSecret: null, intent: null };
    },

    async retrieveSubscription(id) {
      const sub = await call("reading the subscription", () => stripe.subscriptions.retrieve(id, { expand: ["default_payment_method"] }));
      return snapshotOf(sub);
    },

    async setCancelAtPeriodEnd(id, cancel) {
      const sub = await call(cancel ? "cancelling the subscription at period end" : "resuming the subscription", () =>
        stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: ["default_payment_method"] }),
      );
      return snapshotOf(sub);
    },

    async updateSubscriptionAmount({ id, amountCents, plan, idempotencyKey }) {
      const current = await call("reading the subscription", () => stripe.subscriptions.retrieve(id));
      const itemId = current.items.data[0]?.id;
      if (!itemId) throw new BillingGatewayError(`Stripe: subscription ${id} has no item whose amount could change`);
      const invoiceBefore = current.latest_invoice ? idOf(current.latest_invoice) : null;
      const product = await ensureProduct();
      const sub = await call("changing the subscription's amount", () =>
        stripe.subscriptions.update(
          id,
          {
            items: [{ id: itemId, price_data: { currency: "eur", product, unit_amount: amountCents, recurring: RECURRING[plan] } }],
            // The difference for the rest of the period is invoiced and charged now, and a card
            // that refuses it makes Stripe refuse the whole update.
            proration_behavior: "always_invoice",
            payment_behavior: "error_if_incomplete",
            expand: ["latest_invoice", "default_payment_method"],
          },
          { idempotencyKey },
        ),
      );
      // Only an invoice this update made counts: not the one already there (the first payment, an
      // earlier change) when it made none (a trial, a lower amount). The SDK's retries of the update
      // replay its answer under the same key after the retrieve above, so they count right; a new
      // call with a key whose update already went through would count 0.
      const invoice = sub.latest_invoice;
      const chargedCents =
        invoice && typeof invoice !== "string" && invoice.id !== invoiceBefore && invoice.billing_reason === "subscription_update" ? invoice.amount_paid : 0;
      return { subscription: await snapshotOf(sub), chargedCents };
    },

    async cancelNow(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        // Gone or already ended: nothing left to cancel. Anything else the caller should hear of.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw gatewayError("cancelling the subscription", err);
      }
    },

    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError("missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        // Checks the HMAC and that the timestamp is within the SDK's default tolerance (5 minutes),
        // so a captured request cannot be replayed later.
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, stripeConfig.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(`invalid Stripe-Signature: ${err.message}`, { cause: err });
        }
        throw new Error(`Stripe webhook: unreadable event: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      const base = { id: event.id, type: event.type, created: new Date(event.created * 1000) };
      if (isSubscriptionEvent(event)) {
        const subscription = await snapshotOf(event.data.object);
        return { ...base, subscriptionId: subscription.id, subscription };
      }
      if (isInvoiceEvent(event)) {
        const ref = event.data.object.parent?.subscription_details?.subscription;
        return { ...base, subscriptionId: ref ? idOf(ref) : null, subscription: null };
      }
      return { ...base, subscriptionId: null, subscription: null };
    },
  };
}
