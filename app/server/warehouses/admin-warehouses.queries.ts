// The back office's warehouse lists: every warehouse, real names included, with an optional
// search over name, city and address (pg_trgm indexes of 0001 serve the ILIKE), its filters and
// its order (the indexes of migration 0033); and the hub requests (to_approve), the same search.
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/database.ts";
import { keysetAfter, type Keyset, type SortDirection } from "../db/list-order.ts";
import { likePattern } from "../db/like.ts";
import { SORT_MATCHES_UP_TO } from "../db/searched-page.ts";
import type { DeactivatedFilter } from "../../schemas/admin-warehouses.ts";
import type { WarehouseOrder, WarehouseOrderKey, WarehouseStatusFilter } from "../../lib/admin-warehouses.ts";
import type { SubscriptionFilter } from "../accounts/admin-users.queries.ts";

/** What the Warehouses list is narrowed to; null or absent is no filter. */
export type AdminWarehouseFilters = {
  search: string | null;
  deactivated?: DeactivatedFilter;
  status?: WarehouseStatusFilter | null;
  hub?: boolean | null;
  redeemed?: boolean | null;
  /** The owner's subscription: one runs (active), or it had one and none runs (expired). */
  subType?: SubscriptionFilter;
  /** The province's code, in capitals (MI). */
  province?: string | null;
  photos?: boolean | null;
  /** Any declared space not ended on `today` (current or upcoming). */
  freeSpace?: boolean | null;
  /** Only these warehouses (the rows an operator picked), within the other filters. */
  ids?: readonly number[];
};

/** `today`: the Italian day (ISO), which says which declared spaces have ended. */
export type AdminWarehouseListArgs = { filters: AdminWarehouseFilters; order: WarehouseOrder; today: string; offset: number; limit: number };

const RUNNING = ["trialing", "active", "past_due"] as const;

function searched(db: Database, search: string | null, deactivated: DeactivatedFilter = "all") {
  let query = db.selectFrom("warehouses as w");
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => eb.or([eb("w.name", "ilike", pattern), eb("w.city", "ilike", pattern), eb("w.address", "ilike", pattern)]));
  }
  // warehouses_deactivated_created_at_idx (deactivated, created_at desc, id desc) serves both filters.
  if (deactivated !== "all") query = query.where("w.deactivated", "=", deactivated === "deact");
  return query;
}

/** A space not ended on `today`, of the warehouse `w`. */
const notEnded = (today: string) => sql<SqlBool>`(s.available_until is null or s.available_until >= ${today}::date)`;

/**
 * The warehouse has free space: a declared space not ended. has_spaces (any space row, kept by
 * triggers) rules out most warehouses before the spaces' index is probed.
 */
function hasFreeSpace(today: string): Expression<SqlBool> {
  return sql<SqlBool>`(w.has_spaces is true and exists (select 1 from warehouse_spaces s where s.warehouse_id = w.id and ${notEnded(today)}))`;
}

/** The square metres (or pallet positions) of free space the warehouse declares, not ended; null without any. */
function freeQuantity(today: string, unit: "m2" | "pallet"): RawBuilder<number | null> {
  return sql<number | null>`(case when w.has_spaces then (select sum(s.quantity)::int from warehouse_spaces s
    where s.warehouse_id = w.id and s.m2_type = ${unit} and ${notEnded(today)}) end)`;
}

function filtered(db: Database, filters: AdminWarehouseFilters, today: string) {
  let query = searched(db, filters.search, filters.deactivated);
  if (filters.status) query = query.where("w.status", "=", filters.status);
  if (filters.ids) query = query.where("w.id", "in", filters.ids);
  // A hub, a redeemed warehouse, one with spaces: each a partial index newest first (0033).
  // "is true" as the partial indexes' predicates say it (migration 0033 says why).
  if (filters.hub != null) query = query.where(filters.hub ? sql<SqlBool>`w.is_hub is true` : sql<SqlBool>`w.is_hub is false`);
  if (filters.redeemed != null) query = query.where(filters.redeemed ? sql<SqlBool>`w.redeemed is true` : sql<SqlBool>`w.redeemed is false`);
  if (filters.province) query = query.where(sql<string>`upper(btrim(w.province))`, "=", filters.province.toUpperCase());
  if (filters.photos != null) query = query.where("w.images_count", filters.photos ? ">" : "=", 0);
  if (filters.freeSpace != null) query = query.where(filters.freeSpace ? hasFreeSpace(today) : sql<SqlBool>`not ${hasFreeSpace(today)}`);
  if (filters.subType === "active") {
    query = query.where(
      "w.user_id",
      "in",
      db
        .selectFrom("subscriptions as s")
        .select("s.user_id")
        .where("s.stripe_status", "in", [...RUNNING]),
    );
  } else if (filters.subType === "expired") {
    query = query.where("w.user_id", "in", db.selectFrom("subscriptions as s").select("s.user_id").where("s.started_at", "is not", null)).where(
      "w.user_id",
      "not in",
      db
        .selectFrom("subscriptions as s")
        .select("s.user_id")
        .where("s.stripe_status", "in", [...RUNNING]),
    );
  }
  return query;
}

/**
 * The value each order sorts by, never null, so a page in either direction is a walk of its
 * index (column, id) (migration 0033): a size not given sorts as 0, as does no free space.
 * Active first is deactivated false first.
 */
function orderValue(key: WarehouseOrderKey, today: string): RawBuilder<unknown> {
  switch (key) {
    case "created":
      return sql`w.created_at`;
    case "name":
      return sql`lower(w.name)`;
    case "city":
      return sql`lower(w.city)`;
    case "status":
      return sql`w.status`;
    case "size":
      return sql`coalesce(w.total_m2, 0)`;
    case "free_space":
      return sql`coalesce(${freeQuantity(today, "m2")}, 0)`;
    case "photos":
      return sql`w.images_count`;
    case "active":
      return sql`w.deactivated`;
  }
}

const rowColumns = [
  "w.id",
  "w.name",
  "w.address",
  "w.cap",
  "w.city",
  "w.province",
  "w.status",
  "w.to_approve",
  "w.deactivated",
  "w.is_hub",
  "w.redeemed",
  "w.total_m2",
  "w.images_count",
  "w.created_at",
  "owner.email as owner_email",
  "owner.id as owner_id",
  "owner.role as owner_role",
  "owner.first_name as owner_first_name",
  "owner.last_name as owner_last_name",
  "owner.company as owner_company",
] as const;

function withRow<Q extends ReturnType<typeof filtered>>(query: Q, today: string) {
  return query
    .leftJoin("users as owner", "owner.id", "w.user_id")
    .select(rowColumns)
    .select(freeQuantity(today, "m2").as("free_m2"))
    .select(freeQuantity(today, "pallet").as("free_pallets"));
}

/**
 * One page of the list in its order, the id last so that pages never overlap. `matchesFirst`:
 * a searched list with few matches is cut from its matches found first (a materialized CTE the
 * planner cannot fold into an index walk, db/searched-page.ts says why).
 */
export function adminWarehousesPageQuery(db: Database, args: AdminWarehouseListArgs & { matchesFirst: boolean }) {
  const { key, dir } = args.order;
  const value = orderValue(key, args.today);
  const page = args.matchesFirst
    ? db.selectFrom("warehouses as w").where(
        "w.id",
        "in",
        db
          .with(
            (cte) => cte("matches").materialized(),
            () => filtered(db, args.filters, args.today).select(["w.id", value.as("k")]),
          )
          .selectFrom("matches")
          .select("matches.id")
          .orderBy(sql.ref("matches.k"), dir)
          .orderBy("matches.id", dir)
          .limit(args.limit)
          .offset(args.offset),
      )
    : filtered(db, args.filters, args.today).offset(args.offset).limit(args.limit);
  return withRow(page, args.today).orderBy(value, dir).orderBy("w.id", dir);
}

export type AdminWarehouseDbRow = Awaited<ReturnType<ReturnType<typeof adminWarehousesPageQuery>["execute"]>>[number];

/** The key an export page continues after: the last row's order value and id. */
export type AdminWarehouseKey = { value: unknown; id: number };

/**
 * One page of the export in the list's order, by keyset on (order value, id): each page is an
 * index range, so a million rows are read a page at a time.
 */
export function adminWarehousesExportPage(
  db: Database,
  args: { filters: AdminWarehouseFilters; order: WarehouseOrder; today: string; after: AdminWarehouseKey | null; size: number },
) {
  const { key, dir } = args.order;
  const value = orderValue(key, args.today);
  let query = filtered(db, args.filters, args.today);
  if (args.after) {
    const after = args.after;
    query = query.where(sql<SqlBool>`(${value}, w.id) ${sql.raw(dir === "asc" ? ">" : "<")} (${after.value}, ${after.id})`);
  }
  return withRow(query, args.today).select(value.as("order_value")).orderBy(value, dir).orderBy("w.id", dir).limit(args.size).execute();
}

/** How many warehouses the filters leave. */
export function adminWarehousesCountQuery(db: Database, args: { filters: AdminWarehouseFilters; today: string }) {
  return filtered(db, args.filters, args.today).select(sql<number>`count(*)::int`.as("n"));
}

export async function countAdminWarehouses(db: Database, args: { filters: AdminWarehouseFilters; today: string }): Promise<number> {
  return (await adminWarehousesCountQuery(db, args).executeTakeFirstOrThrow()).n;
}

/** The ids of the list's rows (every page), in the list's order, at most `limit`: the rows a bulk action on "all matching" acts on. */
export async function adminWarehouseIds(
  db: Database,
  args: { filters: AdminWarehouseFilters; order: WarehouseOrder; today: string; limit: number },
): Promise<number[]> {
  const { key, dir } = args.order;
  const rows = await filtered(db, args.filters, args.today)
    .select("w.id")
    .orderBy(orderValue(key, args.today), dir)
    .orderBy("w.id", dir)
    .limit(args.limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The count first: how many warehouses match decides how the page is read (db/searched-page.ts). */
export async function listAdminWarehouses(db: Database, args: AdminWarehouseListArgs) {
  const count = await countAdminWarehouses(db, args);
  const matchesFirst = Boolean(args.filters.search?.trim()) && count <= SORT_MATCHES_UP_TO;
  const rows = count === 0 ? [] : await adminWarehousesPageQuery(db, { ...args, matchesFirst }).execute();
  return { rows, count };
}

/** The provinces a warehouse can be in: every Italian province's code and name, A to Z by name. */
export function listProvinces(db: Database) {
  return db
    .selectFrom("places")
    .select(["province", sql<string>`min(province_name)`.as("province_name")])
    .where("kind", "=", "municipality")
    .where("province", "is not", null)
    .groupBy("province")
    .orderBy(sql`min(province_name)`)
    .execute();
}

// ---------------------------------------------------------------- hub requests

/** The hub requests' filters: the search, and waiting at least so many days. */
export type HubRequestFilters = { search: string | null; waitingDays?: number };
export type HubRequestOrder = { key: "name" | "city" | "total_m2" | "created_at"; dir: SortDirection };

function hubRequests(db: Database, filters: HubRequestFilters) {
  // warehouses_to_approve_idx (created_at desc) where to_approve: the waiting few are the way in,
  // and sorting those few by any column costs nothing.
  let query = searched(db, filters.search).where("w.to_approve", "=", true);
  if (filters.waitingDays) query = query.where(sql<boolean>`w.created_at <= now() - make_interval(days => ${filters.waitingDays})`);
  return query;
}

const HUB_SORT_KEYS: Record<HubRequestOrder["key"], RawBuilder<unknown>> = {
  name: sql`lower(w.name)`,
  city: sql`lower(w.city)`,
  total_m2: sql`coalesce(w.total_m2, 0)`,
  created_at: sql`w.created_at`,
};

const LONGEST_WAITING_FIRST: HubRequestOrder = { key: "created_at", dir: "asc" };

function hubRequestRows(db: Database, filters: HubRequestFilters, order: HubRequestOrder) {
  const key = HUB_SORT_KEYS[order.key];
  return hubRequests(db, filters)
    .leftJoin("users as owner", "owner.id", "w.user_id")
    .select([
      "w.id",
      "w.name",
      "w.address",
      "w.city",
      "w.province",
      "w.total_m2",
      "w.status",
      "w.is_hub",
      "w.created_at",
      "owner.id as owner_id",
      "owner.email as owner_email",
      "owner.first_name as owner_first_name",
      "owner.last_name as owner_last_name",
      "owner.company as owner_company",
    ])
    .orderBy(key, order.dir)
    .orderBy("w.id", order.dir);
}

/** One page of the hub requests (warehouses waiting for approval as a hub), by default oldest first: the longest waiting on top. */
export function hubRequestsPageQuery(db: Database, args: HubRequestFilters & { order?: HubRequestOrder; offset: number; limit: number }) {
  return hubRequestRows(db, args, args.order ?? LONGEST_WAITING_FIRST)
    .offset(args.offset)
    .limit(args.limit);
}

/** The ids of every hub request the filters match, in the list's order (longest waiting first by default), at most `limit`. */
export async function hubRequestIds(db: Database, args: { filters: HubRequestFilters; order?: HubRequestOrder; limit: number }): Promise<number[]> {
  const order = args.order ?? LONGEST_WAITING_FIRST;
  const rows = await hubRequests(db, args.filters)
    .select("w.id")
    .orderBy(HUB_SORT_KEYS[order.key], order.dir)
    .orderBy("w.id", order.dir)
    .limit(args.limit)
    .execute();
  return rows.map((r) => r.id);
}

/** One keyset page of the hub requests' export in the list's order. */
export function hubRequestsExportQuery(db: Database, args: { filters: HubRequestFilters; order: HubRequestOrder; after: Keyset | null; size: number }) {
  const key = HUB_SORT_KEYS[args.order.key];
  let query = hubRequestRows(db, args.filters, args.order).select(key.as("sort_value")).limit(args.size);
  if (args.after) query = query.where(keysetAfter(key, "w.id", args.order.dir, args.after));
  return query;
}

export async function countHubRequests(db: Database, filters: HubRequestFilters): Promise<number> {
  const row = await hubRequests(db, filters)
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The warehouse a decision is about, locked for the decision's transaction. */
export function lockWarehouseForDecision(trx: Database, id: number) {
  return trx
    .selectFrom("warehouses")
    .select(["id", "name", "city", "user_id", "status", "to_approve", "status_note", "deactivated", "is_hub"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** A hub request decided: its status, no longer waiting, the administrator's note. */
export async function setHubDecision(db: Database, args: { id: number; status: "approved" | "refused"; note: string | null }): Promise<void> {
  await db.updateTable("warehouses").set({ status: args.status, to_approve: false, status_note: args.note }).where("id", "=", args.id).execute();
}

/** The owner a hub decision is told to. */
export function findHubOwner(db: Database, args: { id: number }) {
  return db.selectFrom("users").select(["id", "email", "first_name", "lang", "role"]).where("id", "=", args.id).executeTakeFirst();
}

/** A warehouse switched off (out of the public search) or on again. */
export async function setDeactivated(db: Database, args: { id: number; deactivated: boolean }): Promise<void> {
  await db.updateTable("warehouses").set({ deactivated: args.deactivated }).where("id", "=", args.id).execute();
}
