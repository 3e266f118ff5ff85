// The back office's counters: what waits for an administrator (the layout's navigation badges,
// the undelivered e-mails' card of the dashboard)
// and the dashboard's numbers: the spec's six, then the saved searches, the alert e-mails sent
// and the unsubscribes (decision 038). The layout's is one statement of scalar subqueries, every
// one read from a partial or leading-column index, so the layout can afford it on every /admin
// page; the dashboard's are read only on the dashboard.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { EmailKind } from "../db/types.ts";
import { RUNNING_STATUSES } from "../billing/subscriptions.queries.ts";
import { EMAIL_KINDS } from "../../lib/email-preferences.ts";

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
} & MailCounters;

export async function dashboardCounters(db: Database, now: Date = new Date()): Promise<DashboardCounters> {
  const [spec, mail] = await Promise.all([specCounters(db, now), mailCounters(db, now)]);
  return { ...spec, ...mail };
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
