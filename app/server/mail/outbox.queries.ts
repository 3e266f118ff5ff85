import { sql } from "kysely";
import type { Database } from "../db/database.ts";

export type OutboxMessage = { to: string; replyTo?: string | null; subject: string; html: string; text: string; template: string; lang: "it" | "en" };

export function insertOutboxMessages(db: Database, messages: OutboxMessage[]) {
  if (messages.length === 0) return Promise.resolve([]);
  return db
    .insertInto("mail_outbox")
    .values(messages.map((m) => ({ to_address: m.to, reply_to: m.replyTo ?? null, subject: m.subject, html: m.html, text: m.text, template: m.template, lang: m.lang })))
    .returning("id")
    .execute();
}

/**
 * Claim up to `limit` due messages for sending. SKIP LOCKED lets several app instances
 * share the outbox without sending a message twice; a message left 'sending' by a crash
 * is claimed again after `staleAfterSeconds`.
 */
export async function claimDueMessages(db: Database, args: { limit: number; staleAfterSeconds: number }) {
  const result = await sql<{ id: number; to_address: string; reply_to: string | null; subject: string; html: string; text: string; attempts: number }>`
    update mail_outbox set status = 'sending', next_attempt_at = now() + make_interval(secs => ${args.staleAfterSeconds})
    where id in (
      select id from mail_outbox
      where (status = 'pending' or status = 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${args.limit}
      for update skip locked
    )
    returning id, to_address, reply_to, subject, html, text, attempts`.execute(db);
  return result.rows;
}

export function markSent(db: Database, args: { id: number }) {
  return db.updateTable("mail_outbox").set({ status: "sent", sent_at: new Date(), last_error: null }).where("id", "=", args.id).execute();
}

export function markFailedAttempt(db: Database, args: { id: number; attempts: number; error: string; retryAt: Date | null }) {
  return db
    .updateTable("mail_outbox")
    .set({
      status: args.retryAt ? "pending" : "failed",
      attempts: args.attempts,
      last_error: args.error.slice(0, 2000),
      ...(args.retryAt ? { next_attempt_at: args.retryAt } : {}),
    })
    .where("id", "=", args.id)
    .execute();
}
