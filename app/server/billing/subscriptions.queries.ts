// SQL of subscriptions: finding them, their warehouses, the stocker's row they change under, and
// what the billing job picks up. Promo codes' uses are in promo-codes.queries.ts, the Transfers
// list in transfers.queries.ts, Stripe's events in card.queries.ts.
import type { Insertable, Updateable } from "kysely";
import type { Database } from "../db/database.ts";
import type { StripeStatus, SubscriptionsTable, UsersTable } from "../db/types.ts";

/** A stocker has at most one of these at a time (subscriptions_one_live_idx). */
export const LIVE_STATUSES: StripeStatus[] = ["incomplete", "pending_transfer", "trialing", "active", "past_due"];
/** The statuses that make a subscription's warehouses public (warehouse_is_redeemed, migration 0008). */
export const RUNNING_STATUSES: StripeStatus[] = ["trialing", "active"];

const subscriptionColumns = [
  "s.id",
  "s.user_id",
  "s.stripe_subscription_id",
  "s.stripe_status",
  "s.plan",
  "s.payment_type",
  "s.promo_code_id",
  "s.promo_reserved",
  "s.price_unit_amount",
  "s.amount_off",
  "s.percent_off",
  "s.hub_percent_off",
  "s.amount",
  "s.hubs_count",
  "s.trial_ends_at",
  "s.ends_at",
  "s.has_canceled",
  "s.started_at",
  "s.transfer_info",
  "s.stripe_event_at",
  "s.created_at",
] as const;

/** The stocker's live subscription (see LIVE_STATUSES), or undefined. */
export function findLiveSubscription(db: Database, userId: number) {
  return db
    .selectFrom("subscriptions as s")
    .select(subscriptionColumns)
    .where("s.user_id", "=", userId)
    .where("s.stripe_status", "in", LIVE_STATUSES)
    .executeTakeFirst();
}

/** The stocker's latest subscription, live or ended (the profile shows an ended one as expired). */
export function findLatestSubscription(db: Database, userId: number) {
  return db
    .selectFrom("subscriptions as s")
    .select(subscriptionColumns)
    .where("s.user_id", "=", userId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .executeTakeFirst();
}

export function findSubscriptionByStripeId(db: Database, stripeId: string) {
  return db.selectFrom("subscriptions as s").select(subscriptionColumns).where("s.stripe_subscription_id", "=", stripeId).executeTakeFirst();
}

/** Whether the stocker ever had a subscription that started (the free trial is for the first one). */
export async function hasStartedBefore(db: Database, userId: number): Promise<boolean> {
  const row = await db.selectFrom("subscriptions").select("id").where("user_id", "=", userId).where("started_at", "is not", null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The warehouses a subscription covers. */
export function subscriptionWarehouses(db: Database, subscriptionId: number) {
  return db
    .selectFrom("subscription_warehouses as sw")
    .innerJoin("warehouses as w", "w.id", "sw.warehouse_id")
    .select(["w.id", "w.name", "w.city", "w.address", "w.is_hub"])
    .where("sw.subscription_id", "=", subscriptionId)
    .orderBy("w.name")
    .orderBy("w.id")
    .execute();
}

/**
 * The stocker's warehouses a subscription may cover: their own, approved and active (the spec's
 * "own, claimed, approved"), with whether their live subscription already covers them.
 */
export function billableWarehouses(db: Database, userId: number) {
  return db
    .selectFrom("warehouses as w")
    .select(["w.id", "w.name", "w.city", "w.province", "w.address", "w.is_hub", "w.total_m2", "w.redeemed"])
    .where("w.user_id", "=", userId)
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .orderBy("w.name")
    .orderBy("w.id")
    .execute();
}

/** Attempts nobody paid (incomplete) made before `before`, oldest first. */
export function abandonedAttempts(db: Database, before: Date) {
  return db
    .selectFrom("subscriptions as s")
    .select(["s.id", "s.stripe_subscription_id"])
    .where("s.stripe_status", "=", "incomplete")
    .where("s.created_at", "<=", before)
    .orderBy("s.created_at")
    .limit(200)
    .execute();
}

/** Subscriptions the app ends itself at ends_at: transfers, and card ones not held by Stripe (demo data). */
export function dueForExpiry(db: Database, now: Date) {
  return db
    .selectFrom("subscriptions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.user_id", "s.plan", "s.ends_at", "u.email", "u.first_name", "u.lang"])
    .where("s.stripe_status", "in", RUNNING_STATUSES)
    .where("s.stripe_subscription_id", "is", null)
    .where("s.ends_at", "<=", now)
    .orderBy("s.ends_at")
    .limit(200)
    .execute();
}

/** Transfer subscriptions ending within `days` whose reminder has not gone out. */
export function dueForReminder(db: Database, args: { now: Date; until: Date }) {
  return db
    .selectFrom("subscriptions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.user_id", "s.plan", "s.ends_at", "u.email", "u.first_name", "u.lang"])
    .where("s.payment_type", "=", "transfer")
    .where("s.stripe_status", "=", "active")
    .where("s.reminder_sent_at", "is", null)
    .where("s.ends_at", ">", args.now)
    .where("s.ends_at", "<=", args.until)
    .orderBy("s.ends_at")
    .limit(200)
    .execute();
}

/**
 * The stocker's row, locked for a change of their subscription (one change at a time per stocker:
 * the second waits for the first's outcome), with what the change and its e-mails need.
 */
export function lockUser(db: Database, userId: number) {
  return db
    .selectFrom("users")
    .select(["id", "role", "email", "first_name", "last_name", "company", "request_business_name", "lang", "stockspace_code", "stripe_customer_id"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whom to tell about a subscription: the stocker's address, name and language. */
export function stockerContact(db: Database, userId: number) {
  return db.selectFrom("users").select(["id", "email", "first_name", "lang"]).where("id", "=", userId).executeTakeFirstOrThrow();
}

/** The stocker's payment method and reason code, as the profile and the billing page show them. */
export function paymentFacts(db: Database, userId: number) {
  return db.selectFrom("users").select(["pm_type", "pm_last_four", "stockspace_code"]).where("id", "=", userId).executeTakeFirstOrThrow();
}

/** The billing columns of the stocker's row: payment method, reason code, transfer facts. */
export type StockerBillingChange = Pick<Updateable<UsersTable>, "pm_type" | "pm_last_four" | "stockspace_code" | "transfer_requested_at" | "transfer_info">;

export async function updateStockerBilling(db: Database, userId: number, changes: StockerBillingChange): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", userId).execute();
}

/** A subscription's row, locked for the rest of the transaction, with what applying Stripe's state reads. */
export function lockSubscription(db: Database, id: number) {
  return db
    .selectFrom("subscriptions")
    .select(["id", "stripe_status", "stripe_event_at", "started_at", "user_id", "promo_code_id", "promo_reserved", "plan", "payment_type"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function insertSubscription(db: Database, values: Insertable<SubscriptionsTable>): Promise<number> {
  const row = await db.insertInto("subscriptions").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** The warehouses join the subscription (and go public while it runs: migration 0008's triggers); those already in stay. */
export async function insertSubscriptionWarehouses(db: Database, args: { subscriptionId: number; warehouseIds: number[] }): Promise<void> {
  await db
    .insertInto("subscription_warehouses")
    .values(args.warehouseIds.map((warehouse_id) => ({ subscription_id: args.subscriptionId, warehouse_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function updateSubscription(db: Database, id: number, changes: Updateable<SubscriptionsTable>): Promise<void> {
  await db.updateTable("subscriptions").set(changes).where("id", "=", id).execute();
}

/**
 * Moves a subscription to `to`, only from one of `from` when given (a job's pass that another has
 * already made changes nothing). Returns whether it moved.
 */
export async function changeStatus(db: Database, args: { id: number; to: StripeStatus; from?: readonly StripeStatus[] }): Promise<boolean> {
  let query = db.updateTable("subscriptions").set({ stripe_status: args.to }).where("id", "=", args.id);
  if (args.from) query = query.where("stripe_status", "in", [...args.from]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a transfer subscription's reminder as sent, once. Returns whether this call marked it. */
export async function markReminderSent(db: Database, args: { id: number; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable("subscriptions")
    .set({ reminder_sent_at: args.at })
    .where("id", "=", args.id)
    .where("reminder_sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
