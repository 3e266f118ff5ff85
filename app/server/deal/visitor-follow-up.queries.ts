// The reads and writes of a visitor's follow-up (visitor-follow-up.service.ts): the request a
// personal link opens, its owner, and the personal link a registration carries.
import type { Database } from "../db/database.ts";

/** The request behind a personal link: who owns it (null for a visitor) and where its mails go. `lock` takes its row for update. */
export function findFollowedRequest(db: Database, requestId: number, opts: { lock?: boolean } = {}) {
  const query = db.selectFrom("warehouse_requests").select(["id", "user_id", "contact", "lang"]).where("id", "=", requestId);
  return (opts.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Gives a visitor's request to an account; false when it already has one (nothing changed). */
export async function setRequestOwner(db: Database, args: { requestId: number; userId: number }): Promise<boolean> {
  const result = await db
    .updateTable("warehouse_requests")
    .set({ user_id: args.userId })
    .where("id", "=", args.requestId)
    .where("user_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A personal link by its row id, with its request (the registration's cookie names the row). */
export function findRequestAccessById(db: Database, id: number) {
  return db.selectFrom("request_access_tokens").select(["id", "warehouse_request_id", "revoked_at"]).where("id", "=", id).executeTakeFirst();
}

/** A visitor's request by its number and contact address (any case), for "send me my link again". */
export function findVisitorRequestByContact(db: Database, args: { requestId: number; contact: string }) {
  return db
    .selectFrom("warehouse_requests")
    .select(["id", "contact", "lang"])
    .where("id", "=", args.requestId)
    .where("user_id", "is", null)
    .where((eb) => eb(eb.fn("lower", ["contact"]), "=", args.contact.toLowerCase()))
    .executeTakeFirst();
}

/** The account a request moves into. */
export function findAccountForTakeover(db: Database, userId: number) {
  return db.selectFrom("users").select(["id", "email", "role", "active"]).where("id", "=", userId).executeTakeFirst();
}
