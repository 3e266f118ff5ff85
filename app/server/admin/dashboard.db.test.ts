// The back office's counters: GET /api/admin/dashboard (the spec's six numbers, the work queue:
// what waits and since when, then the saved searches, alert e-mails and unsubscribes; for
// administrators only), the dashboard page's loader and its queue's links, the open reports'
// list, the layout's counters of what waits (shown in the navigation) and those statements'
// query plans on large tables.
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeRequest, makeSavedSearch, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { countTransfers } from "../billing/transfers.queries.ts";
import { dashboardCounters, mailCounters, waitingCounters, waitingCountersQuery, workQueue, workQueueQuery } from "./dashboard.queries.ts";
import { loader as reportsPage } from "../../routes/admin/reports.tsx";
import { loader as dashboardApi, action as dashboardApiPost } from "../../routes/api/admin/dashboard.ts";
import { loader as dashboardPage } from "../../routes/admin/index.tsx";
import { loader as layoutLoader } from "../../routes/admin/layout.tsx";

const t = useTestDatabase();
const DAY = 86_400_000;

let admin: User;
let firstLink: { id: number; warehouse_request_id: number; warehouse_id: number; hunter: number } | undefined;

async function crm(followUp: boolean, done: boolean | null) {
  await t.db
    .insertInto("crm_entries")
    .values({
      client: "Cliente",
      date: "2026-01-10",
      event_type: "call",
      follow_up: followUp,
      follow_up_action: followUp ? "Richiamare" : null,
      follow_up_done: done,
    })
    .execute();
}

async function pageLoader(fn: typeof dashboardPage | typeof layoutLoader | typeof reportsPage, actor: User | null, url = "http://stockspace.test/admin") {
  const request = new Request(url);
  return (fn as (args: unknown) => Promise<unknown>)({ request, params: {}, context: testContext(t.db, { actor: actor ? actorOf(actor) : null }) });
}

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  // Stockers: 2 registrations pending, 1 refused, 3 accepted (one registered by an administrator: no approval status).
  await makeUser(t.db, { role: "stocker", approval_status: "pending" });
  await makeUser(t.db, { role: "stocker", approval_status: "pending" });
  await makeUser(t.db, { role: "stocker", approval_status: "refused" });
  const owner = await makeUser(t.db, { role: "stocker", approval_status: "approved" });
  const waiting = await makeUser(t.db, { role: "stocker", approval_status: "approved" });
  await makeUser(t.db, { role: "stocker", approval_status: null });
  // 4 stock hunters (one sends the requests), a referent.
  const hunter = await makeUser(t.db, { role: "stock_hunter" });
  for (let i = 0; i < 3; i++) await makeUser(t.db, { role: "stock_hunter" });
  await makeUser(t.db, { role: "referent" });
  // Hubs: 2 waiting for approval.
  const w = await makeWarehouse(t.db, { user_id: owner.id });
  await makeWarehouse(t.db, { user_id: owner.id, is_hub: true, to_approve: true, status: "pending" });
  await makeWarehouse(t.db, { user_id: owner.id, is_hub: true, to_approve: true, status: "pending" });
  // One transfer to confirm, one subscription running.
  await subscribeWarehouses(t.db, waiting.id, [], { stripe_status: "pending_transfer", payment_type: "transfer", started_at: null, ends_at: null });
  await subscribeWarehouses(t.db, owner.id, [w.id]);
  // 5 requests, 2 of them older than 7 days.
  for (let i = 0; i < 5; i++) {
    const { request, links } = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [w.id] });
    firstLink ??= { ...links[0]!, hunter: hunter.id };
    if (i < 2)
      await t.db
        .updateTable("warehouse_requests")
        .set({ created_at: new Date(Date.now() - (8 + i) * DAY) })
        .where("id", "=", request.id)
        .execute();
  }
  // Reports: two open on the warehouse (5 and 2 days old), one closed, one on the hunter.
  const report = (fields: { created_at: Date; closed_at?: Date | null; target?: "warehouse" | "hunter"; user_id?: number }) => ({
    user_id: fields.user_id ?? firstLink!.hunter,
    warehouse_id: firstLink!.warehouse_id,
    warehouse_request_id: firstLink!.warehouse_request_id,
    link_id: firstLink!.id,
    target: fields.target ?? ("warehouse" as const),
    full_name: "Ugo Utente",
    email: "ugo@example.com",
    telephone: "+39 333 0000000",
    subject: "Magazzino diverso dalle foto",
    description: "Le foto non corrispondono.",
    created_at: fields.created_at,
    closed_at: fields.closed_at ?? null,
  });
  await t.db
    .insertInto("reports")
    .values([
      report({ created_at: new Date(Date.now() - 5 * DAY - 3600_000) }),
      report({ created_at: new Date(Date.now() - 2 * DAY), user_id: owner.id }),
      report({ created_at: new Date(Date.now() - 9 * DAY), closed_at: new Date(Date.now() - 8 * DAY), user_id: admin.id }),
      report({ created_at: new Date(Date.now() - 12 * DAY), target: "hunter", user_id: waiting.id }),
    ])
    .execute();
  // CRM: 3 actions pending, 1 handled, 1 entry without a follow-up.
  for (let i = 0; i < 3; i++) await crm(true, false);
  await crm(true, true);
  await crm(false, null);
  // Saved searches: the hunter's, active; a paused one; a visitor's not confirmed yet.
  const search = await makeSavedSearch(t.db, { user_id: hunter.id });
  await makeSavedSearch(t.db, { user_id: hunter.id, paused: true });
  await makeSavedSearch(t.db, { email: "visitor@example.com", confirmed_at: null, active_since: null });
  // Alert e-mails: two this month, one 40 days ago (of a search since deleted).
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
  await t.db
    .insertInto("saved_search_alerts")
    .values([
      { saved_search_id: search.id, warehouses: 2, sent_at: daysAgo(1) },
      { saved_search_id: search.id, warehouses: 1, sent_at: daysAgo(10) },
      { saved_search_id: null, warehouses: 3, sent_at: daysAgo(40) },
    ])
    .execute();
  // Opt-outs: news by one click today, alerts from the preferences today and by one click 40 days ago.
  await t.db
    .insertInto("email_opt_outs")
    .values([
      { email: "a@example.com", kind: "news", via: "one_click" },
      { email: "a@example.com", kind: "alerts", via: "preferences" },
      { email: "b@example.com", kind: "alerts", via: "one_click", created_at: daysAgo(40) },
    ])
    .execute();
});

/** The work queue as the database holds it, each queue read on its own. */
async function expectedQueue() {
  const one = async (count: ReturnType<typeof sql<{ n: number; oldest: Date | null }>>) => {
    const row = (await count.execute(t.db)).rows[0]!;
    return { count: row.n, oldest_at: row.oldest === null ? null : new Date(row.oldest) };
  };
  return {
    new_stockers: await one(sql`select count(*)::int as n, min(created_at) as oldest from users where approval_status = 'pending'`),
    hub_requests: await one(sql`select count(*)::int as n, min(created_at) as oldest from warehouses where to_approve`),
    transfers: await one(sql`select count(*)::int as n, min(created_at) as oldest from subscriptions where stripe_status = 'pending_transfer'`),
    crm_follow_ups: await one(
      sql`select count(*)::int as n, (min(date)::timestamp at time zone 'Europe/Rome') as oldest from crm_entries where follow_up and not follow_up_done`,
    ),
    failed_emails: await one(sql`select count(*)::int as n, min(created_at) as oldest from mail_outbox where status = 'failed'`),
    warehouse_reports: await one(sql`select count(*)::int as n, min(created_at) as oldest from reports where target = 'warehouse' and closed_at is null`),
  };
}

const none = { last_30_days: 0, total: 0 };
const EXPECTED = {
  new_stokers: 2,
  new_requests: 3,
  transfers_waiting: 1,
  stockers: 3,
  stock_hunters: 4,
  requests: 5,
  saved_searches: { active: 1, total: 3 },
  alerts_sent: { last_30_days: 2, total: 3 },
  unsubscribes: {
    last_30_days: 2,
    total: 3,
    by_kind: { requests: none, deal: none, reminders: none, alerts: { last_30_days: 1, total: 2 }, news: { last_30_days: 1, total: 1 } },
  },
};

describe("GET /api/admin/dashboard", () => {
  it("answers the six counters and the saved searches and e-mail counters, matching the database", async () => {
    const res = await callJson(dashboardApi, t.db, { method: "GET", path: "/api/admin/dashboard", actor: actorOf(admin) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...EXPECTED, work_queue: JSON.parse(JSON.stringify(await expectedQueue())) });
    expect(res.json.transfers_waiting).toBe(await countTransfers(t.db, { search: null }));
  });

  it("answers the work queue: each queue's count and its oldest's time, as the database holds them", async () => {
    const queue = await workQueue(t.db);
    expect(queue).toEqual(await expectedQueue());
    expect(queue).toMatchObject({
      new_stockers: { count: 2 },
      hub_requests: { count: 2 },
      transfers: { count: 1 },
      crm_follow_ups: { count: 3, oldest_at: new Date("2026-01-09T23:00:00Z") },
      failed_emails: { count: 0, oldest_at: null },
      warehouse_reports: { count: 2 },
    });
    // The oldest open report on a warehouse: 5 days and an hour ago (not the closed one, not the hunter's).
    expect(Math.round((Date.now() - queue.warehouse_reports.oldest_at!.getTime()) / 3600_000)).toBe(5 * 24 + 1);
  });

  it("counts the alerts and unsubscribes of the last 30 days from the given moment, the totals whatever it is", async () => {
    const later = await mailCounters(t.db, new Date(Date.now() + 31 * DAY));
    expect(later.alerts_sent).toEqual({ last_30_days: 0, total: 3 });
    expect(later.unsubscribes).toMatchObject({ last_30_days: 0, total: 3 });
    expect((await mailCounters(t.db, new Date(Date.now() + 20 * DAY))).alerts_sent).toEqual({ last_30_days: 1, total: 3 });
  });

  it("counts the new requests of the last 7 days from the given moment", async () => {
    expect((await dashboardCounters(t.db, new Date(Date.now() + 30 * DAY))).new_requests).toBe(0);
    expect((await dashboardCounters(t.db, new Date(Date.now() + 2 * DAY))).new_requests).toBe(3);
  });

  it("answers 401 to a visitor and 403 to every other role; POST is not allowed", async () => {
    expect((await callJson(dashboardApi, t.db, { method: "GET", actor: null })).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) {
      const user = await makeUser(t.db, { role });
      expect((await callJson(dashboardApi, t.db, { method: "GET", actor: actorOf(user) })).status, role).toBe(403);
    }
    expect((await callJson(dashboardApiPost, t.db, { body: {}, actor: actorOf(admin) })).status).toBe(405);
  });
});

describe("the dashboard page and the layout's counters", () => {
  it("the dashboard page shows the same counters, and the time the ages are counted to", async () => {
    const before = Date.now();
    const data = (await pageLoader(dashboardPage, admin)) as { counters: unknown; now: Date };
    expect(data.counters).toEqual(await dashboardCounters(t.db));
    expect(data.now.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("lists the open reports on warehouses, the oldest first, for administrators only", async () => {
    const data = (await pageLoader(reportsPage, admin, "http://stockspace.test/admin/reports")) as {
      reports: { warehouse_id: number; warehouse_name: string | null; created_at: Date }[];
      reports_count: number;
      pages: number;
    };
    expect(data.reports_count).toBe(2);
    expect(data.pages).toBe(1);
    expect(data.reports.map((r) => r.warehouse_id)).toEqual([firstLink!.warehouse_id, firstLink!.warehouse_id]);
    expect(data.reports[0]!.created_at.getTime()).toBeLessThan(data.reports[1]!.created_at.getTime());
    expect(data.reports[0]!.warehouse_name).toMatch(/^Magazzino /);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) {
      const user = await makeUser(t.db, { role });
      await expect(pageLoader(reportsPage, user, "http://stockspace.test/admin/reports"), role).rejects.toMatchObject({ init: { status: 403 } });
    }
    await expect(pageLoader(reportsPage, null, "http://stockspace.test/admin/reports")).rejects.toMatchObject({ init: { status: 401 } });
  });

  it("the layout counts what waits: new stockers, hub requests, transfers, pending CRM actions, undelivered e-mails", async () => {
    expect(await pageLoader(layoutLoader, admin)).toEqual({ counters: { new_stockers: 2, hub_requests: 2, transfers: 1, crm_actions: 3, failed_emails: 0 } });
  });

  it("both are for administrators only", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    for (const fn of [dashboardPage, layoutLoader]) {
      await expect(pageLoader(fn, stocker)).rejects.toMatchObject({ init: { status: 403 } });
      await expect(pageLoader(fn, null)).rejects.toMatchObject({ init: { status: 401 } });
    }
  });
});

describe("the layout counters' query plan", () => {
  beforeAll(async () => {
    // 100,000 users (a few hundred pending), 20,000 warehouses (30 hub requests), 20,000 CRM
    // entries (40 pending actions), 5,000 subscriptions (10 transfers waiting), 50,000 e-mails
    // sent (25 failed for good).
    await sql`
      insert into users (email, role, approval_status, invite_code)
      select 'plan-' || g || '@dash.test', case when g % 3 = 0 then 'stocker' else 'stock_hunter' end,
             case when g % 3 <> 0 then null when g % 300 = 0 then 'pending' else 'approved' end, 'DASH' || g
      from generate_series(1, 100000) g`.execute(t.db);
    await sql`
      insert into warehouses (name, country, address, cap, city, province, lat, lng, to_approve, is_hub)
      select 'Plan ' || g, 'Italia', 'Via ' || g, '40100', 'Bologna', 'BO', 44.49, 11.34, g % 700 = 0, g % 700 = 0
      from generate_series(1, 20000) g`.execute(t.db);
    await sql`
      insert into crm_entries (client, date, event_type, follow_up, follow_up_action, follow_up_done)
      select 'Cliente ' || g, date '2026-01-01' - (g % 700), 'call', g % 10 = 0, case when g % 10 = 0 then 'Richiamare' end,
             case when g % 10 <> 0 then null else g % 500 <> 0 end
      from generate_series(1, 20000) g`.execute(t.db);
    await sql`
      insert into subscriptions (user_id, stripe_status, plan, payment_type, price_unit_amount, amount)
      select u.id, case when row_number() over () % 500 = 0 then 'pending_transfer' else 'canceled' end, 'yearly', 'transfer', 49000, 49000
      from (select id from users where email like 'plan-%' and role = 'stocker' order by id limit 5000) u`.execute(t.db);
    await sql`
      insert into mail_outbox (to_address, subject, html, text, template, lang, status, attempts, sent_at)
      select 'plan-' || g || '@dash.test', 'Oggetto', '<p>x</p>', 'x', 'confirm_code', 'it',
             case when g % 2000 = 0 then 'failed' else 'sent' end, case when g % 2000 = 0 then 10 else 0 end, now()
      from generate_series(1, 50000) g`.execute(t.db);
    for (const table of ["users", "warehouses", "crm_entries", "subscriptions", "mail_outbox"]) await sql`analyze ${sql.table(table)}`.execute(t.db);
  }, 180_000);

  it("reads every count from an index, no table in full", async () => {
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${waitingCountersQuery()}`.execute(t.db);
    const text = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).not.toMatch(/Seq Scan/);
    expect(text).toMatch(/users_approval_status_idx/);
    expect(text).toMatch(/warehouses_to_approve_idx/);
    expect(text).toMatch(/crm_entries_follow_up_idx/);
    // The partial index of live subscriptions (migration 0008) or the status index.
    expect(text).toMatch(/subscriptions_(one_live|stripe_status)_idx/);
    expect(text).toMatch(/mail_outbox_failed_idx/);
    const counters = await waitingCounters(t.db);
    expect(counters).toMatchObject({ hub_requests: 2 + 28, crm_actions: 3 + 40, transfers: 1 + 10, failed_emails: 25 });
  });

  it("reads the work queue's counts and oldest times from the waiting rows' indexes, no table in full", async () => {
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${workQueueQuery()}`.execute(t.db);
    const text = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).not.toMatch(/Seq Scan on (users|warehouses|crm_entries|mail_outbox|subscriptions)/);
    expect(text).toMatch(/users_approval_status_idx/);
    expect(text).toMatch(/warehouses_to_approve_idx/);
    expect(text).toMatch(/crm_entries_follow_up_idx/);
    expect(text).toMatch(/mail_outbox_failed_idx/);
    expect(text).toMatch(/reports_open_warehouse_idx|Seq Scan on reports/);
    const queue = await workQueue(t.db);
    expect(queue).toMatchObject({
      hub_requests: { count: 2 + 28 },
      crm_follow_ups: { count: 3 + 40 },
      transfers: { count: 1 + 10 },
      failed_emails: { count: 25 },
    });
  });
});
