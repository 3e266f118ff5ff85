// The deal's shared reads (decision 036): a request link with everything a step of the deal
// needs to decide and to tell the other side, the people who handle a warehouse, and the
// personal links of requests.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

/**
 * A request link with its warehouse, its request (what was asked) and the requester's account
 * (null fields for a visitor). `lock` takes the link's row for update, so two steps on the same
 * link (two offers, an offer and an acceptance) happen one after the other.
 */
export function findDealLink(db: Database, linkId: number, opts: { lock?: boolean } = {}) {
  const query = db
    .selectFrom("warehouse_request_warehouses as link")
    .innerJoin("warehouses as w", "w.id", "link.warehouse_id")
    .innerJoin("warehouse_requests as r", "r.id", "link.warehouse_request_id")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select(["link.id", "link.state", "link.warehouse_id", "link.warehouse_request_id", "link.answered_at"])
    .select(["w.name as warehouse_name", "w.city as warehouse_city", "w.user_id as owner_id", "w.redeemed", "w.referent_id"])
    .select(["r.user_id as requester_id", "r.contact", "r.lang as request_lang", "r.m2_type", "r.m2_value", "r.start_date", "r.end_date"])
    .select([
      "u.email as requester_email",
      "u.first_name as requester_first_name",
      "u.lang as requester_lang",
      "u.role as requester_role",
      "u.active as requester_active",
    ])
    .where("link.id", "=", linkId);
  return (opts.lock ? query.forUpdate("link") : query).executeTakeFirst();
}

export type DealLink = NonNullable<Awaited<ReturnType<typeof findDealLink>>>;

/** The accounts among `ids` (a warehouse's owner and referent), to notify. */
export function findUsersToNotify(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").select(["id", "email", "first_name", "lang", "role", "active"]).where("id", "in", ids).execute();
}

// ---------------------------------------------------------------- personal links of requests

/** The request's personal link that still works (the newest), if any. */
export function findLiveRequestAccess(db: Database, requestId: number) {
  return db
    .selectFrom("request_access_tokens")
    .select(["id", "token_salt"])
    .where("warehouse_request_id", "=", requestId)
    .where("revoked_at", "is", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function insertRequestAccess(db: Database, args: { requestId: number; salt: Buffer }) {
  return db
    .insertInto("request_access_tokens")
    .values({ warehouse_request_id: args.requestId, token_salt: args.salt })
    .returning(["id", "token_salt"])
    .executeTakeFirstOrThrow();
}

/** A personal link by its salt, whether revoked or not (the caller decides). */
export function findRequestAccessBySalt(db: Database, salt: Buffer) {
  return db.selectFrom("request_access_tokens").select(["id", "warehouse_request_id", "revoked_at"]).where("token_salt", "=", salt).executeTakeFirst();
}

export async function touchRequestAccess(db: Database, id: number): Promise<void> {
  await db
    .updateTable("request_access_tokens")
    .set({ last_used_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

/** Revokes every live personal link of a request; returns how many. */
export async function revokeRequestAccess(db: Database, requestId: number): Promise<number> {
  const result = await db
    .updateTable("request_access_tokens")
    .set({ revoked_at: sql`now()` })
    .where("warehouse_request_id", "=", requestId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
