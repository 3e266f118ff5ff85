// The requester's answers to offers (decision 036): the reads and writes of accepting,
// declining and asking for changes. Functions of (db, args); the service decides.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

/** An offer with the link and request it answers (to tell whose it is), or undefined. */
export function findOfferToAnswer(db: Database, offerId: number) {
  return db
    .selectFrom("request_offers as o")
    .innerJoin("warehouse_request_warehouses as link", "link.id", "o.link_id")
    .innerJoin("warehouse_requests as r", "r.id", "link.warehouse_request_id")
    .select(["o.id", "o.link_id", "o.state", "o.valid_until", "link.warehouse_request_id", "r.user_id as requester_id"])
    .where("o.id", "=", offerId)
    .executeTakeFirst();
}

/** The request a link belongs to and its requester's account (null for a visitor), or undefined. */
export function findLinkRequest(db: Database, linkId: number) {
  return db
    .selectFrom("warehouse_request_warehouses as link")
    .innerJoin("warehouse_requests as r", "r.id", "link.warehouse_request_id")
    .select(["link.id", "link.warehouse_request_id", "r.user_id as requester_id"])
    .where("link.id", "=", linkId)
    .executeTakeFirst();
}

/**
 * Takes a request's row for update: every answer on the offers of one request waits for the
 * one before, so accepting one offer while declining the others never crosses another answer
 * of the same request (the links are then locked one by one, in id order).
 */
export async function lockRequestForAnswers(db: Database, requestId: number): Promise<void> {
  await db.selectFrom("warehouse_requests").select("id").where("id", "=", requestId).forUpdate().execute();
}

/** The open offer of a link (at most one), if any. */
export function findOpenOffer(db: Database, linkId: number) {
  return db
    .selectFrom("request_offers")
    .select(["id", "link_id", "state", "valid_until"])
    .where("link_id", "=", linkId)
    .where("state", "=", "open")
    .executeTakeFirst();
}

/** The open offers on the request's other links, by link id. */
export function findOtherOpenOffers(db: Database, args: { requestId: number; exceptLinkId: number }) {
  return db
    .selectFrom("request_offers as o")
    .innerJoin("warehouse_request_warehouses as link", "link.id", "o.link_id")
    .select(["o.id", "o.link_id"])
    .where("link.warehouse_request_id", "=", args.requestId)
    .where("o.link_id", "!=", args.exceptLinkId)
    .where("o.state", "=", "open")
    .orderBy("o.link_id")
    .execute();
}

/**
 * Moves an open offer to `state` (accepted or declined) and returns its id, or undefined when
 * it is no longer open.
 */
export function answerOpenOffer(db: Database, args: { offerId: number; state: "accepted" | "declined"; reason?: string | null }) {
  return db
    .updateTable("request_offers")
    .set({ state: args.state, state_changed_at: sql<Date>`now()`, ...(args.state === "declined" ? { decline_reason: args.reason ?? null } : {}) })
    .where("id", "=", args.offerId)
    .where("state", "=", "open")
    .returning("id")
    .executeTakeFirst();
}

export function insertChangesMessage(db: Database, args: { linkId: number; authorId: number | null; body: string }) {
  return db
    .insertInto("request_messages")
    .values({ link_id: args.linkId, side: "hunter", kind: "changes", author_id: args.authorId, body: args.body })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Serialises the per-requester count of asks for changes (two links of one request at once). */
export async function lockChangesCounter(db: Database, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`ask-changes:${key}`}, 0))`.execute(db);
}

/**
 * Asks for changes since `since`, on one link or on every link of the requester's requests (a
 * hunter's by account, a visitor's request by id), and the oldest of them.
 */
export async function countChangesAskedSince(
  db: Database,
  args: { since: Date } & ({ linkId: number } | { userId: number } | { requestId: number }),
): Promise<{ count: number; oldest: Date | null }> {
  let query = db
    .selectFrom("request_messages as msg")
    .innerJoin("warehouse_request_warehouses as link", "link.id", "msg.link_id")
    .select((eb) => [eb.fn.countAll<string>().as("count"), eb.fn.min("msg.created_at").as("oldest")])
    .where("msg.kind", "=", "changes")
    .where("msg.side", "=", "hunter")
    .where("msg.created_at", ">=", args.since);
  if ("linkId" in args) query = query.where("msg.link_id", "=", args.linkId);
  else if ("requestId" in args) query = query.where("link.warehouse_request_id", "=", args.requestId);
  else query = query.where("link.warehouse_request_id", "in", (eb) => eb.selectFrom("warehouse_requests").select("id").where("user_id", "=", args.userId));
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest as Date | string) : null };
}
