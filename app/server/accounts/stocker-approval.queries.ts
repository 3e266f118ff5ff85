// SQL of the back office's New stockers screen: the registrations waiting for (or refused) an
// administrator's decision, and the warehouse search of the approve popup.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { keysetAfter, type Keyset, type SortDirection } from "../db/list-order.ts";
import { likePattern } from "../db/like.ts";
import { userMatches, userNameSortKey } from "./admin-users.queries.ts";
import type { StockerRequestFilter, WarehouseSearchType } from "../../schemas/stocker-approval.ts";
import type { AccountType } from "../db/types.ts";

/** `waitingDays`: registered at least so many days ago. */
export type StockerRequestFilters = { approved: StockerRequestFilter; search: string | null; waitingDays?: number };
export type StockerRequestOrder = { key: "name" | "city" | "created_at"; dir: SortDirection };

/** The sortable columns: the business name as the list shows it, the city given, the date. */
const REQUEST_SORT_KEYS: Record<StockerRequestOrder["key"], RawBuilder<unknown>> = {
  name: userNameSortKey,
  city: sql`lower(coalesce(u.request_city, ''))`,
  created_at: sql`u.created_at`,
};
const NEWEST_FIRST: StockerRequestOrder = { key: "created_at", dir: "desc" };

/**
 * The registrations in one state. The partial index users_approval_status_idx (approval_status,
 * created_at desc, id desc) is the way in: pending and refused requests are a handful among all
 * users, so the search (ILIKE over a few columns) runs on those only, whatever the size of users.
 */
function requestsBase(db: Database, filters: StockerRequestFilters) {
  let query = db.selectFrom("users as u").where("u.role", "=", "stocker").where("u.approval_status", "=", filters.approved);
  const term = filters.search?.trim();
  // The users' search (e-mail, names, company, business name), or the VAT number they gave.
  if (term) query = query.where((eb) => eb.or([userMatches(term), eb("u.request_vat", "ilike", likePattern(term))]));
  if (filters.waitingDays) query = query.where(sql<boolean>`u.created_at <= now() - make_interval(days => ${filters.waitingDays})`);
  return query;
}

/** The rows in the list's order, ties by id; sorting the few pending or refused requests costs nothing. */
function requestRows(db: Database, filters: StockerRequestFilters, order: StockerRequestOrder) {
  return requestsBase(db, filters)
    .leftJoin("warehouses as rw", "rw.id", "u.request_warehouse_id")
    .select([
      "u.id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.telephone",
      "u.company",
      "u.request_business_name",
      "u.request_vat",
      "u.request_country",
      "u.request_address",
      "u.request_cap",
      "u.request_city",
      "u.request_province",
      "u.request_warehouse_id",
      "u.approval_status",
      "u.approval_note",
      "u.created_at",
      "rw.name as rw_name",
      "rw.city as rw_city",
      "rw.address as rw_address",
      "rw.user_id as rw_user_id",
    ])
    .orderBy(REQUEST_SORT_KEYS[order.key], order.dir)
    .orderBy("u.id", order.dir);
}

export function stockerRequestsPageQuery(db: Database, args: { filters: StockerRequestFilters; order?: StockerRequestOrder; limit: number; offset: number }) {
  return requestRows(db, args.filters, args.order ?? NEWEST_FIRST)
    .limit(args.limit)
    .offset(args.offset);
}

/** One keyset page of the new stockers' export in the list's order. */
export function stockerRequestsExportQuery(
  db: Database,
  args: { filters: StockerRequestFilters; order: StockerRequestOrder; after: Keyset | null; size: number },
) {
  const key = REQUEST_SORT_KEYS[args.order.key];
  let query = requestRows(db, args.filters, args.order).select(key.as("sort_value")).limit(args.size);
  if (args.after) query = query.where(keysetAfter(key, "u.id", args.order.dir, args.after));
  return query;
}

export async function countStockerRequests(db: Database, filters: StockerRequestFilters): Promise<number> {
  const row = await requestsBase(db, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The approve popup's search: at most this many warehouses. */
export const WAREHOUSE_SEARCH_LIMIT = 20;

/**
 * Warehouses by name, city or address (the trigram indexes on each), or by id when the term is a
 * number; `not_assigned` keeps those nobody owns. Without a term, the newest ones.
 */
export function warehouseSearchQuery(db: Database, args: { search: string | null; type: WarehouseSearchType; limit: number }) {
  let query = db
    .selectFrom("warehouses as w")
    .leftJoin("users as o", "o.id", "w.user_id")
    .select([
      "w.id",
      "w.name",
      "w.city",
      "w.province",
      "w.address",
      "w.status",
      "w.deactivated",
      "w.user_id",
      "o.email as owner_email",
      "o.first_name as owner_first_name",
      "o.last_name as owner_last_name",
      "o.company as owner_company",
    ]);
  if (args.type === "not_assigned") query = query.where("w.user_id", "is", null);
  const term = args.search?.trim();
  if (term) {
    const like = likePattern(term);
    const id = /^\d{1,15}$/.test(term) ? Number(term) : null;
    query = query
      .where((eb) =>
        eb.or([
          eb("w.name", "ilike", like),
          eb("w.city", "ilike", like),
          eb("w.address", "ilike", like),
          ...(id !== null && id <= 2_147_483_647 ? [eb("w.id", "=", id)] : []),
        ]),
      )
      .orderBy("w.name")
      .orderBy("w.id");
  } else {
    query = query.orderBy("w.id", "desc");
  }
  return query.limit(args.limit);
}

/** The stocker whose registration is decided, locked for the decision. */
export function lockStockerRequest(db: Database, userId: number) {
  return db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "first_name",
      "lang",
      "role",
      "account_type",
      "approval_status",
      "approval_note",
      "approved_at",
      "password_hash",
      "request_warehouse_id",
    ])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

export function lockWarehouseOwner(db: Database, warehouseId: number) {
  return db.selectFrom("warehouses").select(["id", "user_id", "name"]).where("id", "=", warehouseId).forUpdate().executeTakeFirst();
}

export async function setWarehouseOwner(db: Database, args: { warehouseId: number; userId: number }): Promise<void> {
  await db.updateTable("warehouses").set({ user_id: args.userId, updated_at: new Date() }).where("id", "=", args.warehouseId).execute();
}

/** A stocker's request refused, with the administrator's note. */
export async function refuseStockerRequest(db: Database, args: { userId: number; note: string }): Promise<void> {
  await db.updateTable("users").set({ approval_status: "refused", approval_note: args.note, updated_at: new Date() }).where("id", "=", args.userId).execute();
}

/** A stocker's request approved now, as the account type the administrator picked. */
export async function approveStockerRequest(db: Database, args: { userId: number; accountType: AccountType }): Promise<void> {
  const approvedAt = new Date();
  await db
    .updateTable("users")
    .set({ approval_status: "approved", approved_at: approvedAt, account_type: args.accountType, approval_note: null, updated_at: approvedAt })
    .where("id", "=", args.userId)
    .execute();
}
