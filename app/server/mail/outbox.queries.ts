import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { EmailKind } from "../db/types.ts";

export type OutboxMessage = {
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  template: string;
  lang: "it" | "en";
  /** A notification's kind, and its List-Unsubscribe value; none for transactional mail. */
  kind?: EmailKind | null;
  listUnsubscribe?: string | null;
};

export function insertOutboxMessages(db: Database, messages: OutboxMessage[]) {
  if (messages.length === 0) return Promise.resolve([]);
  return db
    .insertInto("mail_outbox")
    .values(
      messages.map((m) => ({
        to_address: m.to,
        reply_to: m.replyTo ?? null,
        subject: m.subject,
        html: m.html,
        text: m.text,
        template: m.template,
        lang: m.lang,
        kind: m.kind ?? null,
        list_unsubscribe: m.listUnsubscribe ?? null,
      })),
    )
    .returning("id")
    .execute();
}

export type ClaimedMessage = {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  /** The List-Unsubscribe value of a notification (the transport adds the one-click header with it); null for transactional mail. */
  list_unsubscribe: string | null;
  attempts: number;
  created_at: Date;
};

/**
 * A claim: the messages, and the moment it goes stale. Every row of one claim gets the same
 * `next_attempt_at` (now() is fixed for the statement), and a later claim of the same rows can
 * only set a later one, so that value, kept as PostgreSQL's own text (microseconds; a JS Date
 * would round them away), identifies the claim in the marks that end it.
 */
export type Claim = { messages: ClaimedMessage[]; token: string | null };

/**
 * Claim up to `limit` due messages for sending. SKIP LOCKED lets several app instances
 * share the outbox without sending a message twice; a message left 'sending' by a crash
 * is claimed again after `staleAfterSeconds`.
 *
 * The locking select runs once, as a materialized CTE: written as `id in (select … limit …
 * for update skip locked)`, statistics that see an empty table (autoanalyze after a backlog
 * was sent) make PostgreSQL run it again for every row of a nested loop, and each run skips
 * the rows this statement already claimed and locks `limit` more, so one claim took every due
 * message.
 */
export async function claimDueMessages(db: Database, args: { limit: number; staleAfterSeconds: number }): Promise<Claim> {
  const result = await sql<ClaimedMessage & { claimed_until: string }>`
    with claimable as materialized (
      select id from mail_outbox
      where (status = 'pending' or status = 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${args.limit}
      for update skip locked
    )
    update mail_outbox set status = 'sending', next_attempt_at = now() + make_interval(secs => ${args.staleAfterSeconds})
    where id in (select id from claimable)
    returning id, to_address, reply_to, subject, html, text, list_unsubscribe, attempts, created_at, next_attempt_at::text as claimed_until`.execute(db);
  return { messages: result.rows.map(({ claimed_until: _, ...m }) => m), token: result.rows[0]?.claimed_until ?? null };
}

// The marks below change a row only while it is still held by the claim that sent it: if the
// claim had gone stale and another deliverer had taken the message, its outcome wins.

/** Mark delivered messages sent; returns how many rows the claim still held. */
export async function markSent(db: Database, args: { ids: number[]; token: string }): Promise<number> {
  if (args.ids.length === 0) return 0;
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: new Date(), last_error: null, last_error_at: null })
    .where("id", "in", args.ids)
    .where("status", "=", "sending")
    .where(sql<boolean>`next_attempt_at = ${args.token}::timestamptz`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markFailedAttempt(
  db: Database,
  args: { id: number; token: string; attempts: number; error: string; retryAt: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      status: args.retryAt ? "pending" : "failed",
      attempts: args.attempts,
      last_error: args.error.slice(0, 2000),
      last_error_at: sql`now()`,
      ...(args.retryAt ? { next_attempt_at: args.retryAt } : {}),
    })
    .where("id", "=", args.id)
    .where("status", "=", "sending")
    .where(sql<boolean>`next_attempt_at = ${args.token}::timestamptz`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hand claimed messages that were never handed to the transport back, due now, with no attempt counted. */
export async function releaseClaimed(db: Database, args: { ids: number[]; token: string }): Promise<number> {
  if (args.ids.length === 0) return 0;
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "pending", next_attempt_at: sql`now()` })
    .where("id", "in", args.ids)
    .where("status", "=", "sending")
    .where(sql<boolean>`next_attempt_at = ${args.token}::timestamptz`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
