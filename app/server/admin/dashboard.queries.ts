// The back office's counters: what waits for an administrator (the layout's navigation badges)
// and the dashboard's six numbers. Each is one statement of scalar subqueries, every one read
// from a partial or leading-column index, so the layout can afford it on every /admin page.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { RUNNING_STATUSES } from "../billing/subscriptions.queries.ts";

/** The dashboard's new requests are those of the last 7 days. */
export const NEW_REQUESTS_DAYS = 7;

export type WaitingCounters = {
  /** Stocker registrations waiting for approval (users_approval_status_idx). */
  new_stockers: number;
  /** Hub requests: warehouses with to_approve (warehouses_to_approve_idx, partial). */
  hub_requests: number;
  /** Bank transfers to confirm: subscriptions pending_transfer and additions waiting for theirs, as countTransfers counts them. */
  transfers: number;
  /** CRM follow-up actions not handled yet (crm_entries_follow_up_idx, partial on follow_up). */
  crm_actions: number;
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
      (select count(*)::int from crm_entries where follow_up and follow_up_done = false) as crm_actions
  `;
}

export async function waitingCounters(db: Database): Promise<WaitingCounters> {
  const { rows } = await waitingCountersQuery().execute(db);
  return rows[0]!;
}

/** GET /api/admin/dashboard's answer; the spec's field names, new_stokers spelling included. */
export type DashboardCounters = {
  new_stokers: number;
  new_requests: number;
  transfers_waiting: number;
  stockers: number;
  stock_hunters: number;
  requests: number;
};

export async function dashboardCounters(db: Database, now: Date = new Date()): Promise<DashboardCounters> {
  const since = new Date(now.getTime() - NEW_REQUESTS_DAYS * 24 * 60 * 60 * 1000);
  // Registered stockers are the accepted ones: a registration still pending or refused is
  // counted under new stockers (pending) or not at all (refused).
  const { rows } = await sql<DashboardCounters>`
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
