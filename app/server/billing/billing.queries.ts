// SQL of subscriptions, promo codes and the admin's Transfers list.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { StripeStatus } from "../db/types.ts";
import { userMatches } from "../accounts/admin-users.queries.ts";
import { likePattern } from "../db/like.ts";

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
  return db.selectFrom("subscriptions as s").select(subscriptionColumns).where("s.user_id", "=", userId).where("s.stripe_status", "in", LIVE_STATUSES).executeTakeFirst();
}

/** The stocker's latest subscription, live or ended (the profile shows an ended one as expired). */
export function findLatestSubscription(db: Database, userId: number) {
  return db.selectFrom("subscriptions as s").select(subscriptionColumns).where("s.user_id", "=", userId).orderBy("s.created_at", "desc").orderBy("s.id", "desc").executeTakeFirst();
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

export function findPromoCode(db: Database, code: string) {
  return db.selectFrom("promo_codes").selectAll().where("code", "=", code).executeTakeFirst();
}

/**
 * Takes one use of a promo code, unless none is left: one conditional statement, so concurrent
 * callers wait for each other's row lock and each re-reads the count (PostgreSQL re-checks the
 * condition on the latest row), and no more than the maximum ever get one. Returns whether it was taken.
 */
export async function takePromoUse(db: Database, id: number): Promise<boolean> {
  const taken = await db
    .updateTable("promo_codes")
    .set((eb) => ({ times_redeemed: eb("times_redeemed", "+", 1) }))
    .where("id", "=", id)
    .where((eb) => eb.or([eb("max_redemptions", "is", null), eb("times_redeemed", "<", eb.ref("max_redemptions"))]))
    .returning("id")
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Gives back the promo code's use held by a subscription that never started (an attempt dropped,
 * replaced or expired). Once: the subscription's flag is cleared in the same statement that reads it.
 */
export async function releasePromoUse(db: Database, subscriptionId: number): Promise<void> {
  const released = await db
    .updateTable("subscriptions")
    .set({ promo_reserved: false })
    .where("id", "=", subscriptionId)
    .where("promo_reserved", "=", true)
    .where("started_at", "is", null)
    .returning("promo_code_id")
    .executeTakeFirst();
  if (released?.promo_code_id === null || released?.promo_code_id === undefined) return;
  await db
    .updateTable("promo_codes")
    .set((eb) => ({ times_redeemed: eb("times_redeemed", "-", 1) }))
    .where("id", "=", released.promo_code_id)
    .where("times_redeemed", ">", 0)
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

/** A short reason code is free (users.stockspace_code is unique). */
export async function reasonCodeTaken(db: Database, code: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("stockspace_code", "=", code).executeTakeFirst();
  return row !== undefined;
}

export type TransferFilters = { search: string | null };

/**
 * The bank transfers waiting to be confirmed: subscriptions waiting to start (pending_transfer),
 * and warehouses waiting to be added to a running subscription (subscription_additions). Both are
 * few (an administrator confirms them within days) and are read first, each by its partial or
 * status index, as one materialised set; their users are then read by key and searched, whatever
 * the size of users.
 */
function transfersBase(db: Database, filters: TransferFilters) {
  let query = db
    .with(
      (cte) => cte("waiting").materialized(),
      (qb) =>
        qb
          .selectFrom("subscriptions as ws")
          .select((eb) => [
            "ws.id",
            sql<number | null>`null::int`.as("addition_id"),
            "ws.user_id",
            "ws.plan",
            "ws.amount",
            "ws.created_at",
            eb.selectFrom("subscription_warehouses as sw").select(sql<number>`count(*)::int`.as("n")).whereRef("sw.subscription_id", "=", "ws.id").as("warehouses_count"),
          ])
          .where("ws.stripe_status", "=", "pending_transfer")
          .unionAll((eb) =>
            eb
              .selectFrom("subscription_additions as a")
              .innerJoin("subscriptions as rs", "rs.id", "a.subscription_id")
              .select([
                "rs.id",
                sql<number | null>`a.id`.as("addition_id"),
                "a.user_id",
                "rs.plan",
                sql<number | null>`a.amount`.as("amount"),
                "a.created_at",
                sql<number>`cardinality(a.warehouse_ids)`.as("warehouses_count"),
              ])
              .where("a.status", "=", "pending_transfer")
              // Only while there is a subscription to add to.
              .where("rs.stripe_status", "in", RUNNING_STATUSES),
          ),
    )
    .selectFrom("waiting as s")
    .innerJoin("users as u", "u.id", "s.user_id");
  const term = filters.search?.trim();
  // The users' search (its trigram index), or the reason code typed on the transfer.
  if (term) query = query.where((eb) => eb.or([userMatches(term), eb("u.stockspace_code", "ilike", likePattern(term))]));
  return query;
}

export function transfersPageQuery(db: Database, args: { filters: TransferFilters; limit: number; offset: number }) {
  return transfersBase(db, args.filters)
    .select([
      "u.id as user_id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.company",
      "u.request_business_name",
      "u.account_type",
      "u.stockspace_code",
      "u.transfer_requested_at",
      "s.id as subscription_id",
      "s.addition_id",
      "s.plan",
      "s.amount",
      "s.created_at",
      "s.warehouses_count",
    ])
    .orderBy("s.created_at", "asc")
    .orderBy("s.id", "asc")
    .orderBy("s.addition_id", "asc")
    .limit(args.limit)
    .offset(args.offset);
}

export async function countTransfers(db: Database, filters: TransferFilters): Promise<number> {
  const row = await transfersBase(db, filters).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return row.n;
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
