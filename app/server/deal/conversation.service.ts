// The conversation on each request link (decision 036): the requester and the warehouse's
// handlers (its owner and its referent) write to each other, plain text, and each message is
// told to the other side in the app and by e-mail (notifyDealStep). An administrator reads a
// thread for support from the back office, audited, and never writes in it.
//
// Who may read and write a link's thread:
// - a handler: the owner (a stocker) or the referent of the link's warehouse, acting in their own
//   area (an administrator looking at a stocker's area reads, never writes). 404 for a link that
//   does not exist, 403 for one of a warehouse they do not handle, as the state change answers;
// - the requester with an account: the request's user, else 404 (ids are not probed);
// - a visitor through the request's personal link: a link of that request, else 404.
//
// Messages are stored as typed (trimmed, line ends as "\n") and are only ever shown as text.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import type { ConversationMessage, LinkConversationData } from "../../lib/conversation.ts";
import { ForbiddenError, NotFoundError, RateLimitError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { m } from "../../paraglide/messages.js";
import { findDealLink, type DealLink } from "./deal.queries.ts";
import { notifyDealStep } from "./deal-notify.service.ts";
import {
  countMessagesSince,
  insertLinkMessage,
  listLinkMessages,
  listRequestMessages,
  lockMessageCounter,
  requestLinkIds,
  type MessageCounter,
  type MessageRow,
} from "./conversation.queries.ts";
import {
  MESSAGES_PER_AUTHOR_HOUR,
  MESSAGES_PER_AUTHOR_MINUTE,
  MESSAGES_PER_LINK_DAY,
  MESSAGES_PER_VISITOR_HOUR,
  type MessageLimit,
} from "./conversation-limits.ts";

/** Who reads or writes a thread. */
export type ConversationParty =
  | { kind: "handler"; actor: Actor; owner: { id: number; role: "stocker" | "referent" }; asAdmin: boolean }
  | { kind: "hunter"; userId: number }
  | { kind: "visitor"; requestId: number };

/** The error code of a refused message over a limit (its sentence names the limits). */
export const TOO_MANY_MESSAGES = "too_many_messages";

/** Checks that `who` may read (or write) the thread of `link`; a missing link is 404. */
function checkParty(link: DealLink | undefined, who: ConversationParty, write: boolean): DealLink {
  if (!link) throw new NotFoundError();
  if (who.kind === "hunter") {
    if (link.requester_id !== who.userId) throw new NotFoundError();
    return link;
  }
  if (who.kind === "visitor") {
    if (link.warehouse_request_id !== who.requestId) throw new NotFoundError();
    return link;
  }
  const { actor, owner } = who;
  const actsForOwner = who.asAdmin ? actor.role === "admin" : actor.id === owner.id && actor.role === owner.role;
  if (!actsForOwner) throw new ForbiddenError();
  const handles = owner.role === "stocker" ? link.owner_id === owner.id : link.referent_id === owner.id;
  if (!handles) throw new ForbiddenError();
  // An administrator reads a thread for support; the thread is the requester's and the handlers' own.
  if (write && who.asAdmin) throw new ForbiddenError("read_only");
  return link;
}

/** A message as `viewer` reads it. */
function messageView(row: MessageRow, viewer: ConversationParty | { kind: "admin" }, locale: Locale): ConversationMessage {
  const handlerName = row.author_first_name?.trim() || m.thr_author_warehouse({}, { locale });
  const mine = row.side === "hunter" ? viewer.kind === "hunter" || viewer.kind === "visitor" : viewer.kind === "handler" && row.author_id === viewer.owner.id;
  const other = row.side === "hunter" ? m.thr_author_requester({}, { locale }) : handlerName;
  const author = mine ? m.thr_author_you({}, { locale }) : other;
  return { message_id: row.id, side: row.side, kind: row.kind, body: row.body, author, mine, created_at: row.created_at };
}

/** GET …/warehouse-requests/{id}/messages: the link's thread, oldest first. */
export async function linkMessages(db: Database, who: ConversationParty, linkId: number, opts: { locale: Locale }): Promise<LinkConversationData> {
  checkParty(await findDealLink(db, linkId), who, false);
  const rows = await listLinkMessages(db, linkId);
  return { messages: rows.map((row) => messageView(row, who, opts.locale)) };
}

/**
 * The threads of every link of a request, by link id (a link without messages has an empty
 * list), for the requester's page of one request. 404 when the request is not the party's.
 */
export async function requestMessages(
  db: Database,
  who: Extract<ConversationParty, { kind: "hunter" | "visitor" }>,
  requestId: number,
  opts: { locale: Locale },
): Promise<Map<number, LinkConversationData>> {
  if (who.kind === "visitor" && who.requestId !== requestId) throw new NotFoundError();
  const links = await requestLinkIds(db, requestId);
  const first = links[0] ? await findDealLink(db, links[0].id) : undefined;
  // A request without links, or another requester's: not found alike.
  checkParty(first, who, false);
  const threads = new Map<number, LinkConversationData>(links.map((l) => [l.id, { messages: [] }]));
  for (const row of await listRequestMessages(db, requestId)) threads.get(row.link_id)?.messages.push(messageView(row, who, opts.locale));
  return threads;
}

/** 429 when a counter is full: `max` messages already in its window. */
async function refuseOver(trx: Database, counter: MessageCounter, limit: MessageLimit): Promise<void> {
  const now = Date.now();
  const { count, oldest } = await countMessagesSince(trx, counter, new Date(now - limit.windowSeconds * 1000));
  if (count >= limit.max) {
    const retryAfter = oldest ? Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now) / 1000) : limit.windowSeconds;
    throw new RateLimitError(Math.max(1, retryAfter), TOO_MANY_MESSAGES);
  }
}

/**
 * The limits of conversation-limits.ts for one more message on `link` by `author` (an account's
 * id, or null for a visitor). Call inside the transaction that writes it, the link locked
 * (findDealLink with lock). Exported for every step that stores a message (asking for changes).
 */
export async function refuseOverMessageLimits(trx: Database, link: Pick<DealLink, "id" | "warehouse_request_id">, authorId: number | null): Promise<void> {
  const key = authorId !== null ? `user:${authorId}` : `visitor:${link.warehouse_request_id}`;
  await lockMessageCounter(trx, key);
  const author: MessageCounter = authorId !== null ? { authorId } : { visitorRequestId: link.warehouse_request_id };
  await refuseOver(trx, author, MESSAGES_PER_AUTHOR_MINUTE);
  await refuseOver(trx, author, authorId !== null ? MESSAGES_PER_AUTHOR_HOUR : MESSAGES_PER_VISITOR_HOUR);
  await refuseOver(trx, { linkId: link.id }, MESSAGES_PER_LINK_DAY);
}

/** Who wrote a message: an account, or nobody for a visitor's personal link. */
function authorOf(who: ConversationParty): number | null {
  if (who.kind === "handler") return who.owner.id;
  if (who.kind === "hunter") return who.userId;
  return null;
}

/**
 * POST …/warehouse-requests/{id}/messages: stores the message on the link and tells the other
 * side (the requester, or the owner and the referent), in one transaction.
 */
export async function postMessage(
  db: Database,
  who: ConversationParty,
  linkId: number,
  input: { message: string },
  ctx: { origin: string },
): Promise<{ message_id: number }> {
  return db.transaction().execute(async (trx) => {
    const link = checkParty(await findDealLink(trx, linkId, { lock: true }), who, true);
    const authorId = authorOf(who);
    await refuseOverMessageLimits(trx, link, authorId);
    const side = who.kind === "handler" ? "handler" : "hunter";
    // As typed, with one kind of line end (a form posts "\r\n").
    const body = input.message.replace(/\r\n?/g, "\n");
    const messageId = await insertLinkMessage(trx, { linkId: link.id, side, kind: "message", authorId, body });
    await notifyDealStep(trx, link, { event: "message", to: side === "hunter" ? "handlers" : "hunter", quote: body }, ctx);
    return { message_id: messageId };
  });
}

/**
 * GET /api/admin/warehouse-requests/{id}/messages: an administrator reads a link's thread for
 * support, from the back office's request card; the read is written to the audit log in its
 * transaction.
 */
export async function adminLinkMessages(db: Database, actor: Actor, linkId: number, opts: { locale: Locale }): Promise<LinkConversationData> {
  if (actor.role !== "admin") throw new ForbiddenError();
  return db.transaction().execute(async (trx) => {
    const link = await findDealLink(trx, linkId);
    if (!link) throw new NotFoundError();
    const rows = await listLinkMessages(trx, linkId);
    await auditAdminAction(trx, actor, {
      action: "warehouse_request.thread_read",
      entityType: "warehouse_request",
      entityId: link.warehouse_request_id,
      details: { link_id: link.id, warehouse_id: link.warehouse_id, messages: rows.length },
    });
    return { messages: rows.map((row) => messageView(row, { kind: "admin" }, opts.locale)) };
  });
}
