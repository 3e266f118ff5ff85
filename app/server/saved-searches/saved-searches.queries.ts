// Reads and writes of saved searches (saved-searches.service.ts decides). Plain functions of
// (db, args), so they run the same inside a transaction.
//
// Indexes (migration 0028): a hunter's list and count by saved_searches_user_idx (user_id,
// created_at desc, id desc), tested on a large table in saved-searches.db.test.ts; a visitor's
// address by saved_searches_email_idx (lower(email)); a confirmation link by the unique
// confirm_token_hash.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { Insertable } from "kysely";
import type { SavedSearchesTable } from "../db/types.ts";
import type { Locale } from "../../lib/locale.ts";
import type { SavedSearchSpecification } from "../../lib/saved-searches.ts";

/** Serialises the saves of one owner (an account or an address) until the transaction ends, so its cap holds under concurrent saves. */
export async function lockSavedSearchOwner(db: Database, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`saved-searches:${key}`}, 0))`.execute(db);
}

/** A search's criteria and name, as saved_search_data carries them. */
export type SavedSearchCriteria = Pick<
  Insertable<SavedSearchesTable>,
  "name" | "location" | "lat" | "lng" | "radius" | "start_date" | "end_date" | "m2_type" | "m2_value" | "specification_ids"
>;

/** A stock hunter's search: the account's, confirmed and active from now. */
export function insertHunterSavedSearch(db: Database, args: { criteria: SavedSearchCriteria; userId: number; lang: Locale }) {
  return db
    .insertInto("saved_searches")
    .values({ ...args.criteria, user_id: args.userId, lang: args.lang, confirmed_at: sql<Date>`now()`, active_since: sql<Date>`now()` })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

/** A visitor's search: unconfirmed, its link's hash valid `days` days from now, the privacy consent given now. */
export function insertVisitorSavedSearch(db: Database, args: { criteria: SavedSearchCriteria; email: string; lang: Locale; tokenHash: string; days: number }) {
  return db
    .insertInto("saved_searches")
    .values({
      ...args.criteria,
      email: args.email,
      lang: args.lang,
      confirm_token_hash: args.tokenHash,
      confirm_expires_at: sql<Date>`now() + make_interval(days => ${args.days})`,
      privacy_accepted_at: sql<Date>`now()`,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

/** How many saved searches a stock hunter has (saved_searches_user_idx). */
export function userSavedSearchesCountQuery(db: Database, userId: number) {
  return db
    .selectFrom("saved_searches")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId);
}

export async function countUserSavedSearches(db: Database, userId: number): Promise<number> {
  return Number((await userSavedSearchesCountQuery(db, userId).executeTakeFirstOrThrow()).n);
}

/** How many saved searches an address holds that count: confirmed, or still waiting with a link that works. */
export async function countAddressSavedSearches(db: Database, email: string): Promise<number> {
  const row = await db
    .selectFrom("saved_searches")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .where((eb) => eb.or([eb("confirmed_at", "is not", null), eb("confirm_expires_at", ">", sql<Date>`now()`)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const LIST_FIELDS = [
  "s.id",
  "s.name",
  "s.location",
  "s.lat",
  "s.lng",
  "s.radius",
  "s.start_date",
  "s.end_date",
  "s.m2_type",
  "s.m2_value",
  "s.specification_ids",
  "s.paused",
  "s.confirmed_at",
  "s.lang",
  "s.created_at",
] as const;

/** One page of a stock hunter's saved searches, newest first (ties by id): saved_searches_user_idx. */
export function userSavedSearchesPageQuery(db: Database, args: { userId: number; limit: number; offset: number }) {
  return db
    .selectFrom("saved_searches as s")
    .select(LIST_FIELDS)
    .where("s.user_id", "=", args.userId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(args.limit)
    .offset(args.offset);
}

/** The specifications of these ids that exist, named in `locale`, in the catalogue's order. */
export function specificationsNamed(db: Database, args: { ids: number[]; locale: Locale }): Promise<SavedSearchSpecification[]> {
  if (args.ids.length === 0) return Promise.resolve([]);
  const value = args.locale === "en" ? sql<string>`coalesce(value_en, value)` : sql<string>`value`;
  return db
    .selectFrom("specifications")
    .select(["id", value.as("value"), "cat_id"])
    .where("id", "in", args.ids)
    .orderBy("cat_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** How many of these specification ids exist. */
export async function countSpecifications(db: Database, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom("specifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A saved search's owner and state, by id; `lock` takes its row for update. */
export function findSavedSearch(db: Database, id: number, opts: { lock?: boolean } = {}) {
  const query = db.selectFrom("saved_searches").select(["id", "user_id", "email", "paused", "confirmed_at"]).where("id", "=", id);
  return (opts.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Renames, pauses or resumes one search; a resume (`resumed`) starts its active time again. */
export async function updateSavedSearchRow(db: Database, args: { id: number; name?: string; paused?: boolean; resumed: boolean }): Promise<void> {
  await db
    .updateTable("saved_searches")
    .set({
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.paused !== undefined ? { paused: args.paused } : {}),
      ...(args.resumed ? { active_since: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", args.id)
    .execute();
}

export async function deleteSavedSearchRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom("saved_searches").where("id", "=", id).execute();
}

/** The search a confirmation link names (by the token's hash); `lock` takes its row for update. */
export function findByConfirmToken(db: Database, tokenHash: string, opts: { lock?: boolean } = {}) {
  const query = db.selectFrom("saved_searches").select(["id", "confirm_expires_at"]).where("confirm_token_hash", "=", tokenHash);
  return (opts.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Confirms a visitor's search: active from now, its link gone. */
export async function confirmSavedSearchRow(db: Database, id: number): Promise<void> {
  await db
    .updateTable("saved_searches")
    .set({
      confirmed_at: sql<Date>`now()`,
      active_since: sql<Date>`now()`,
      confirm_token_hash: null,
      confirm_expires_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Visitors' searches never confirmed whose link expired more than a day ago: the address was
 * never proven and nothing will ever be sent to it, so neither it nor the search is kept.
 */
export function deleteExpiredUnconfirmed(db: Database) {
  return db
    .deleteFrom("saved_searches")
    .where("confirmed_at", "is", null)
    .where("user_id", "is", null)
    .where("confirm_expires_at", "<", sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
}
