// Card payments through Stripe (decision 009, decision 013). stripe-gateway.ts is the only code that
// talks to Stripe; this module decides what to ask it and applies what it answers: opening a new
// attempt there (initSubscription: a customer and an incomplete subscription, whose client secret
// the card step confirms in the browser), Stripe's state of a subscription from its webhooks and the
// confirm page (applyStripeSnapshot, applyStripeEvent, confirmSubscription), and cancelling at the
// period's end or resuming (setSubscriptionCanceled).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { StripeStatus } from "../db/types.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { ConfirmOutcome, InitSubscriptionResponse } from "../../lib/billing.ts";
import type { Locale } from "../../lib/locale.ts";
import type { StripeSubscriptionSnapshot } from "./stripe-gateway.ts";
import { recordStripeEvent, forgetStripeEvent, setStripeCustomer } from "./card.queries.ts";
import { releasePromoUse } from "./promo-codes.service.ts";
import {
  createAttempt,
  requireStocker,
  storedOutcome,
  subscriptionStarted,
  type BillingContext,
  type InitSubscriptionInput,
  type SubscriptionSummary,
} from "./subscriptions.service.ts";
import {
  findLatestSubscription,
  findLiveSubscription,
  findSubscriptionByStripeId,
  LIVE_STATUSES,
  lockSubscription,
  RUNNING_STATUSES,
  stockerContact,
  updateStockerBilling,
  updateSubscription,
} from "./subscriptions.queries.ts";
import { displayName } from "../../lib/person-name.ts";

export type InitSubscriptionResult = InitSubscriptionResponse;

/**
 * Starts a subscription for the chosen warehouses (subscriptions.service.ts#createAttempt: the
 * stocker's own, approved and active ones, at least one; the price by the spec's rule). With
 * Stripe configured, the customer and an incomplete subscription are created there and the client
 * secret returned; the card step confirms it in the browser. Without it (or when Stripe fails) the
 * bank transfer still works.
 */
export async function initSubscription(
  db: Database,
  actor: Actor,
  input: InitSubscriptionInput,
  ctx: BillingContext & { locale: Locale },
): Promise<InitSubscriptionResult> {
  const { gateway } = ctx;
  const created = await createAttempt(db, actor, input, ctx.config);

  const url = `${ctx.origin}/${ctx.locale}/stocker/profile/confirm-subscription`;
  let clientSecret: string | null = null;
  let intent: "payment" | "setup" | null = null;
  if (gateway) {
    try {
      let customerId = created.user.stripe_customer_id;
      if (!customerId) {
        const name = displayName(created.user);
        customerId = await gateway.createCustomer({ email: created.user.email, name, userId: actor.id });
        await setStripeCustomer(db, { userId: actor.id, customerId });
      }
      const made = await gateway.createSubscription({
        customerId,
        amountCents: created.price.total,
        plan: input.subscription,
        trialDays: created.trialDays,
        localId: created.id,
        userId: actor.id,
        idempotencyKey: `stockspace-subscription-${created.id}`,
      });
      await updateSubscription(db, created.id, { stripe_subscription_id: made.subscription.id });
      clientSecret = made.clientSecret;
      intent = made.intent;
      if (created.abandoned) await gateway.cancelNow(created.abandoned).catch(() => undefined);
    } catch (err) {
      // Card payment is unavailable for this attempt; the bank transfer still works.
      ctx.log?.error({ err, subscriptionId: created.id }, "stripe: could not create the subscription");
    }
  }
  return {
    subscription_id: created.id,
    client_secret: clientSecret,
    intent,
    amount_off: created.discounts.amountOff,
    percent_off: created.discounts.percentOff,
    hub_percent_off: created.discounts.hubPercentOff,
    price_unit_amount: created.unitAmount,
    url,
    price: created.price,
    warehouses_count: created.warehouses,
    hubs_count: created.hubs,
    trial_days: created.trialDays,
    card_available: clientSecret !== null,
  };
}

// ---------------------------------------------------------------- Stripe's side

const STATUS_FROM_STRIPE: Record<StripeSubscriptionSnapshot["status"], StripeStatus> = {
  incomplete: "incomplete",
  incomplete_expired: "canceled",
  trialing: "trialing",
  active: "active",
  past_due: "past_due",
  canceled: "canceled",
  unpaid: "unpaid",
  paused: "unpaid",
};

/**
 * Brings the local subscription in line with Stripe's state of it. An event's state is as of its
 * creation (`at`): one older than the last state applied is ignored, so events that arrive late or
 * twice change nothing. A fresh read from Stripe (`fresh`: a retrieve, an update's answer) is the
 * current state and always applies. Returns the local id, or null when the subscription is not
 * ours or the state is stale.
 */
export async function applyStripeSnapshot(
  db: Database,
  snapshot: StripeSubscriptionSnapshot,
  opts: { at?: Date; fresh?: boolean; ctx: Pick<BillingContext, "origin"> },
): Promise<number | null> {
  // Stripe dates events in whole seconds: a fresh read is dated the same way, so an event of the
  // same second (which may carry a later change) still applies after it.
  const at = opts.fresh ? new Date(Math.floor(Date.now() / 1000) * 1000) : opts.at!;
  return db.transaction().execute(async (trx) => {
    // Only the Stripe id we stored names our subscription. The metadata's local id is Stripe's
    // copy of what we sent, but a subscription we do not hold could carry any: it matches nothing.
    const found = await findSubscriptionByStripeId(trx, snapshot.id);
    if (!found) return null;
    const row = await lockSubscription(trx, found.id);
    if (!opts.fresh && row.stripe_event_at && row.stripe_event_at > at) return null;
    // A transfer was chosen after the card attempt: Stripe's abandoned subscription is not this one any more.
    if (row.payment_type === "transfer") return null;
    // A card trial starts when Stripe confirms the card: until the customer confirms the set-up
    // intent, Stripe already says "trialing" but holds nothing to charge at the trial's end.
    const awaitingCard = snapshot.status === "trialing" && !snapshot.cardConfirmed && row.started_at === null;
    let status: StripeStatus = awaitingCard ? "incomplete" : (STATUS_FROM_STRIPE[snapshot.status] ?? "past_due");
    // An attempt dropped here (replaced, left unpaid) stays dropped while Stripe still has it waiting.
    if (status === "incomplete" && !LIVE_STATUSES.includes(row.stripe_status)) status = row.stripe_status;
    const starting = RUNNING_STATUSES.includes(status) && !RUNNING_STATUSES.includes(row.stripe_status) && row.started_at === null;
    await updateSubscription(trx, row.id, {
      stripe_subscription_id: snapshot.id,
      stripe_status: status,
      trial_ends_at: snapshot.trialEnd,
      ends_at: snapshot.endedAt ?? snapshot.currentPeriodEnd,
      has_canceled: snapshot.cancelAtPeriodEnd,
      stripe_event_at: row.stripe_event_at && row.stripe_event_at > at ? row.stripe_event_at : at,
      ...(starting ? { started_at: snapshot.startedAt ?? at } : {}),
    });
    if (snapshot.card) await updateStockerBilling(trx, row.user_id, { pm_type: "card", pm_last_four: snapshot.card.last4 });
    // An attempt that ends without starting (expired, cancelled) gives its promo code's use back.
    if (!LIVE_STATUSES.includes(status)) await releasePromoUse(trx, row.id);
    if (starting) {
      const user = await stockerContact(trx, row.user_id);
      await subscriptionStarted(
        trx,
        row,
        { ...user, plan: row.plan, endsAt: snapshot.currentPeriodEnd, trialEndsAt: status === "trialing" ? snapshot.trialEnd : null },
        opts.ctx,
      );
    }
    return row.id;
  });
}

/**
 * One webhook event: recorded by id first (a retried or replayed event is applied once), then
 * applied. A subscription event carries the subscription; an invoice event names it and the
 * current state is read from Stripe. Returns whether it was new.
 */
export async function applyStripeEvent(
  db: Database,
  event: { id: string; type: string; created: Date; subscriptionId: string | null; subscription: StripeSubscriptionSnapshot | null },
  ctx: BillingContext,
): Promise<{ applied: boolean }> {
  if (!(await recordStripeEvent(db, event))) return { applied: false };
  try {
    if (event.subscription) {
      await applyStripeSnapshot(db, event.subscription, { at: event.created, ctx });
    } else if (event.subscriptionId && ctx.gateway) {
      // An invoice event names its subscription: its current state is read from Stripe.
      const known = await findSubscriptionByStripeId(db, event.subscriptionId);
      if (known) await applyStripeSnapshot(db, await ctx.gateway.retrieveSubscription(event.subscriptionId), { fresh: true, ctx });
    }
    return { applied: true };
  } catch (err) {
    // Not applied: forget the id so Stripe's retry is applied.
    await forgetStripeEvent(db, event.id);
    throw err;
  }
}

/**
 * The page Stripe returns to after the card step: reads the subscription's state from Stripe (the
 * webhook may not have arrived yet) and says how it went.
 */
export async function confirmSubscription(
  db: Database,
  actor: Actor,
  ctx: BillingContext,
): Promise<{ outcome: ConfirmOutcome; subscription: SubscriptionSummary | null }> {
  requireStocker(actor);
  const latest = await findLatestSubscription(db, actor.id);
  if (latest?.stripe_subscription_id && ctx.gateway && (latest.stripe_status === "incomplete" || latest.stripe_status === "past_due")) {
    try {
      const snapshot = await ctx.gateway.retrieveSubscription(latest.stripe_subscription_id);
      await applyStripeSnapshot(db, snapshot, { fresh: true, ctx });
    } catch (err) {
      ctx.log?.warn({ err }, "stripe: could not read the subscription on the confirm page");
    }
  }
  return storedOutcome(db, actor.id);
}

// ---------------------------------------------------------------- cancel and resume

/**
 * Cancel at the end of the period, or take that back before it comes. Only a running card
 * subscription (a transfer one simply is not renewed). Stripe is told first; the page reloads.
 */
export async function setSubscriptionCanceled(db: Database, actor: Actor, cancel: boolean, ctx: BillingContext): Promise<{ user_id: number }> {
  requireStocker(actor);
  const live = await findLiveSubscription(db, actor.id);
  if (!live || !RUNNING_STATUSES.includes(live.stripe_status)) throw new NotFoundError("no_subscription");
  if (live.payment_type === "transfer") throw new ConflictError("transfer_subscription");
  if (live.has_canceled === cancel) return { user_id: actor.id };
  if (live.stripe_subscription_id) {
    if (!ctx.gateway) throw new ConflictError("card_unavailable");
    const snapshot = await ctx.gateway.setCancelAtPeriodEnd(live.stripe_subscription_id, cancel);
    await applyStripeSnapshot(db, snapshot, { fresh: true, ctx });
  } else {
    // A card subscription Stripe does not hold (demo data): the app ends it at ends_at itself.
    await updateSubscription(db, live.id, { has_canceled: cancel });
  }
  return { user_id: actor.id };
}
