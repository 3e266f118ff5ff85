// The back office's counters: what waits for an administrator (the layout's navigation badges,
// the undelivered e-mails' card of the dashboard)
// and the dashboard's numbers: the spec's six, the work queue (what waits and since when, decision
// 046), then the saved searches, the alert e-mails sent and the unsubscribes (decision 038). The layout's is one statement of scalar subqueries, every
// one read from a partial or leading-column index, so the layout can afford it on every /admin
// page; the dashboard's are read only on the dashboard.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { EmailKind } from "../db/types.ts";
import { RUNNING_STATUSES } from "../billing/subscriptions.queries.ts";
import { EMAIL_KINDS } from "../../lib/email-preferences.ts";

/** One queue of what waits for an administrator: how many, and since when the oldest waits (null when none). */
export type WaitingQueue = { count: number; oldest_at: Date | null };

/**
 * The dashboard's work queue: what waits and for how long, each queue as its list shows it.
 * The age of a hub request is its warehouse's (the hub list's order); a CRM follow-up's is its
 * event's day (midnight in Italy).
 */
export type WorkQueue = {
  new_stockers: WaitingQueue;
  hub_requests: WaitingQueue;
  transfers: WaitingQueue;
  crm_follow_ups: WaitingQueue;
  failed_emails: WaitingQueue;
  warehouse_reports: WaitingQueue;
};

/**
 * The statement of the work queue (exported for its query-plan test): a count and a min() per
 * queue, each read from the partial or leading-column index of its rows, so only waiting rows are
 * read: users_approval_status_idx, warehouses_to_approve_idx, subscriptions_stripe_status_idx and
 * subscription_additions_waiting_idx, crm_entries_follow_up_idx, mail_outbox_failed_idx and the
 * open warehouse reports' reports_open_warehouse_idx (migration 0031).
 */
export function workQueueQuery() {
  return sql<{ [K in keyof WorkQueue as `${K}_count`]: number } & { [K in keyof WorkQueue as `${K}_oldest`]: Date | null }>`
    select
      s.new_stockers_count, s.new_stockers_oldest,
      h.hub_requests_count, h.hub_requests_oldest,
      ${transfersWaiting} as transfers_count,
      least(t.subscriptions_oldest, t.additions_oldest) as transfers_oldest,
      c.crm_follow_ups_count, (c.crm_follow_ups_day::timestamp at time zone 'Europe/Rome') as crm_follow_ups_oldest,
      f.failed_emails_count, f.failed_emails_oldest,
      r.warehouse_reports_count, r.warehouse_reports_oldest
    from
      (select count(*)::int as new_stockers_count, min(created_at) as new_stockers_oldest from users where approval_status = 'pending') s,
      (select count(*)::int as hub_requests_count, min(created_at) as hub_requests_oldest from warehouses where to_approve) h,
      (select
         (select min(created_at) from subscriptions where stripe_status = 'pending_transfer') as subscriptions_oldest,
         (select min(a.created_at) from subscription_additions a join subscriptions s on s.id = a.subscription_id
          where a.status = 'pending_transfer' and s.stripe_status in (${sql.join(RUNNING_STATUSES)})) as additions_oldest) t,
      (select count(*)::int as crm_follow_ups_count, min(date) as crm_follow_ups_day from crm_entries where follow_up and follow_up_done = false) c,
      (select count(*)::int as failed_emails_count, min(created_at) as failed_emails_oldest from mail_outbox where status = 'failed') f,
      (select count(*)::int as warehouse_reports_count, min(created_at) as warehouse_reports_oldest from reports where target = 'warehouse' and closed_at is null) r
  `;
}

const QUEUES = [
  "new_stockers",
  "hub_requests",
  "transfers",
  "crm_follow_ups",
  "failed_emails",
  "warehouse_reports",
] as const satisfies readonly (keyof WorkQueue)[];

export async function workQueue(db: Database): Promise<WorkQueue> {
  const { rows } = await workQueueQuery().execute(db);
  const row = rows[0]!;
  return Object.fromEntries(
    QUEUES.map((k) => {
      const oldest = row[`${k}_oldest`];
      return [k, { count: row[`${k}_count`], oldest_at: oldest === null ? null : new Date(oldest) }];
    }),
  ) as WorkQueue;
}

/** The dashboard's new requests are those of the last 7 days. */
export const NEW_REQUESTS_DAYS = 7;
/** The dashboard's recent alerts and unsubscribes are those of the last 30 days. */
export const RECENT_MAIL_DAYS = 30;

export type WaitingCounters = {
  /** Stocker registrations waiting for approval (users_approval_status_idx). */
  new_stockers: number;
  /** Hub requests: warehouses with to_approve (warehouses_to_approve_idx, partial). */
  hub_requests: number;
  /** Bank transfers to confirm: subscriptions pending_transfer and additions waiting for theirs, as countTransfers counts them. */
  transfers: number;
  /** CRM follow-up actions not handled yet (crm_entries_follow_up_idx, partial on follow_up). */
  crm_actions: number;
  /** E-mails the outbox gave up on (mail_outbox_failed_idx, partial on status 'failed'). */
  failed_emails: number;
};

/** Bank transfers to confirm: subscriptions waiting to start, and additions to a running one waiting for theirs. */
const transfersWaiting = sql<number>`(
  (select count(*)::int from subscriptions where stripe_status = 'pending_transfer')
  + (select count(*)::int from subscription_additions a join subscriptions s on s.id = a.subscription_id
     where a.status = 'pending_transfer' and s.stripe_status in (${sql.join(RUNNING_STATUSES)})))`;

/** The statement (exported for its query-plan test). */
export function waitingCountersQuery() {
  // The subscriptions' and additions' user is a not-null foreign key, so counting them is
  // counting countTransfers' join without its search.
  return sql<WaitingCounters>`
    select
      (select count(*)::int from users where approval_status = 'pending') as new_stockers,
      (select count(*)::int from warehouses where to_approve) as hub_requests,
      ${transfersWaiting} as transfers,
      (select count(*)::int from crm_entries where follow_up and follow_up_done = false) as crm_actions,
      (select count(*)::int from mail_outbox where status = 'failed') as failed_emails
  `;
}

export async function waitingCounters(db: Database): Promise<WaitingCounters> {
  const { rows } = await waitingCountersQuery().execute(db);
  return rows[0]!;
}

/** A count now and over the last RECENT_MAIL_DAYS days. */
export type RecentCount = { last_30_days: number; total: number };

/** The saved searches, their alert e-mails and the notification kinds addresses turned off (decision 038). */
export type MailCounters = {
  /** Every saved search, and those matched and alerted: confirmed and not paused. */
  saved_searches: { active: number; total: number };
  /** Alert e-mails sent (saved_search_alerts: one row per e-mail). */
  alerts_sent: RecentCount;
  /** Opt-outs (email_opt_outs, by one click or from the preferences): those made recently, those standing now, by kind. */
  unsubscribes: RecentCount & { by_kind: Record<EmailKind, RecentCount> };
};

/**
 * GET /api/admin/dashboard's answer: the spec's six counters with its field names (new_stokers
 * spelling included), then the saved searches and e-mail counters.
 */
export type DashboardCounters = {
  new_stokers: number;
  new_requests: number;
  transfers_waiting: number;
  stockers: number;
  stock_hunters: number;
  requests: number;
} & MailCounters & { work_queue: WorkQueue };

export async function dashboardCounters(db: Database, now: Date = new Date()): Promise<DashboardCounters> {
  const [spec, mail, queue] = await Promise.all([specCounters(db, now), mailCounters(db, now), workQueue(db)]);
  return { ...spec, ...mail, work_queue: queue };
}

/**
 * The saved searches (a small table: one row per search, counted whole), the alerts sent and
 * the opt-outs of the last 30 days (their created_at and sent_at indexes), in one statement.
 */
export async function mailCounters(db: Database, now: Date = new Date()): Promise<MailCounters> {
  const since = new Date(now.getTime() - RECENT_MAIL_DAYS * 24 * 60 * 60 * 1000);
  const { rows } = await sql<{
    searches: number;
    active_searches: number;
    alerts: number;
    recent_alerts: number;
    by_kind: { kind: EmailKind; total: number; recent: number }[] | null;
  }>`
    select
      (select count(*)::int from saved_searches) as searches,
      (select count(*)::int from saved_searches where confirmed_at is not null and not paused) as active_searches,
      (select count(*)::int from saved_search_alerts) as alerts,
      (select count(*)::int from saved_search_alerts where sent_at >= ${since}) as recent_alerts,
      (select json_agg(k) from (
        select kind, count(*)::int as total, (count(*) filter (where created_at >= ${since}))::int as recent
        from email_opt_outs group by kind
      ) k) as by_kind
  `.execute(db);
  const row = rows[0]!;
  const by_kind = Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, { last_30_days: 0, total: 0 }])) as Record<EmailKind, RecentCount>;
  for (const k of row.by_kind ?? []) by_kind[k.kind] = { last_30_days: k.recent, total: k.total };
  const counts = Object.values(by_kind);
  return {
    saved_searches: { active: row.active_searches, total: row.searches },
    alerts_sent: { last_30_days: row.recent_alerts, total: row.alerts },
    unsubscribes: { last_30_days: counts.reduce((n, c) => n + c.last_30_days, 0), total: counts.reduce((n, c) => n + c.total, 0), by_kind },
  };
}

type SpecCounters = Omit<DashboardCounters, keyof MailCounters>;

async function specCounters(db: Database, now: Date): Promise<SpecCounters> {
  const since = new Date(now.getTime() - NEW_REQUESTS_DAYS * 24 * 60 * 60 * 1000);
  // Registered stockers are the accepted ones: a registration still pending or refused is
  // counted under new stockers (pending) or not at all (refused).
  const { rows } = await sql<SpecCounters>`
    select
      (select count(*)::int from users where approval_status = 'pending') as new_stokers,
      (select count(*)::int from warehouse_requests where created_at >= ${since}) as new_requests,
      ${transfersWaiting} as transfers_waiting,
      (select count(*)::int from users where role = 'stocker' and approval_status is distinct from 'pending' and approval_status is distinct from 'refused') as stockers,
      (select count(*)::int from users where role = 'stock_hunter') as stock_hunters,
      (select count(*)::int from warehouse_requests) as requests
  `.execute(db);
  return rows[0]!;
}
