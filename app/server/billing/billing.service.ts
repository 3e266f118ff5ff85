// Subscriptions (decision 009). A stocker picks warehouses, a plan and an optional promo code
// (initSubscription), then pays by card through Stripe or chooses a bank transfer
// (choosePaymentType). A card subscription follows Stripe: webhooks and the confirm page keep its
// status (applyStripeSnapshot); a transfer one starts when an administrator confirms the money
// arrived (startTransferSubscription) and ends by itself at its end date (runBillingJobs).
// A subscription's warehouses are public (redeemed) exactly while it is active or trialing: the
// database keeps warehouses.redeemed from the subscriptions (migration 0008).
import { randomInt } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "../db/database.ts";
import type { Actor, AppServices } from "../context.ts";
import type { Config } from "../config.ts";
import type { Lang, StripeStatus } from "../db/types.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import { listActiveAdmins } from "../requests/requests.queries.ts";
import { computePrice, type PlanName } from "../../lib/pricing.ts";
import type { BillingPageView, ConfirmOutcome, InitSubscriptionResponse, ProfileBillingView, SubscriptionView, TransferView } from "../../lib/billing.ts";
import { formatDate } from "../../lib/format.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";
import type { Locale } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import type { BillingGateway, StripeSubscriptionSnapshot } from "./stripe-gateway.ts";
import {
  abandonedAttempts,
  billableWarehouses,
  countTransfers,
  dueForExpiry,
  dueForReminder,
  findLatestSubscription,
  findLiveSubscription,
  findPromoCode,
  findSubscriptionByStripeId,
  hasStartedBefore,
  LIVE_STATUSES,
  reasonCodeTaken,
  releasePromoUse,
  RUNNING_STATUSES,
  takePromoUse,
  subscriptionWarehouses,
  transfersPageQuery,
  type TransferFilters,
} from "./billing.queries.ts";

const stockerPaths = (lang: Locale) => areaPaths(areaBase("stocker", lang));

export type BillingContext = { config: Config; gateway: BillingGateway | null; origin: string; log?: Logger };

/** A request's billing context: the configuration, Stripe (null without keys), the site's address, the log. */
export function billingContext(services: AppServices): BillingContext {
  return { config: services.config, gateway: services.billing ?? null, origin: services.config.origin, log: services.log };
}

function requireStocker(actor: Actor): void {
  if (actor.role !== "stocker") throw new ForbiddenError();
}

// ---------------------------------------------------------------- promo codes

export type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromoCode>>>;

/** Codes are stored upper-case; a stocker may type them in any case and with spaces around. */
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

/**
 * The promo code a stocker typed, if it can be used now: unknown or inactive → "unknown", outside
 * its validity window → "expired", at its maximum of uses → "used_up" (ValidationError on
 * promo_code; nothing is discounted).
 */
export async function usablePromoCode(db: Database, typed: string, now = new Date()): Promise<PromoRow> {
  const code = normalisePromoCode(typed);
  const promo = code ? await findPromoCode(db, code) : undefined;
  if (!promo || !promo.active) throw new ValidationError({ promo_code: "promo_unknown" }, "promo_unknown");
  if ((promo.valid_from && promo.valid_from > now) || (promo.valid_until && promo.valid_until <= now)) {
    throw new ValidationError({ promo_code: "promo_expired" }, "promo_expired");
  }
  if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
    throw new ValidationError({ promo_code: "promo_used_up" }, "promo_used_up");
  }
  return promo;
}

/** The discounts of a promo code as the price rule reads them (numeric columns arrive as strings). */
function discountsOf(promo: PromoRow | null) {
  return {
    amountOff: promo?.amount_off ?? null,
    percentOff: promo?.percent_off === null || promo?.percent_off === undefined ? null : Number(promo.percent_off),
    hubPercentOff: promo?.hub_percent_off === null || promo?.hub_percent_off === undefined ? null : Number(promo.hub_percent_off),
  };
}

// ---------------------------------------------------------------- the billing page

// The shapes the pages are handed are defined once, in app/lib/billing.ts (browser code may not
// import this module).
export type SubscriptionSummary = SubscriptionView;
export type BillingPageData = Omit<BillingPageView, "pending_transfer" | "addition">;

async function summary(db: Database, row: NonNullable<Awaited<ReturnType<typeof findLiveSubscription>>>): Promise<SubscriptionSummary> {
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

export async function billingPage(db: Database, owner: { id: number }, ctx: Pick<BillingContext, "config">): Promise<BillingPageData> {
  const { config } = ctx;
  const [rows, live, startedBefore] = await Promise.all([billableWarehouses(db, owner.id), findLiveSubscription(db, owner.id), hasStartedBefore(db, owner.id)]);
  const current = live && live.stripe_status !== "incomplete" ? await summary(db, live) : null;
  const covered = new Set(current?.warehouses.map((w) => w.id) ?? []);
  return {
    warehouses: rows.map((w) => ({ id: w.id, name: w.name, city: w.city, province: w.province, address: w.address, is_hub: w.is_hub, total_m2: w.total_m2 === null ? null : Number(w.total_m2), covered: covered.has(w.id) })),
    plans: {
      yearly: { unit_amount: config.billing.plans.yearly.unitAmount, months: config.billing.plans.yearly.months },
      six_months: { unit_amount: config.billing.plans.six_months.unitAmount, months: config.billing.plans.six_months.months },
    },
    vat_rate: config.billing.vatRate,
    trial_days: startedBefore ? 0 : config.billing.trialDays,
    publishable_key: config.stripe?.publishableKey ?? null,
    transfer: { beneficiary: config.billing.transfer.beneficiary, iban: config.billing.transfer.iban },
    current,
  };
}

// ---------------------------------------------------------------- init-subscription

export type InitSubscriptionInput = { subscription: PlanName; promo_code?: string | null; w_ids: number[] };

export type InitSubscriptionResult = InitSubscriptionResponse;

/**
 * Starts a subscription for the chosen warehouses: the stocker's own, approved and active ones,
 * at least one. Any earlier unfinished one (never paid) is dropped. The price follows the spec's
 * rule (app/lib/pricing.ts). With Stripe configured, the customer and an incomplete subscription
 * are created there and the client secret returned; the card step confirms it in the browser.
 */
export async function initSubscription(db: Database, actor: Actor, input: InitSubscriptionInput, ctx: BillingContext & { locale: Locale }): Promise<InitSubscriptionResult> {
  requireStocker(actor);
  const { config, gateway } = ctx;
  const ids = [...new Set(input.w_ids)];
  if (ids.length === 0) throw new ValidationError({ w_ids: "required" }, "required");

  const created = await db.transaction().execute(async (trx) => {
    // One init at a time per stocker: the second waits for the first's outcome.
    await trx.selectFrom("users").select("id").where("id", "=", actor.id).forUpdate().executeTakeFirst();
    const live = await findLiveSubscription(trx, actor.id);
    if (live && live.stripe_status !== "incomplete") throw new ConflictError("already_subscribed");

    const own = await billableWarehouses(trx, actor.id);
    const byId = new Map(own.map((w) => [w.id, w]));
    // Someone else's, unknown, pending or deactivated ids: refused as a whole, nothing created.
    if (ids.some((id) => !byId.has(id))) throw new ValidationError({ w_ids: "invalid" }, "invalid");
    const hubs = ids.filter((id) => byId.get(id)!.is_hub).length;

    if (live) {
      // An earlier attempt nobody paid: replaced by this one, its promo code's use given back.
      await trx.updateTable("subscriptions").set({ stripe_status: "canceled" }).where("id", "=", live.id).execute();
      await releasePromoUse(trx, live.id);
    }
    const promo = input.promo_code?.trim() ? await usablePromoCode(trx, input.promo_code) : null;
    // The code's use is taken now, before the card step or the transfer: a code with no use left
    // (another stocker took the last one meanwhile) is refused here, before anything is paid.
    if (promo && !(await takePromoUse(trx, promo.id))) throw new ValidationError({ promo_code: "promo_used_up" }, "promo_used_up");
    const discounts = discountsOf(promo);
    const unitAmount = config.billing.plans[input.subscription].unitAmount;
    const price = computePrice({ unitAmount, warehouses: ids.length, hubs, ...discounts, vatRate: config.billing.vatRate });

    const trialDays = (await hasStartedBefore(trx, actor.id)) ? 0 : config.billing.trialDays;
    const row = await trx
      .insertInto("subscriptions")
      .values({
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
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("subscription_warehouses").values(ids.map((warehouse_id) => ({ subscription_id: row.id, warehouse_id }))).execute();
    const user = await trx.selectFrom("users").select(["email", "first_name", "last_name", "company", "stripe_customer_id"]).where("id", "=", actor.id).executeTakeFirstOrThrow();
    return { id: row.id, price, hubs, discounts, unitAmount, trialDays, user, abandoned: live?.stripe_subscription_id ?? null };
  });

  const url = `${ctx.origin}/${ctx.locale}/stocker/profile/confirm-subscription`;
  let clientSecret: string | null = null;
  let intent: "payment" | "setup" | null = null;
  if (gateway) {
    try {
      let customerId = created.user.stripe_customer_id;
      if (!customerId) {
        const name = created.user.company || [created.user.first_name, created.user.last_name].filter(Boolean).join(" ") || created.user.email;
        customerId = await gateway.createCustomer({ email: created.user.email, name, userId: actor.id });
        await db.updateTable("users").set({ stripe_customer_id: customerId }).where("id", "=", actor.id).where("stripe_customer_id", "is", null).execute();
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
      await db.updateTable("subscriptions").set({ stripe_subscription_id: made.subscription.id }).where("id", "=", created.id).execute();
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
    warehouses_count: ids.length,
    hubs_count: created.hubs,
    trial_days: created.trialDays,
    card_available: clientSecret !== null,
  };
}

// ---------------------------------------------------------------- bank transfer

const REASON_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: easy to read out and type

/** A new reason code for bank transfers, "SS-" and six letters or digits. */
export function newReasonCode(): string {
  let code = "SS-";
  for (let i = 0; i < 6; i++) code += REASON_ALPHABET[randomInt(REASON_ALPHABET.length)];
  return code;
}

export type TransferDetails = TransferView;

/** The stocker's reason code for bank transfers, made (and kept) on their first transfer. Pass the transaction holding their row's lock. */
export async function ensureReasonCode(trx: Database, user: { id: number; stockspace_code: string | null }): Promise<string> {
  if (user.stockspace_code) return user.stockspace_code;
  let reason: string | null = null;
  while (!reason) {
    const candidate = newReasonCode();
    if (!(await reasonCodeTaken(trx, candidate))) reason = candidate;
  }
  await trx.updateTable("users").set({ stockspace_code: reason }).where("id", "=", user.id).execute();
  return reason;
}

/** What a bank transfer of `amount` cents asks for: with and without VAT, to whom, with which reason code. */
export function transferView(config: Config, args: { amount: number; reason: string; plan: PlanName; warehousesCount: number }): TransferView {
  return {
    amount: args.amount,
    amount_excl_vat: computePrice({ unitAmount: args.amount, warehouses: 1, hubs: 0, vatRate: config.billing.vatRate }).totalExclVat,
    beneficiary: config.billing.transfer.beneficiary,
    iban: config.billing.transfer.iban,
    reason: args.reason,
    plan: args.plan,
    warehouses_count: args.warehousesCount,
  };
}

/** The stocker's row, locked for a change of their subscription (one at a time), with what its e-mails need. */
export function lockStocker(trx: Database, userId: number) {
  return trx
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "company", "request_business_name", "lang", "stockspace_code"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * A transfer to make, e-mailed to the stocker (with a link to `path` in their area) and to every
 * administrator (to the Transfers screen, found by the reason code). `addition`: it pays for
 * warehouses added to a running subscription.
 */
export async function mailTransfer(
  trx: Database,
  user: Awaited<ReturnType<typeof lockStocker>>,
  transfer: TransferView,
  opts: { addition: boolean; path: (lang: Locale) => string },
  ctx: Pick<BillingContext, "origin">,
): Promise<void> {
  const facts = { amount: transfer.amount, amountExclVat: transfer.amount_excl_vat, reason: transfer.reason, plan: transfer.plan, warehousesCount: transfer.warehouses_count, addition: opts.addition };
  await queueMail(trx, {
    to: user.email,
    lang: user.lang,
    template: "transfer_instructions",
    data: { firstName: user.first_name, ...facts, beneficiary: transfer.beneficiary, iban: transfer.iban, link: `${ctx.origin}${opts.path(user.lang)}` },
    origin: ctx.origin,
  });
  for (const admin of await listActiveAdmins(trx)) {
    await queueMail(trx, {
      to: admin.email,
      lang: admin.lang,
      template: "transfer_requested_admin",
      data: { stocker: stockerName(user), email: user.email, ...facts, link: `${ctx.origin}/admin/transfers?search=${encodeURIComponent(transfer.reason)}` },
      origin: ctx.origin,
    });
  }
}

/** How the back office and its e-mails name a stocker: the business, else the person, else the address. */
export function stockerName(user: { company: string | null; request_business_name: string | null; first_name: string | null; last_name: string | null; email: string }): string {
  return user.company || user.request_business_name || [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email;
}

/**
 * The stocker chooses to pay their initialised subscription by bank transfer: it waits for an
 * administrator to confirm the money arrived (pending_transfer). The stocker gets their reason code
 * (created once, kept), and they and the administrators get an e-mail with the same details.
 */
export async function choosePaymentType(db: Database, actor: Actor, input: { payment_type: string }, ctx: BillingContext): Promise<{ user_id: number; transfer: TransferDetails }> {
  requireStocker(actor);
  // Card is chosen by paying with it (the card step); PayPal is not offered.
  if (input.payment_type !== "transfer") throw new ValidationError({ payment_type: "invalid" }, "invalid");
  const { config } = ctx;
  const result = await db.transaction().execute(async (trx) => {
    const user = await lockStocker(trx, actor.id);
    const live = await findLiveSubscription(trx, actor.id);
    if (!live) throw new NotFoundError("no_subscription");
    if (live.stripe_status !== "incomplete") throw new ConflictError("already_subscribed");

    const reason = await ensureReasonCode(trx, user);
    await trx
      .updateTable("subscriptions")
      .set({ payment_type: "transfer", stripe_status: "pending_transfer", stripe_subscription_id: null })
      .where("id", "=", live.id)
      .execute();
    await trx.updateTable("users").set({ pm_type: "transfer", pm_last_four: null, transfer_requested_at: new Date() }).where("id", "=", actor.id).execute();

    const transfer = transferView(config, { amount: live.amount ?? 0, reason, plan: live.plan, warehousesCount: (await subscriptionWarehouses(trx, live.id)).length });
    await mailTransfer(trx, user, transfer, { addition: false, path: (lang) => stockerPaths(lang).data }, ctx);
    return { transfer, abandoned: live.stripe_subscription_id };
  });
  if (result.abandoned && ctx.gateway) await ctx.gateway.cancelNow(result.abandoned).catch(() => undefined);
  return { user_id: actor.id, transfer: result.transfer };
}

/** The transfer details of the stocker's subscription waiting for its transfer, or null. */
export async function pendingTransferDetails(db: Database, userId: number, config: Config): Promise<TransferDetails | null> {
  const live = await findLiveSubscription(db, userId);
  if (!live || live.stripe_status !== "pending_transfer") return null;
  const user = await db.selectFrom("users").select("stockspace_code").where("id", "=", userId).executeTakeFirstOrThrow();
  return transferView(config, { amount: live.amount ?? 0, reason: user.stockspace_code ?? "", plan: live.plan, warehousesCount: (await subscriptionWarehouses(db, live.id)).length });
}

// ---------------------------------------------------------------- the admin's Transfers screen

export type TransferItem = {
  user_id: number;
  email: string;
  name: string;
  account_type: 0 | 1 | null;
  reason: string | null;
  requested_at: Date | null;
  subscription_id: number;
  /** Set when the transfer pays for warehouses added to a running subscription (its id to confirm). */
  addition_id: number | null;
  plan: PlanName;
  amount: number | null;
  warehouses_count: number;
};

export async function listTransfers(db: Database, args: { filters: TransferFilters; limit: number; page: number }): Promise<{ transfers: TransferItem[]; transfers_count: number }> {
  const [rows, count] = await Promise.all([
    transfersPageQuery(db, { filters: args.filters, limit: args.limit, offset: args.page * args.limit }).execute(),
    countTransfers(db, args.filters),
  ]);
  return {
    transfers: rows.map((r) => ({
      user_id: r.user_id,
      email: r.email,
      name: stockerName(r),
      account_type: r.account_type,
      reason: r.stockspace_code,
      // An addition is asked for when it is made; a subscription when the transfer was chosen.
      requested_at: r.addition_id !== null ? r.created_at : (r.transfer_requested_at ?? r.created_at),
      subscription_id: r.subscription_id,
      addition_id: r.addition_id,
      plan: r.plan,
      amount: r.amount,
      warehouses_count: Number(r.warehouses_count ?? 0),
    })),
    transfers_count: count,
  };
}

export const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/**
 * An administrator confirms that the stocker's bank transfer arrived: the subscription starts now
 * for its plan's period, its warehouses become public at once, the promo code's use is kept,
 * the stocker is told (e-mail and notification), all in one transaction with the audit entry.
 */
export async function startTransferSubscription(db: Database, actor: Actor, userId: number, input: { transfer_info?: string | null }, ctx: BillingContext): Promise<{ user_id: number }> {
  if (actor.role !== "admin") throw new ForbiddenError();
  const notes = input.transfer_info?.trim() || null;
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select(["id", "role", "email", "first_name", "lang", "stockspace_code"]).where("id", "=", userId).forUpdate().executeTakeFirst();
    if (!user || user.role !== "stocker") throw new NotFoundError();
    const live = await findLiveSubscription(trx, userId);
    if (!live || live.stripe_status !== "pending_transfer") throw new ConflictError("no_transfer_waiting");
    const now = new Date();
    const endsAt = addMonths(now, ctx.config.billing.plans[live.plan].months);
    await trx
      .updateTable("subscriptions")
      .set({ stripe_status: "active", started_at: now, ends_at: endsAt, transfer_info: notes, confirmed_by: actor.id, has_canceled: false })
      .where("id", "=", live.id)
      .execute();
    await trx.updateTable("users").set({ transfer_info: notes }).where("id", "=", userId).execute();
    await keepPromoUse(trx, live);
    await auditAdminAction(trx, actor, {
      action: "subscription.start",
      entityType: "user",
      entityId: userId,
      details: { subscription_id: live.id, plan: live.plan, amount: live.amount, reason: user.stockspace_code, transfer_info: notes, before: "pending_transfer", after: "active", ends_at: endsAt.toISOString() },
    });
    await announceStart(trx, { ...user, subscriptionId: live.id, plan: live.plan, endsAt, trialEndsAt: null }, ctx);
    return { user_id: userId };
  });
}

/**
 * A subscription starting with a promo code holds one of its uses: taken at init-subscription. One
 * that took none (initialised before uses were taken there, or whose use was given back and Stripe
 * started it all the same) takes it now if one is left; it was paid at its quoted price either way.
 */
async function keepPromoUse(trx: Database, row: { id: number; promo_code_id: number | null; promo_reserved: boolean }): Promise<void> {
  if (row.promo_code_id === null || row.promo_reserved) return;
  if (await takePromoUse(trx, row.promo_code_id)) await trx.updateTable("subscriptions").set({ promo_reserved: true }).where("id", "=", row.id).execute();
}

/** The stocker hears that their subscription started: a notification and an e-mail. */
async function announceStart(
  trx: Database,
  s: { id: number; email: string; first_name: string | null; lang: Lang; subscriptionId: number; plan: PlanName; endsAt: Date | null; trialEndsAt: Date | null },
  ctx: Pick<BillingContext, "origin">,
): Promise<void> {
  const count = (await subscriptionWarehouses(trx, s.subscriptionId)).length;
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
    data: { subscription_id: s.subscriptionId, url: path },
  });
  await queueMail(trx, {
    to: s.email,
    lang: s.lang,
    template: "subscription_started",
    data: { firstName: s.first_name, count, until: untilText, trial: s.trialEndsAt !== null, link: `${ctx.origin}${path}` },
    origin: ctx.origin,
  });
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
    await db.updateTable("subscriptions").set({ has_canceled: cancel }).where("id", "=", live.id).execute();
  }
  return { user_id: actor.id };
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
export async function applyStripeSnapshot(db: Database, snapshot: StripeSubscriptionSnapshot, opts: { at?: Date; fresh?: boolean; ctx: Pick<BillingContext, "origin"> }): Promise<number | null> {
  // Stripe dates events in whole seconds: a fresh read is dated the same way, so an event of the
  // same second (which may carry a later change) still applies after it.
  const at = opts.fresh ? new Date(Math.floor(Date.now() / 1000) * 1000) : opts.at!;
  return db.transaction().execute(async (trx) => {
    // Only the Stripe id we stored names our subscription. The metadata's local id is Stripe's
    // copy of what we sent, but a subscription we do not hold could carry any: it matches nothing.
    const found = await findSubscriptionByStripeId(trx, snapshot.id);
    if (!found) return null;
    const row = await trx.selectFrom("subscriptions").select(["id", "stripe_status", "stripe_event_at", "started_at", "user_id", "promo_code_id", "promo_reserved", "plan", "payment_type"]).where("id", "=", found.id).forUpdate().executeTakeFirstOrThrow();
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
    await trx
      .updateTable("subscriptions")
      .set({
        stripe_subscription_id: snapshot.id,
        stripe_status: status,
        trial_ends_at: snapshot.trialEnd,
        ends_at: snapshot.endedAt ?? snapshot.currentPeriodEnd,
        has_canceled: snapshot.cancelAtPeriodEnd,
        stripe_event_at: row.stripe_event_at && row.stripe_event_at > at ? row.stripe_event_at : at,
        ...(starting ? { started_at: snapshot.startedAt ?? at } : {}),
      })
      .where("id", "=", row.id)
      .execute();
    if (snapshot.card) {
      await trx.updateTable("users").set({ pm_type: "card", pm_last_four: snapshot.card.last4 }).where("id", "=", row.user_id).execute();
    }
    // An attempt that ends without starting (expired, cancelled) gives its promo code's use back.
    if (!LIVE_STATUSES.includes(status)) await releasePromoUse(trx, row.id);
    if (starting) {
      await keepPromoUse(trx, row);
      const user = await trx.selectFrom("users").select(["id", "email", "first_name", "lang"]).where("id", "=", row.user_id).executeTakeFirstOrThrow();
      await announceStart(trx, { ...user, subscriptionId: row.id, plan: row.plan, endsAt: snapshot.currentPeriodEnd, trialEndsAt: status === "trialing" ? snapshot.trialEnd : null }, opts.ctx);
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
  const inserted = await db
    .insertInto("stripe_events")
    .values({ id: event.id, type: event.type, created_at: event.created })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return { applied: false };
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
    await db.deleteFrom("stripe_events").where("id", "=", event.id).execute();
    throw err;
  }
}

/**
 * The page Stripe returns to after the card step: reads the subscription's state from Stripe (the
 * webhook may not have arrived yet) and says how it went.
 */
export async function confirmSubscription(db: Database, actor: Actor, ctx: BillingContext): Promise<{ outcome: ConfirmOutcome; subscription: SubscriptionSummary | null }> {
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
  return { outcome, subscription: await summary(db, latest) };
}

// ---------------------------------------------------------------- the profile's blocks

export type ProfileBilling = ProfileBillingView;

export async function profileBilling(db: Database, userId: number, config: Config): Promise<ProfileBilling> {
  const [user, latest] = await Promise.all([
    db.selectFrom("users").select(["pm_type", "pm_last_four", "stockspace_code"]).where("id", "=", userId).executeTakeFirstOrThrow(),
    findLatestSubscription(db, userId),
  ]);
  const shown = latest && latest.stripe_status !== "incomplete" ? latest : null;
  const active = shown !== null && [...RUNNING_STATUSES, "past_due"].includes(shown.stripe_status);
  return {
    pm_type: user.pm_type,
    pm_last_four: user.pm_last_four,
    stockspace_code: user.stockspace_code,
    active_subscription: active,
    has_canceled: active && shown!.has_canceled,
    subscription: shown ? await summary(db, shown) : null,
    transfer: shown?.stripe_status === "pending_transfer" ? await pendingTransferDetails(db, userId, config) : null,
  };
}

// ---------------------------------------------------------------- the job

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
      const result = await trx.updateTable("subscriptions").set({ stripe_status: "canceled" }).where("id", "=", attempt.id).where("stripe_status", "=", "incomplete").executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await releasePromoUse(trx, attempt.id);
      return true;
    });
    if (!done) continue;
    dropped++;
    if (attempt.stripe_subscription_id && ctx.gateway) {
      await ctx.gateway.cancelNow(attempt.stripe_subscription_id).catch((err: unknown) => ctx.log?.warn({ err, subscriptionId: attempt.id }, "stripe: could not cancel an abandoned subscription"));
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
      const result = await trx.updateTable("subscriptions").set({ stripe_status: "canceled" }).where("id", "=", s.id).where("stripe_status", "in", RUNNING_STATUSES).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return;
      expired++;
      // Warehouses waiting to be added have nothing left to join.
      await trx.updateTable("subscription_additions").set({ status: "canceled" }).where("subscription_id", "=", s.id).where("status", "=", "pending_transfer").execute();
      const path = stockerPaths(s.lang).billing;
      await createNotification(trx, {
        userId: s.user_id,
        type: "subscription_ended",
        title: (locale) => m.bill_notif_ended_title({}, { locale }),
        message: (locale) => m.bill_notif_ended_message({}, { locale }),
        data: { subscription_id: s.id, url: path },
      });
      await queueMail(trx, { to: s.email, lang: s.lang, template: "subscription_ended", data: { firstName: s.first_name, link: `${ctx.origin}${path}` }, origin: ctx.origin });
    });
  }
  let reminded = 0;
  const until = new Date(now.getTime() + ctx.config.billing.transfer.reminderDays * 86_400_000);
  for (const s of await dueForReminder(db, { now, until })) {
    await db.transaction().execute(async (trx) => {
      const result = await trx.updateTable("subscriptions").set({ reminder_sent_at: now }).where("id", "=", s.id).where("reminder_sent_at", "is", null).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return;
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

