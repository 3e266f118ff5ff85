// The back office's lists of stockers and stock hunters (pages and JSON calls). Searches
// use the users' pg_trgm indexes (migration 0001); a stocker's subscription is its latest one.
// Every order a list offers is one expression of the users row with an index of its role
// (migration 0034), ties broken by id in the same direction, so a sorted page and the export's
// keyset pages are index ranges.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { likePattern } from "../db/like.ts";
import { newestMatchesPage } from "../db/searched-page.ts";
import { keysetAfter, type Keyset } from "../db/list-order.ts";

/** all, active (a subscription runs), expired (had one, none runs now). */
export type SubscriptionFilter = "all" | "active" | "expired";

export type UserListFilters = {
  search: string | null;
  subType?: SubscriptionFilter;
  /** A Stocker (account type 0 or none) or a Stock Keeper (1). */
  accountType?: "stocker" | "keeper";
  /** Confirmed: the account has its password (an invitation completed) or a confirmed code. */
  confirmed?: boolean;
  active?: boolean;
  /** Stock hunters who sent a quote request, or none. */
  withRequests?: boolean;
  /** Only these accounts (an export of the rows picked). */
  ids?: readonly number[];
};

export type UserOrderKey = "name" | "account_type" | "created_at" | "active";
export type UserOrder = { key: UserOrderKey; dir: "asc" | "desc" };
export const NEWEST_USERS_FIRST: UserOrder = { key: "created_at", dir: "desc" };

/**
 * The name a user list sorts by, as displayName shows it (company, requested business name, full
 * name, e-mail), lower-cased: the expression of users_role_name_sort_idx (migration 0034), exactly.
 */
export const userNameSortKey = sql<string>`lower(coalesce(nullif(btrim(u.company), ''), nullif(btrim(u.request_business_name), ''), nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email))`;

const USER_SORT_KEYS: Record<UserOrderKey, RawBuilder<unknown>> = {
  name: userNameSortKey,
  account_type: sql`coalesce(u.account_type, 0)`,
  created_at: sql`u.created_at`,
  active: sql`u.active`,
};

const RUNNING = ["trialing", "active", "past_due"] as const;

/** The text a user search looks in: the expression of users_search_trgm_idx (migration 0010), exactly. */
export const userSearchText = sql<string>`(u.email || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || coalesce(u.company, '') || ' ' || coalesce(u.request_business_name, ''))`;

/** Users whose e-mail, names, company or requested business name contain `term` (any case). */
export function userMatches(term: string) {
  return sql<boolean>`${userSearchText} ilike ${likePattern(term)}`;
}

function usersOf(db: Database, role: "stocker" | "stock_hunter", filters: UserListFilters) {
  let query = db.selectFrom("users as u").where("u.role", "=", role);
  // Stockers are listed once approved; their requests are on the New stockers screen.
  if (role === "stocker") query = query.where((eb) => eb.or([eb("u.approval_status", "is", null), eb("u.approval_status", "=", "approved")]));
  const term = filters.search?.trim();
  if (term) query = query.where(userMatches(term));
  if (filters.ids) query = query.where("u.id", "in", filters.ids);
  if (filters.subType === "active") {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("subscriptions as s")
          .select("s.id")
          .whereRef("s.user_id", "=", "u.id")
          .where("s.stripe_status", "in", [...RUNNING]),
      ),
    );
  } else if (filters.subType === "expired") {
    query = query
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("subscriptions as s").select("s.id").whereRef("s.user_id", "=", "u.id").where("s.started_at", "is not", null)),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("subscriptions as s")
              .select("s.id")
              .whereRef("s.user_id", "=", "u.id")
              .where("s.stripe_status", "in", [...RUNNING]),
          ),
        ),
      );
  }
  if (filters.accountType) query = query.where(sql<boolean>`coalesce(u.account_type, 0) = ${filters.accountType === "keeper" ? 1 : 0}`);
  if (filters.confirmed !== undefined) {
    const confirmed = sql<boolean>`(u.password_hash is not null or u.has_confirmed_code)`;
    query = query.where(filters.confirmed ? confirmed : sql<boolean>`not ${confirmed}`);
  }
  if (filters.active !== undefined) query = query.where("u.active", "=", filters.active);
  if (filters.withRequests !== undefined) {
    const sent = sql<boolean>`exists (select 1 from warehouse_requests r where r.user_id = u.id)`;
    query = query.where(filters.withRequests ? sent : sql<boolean>`not ${sent}`);
  }
  return query;
}

const stockerColumns = [
  "u.id",
  "u.first_name",
  "u.last_name",
  "u.company",
  "u.request_business_name",
  "u.email",
  "u.account_type",
  "u.created_at",
  "u.has_confirmed_code",
  "u.active",
  "u.password_hash",
  "u.erased_at",
] as const;

/** The latest subscription's end (sub_date) and status, read by the user's index on subscriptions. */
const latestSubscription = sql<{ ends_at: Date | null; stripe_status: string } | null>`(
  select json_build_object('ends_at', s.ends_at, 'stripe_status', s.stripe_status)
  from subscriptions s where s.user_id = u.id and s.stripe_status <> 'incomplete'
  order by s.created_at desc, s.id desc limit 1)`;

export type UserPageArgs = { filters: UserListFilters; order?: UserOrder; limit: number; offset: number; matchesFirst: boolean };

const isNewestFirst = (order: UserOrder | undefined) => !order || (order.key === "created_at" && order.dir === "desc");

/**
 * One page of a role's list in its order, ties by id. Newest first with `matchesFirst`: cut from
 * the search's matches found first (db/searched-page.ts says when and why).
 */
function pageOf(db: Database, role: "stocker" | "stock_hunter", args: UserPageArgs) {
  const order = args.order ?? NEWEST_USERS_FIRST;
  if (!isNewestFirst(order) || !args.matchesFirst) {
    return usersOf(db, role, args.filters).orderBy(USER_SORT_KEYS[order.key], order.dir).orderBy("u.id", order.dir).limit(args.limit).offset(args.offset);
  }
  return db
    .selectFrom("users as u")
    .where("u.id", "in", newestMatchesPage(db, usersOf(db, role, args.filters).select(["u.id", "u.created_at"]), args))
    .orderBy("u.created_at", "desc")
    .orderBy("u.id", "desc");
}

/** Where a keyset page of an export starts: the last row's sort value and id. */
export type UserKeyset = Keyset;

/** One keyset page of a role's list in its order: rows after `after`, each with its sort value (sort_value) for the next. */
function exportPageOf(
  db: Database,
  role: "stocker" | "stock_hunter",
  args: { filters: UserListFilters; order: UserOrder; after: UserKeyset | null; size: number },
) {
  const key = USER_SORT_KEYS[args.order.key];
  let query = usersOf(db, role, args.filters);
  if (args.after) query = query.where(keysetAfter(key, "u.id", args.order.dir, args.after));
  return query.select(key.as("sort_value")).orderBy(key, args.order.dir).orderBy("u.id", args.order.dir).limit(args.size);
}

export function stockersPageQuery(db: Database, args: UserPageArgs) {
  return pageOf(db, "stocker", args).select(stockerColumns).select(latestSubscription.as("subscription"));
}

/** One page of the export in the list's order, by keyset, so 100,000 rows are read a page at a time. */
export function stockersExportQuery(db: Database, args: { filters: UserListFilters; order: UserOrder; after: UserKeyset | null; size: number }) {
  return exportPageOf(db, "stocker", args).select(stockerColumns).select(latestSubscription.as("subscription"));
}

export function stockersExportPage(db: Database, args: { filters: UserListFilters; order: UserOrder; after: UserKeyset | null; size: number }) {
  return stockersExportQuery(db, args).execute();
}

export async function countStockers(db: Database, filters: UserListFilters): Promise<number> {
  const row = await usersOf(db, "stocker", filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

const hunterColumns = [
  "u.id",
  "u.first_name",
  "u.last_name",
  "u.company",
  "u.email",
  "u.telephone",
  "u.created_at",
  "u.has_confirmed_code",
  "u.active",
  "u.erased_at",
] as const;

const requestsCount = sql<number>`(select count(*)::int from warehouse_requests r where r.user_id = u.id)`;

export function stockHuntersPageQuery(db: Database, args: UserPageArgs) {
  return pageOf(db, "stock_hunter", args).select(hunterColumns).select(requestsCount.as("requests_count"));
}

/** One page of the stock hunters' export in the list's order, by keyset. */
export function stockHuntersExportPage(db: Database, args: { filters: UserListFilters; order: UserOrder; after: UserKeyset | null; size: number }) {
  return exportPageOf(db, "stock_hunter", args).select(hunterColumns).select(requestsCount.as("requests_count")).execute();
}

export async function countStockHunters(db: Database, filters: UserListFilters): Promise<number> {
  const row = await usersOf(db, "stock_hunter", filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The ids of a role's list (every page), newest first as the list, at most `limit`: the rows a bulk action on "all matching" acts on. */
export async function userListIds(db: Database, args: { role: "stocker" | "stock_hunter"; filters: UserListFilters; limit: number }): Promise<number[]> {
  const rows = await usersOf(db, args.role, args.filters).select("u.id").orderBy("u.created_at", "desc").orderBy("u.id", "desc").limit(args.limit).execute();
  return rows.map((r) => r.id);
}

/** An account as switching it off or confirming it again needs it, locked for the transaction. */
export function lockUser(db: Database, args: { id: number }) {
  return db
    .selectFrom("users")
    .select(["id", "role", "email", "lang", "active", "password_hash", "has_confirmed_code", "erased_at"])
    .where("id", "=", args.id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setUserActiveFlag(db: Database, args: { userId: number; active: boolean }): Promise<void> {
  await db.updateTable("users").set({ active: args.active }).where("id", "=", args.userId).execute();
}
