// SQL of the back office's undelivered e-mails: the outbox's messages that failed for good
// (status 'failed', after MAX_ATTEMPTS failed attempts), searched by recipient, filtered by
// template and language, in the list's order; and putting them back in the outbox's queue.
// Every statement reads the failed rows through their partial index (mail_outbox_failed_idx,
// migration 0030), never the sent ones: the failed are few, so any order sorts them in memory.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { likePattern } from "../db/like.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { FailedEmailsOrderKey } from "../../lib/list-params.ts";
import type { Locale } from "../../lib/locale.ts";

export type FailedMailFilters = { search: string | null; template?: string; lang?: Locale };

export const NEWEST_FAILED_FIRST: ListOrder<FailedEmailsOrderKey> = { key: "created_at", dir: "desc" };

const SORT_COLUMNS = { created_at: "o.created_at", recipient: "o.to_address", attempts: "o.attempts" } as const;

function failedBase(db: Database, filters: FailedMailFilters) {
  let query = db.selectFrom("mail_outbox as o").where("o.status", "=", "failed");
  if (filters.search !== null) query = query.where("o.to_address", "ilike", likePattern(filters.search));
  if (filters.template) query = query.where("o.template", "=", filters.template);
  if (filters.lang) query = query.where("o.lang", "=", filters.lang);
  return query;
}

/**
 * One page of failed messages in the list's order (ties by the newest, then the id, as the index
 * has them); without `limit`, every one (the export). Never the body.
 */
export function failedMailPageQuery(
  db: Database,
  args: { filters: FailedMailFilters; order?: ListOrder<FailedEmailsOrderKey>; limit?: number; offset?: number },
) {
  const order = args.order ?? NEWEST_FAILED_FIRST;
  let query = failedBase(db, args.filters)
    // The recipient's account, when the address is one's (one unique-index lookup a row): the row opens it.
    .leftJoin("users as u", (join) => join.on(sql`lower(u.email)`, "=", sql`lower(o.to_address)`))
    .select(["o.id", "o.to_address", "o.subject", "o.template", "o.lang", "o.kind", "o.attempts", "o.last_error", "o.last_error_at", "o.created_at"])
    .select(["u.id as user_id", "u.role as user_role"])
    .orderBy(sql.ref(SORT_COLUMNS[order.key]), order.dir);
  if (order.key !== "created_at") query = query.orderBy("o.created_at", "desc");
  query = query.orderBy("o.id", order.key === "created_at" ? order.dir : "desc");
  if (args.limit !== undefined) query = query.limit(args.limit).offset(args.offset ?? 0);
  return query;
}

export async function countFailedMail(db: Database, filters: FailedMailFilters): Promise<number> {
  const row = await failedBase(db, filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The templates of the failed messages, for the list's filter: only those there are. */
export async function failedMailTemplates(db: Database): Promise<string[]> {
  const rows = await failedBase(db, { search: null }).select("o.template").distinct().orderBy("o.template").execute();
  return rows.map((r) => r.template);
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
  else {
    const { search, template, lang } = args.filters;
    if (search !== null) query = query.where("to_address", "ilike", likePattern(search));
    if (template) query = query.where("template", "=", template);
    if (lang) query = query.where("lang", "=", lang);
  }
  return query.returning(["id", "to_address", "template"]).execute();
}

/** A message's status, to tell "no such message" from "not failed" when a requeue changed nothing. */
export async function outboxStatus(db: Database, id: number) {
  const row = await db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status ?? null;
}
