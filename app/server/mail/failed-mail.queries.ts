// SQL of the back office's undelivered e-mails: the outbox's messages that failed for good
// (status 'failed', after MAX_ATTEMPTS failed attempts), newest first, searched by recipient;
// and putting them back in the outbox's queue. Every statement reads the failed rows through
// their partial index (mail_outbox_failed_idx, migration 0030), never the sent ones.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { likePattern } from "../db/like.ts";

export type FailedMailFilters = { search: string | null };

function failedBase(db: Database, filters: FailedMailFilters) {
  let query = db.selectFrom("mail_outbox as o").where("o.status", "=", "failed");
  if (filters.search !== null) query = query.where("o.to_address", "ilike", likePattern(filters.search));
  return query;
}

/** One page of failed messages, newest first (the id breaks ties, as the index has it). Never the body. */
export function failedMailPageQuery(db: Database, args: { filters: FailedMailFilters; limit: number; offset: number }) {
  return failedBase(db, args.filters)
    .select(["o.id", "o.to_address", "o.subject", "o.template", "o.lang", "o.kind", "o.attempts", "o.last_error", "o.last_error_at", "o.created_at"])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(args.limit)
    .offset(args.offset);
}

export async function countFailedMail(db: Database, filters: FailedMailFilters): Promise<number> {
  const row = await failedBase(db, filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Failed messages back in the queue, as if new: pending, no attempt counted, due now (the
 * worker takes them on its next round). The last error stays until a send gets through.
 * `ids`: those messages only (the ones not failed are left as they are); otherwise every
 * failed message that matches `filters`. Answers the rows it changed.
 */
export async function requeueFailedMail(db: Database, args: { ids: number[] } | { filters: FailedMailFilters }) {
  if ("ids" in args && args.ids.length === 0) return [];
  let query = db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: sql`now()` })
    .where("status", "=", "failed");
  if ("ids" in args) query = query.where("id", "in", args.ids);
  else if (args.filters.search !== null) query = query.where("to_address", "ilike", likePattern(args.filters.search));
  return query.returning(["id", "to_address", "template"]).execute();
}

/** A message's status, to tell "no such message" from "not failed" when a requeue changed nothing. */
export async function outboxStatus(db: Database, id: number) {
  const row = await db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status ?? null;
}
