// Bank transfers (decision 009). The stocker chooses to pay their attempt by transfer
// (choosePaymentType): it waits (pending_transfer) with their reason code, made once and kept, and
// they and every administrator get an e-mail with the same details. An administrator finds it on
// the Transfers screen (listTransfers, with the additions waiting for theirs:
// subscription-additions.service.ts) and confirms the money arrived (startTransferSubscription):
// the subscription starts for its plan's period, audited in the same transaction.
import { randomInt } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Config } from "../config.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { listActiveAdmins } from "../requests/requests.queries.ts";
import { euros, type PlanName } from "../../lib/pricing.ts";
import type { TransferView } from "../../lib/billing.ts";
import type { Locale } from "../../lib/locale.ts";
import { amountExclVat, periodEnd } from "./plans.service.ts";
import { requireStocker, stockerPaths, subscriptionStarted, type BillingContext } from "./subscriptions.service.ts";
import { findLiveSubscription, lockUser, paymentFacts, subscriptionWarehouses, updateStockerBilling, updateSubscription } from "./subscriptions.queries.ts";
import { countTransfers, reasonCodeTaken, transfersPageQuery, type TransferFilters } from "./transfers.queries.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { TransfersOrderKey } from "../../lib/list-params.ts";
import type { ExportColumn } from "../http/table-export.ts";
import type { CsvCell } from "../http/csv.ts";
import { displayName } from "../../lib/person-name.ts";

const REASON_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: easy to read out and type

/** A new reason code for bank transfers, "SS-" and six letters or digits. */
export function newReasonCode(): string {
  let code = "SS-";
  for (let i = 0; i < 6; i++) code += REASON_ALPHABET[randomInt(REASON_ALPHABET.length)];
  return code;
}

export type TransferDetails = TransferView;

/** The stocker's row locked for a change of their subscription (subscriptions.queries.ts#lockUser). */
export type LockedStocker = NonNullable<Awaited<ReturnType<typeof lockUser>>>;

/** The stocker's reason code for bank transfers, made (and kept) on their first transfer. Pass the transaction holding their row's lock. */
export async function ensureReasonCode(trx: Database, user: { id: number; stockspace_code: string | null }): Promise<string> {
  if (user.stockspace_code) return user.stockspace_code;
  let reason: string | null = null;
  while (!reason) {
    const candidate = newReasonCode();
    if (!(await reasonCodeTaken(trx, candidate))) reason = candidate;
  }
  await updateStockerBilling(trx, user.id, { stockspace_code: reason });
  return reason;
}

/** What a bank transfer of `amount` cents asks for: with and without VAT, to whom, with which reason code. */
export function transferView(config: Config, args: { amount: number; reason: string; plan: PlanName; warehousesCount: number }): TransferView {
  return {
    amount: args.amount,
    amount_excl_vat: amountExclVat(config, args.amount),
    beneficiary: config.billing.transfer.beneficiary,
    iban: config.billing.transfer.iban,
    reason: args.reason,
    plan: args.plan,
    warehouses_count: args.warehousesCount,
  };
}

/**
 * A transfer to make, e-mailed to the stocker (with a link to `path` in their area) and to every
 * administrator (to the Transfers screen, found by the reason code). `addition`: it pays for
 * warehouses added to a running subscription.
 */
export async function mailTransfer(
  trx: Database,
  user: LockedStocker,
  transfer: TransferView,
  opts: { addition: boolean; path: (lang: Locale) => string },
  ctx: Pick<BillingContext, "origin">,
): Promise<void> {
  const facts = {
    amount: transfer.amount,
    amountExclVat: transfer.amount_excl_vat,
    reason: transfer.reason,
    plan: transfer.plan,
    warehousesCount: transfer.warehouses_count,
    addition: opts.addition,
  };
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
      data: { stocker: displayName(user), email: user.email, ...facts, link: `${ctx.origin}/admin/transfers?search=${encodeURIComponent(transfer.reason)}` },
      origin: ctx.origin,
    });
  }
}

/**
 * The stocker chooses to pay their initialised subscription by bank transfer: it waits for an
 * administrator to confirm the money arrived (pending_transfer). The stocker gets their reason code
 * (created once, kept), and they and the administrators get an e-mail with the same details.
 */
export async function choosePaymentType(
  db: Database,
  actor: Actor,
  input: { payment_type: string },
  ctx: BillingContext,
): Promise<{ user_id: number; transfer: TransferDetails }> {
  requireStocker(actor);
  // Card is chosen by paying with it (the card step); PayPal is not offered.
  if (input.payment_type !== "transfer") throw new ValidationError({ payment_type: "invalid" }, "invalid");
  const { config } = ctx;
  const result = await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, actor.id);
    if (!user) throw new NotFoundError();
    const live = await findLiveSubscription(trx, actor.id);
    if (!live) throw new NotFoundError("no_subscription");
    if (live.stripe_status !== "incomplete") throw new ConflictError("already_subscribed");

    const reason = await ensureReasonCode(trx, user);
    await updateSubscription(trx, live.id, { payment_type: "transfer", stripe_status: "pending_transfer", stripe_subscription_id: null });
    await updateStockerBilling(trx, actor.id, { pm_type: "transfer", pm_last_four: null, transfer_requested_at: new Date() });

    const transfer = transferView(config, {
      amount: live.amount ?? 0,
      reason,
      plan: live.plan,
      warehousesCount: (await subscriptionWarehouses(trx, live.id)).length,
    });
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
  const user = await paymentFacts(db, userId);
  return transferView(config, {
    amount: live.amount ?? 0,
    reason: user.stockspace_code ?? "",
    plan: live.plan,
    warehousesCount: (await subscriptionWarehouses(db, live.id)).length,
  });
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

export async function listTransfers(
  db: Database,
  args: { filters: TransferFilters; order?: ListOrder<TransfersOrderKey>; limit: number; page: number },
): Promise<{ transfers: TransferItem[]; transfers_count: number }> {
  const [rows, count] = await Promise.all([
    transfersPageQuery(db, { filters: args.filters, order: args.order, limit: args.limit, offset: args.page * args.limit }).execute(),
    countTransfers(db, args.filters),
  ]);
  return {
    transfers: rows.map((r) => ({
      user_id: r.user_id,
      email: r.email,
      name: displayName(r),
      account_type: r.account_type,
      reason: r.stockspace_code,
      // An addition is asked for when it is made; a subscription when the transfer was chosen.
      requested_at: r.requested_at,
      subscription_id: r.subscription_id,
      addition_id: r.addition_id,
      plan: r.plan,
      amount: r.amount,
      warehouses_count: Number(r.warehouses_count ?? 0),
    })),
    transfers_count: count,
  };
}

/** The transfers' export: the spec's CSV columns, typed for XLSX (money in euros, dates as dates, the reason code as text). */
export const TRANSFERS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Stocker", type: "text", width: 28 },
  { header: "Email", type: "text", width: 32 },
  { header: "Tipo account", type: "text" },
  { header: "Causale", type: "text", width: 14 },
  { header: "Tipo", type: "text", width: 16 },
  { header: "Piano", type: "text" },
  { header: "Importo", type: "euro" },
  { header: "Magazzini", type: "integer" },
  { header: "Richiesto il", type: "date" },
];

const PLAN_WORDS: Record<PlanName, string> = { yearly: "Annuale", six_months: "Semestrale" };

/**
 * The waiting transfers the list shows, filtered and in its order; audited as an export. They are
 * a handful (confirmed within days), so they are read in one query, then streamed out.
 */
export async function exportTransfers(
  db: Database,
  actor: Actor,
  filters: TransferFilters,
  order: ListOrder<TransfersOrderKey>,
): Promise<AsyncIterable<CsvCell[]>> {
  if (actor.role !== "admin") throw new ForbiddenError();
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "subscription.export_transfers",
      entityType: "subscription",
      entityId: null,
      details: { search: filters.search, kind: filters.kind ?? null, waiting_days: filters.waitingDays ?? null, order: `${order.key} ${order.dir}` },
    }),
  );
  const rows = await transfersPageQuery(db, { filters, order }).execute();
  return (async function* () {
    for (const r of rows) {
      yield [
        displayName(r),
        r.email,
        r.account_type === 1 ? "Stock Keeper" : r.account_type === 0 ? "Stocker" : null,
        r.stockspace_code,
        r.addition_id !== null ? "Aggiunta" : "Abbonamento",
        PLAN_WORDS[r.plan],
        r.amount === null ? null : euros(r.amount),
        Number(r.warehouses_count ?? 0),
        r.requested_at,
      ];
    }
  })();
}

/**
 * An administrator confirms that the stocker's bank transfer arrived: the subscription starts now
 * for its plan's period, its warehouses become public at once, the promo code's use is kept,
 * the stocker is told (e-mail and notification), all in one transaction with the audit entry.
 */
export async function startTransferSubscription(
  db: Database,
  actor: Actor,
  userId: number,
  input: { transfer_info?: string | null },
  ctx: BillingContext,
): Promise<{ user_id: number }> {
  if (actor.role !== "admin") throw new ForbiddenError();
  const notes = input.transfer_info?.trim() || null;
  return db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, userId);
    if (!user || user.role !== "stocker") throw new NotFoundError();
    const live = await findLiveSubscription(trx, userId);
    if (!live || live.stripe_status !== "pending_transfer") throw new ConflictError("no_transfer_waiting");
    const now = new Date();
    const endsAt = periodEnd(ctx.config, live.plan, now);
    await updateSubscription(trx, live.id, {
      stripe_status: "active",
      started_at: now,
      ends_at: endsAt,
      transfer_info: notes,
      confirmed_by: actor.id,
      has_canceled: false,
    });
    await updateStockerBilling(trx, userId, { transfer_info: notes });
    await auditAdminAction(trx, actor, {
      action: "subscription.start",
      entityType: "user",
      entityId: userId,
      details: {
        subscription_id: live.id,
        plan: live.plan,
        amount: live.amount,
        reason: user.stockspace_code,
        transfer_info: notes,
        before: "pending_transfer",
        after: "active",
        ends_at: endsAt.toISOString(),
      },
    });
    await subscriptionStarted(trx, live, { ...user, plan: live.plan, endsAt, trialEndsAt: null }, ctx);
    return { user_id: userId };
  });
}
