// A subscription's lifecycle (decision 009). A stocker picks warehouses, a plan and an optional
// promo code: an attempt is made (createAttempt; card.service.ts#initSubscription opens it at
// Stripe). It starts when Stripe confirms the card or the payment (card.service.ts) or when an
// administrator confirms the bank transfer (transfers.service.ts): both through
// subscriptionStarted. A card subscription renews and ends at Stripe, followed by its webhooks; one
// the app holds (a transfer one) ends by itself at its end date, reminded before, and attempts
// nobody paid are dropped (runBillingJobs, run by the workers). A subscription's warehouses are
// public (redeemed) exactly while it is active or trialing: the database keeps warehouses.redeemed
// from the subscriptions (migration 0008).
import type { Logger } from "pino";
import type { Database } from "../db/database.ts";
import type { Actor, AppServices } from "../context.ts";
import type { Config } from "../config.ts";
import type { Lang } from "../db/types.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import type { PlanName } from "../../lib/pricing.ts";
import type { ConfirmOutcome, SubscriptionView } from "../../lib/billing.ts";
import { formatDate } from "../../lib/format.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";
import type { Locale } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import type { BillingGateway } from "./stripe-gateway.ts";
import { subscriptionPrice, trialDays } from "./plans.service.ts";
import { keepPromoUse, promoDiscounts, releasePromoUse, reservePromoUse, usablePromoCode } from "./promo-codes.service.ts";
import { cancelWaitingAdditions } from "./subscription-additions.queries.ts";
import {
  abandonedAttempts,
  billableWarehouses,
  changeStatus,
  dueForExpiry,
  dueForReminder,
  findLatestSubscription,
  findLiveSubscription,
  hasStartedBefore,
  insertSubscription,
  insertSubscriptionWarehouses,
  lockUser,
  markReminderSent,
  RUNNING_STATUSES,
  subscriptionWarehouses,
} from "./subscriptions.queries.ts";

export const stockerPaths = (lang: Locale) => areaPaths(areaBase("stocker", lang));

export type BillingContext = { config: Config; gateway: BillingGateway | null; origin: string; log?: Logger };

/** A request's billing context: the configuration, Stripe (null without keys), the site's address, the log. */
export function billingContext(services: AppServices): BillingContext {
  return { config: services.config, gateway: services.billing ?? null, origin: services.config.origin, log: services.log };
}

export function requireStocker(actor: Actor): void {
  if (actor.role !== "stocker") throw new ForbiddenError();
}

// ---------------------------------------------------------------- what a subscription is

// The shapes the pages are handed are defined once, in app/lib/billing.ts (browser code may not
// import this module).
export type SubscriptionSummary = SubscriptionView;

type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findLiveSubscription>>>;

export async function subscriptionSummary(db: Database, row: SubscriptionRow): Promise<SubscriptionSummary> {
  const warehouses = await subscriptionWarehouses(db, row.id);
  return {
    id: row.id,
    stripe_status: row.stripe_status,
    plan: row.plan,
    payment_type: row.payment_type,
    amount: row.amount,
    created_at: row.created_at,
    started_at: row.started_at,
    trial_ends_at: row.trial_ends_at,
    ends_at: row.ends_at,
    has_canceled: row.has_canceled,
    warehouses: warehouses.map((w) => ({ id: w.id, name: w.name, city: w.city, is_hub: w.is_hub })),
  };
}

/** The confirm page's outcome from the stored state, without asking Stripe (the administrator's view). */
export async function storedOutcome(db: Database, userId: number): Promise<{ outcome: ConfirmOutcome; subscription: SubscriptionSummary | null }> {
  const latest = await findLatestSubscription(db, userId);
  if (!latest) return { outcome: "none", subscription: null };
  // An attempt Stripe never saw (no card step: no keys, or abandoned before it) waits for nothing.
  const outcome: ConfirmOutcome =
    latest.stripe_status === "active"
      ? "active"
      : latest.stripe_status === "trialing"
        ? "trialing"
        : latest.stripe_status === "incomplete"
          ? latest.stripe_subscription_id
            ? "processing"
            : "none"
          : latest.stripe_status === "pending_transfer"
            ? "none"
            : "failed";
  return { outcome, subscription: await subscriptionSummary(db, latest) };
}

// ---------------------------------------------------------------- an attempt

export type InitSubscriptionInput = { subscription: PlanName; promo_code?: string | null; w_ids: number[] };

/**
 * Makes a subscription attempt (incomplete, paid by card unless a transfer is chosen) for the
 * chosen warehouses: the stocker's own, approved and active ones, at least one. Any earlier attempt
 * nobody paid is dropped, its promo code's use given back. The promo code's use is taken now. The
 * price follows the spec's rule (plans.service.ts). Returns what opening it at Stripe needs, and
 * the Stripe subscription of the attempt it replaced (to cancel there).
 */
export async function createAttempt(db: Database, actor: Actor, input: InitSubscriptionInput, config: Config) {
  requireStocker(actor);
  const ids = [...new Set(input.w_ids)];
  if (ids.length === 0) throw new ValidationError({ w_ids: "required" }, "required");

  return db.transaction().execute(async (trx) => {
    // One init at a time per stocker: the second waits for the first's outcome.
    const user = await lockUser(trx, actor.id);
    if (!user) throw new NotFoundError();
    const live = await findLiveSubscription(trx, actor.id);
    if (live && live.stripe_status !== "incomplete") throw new ConflictError("already_subscribed");

    const own = await billableWarehouses(trx, actor.id);
    const byId = new Map(own.map((w) => [w.id, w]));
    // Someone else's, unknown, pending or deactivated ids: refused as a whole, nothing created.
    if (ids.some((id) => !byId.has(id))) throw new ValidationError({ w_ids: "invalid" }, "invalid");
    const hubs = ids.filter((id) => byId.get(id)!.is_hub).length;

    if (live) {
      // An earlier attempt nobody paid: replaced by this one, its promo code's use given back.
      await changeStatus(trx, { id: live.id, to: "canceled" });
      await releasePromoUse(trx, live.id);
    }
    const promo = input.promo_code?.trim() ? await usablePromoCode(trx, input.promo_code) : null;
    // The code's use is taken now, before the card step or the transfer.
    if (promo) await reservePromoUse(trx, promo);
    const discounts = promoDiscounts(promo);
    const { unitAmount, price } = subscriptionPrice(config, { plan: input.subscription, warehouses: ids.length, hubs, discounts });

    const trial = trialDays(config, await hasStartedBefore(trx, actor.id));
    const id = await insertSubscription(trx, {
      user_id: actor.id,
      stripe_status: "incomplete",
      plan: input.subscription,
      payment_type: "card",
      promo_code_id: promo?.id ?? null,
      promo_reserved: promo !== null,
      price_unit_amount: unitAmount,
      amount_off: discounts.amountOff,
      percent_off: discounts.percentOff,
      hub_percent_off: discounts.hubPercentOff,
      amount: price.total,
      hubs_count: hubs,
    });
    await insertSubscriptionWarehouses(trx, { subscriptionId: id, warehouseIds: ids });
    return { id, warehouses: ids.length, price, hubs, discounts, unitAmount, trialDays: trial, user, abandoned: live?.stripe_subscription_id ?? null };
  });
}

// ---------------------------------------------------------------- start

/**
 * A subscription has just started (its row already says so): it keeps its promo code's use, and
 * the stocker hears of it (a notification and an e-mail). In the transaction that started it.
 */
export async function subscriptionStarted(
  trx: Database,
  row: { id: number; promo_code_id: number | null; promo_reserved: boolean },
  s: { id: number; email: string; first_name: string | null; lang: Lang; plan: PlanName; endsAt: Date | null; trialEndsAt: Date | null },
  ctx: Pick<BillingContext, "origin">,
): Promise<void> {
  await keepPromoUse(trx, row);
  const count = (await subscriptionWarehouses(trx, row.id)).length;
  const until = s.trialEndsAt ?? s.endsAt;
  const untilText = until ? formatDate(until) : "";
  const path = stockerPaths(s.lang).data;
  await createNotification(trx, {
    userId: s.id,
    type: "subscription_started",
    title: (locale) => m.bill_notif_started_title({}, { locale }),
    message: (locale) =>
      s.trialEndsAt
        ? m.bill_notif_trial_message({ count, date: escapeForMarkup(untilText) }, { locale })
        : m.bill_notif_started_message({ count, date: escapeForMarkup(untilText) }, { locale }),
    data: { subscription_id: row.id, url: path },
  });
  await queueMail(trx, {
    to: s.email,
    lang: s.lang,
    template: "subscription_started",
    data: { firstName: s.first_name, count, until: untilText, trial: s.trialEndsAt !== null, link: `${ctx.origin}${path}` },
    origin: ctx.origin,
  });
}

// ---------------------------------------------------------------- end: the job

/**
 * How long an unpaid attempt (incomplete: not paid by card, no trial card confirmed, no transfer
 * chosen) holds its promo code's use. Stripe itself lets an unpaid first invoice expire after 23 hours.
 */
export const ATTEMPT_LIFETIME_MS = 24 * 3_600_000;

/**
 * Drops the attempts nobody paid within ATTEMPT_LIFETIME_MS: cancelled, their promo code's use
 * given back, and cancelled at Stripe too (best effort) so a late card confirmation cannot start
 * them. Returns how many.
 */
async function dropAbandonedAttempts(db: Database, ctx: Partial<Pick<BillingContext, "gateway" | "log">>, now: Date): Promise<number> {
  let dropped = 0;
  for (const attempt of await abandonedAttempts(db, new Date(now.getTime() - ATTEMPT_LIFETIME_MS))) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await changeStatus(trx, { id: attempt.id, to: "canceled", from: ["incomplete"] }))) return false;
      await releasePromoUse(trx, attempt.id);
      return true;
    });
    if (!done) continue;
    dropped++;
    if (attempt.stripe_subscription_id && ctx.gateway) {
      await ctx.gateway
        .cancelNow(attempt.stripe_subscription_id)
        .catch((err: unknown) => ctx.log?.warn({ err, subscriptionId: attempt.id }, "stripe: could not cancel an abandoned subscription"));
    }
  }
  return dropped;
}

/**
 * Ends the subscriptions the app holds (transfers; card ones without Stripe) at their end date —
 * their warehouses are anonymised at once — sends the transfer subscriptions' reminder
 * `reminderDays` before, and drops the attempts nobody paid (dropAbandonedAttempts). Run by the
 * workers every few minutes; safe to run twice.
 */
export async function runBillingJobs(
  db: Database,
  ctx: Pick<BillingContext, "config" | "origin"> & Partial<Pick<BillingContext, "gateway" | "log">>,
  now = new Date(),
): Promise<{ expired: number; reminded: number; abandoned: number }> {
  const abandoned = await dropAbandonedAttempts(db, ctx, now);
  let expired = 0;
  for (const s of await dueForExpiry(db, now)) {
    await db.transaction().execute(async (trx) => {
      if (!(await changeStatus(trx, { id: s.id, to: "canceled", from: RUNNING_STATUSES }))) return;
      expired++;
      // Warehouses waiting to be added have nothing left to join.
      await cancelWaitingAdditions(trx, s.id);
      const path = stockerPaths(s.lang).billing;
      await createNotification(trx, {
        userId: s.user_id,
        type: "subscription_ended",
        title: (locale) => m.bill_notif_ended_title({}, { locale }),
        message: (locale) => m.bill_notif_ended_message({}, { locale }),
        data: { subscription_id: s.id, url: path },
      });
      await queueMail(trx, {
        to: s.email,
        lang: s.lang,
        template: "subscription_ended",
        data: { firstName: s.first_name, link: `${ctx.origin}${path}` },
        origin: ctx.origin,
      });
    });
  }
  let reminded = 0;
  const until = new Date(now.getTime() + ctx.config.billing.transfer.reminderDays * 86_400_000);
  for (const s of await dueForReminder(db, { now, until })) {
    await db.transaction().execute(async (trx) => {
      if (!(await markReminderSent(trx, { id: s.id, at: now }))) return;
      reminded++;
      await queueMail(trx, {
        to: s.email,
        lang: s.lang,
        template: "subscription_ending",
        data: { firstName: s.first_name, date: formatDate(s.ends_at!), link: `${ctx.origin}${stockerPaths(s.lang).billing}` },
        origin: ctx.origin,
      });
    });
  }
  return { expired, reminded, abandoned };
}
