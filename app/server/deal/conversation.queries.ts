// Reads and writes of the conversation on request links (request_messages, decision 036), and
// the counts its limits read (conversation-limits.ts). Plain functions of (db, args), so they
// run the same inside the transaction that writes a message.
//
// Indexes (migration 0026): a link's thread and its count by request_messages_link_id_idx
// (link_id, created_at, id); an author's recent messages by request_messages_author_created_at_idx;
// a request's links by the unique (warehouse_request_id, warehouse_id) index.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

export type MessageRow = {
  id: number;
  link_id: number;
  side: "hunter" | "handler";
  kind: "message" | "changes";
  body: string;
  author_id: number | null;
  author_first_name: string | null;
  created_at: Date;
};

function messagesQuery(db: Database) {
  return db
    .selectFrom("request_messages as msg")
    .leftJoin("users as a", "a.id", "msg.author_id")
    .select(["msg.id", "msg.link_id", "msg.side", "msg.kind", "msg.body", "msg.author_id", "a.first_name as author_first_name", "msg.created_at"])
    .orderBy("msg.created_at")
    .orderBy("msg.id");
}

/** A link's messages, oldest first, with each author's first name (null: a visitor, or a deleted account). */
export function listLinkMessages(db: Database, linkId: number): Promise<MessageRow[]> {
  return messagesQuery(db).where("msg.link_id", "=", linkId).execute();
}

/** The messages of every link of a request, oldest first. */
export function listRequestMessages(db: Database, requestId: number): Promise<MessageRow[]> {
  return messagesQuery(db)
    .where("msg.link_id", "in", (eb) =>
      eb.selectFrom("warehouse_request_warehouses as link").select("link.id").where("link.warehouse_request_id", "=", requestId),
    )
    .execute();
}

/** The links of a request (ids only), to check a link belongs to it. */
export function requestLinkIds(db: Database, requestId: number): Promise<{ id: number }[]> {
  return db.selectFrom("warehouse_request_warehouses").select("id").where("warehouse_request_id", "=", requestId).orderBy("id").execute();
}

export async function insertLinkMessage(
  db: Database,
  args: { linkId: number; side: "hunter" | "handler"; kind: "message" | "changes"; authorId: number | null; body: string },
): Promise<number> {
  const row = await db
    .insertInto("request_messages")
    .values({ link_id: args.linkId, side: args.side, kind: args.kind, author_id: args.authorId, body: args.body })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Serialises the limit checks of one author (a key such as "user:42" or "visitor:7") until the transaction ends. */
export async function lockMessageCounter(db: Database, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`message-limit:${key}`}, 0))`.execute(db);
}

/** Who a count is about: an account's messages, a visitor's (the requester's side of a request without an author), or a link's. */
export type MessageCounter = { authorId: number } | { visitorRequestId: number } | { linkId: number };

/** Messages of one counter since `since`, and the oldest of them. */
export async function countMessagesSince(db: Database, counter: MessageCounter, since: Date): Promise<{ count: number; oldest: Date | null }> {
  let query = db
    .selectFrom("request_messages as msg")
    .select((eb) => [eb.fn.countAll<string>().as("count"), eb.fn.min("msg.created_at").as("oldest")])
    .where("msg.created_at", ">", since);
  if ("authorId" in counter) query = query.where("msg.author_id", "=", counter.authorId);
  else if ("linkId" in counter) query = query.where("msg.link_id", "=", counter.linkId);
  else
    query = query
      .where("msg.side", "=", "hunter")
      .where("msg.author_id", "is", null)
      .where("msg.link_id", "in", (eb) =>
        eb.selectFrom("warehouse_request_warehouses as link").select("link.id").where("link.warehouse_request_id", "=", counter.visitorRequestId),
      );
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
}
