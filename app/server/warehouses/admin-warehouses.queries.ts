// The back office's warehouse lists: every warehouse, real names included, newest first, with
// an optional search over name, city and address (pg_trgm indexes of 0001 serve the ILIKE) and
// the active / deactivated filter; and the hub requests (to_approve), the same search.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { keysetAfter, type Keyset, type SortDirection } from "../db/list-order.ts";
import { likePattern } from "../db/like.ts";
import { findMatchesFirst, newestMatchesPage } from "../db/searched-page.ts";
import type { DeactivatedFilter } from "../../schemas/admin-warehouses.ts";

export type AdminWarehouseListArgs = { search: string | null; deactivated?: DeactivatedFilter; offset: number; limit: number };

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

/**
 * One page of the list, newest first. `matchesFirst`: cut from the search's matches found first
 * (db/searched-page.ts says when and why).
 */
export function adminWarehousesPageQuery(db: Database, args: AdminWarehouseListArgs & { matchesFirst: boolean }) {
  const page = args.matchesFirst
    ? db
        .selectFrom("warehouses as w")
        .where("w.id", "in", newestMatchesPage(db, searched(db, args.search, args.deactivated).select(["w.id", "w.created_at"]), args))
    : searched(db, args.search, args.deactivated).offset(args.offset).limit(args.limit);
  return page
    .leftJoin("users as owner", "owner.id", "w.user_id")
    .select([
      "w.id",
      "w.name",
      "w.city",
      "w.province",
      "w.status",
      "w.deactivated",
      "w.is_hub",
      "w.created_at",
      "owner.email as owner_email",
      "owner.id as owner_id",
      "owner.role as owner_role",
    ])
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc");
}

export async function countAdminWarehouses(db: Database, args: Pick<AdminWarehouseListArgs, "search" | "deactivated">): Promise<number> {
  const row = await searched(db, args.search, args.deactivated)
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The count first: how many warehouses match decides how the page is read (db/searched-page.ts). */
export async function listAdminWarehouses(db: Database, args: AdminWarehouseListArgs) {
  const count = await countAdminWarehouses(db, args);
  const rows = count === 0 ? [] : await adminWarehousesPageQuery(db, { ...args, matchesFirst: findMatchesFirst(args.search, count) }).execute();
  return { warehouses: rows, warehouses_count: count };
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
