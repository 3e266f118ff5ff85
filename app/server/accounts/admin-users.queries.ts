// The back office's lists of stockers and stock hunters (pages and JSON calls). Searches
// use the users' pg_trgm indexes (migration 0001); a stocker's subscription is its latest one.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { likePattern } from "../db/like.ts";
import { newestMatchesPage } from "../db/searched-page.ts";

/** all, active (a subscription runs), expired (had one, none runs now). */
export type SubscriptionFilter = "all" | "active" | "expired";

export type UserListFilters = { search: string | null; subType?: SubscriptionFilter };

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
] as const;

/** The latest subscription's end (sub_date) and status, read by the user's index on subscriptions. */
const latestSubscription = sql<{ ends_at: Date | null; stripe_status: string } | null>`(
  select json_build_object('ends_at', s.ends_at, 'stripe_status', s.stripe_status)
  from subscriptions s where s.user_id = u.id and s.stripe_status <> 'incomplete'
  order by s.created_at desc, s.id desc limit 1)`;

export type UserPageArgs = { filters: UserListFilters; limit: number; offset: number; matchesFirst: boolean };

/**
 * One page of a role's list, newest first (ties by id). `matchesFirst`: cut from the search's
 * matches found first (db/searched-page.ts says when and why).
 */
function pageOf(db: Database, role: "stocker" | "stock_hunter", args: UserPageArgs) {
  const page = args.matchesFirst
    ? db.selectFrom("users as u").where("u.id", "in", newestMatchesPage(db, usersOf(db, role, args.filters).select(["u.id", "u.created_at"]), args))
    : usersOf(db, role, args.filters).limit(args.limit).offset(args.offset);
  return page.orderBy("u.created_at", "desc").orderBy("u.id", "desc");
}

export function stockersPageQuery(db: Database, args: UserPageArgs) {
  return pageOf(db, "stocker", args).select(stockerColumns).select(latestSubscription.as("subscription"));
}

/** One page of the export, by keyset on id (newest first), so 100,000 rows are read a page at a time. */
export function stockersExportPage(db: Database, args: { filters: UserListFilters; afterId: number | null; size: number }) {
  let query = usersOf(db, "stocker", args.filters).select(stockerColumns).select(latestSubscription.as("subscription"));
  if (args.afterId !== null) query = query.where("u.id", "<", args.afterId);
  return query.orderBy("u.id", "desc").limit(args.size).execute();
}

export async function countStockers(db: Database, filters: UserListFilters): Promise<number> {
  const row = await usersOf(db, "stocker", filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function stockHuntersPageQuery(db: Database, args: UserPageArgs) {
  return pageOf(db, "stock_hunter", args)
    .select(["u.id", "u.first_name", "u.last_name", "u.company", "u.email", "u.telephone", "u.created_at", "u.has_confirmed_code", "u.active"])
    .select((eb) =>
      eb
        .selectFrom("warehouse_requests as r")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("r.user_id", "=", "u.id")
        .as("requests_count"),
    );
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
