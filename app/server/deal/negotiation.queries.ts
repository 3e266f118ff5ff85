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
