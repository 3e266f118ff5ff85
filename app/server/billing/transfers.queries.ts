// SQL of bank transfers: reason codes and the back office's Transfers list.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { userMatches, userNameSortKey } from "../accounts/admin-users.queries.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { TransferKind, TransfersOrderKey } from "../../lib/list-params.ts";
import { likePattern } from "../db/like.ts";
import { RUNNING_STATUSES } from "./subscriptions.queries.ts";

/** A short reason code is free (users.stockspace_code is unique). */
export async function reasonCodeTaken(db: Database, code: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("stockspace_code", "=", code).executeTakeFirst();
  return row !== undefined;
}

/** `kind`: subscriptions to start or additions only; `waitingDays`: asked at least so many days ago. */
export type TransferFilters = { search: string | null; kind?: TransferKind; waitingDays?: number };

/** When the transfer was asked for: an addition when it was made, a subscription when the transfer was chosen. */
const requestedAt = sql<Date>`case when s.addition_id is not null then s.created_at else coalesce(u.transfer_requested_at, s.created_at) end`;

/**
 * The columns the list sorts by. No index: the waiting transfers are a handful (an administrator
 * confirms them within days), read first as one materialised set and sorted in memory.
 */
const TRANSFER_SORT_KEYS = {
  name: userNameSortKey,
  requested_at: requestedAt,
  amount: sql<number | null>`s.amount`,
  // Subscriptions to start before additions (ascending).
  kind: sql<boolean>`(s.addition_id is not null)`,
} satisfies Record<TransfersOrderKey, unknown>;

export const OLDEST_TRANSFERS_FIRST: ListOrder<TransfersOrderKey> = { key: "requested_at", dir: "asc" };

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
            eb
              .selectFrom("subscription_warehouses as sw")
              .select(sql<number>`count(*)::int`.as("n"))
              .whereRef("sw.subscription_id", "=", "ws.id")
              .as("warehouses_count"),
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
  if (filters.kind === "addition") query = query.where("s.addition_id", "is not", null);
  if (filters.kind === "subscription") query = query.where("s.addition_id", "is", null);
  if (filters.waitingDays) query = query.where(sql<boolean>`${requestedAt} <= now() - make_interval(days => ${filters.waitingDays})`);
  return query;
}

/** The list's page in its order (ties by the oldest subscription, then addition); without `limit`, every row (the export). */
export function transfersPageQuery(db: Database, args: { filters: TransferFilters; order?: ListOrder<TransfersOrderKey>; limit?: number; offset?: number }) {
  const order = args.order ?? OLDEST_TRANSFERS_FIRST;
  let query = transfersBase(db, args.filters)
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
      requestedAt.as("requested_at"),
    ])
    // An amount not known yet goes last either way.
    .orderBy(sql`${TRANSFER_SORT_KEYS[order.key]} ${sql.raw(order.dir)} nulls last`)
    .orderBy("s.created_at", "asc")
    .orderBy("s.id", "asc")
    .orderBy("s.addition_id", "asc");
  if (args.limit !== undefined) query = query.limit(args.limit).offset(args.offset ?? 0);
  return query;
}

export async function countTransfers(db: Database, filters: TransferFilters): Promise<number> {
  const row = await transfersBase(db, filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}
