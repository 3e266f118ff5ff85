import { sql } from "kysely";
import type { Database } from "../db/database.ts";

export type OutboxBacklog = { pending: number; sending: number; failed: number; oldestDueSeconds: number };

/**
 * The outbox's backlog, read at every scrape: the messages waiting, being sent and failed for
 * good, and how long the oldest message due has waited. Each count names one status, so it reads
 * only that status's partial index (mail_outbox_pending_idx, mail_outbox_sending_idx,
 * mail_outbox_failed_idx), never the sent messages, however many the outbox keeps.
 */
export function outboxBacklogQuery() {
  return sql<OutboxBacklog>`
    select
      (select count(*) from mail_outbox where status = 'pending')::int as pending,
      (select count(*) from mail_outbox where status = 'sending')::int as sending,
      (select count(*) from mail_outbox where status = 'failed')::int as failed,
      coalesce(extract(epoch from now() - (select min(next_attempt_at) from mail_outbox where status = 'pending' and next_attempt_at <= now())), 0)::float8
        as "oldestDueSeconds"`;
}

export async function readOutboxBacklog(db: Database): Promise<OutboxBacklog> {
  const { rows } = await outboxBacklogQuery().execute(db);
  return rows[0]!;
}
