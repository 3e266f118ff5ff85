// The owners' statistics with real figures: requests per Italian week and month by state (empty
// periods filled, links near midnight in the right period), totals, the confirmation rate, the
// median time to the first answer, the per-warehouse figures with the search appearances and
// sheet views of warehouse_daily_stats (also as the view counter writes them); a referent sees
// only the warehouses it manages, another owner's warehouse is a 404; the page's loader; the
// query plans on a large catalogue.
import { beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { pageShown, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { NotFoundError } from "../errors.ts";
import { periodStart, periodStarts, statisticsFor } from "./stats.service.ts";
import { dailyStatsQuery, linksByBucketQuery, linksByWarehouseQuery, medianAnswerQuery, ownerWarehousesQuery, type StatsScope } from "./stats.queries.ts";
import { createViewCounter } from "./view-counter.ts";
import { durationParts, formatPercent, niceAxisMax } from "../../lib/statistics.ts";
import { statisticsPageLoader } from "../../routes/shared/statistics-page.server.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";

// The page's loader and action for one role, called as the route calls them.
const loadStatisticsPage = (args: Parameters<ReturnType<typeof statisticsPageLoader>>[0], role: "stocker" | "referent") => statisticsPageLoader(role)(args);

const t = useTestDatabase();
const ORIGIN = "http://stockspace.test";
// A Wednesday: the current week starts on Monday 13 May 2030, the current month on 1 May.
const NOW = new Date("2030-05-15T10:00:00Z");
const HOUR = 3_600_000;

let stockerA: User;
let stockerB: User;
let referent: User;
let lonely: User;
let wa1: { id: number };
let wa2: { id: number };
let wb: { id: number };

/** One link to `warehouseId` created at `iso`, in `state`, first answered `answeredAfterHours` later. */
async function link(warehouseId: number, iso: string, state: "pending" | "confirmed" | "refused", answeredAfterHours: number | null = null) {
  const { links } = await makeRequest(t.db, { userId: null, warehouseIds: [warehouseId], state });
  const created = new Date(iso);
  await t.db
    .updateTable("warehouse_request_warehouses")
    .set({ created_at: created, answered_at: answeredAfterHours === null ? null : new Date(created.getTime() + answeredAfterHours * HOUR) })
    .where("id", "=", links[0]!.id)
    .execute();
}

beforeAll(async () => {
  stockerA = await makeUser(t.db, { role: "stocker" });
  stockerB = await makeUser(t.db, { role: "stocker" });
  referent = await makeUser(t.db, { role: "referent" });
  lonely = await makeUser(t.db, { role: "stocker" });
  wa1 = await makeWarehouse(t.db, { user_id: stockerA.id, name: "Alfa Uno", city: "Milano" });
  wa2 = await makeWarehouse(t.db, { user_id: stockerA.id, referent_id: referent.id, name: "Alfa Due", city: "Monza" });
  wb = await makeWarehouse(t.db, { user_id: stockerB.id, referent_id: referent.id, name: "Beta", city: "Lodi" });

  await link(wa1.id, "2030-05-14T08:00:00Z", "pending");
  await link(wa1.id, "2030-05-13T09:00:00Z", "confirmed", 3);
  await link(wa1.id, "2030-05-06T10:00:00Z", "refused", 1);
  // 22:30 UTC on Sunday 12 May is 00:30 on Monday 13 May in Italy: the current week.
  await link(wa1.id, "2030-05-12T22:30:00Z", "confirmed", 5);
  await link(wa2.id, "2030-04-10T10:00:00Z", "confirmed", 48);
  // 23:30 on Sunday 24 February in Italy: the day before the twelve weeks start.
  await link(wa2.id, "2030-02-24T22:30:00Z", "pending");
  // 00:30 on 1 June 2029 in Italy: the first of the twelve months.
  await link(wa2.id, "2029-05-31T22:30:00Z", "refused", 10);
  // Answered, then set back to pending: pending, and its first answer still counts for the median.
  await link(wa2.id, "2030-05-15T07:00:00Z", "pending", 2);
  await link(wb.id, "2030-05-14T10:00:00Z", "confirmed", 7);
  // Before the range of either period.
  await link(wa1.id, "2028-01-10T10:00:00Z", "confirmed", 1);

  await t.db
    .insertInto("warehouse_daily_stats")
    .values([
      { warehouse_id: wa1.id, day: "2030-05-14", search_appearances: 10, sheet_views: 4 },
      { warehouse_id: wa1.id, day: "2030-02-25", search_appearances: 1, sheet_views: 1 },
      { warehouse_id: wa1.id, day: "2030-02-24", search_appearances: 100, sheet_views: 50 },
      { warehouse_id: wa2.id, day: "2030-05-19", search_appearances: 5, sheet_views: 0 },
      { warehouse_id: wb.id, day: "2030-05-15", search_appearances: 7, sheet_views: 3 },
    ])
    .execute();
}, 60_000);

const asStocker = (u: User) => ({ id: u.id, role: "stocker" as const });
const asReferent = (u: User) => ({ id: u.id, role: "referent" as const });

describe("the calendar of the statistics", () => {
  it("starts weeks on Monday and months on the 1st, the current period last", () => {
    expect(periodStart("2030-05-15", "week")).toBe("2030-05-13");
    expect(periodStart("2030-05-13", "week")).toBe("2030-05-13");
    expect(periodStart("2030-05-19", "week")).toBe("2030-05-13");
    expect(periodStart("2030-05-31", "month")).toBe("2030-05-01");
    expect(periodStarts("2030-05-15", "week", 3)).toEqual(["2030-04-29", "2030-05-06", "2030-05-13"]);
    expect(periodStarts("2030-01-20", "month", 3)).toEqual(["2029-11-01", "2029-12-01", "2030-01-01"]);
    // Across the end of March (summer time starts on 31 March 2030).
    expect(periodStarts("2030-04-02", "week", 2)).toEqual(["2030-03-25", "2030-04-01"]);
  });

  it("formats durations, percentages and the chart's axis", () => {
    expect(durationParts(0.25)).toEqual({ unit: "minutes", value: "15" });
    expect(durationParts(3)).toEqual({ unit: "hours", value: "3" });
    expect(durationParts(2.54)).toEqual({ unit: "hours", value: "2,5" });
    expect(durationParts(30)).toEqual({ unit: "hours", value: "30" });
    expect(durationParts(60)).toEqual({ unit: "days", value: "2,5" });
    expect(formatPercent(75)).toBe("75%");
    expect(formatPercent(66.6667)).toBe("67%");
    expect(formatPercent(2.5)).toBe("2,5%");
    expect(formatPercent(0)).toBe("0%");
    expect([0, 3, 5, 9, 37, 130, 1200].map(niceAxisMax)).toEqual([4, 4, 8, 12, 40, 160, 1200]);
  });
});

describe("statisticsFor", () => {
  it("gives a stocker its requests per week by state, with the empty weeks, the totals, the rate and the median", async () => {
    const s = await statisticsFor(t.db, asStocker(stockerA), { period: "week", now: NOW });
    expect(s).toMatchObject({ period: "week", range: 12, first_day: "2030-02-25", last_day: "2030-05-19", as_of: "2030-05-15", warehouse_id: null });
    expect(s.buckets).toHaveLength(12);
    expect(s.buckets[0]).toEqual({ start: "2030-02-25", end: "2030-03-03", pending: 0, confirmed: 0, refused: 0, total: 0 });
    const byStart = Object.fromEntries(s.buckets.filter((b) => b.total > 0).map((b) => [b.start, [b.pending, b.confirmed, b.refused]]));
    expect(byStart).toEqual({ "2030-04-08": [0, 1, 0], "2030-05-06": [0, 0, 1], "2030-05-13": [2, 2, 0] });
    expect(s.totals).toEqual({ received: 6, pending: 2, confirmed: 3, refused: 1 });
    expect(s.confirmation_rate).toBe(75);
    // First answers after 1, 2, 3, 5 and 48 hours.
    expect(s.median_answer_hours).toBeCloseTo(3, 6);
    expect(s.answered_links).toBe(5);
    expect(s.warehouses.map((w) => w.id).sort()).toEqual([wa1.id, wa2.id].sort());
  });

  it("gives the same per month, over twelve months", async () => {
    const s = await statisticsFor(t.db, asStocker(stockerA), { period: "month", now: NOW });
    expect(s).toMatchObject({ first_day: "2029-06-01", last_day: "2030-05-31" });
    expect(s.buckets.map((b) => b.start)).toEqual([
      "2029-06-01",
      "2029-07-01",
      "2029-08-01",
      "2029-09-01",
      "2029-10-01",
      "2029-11-01",
      "2029-12-01",
      "2030-01-01",
      "2030-02-01",
      "2030-03-01",
      "2030-04-01",
      "2030-05-01",
    ]);
    const byStart = Object.fromEntries(s.buckets.filter((b) => b.total > 0).map((b) => [b.start, [b.pending, b.confirmed, b.refused]]));
    expect(byStart).toEqual({ "2029-06-01": [0, 0, 1], "2030-02-01": [1, 0, 0], "2030-04-01": [0, 1, 0], "2030-05-01": [2, 2, 1] });
    expect(s.totals).toEqual({ received: 8, pending: 3, confirmed: 3, refused: 2 });
    expect(s.confirmation_rate).toBe(60);
    // 1, 2, 3, 5, 10, 48 hours: the median is between 3 and 5.
    expect(s.median_answer_hours).toBeCloseTo(4, 6);
  });

  it("sums the search appearances and sheet views of the range per warehouse, with requests per 100 views", async () => {
    const week = await statisticsFor(t.db, asStocker(stockerA), { period: "week", now: NOW });
    expect(week.per_warehouse).toEqual([
      {
        id: wa1.id,
        name: "Alfa Uno",
        city: "Milano",
        received: 4,
        confirmed: 2,
        refused: 1,
        search_appearances: 11,
        sheet_views: 5,
        requests_per_100_views: 80,
      },
      {
        id: wa2.id,
        name: "Alfa Due",
        city: "Monza",
        received: 2,
        confirmed: 1,
        refused: 0,
        search_appearances: 5,
        sheet_views: 0,
        requests_per_100_views: null,
      },
    ]);
    expect(week).toMatchObject({ search_appearances: 16, sheet_views: 5 });
    const month = await statisticsFor(t.db, asStocker(stockerA), { period: "month", now: NOW });
    expect(month.per_warehouse[0]).toMatchObject({ id: wa1.id, search_appearances: 111, sheet_views: 55 });
    expect(month.per_warehouse[0]!.requests_per_100_views).toBeCloseTo((4 / 55) * 100, 6);
  });

  it("limits the figures to one of the owner's warehouses; another's is a 404", async () => {
    const one = await statisticsFor(t.db, asStocker(stockerA), { period: "week", warehouseId: wa2.id, now: NOW });
    expect(one.totals).toEqual({ received: 2, pending: 1, confirmed: 1, refused: 0 });
    expect(one.per_warehouse.map((w) => w.id)).toEqual([wa2.id]);
    // The filter still lists every warehouse of the owner.
    expect(one.warehouses).toHaveLength(2);
    expect(one.median_answer_hours).toBeCloseTo(25, 6); // 2 and 48 hours
    await expect(statisticsFor(t.db, asStocker(stockerA), { period: "week", warehouseId: wb.id, now: NOW })).rejects.toBeInstanceOf(NotFoundError);
    await expect(statisticsFor(t.db, asStocker(stockerA), { period: "week", warehouseId: 999_999_999, now: NOW })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("gives a referent the warehouses it manages only, of any owner", async () => {
    const s = await statisticsFor(t.db, asReferent(referent), { period: "week", now: NOW });
    expect(s.warehouses.map((w) => w.id).sort()).toEqual([wa2.id, wb.id].sort());
    expect(s.totals).toEqual({ received: 3, pending: 1, confirmed: 2, refused: 0 });
    expect(s.confirmation_rate).toBe(100);
    expect(s.median_answer_hours).toBeCloseTo(7, 6); // 2, 7 and 48 hours
    expect(s.per_warehouse.map((w) => [w.id, w.received, w.sheet_views])).toEqual(
      [
        [wb.id, 1, 3],
        [wa2.id, 2, 0],
      ].sort((a, b) => b[1]! - a[1]!),
    );
    await expect(statisticsFor(t.db, asReferent(referent), { period: "week", warehouseId: wa1.id, now: NOW })).rejects.toBeInstanceOf(NotFoundError);
    // The referent's managing a warehouse does not make it the stocker B's... nor the other way round.
    const b = await statisticsFor(t.db, asStocker(stockerB), { period: "week", now: NOW });
    expect(b.totals.received).toBe(1);
  });

  it("answers zeros and nulls without warehouses or without answers", async () => {
    const none = await statisticsFor(t.db, asStocker(lonely), { period: "month", now: NOW });
    expect(none.warehouses).toEqual([]);
    expect(none.buckets).toHaveLength(12);
    expect(none.buckets.every((b) => b.total === 0)).toBe(true);
    expect(none).toMatchObject({
      totals: { received: 0, pending: 0, confirmed: 0, refused: 0 },
      confirmation_rate: null,
      median_answer_hours: null,
      answered_links: 0,
      per_warehouse: [],
    });
    // A range with nothing answered: rate and median null, the warehouse listed with zeros.
    const quiet = await statisticsFor(t.db, asStocker(stockerA), { period: "week", range: 1, warehouseId: wa1.id, now: new Date("2030-03-20T10:00:00Z") });
    expect(quiet).toMatchObject({ confirmation_rate: null, median_answer_hours: null, totals: { received: 0 } });
    expect(quiet.per_warehouse).toEqual([
      {
        id: wa1.id,
        name: "Alfa Uno",
        city: "Milano",
        received: 0,
        confirmed: 0,
        refused: 0,
        search_appearances: 0,
        sheet_views: 0,
        requests_per_100_views: null,
      },
    ]);
  });

  it("shows what the view counter flushed", async () => {
    const w = await makeWarehouse(t.db, { user_id: lonely.id, name: "Contato" });
    const counter = createViewCounter(t.db, { log: { warn: () => {}, error: () => {} } });
    const at = NOW.getTime();
    for (let i = 0; i < 7; i++) counter.searchAppearances([w.id, w.id], at);
    for (let i = 0; i < 3; i++) counter.sheetView(w.id, at);
    counter.sheetView(w.id, at - 24 * HOUR);
    await counter.flush();
    await link(w.id, "2030-05-15T09:00:00Z", "pending");
    const s = await statisticsFor(t.db, asStocker(lonely), { period: "week", now: NOW });
    expect(s.per_warehouse).toEqual([
      { id: w.id, name: "Contato", city: "Milano", received: 1, confirmed: 0, refused: 0, search_appearances: 7, sheet_views: 4, requests_per_100_views: 25 },
    ]);
    await t.db.deleteFrom("warehouses").where("id", "=", w.id).execute();
  });
});

describe("the statistics page", () => {
  const load = async (user: User, role: "stocker" | "referent", search: string, params: Record<string, string> = {}) => {
    const context = testContext(t.db, { actor: actorOf(user) }) as unknown as Readonly<RouterContextProvider>;
    // Shown: the writes left for a page answered 200 run, as the root middleware runs them.
    const page = await loadStatisticsPage({ request: new Request(`${ORIGIN}/it/x/statistics${search}`), params, context }, role);
    await pageShown(context);
    return page;
  };
  const status = async (p: Promise<unknown>) => {
    try {
      await p;
      return 200;
    } catch (err) {
      return (err as { init?: { status?: number } }).init?.status;
    }
  };

  it("reads ?period and ?warehouse, refuses another's warehouse and other roles, and audits an administrator", async () => {
    // A request of today, so it falls in the page's (real) current period.
    await makeRequest(t.db, { userId: null, warehouseIds: [wa1.id] });
    const week = await load(stockerA, "stocker", "");
    expect(week.stats.period).toBe("week");
    expect(week.stats.buckets.at(-1)!.total).toBeGreaterThanOrEqual(1);
    expect(week.frame).toMatchObject({ role: "stocker", ownerId: stockerA.id, asAdmin: false });
    expect(week.hiddenWarehouses).toBe(0);
    const month = await load(stockerA, "stocker", `?period=month&warehouse=${wa1.id}`);
    expect(month.stats).toMatchObject({ period: "month", warehouse_id: wa1.id });
    // Junk falls back to weeks and every warehouse.
    expect((await load(stockerA, "stocker", "?period=<x>&warehouse=abc")).stats).toMatchObject({ period: "week", warehouse_id: null });
    expect(await status(load(stockerA, "stocker", `?warehouse=${wb.id}`))).toBe(404);
    expect(await status(load(referent, "referent", `?warehouse=${wa1.id}`))).toBe(404);
    expect((await load(referent, "referent", `?warehouse=${wb.id}`)).stats.warehouse_id).toBe(wb.id);
    expect(await status(load(referent, "stocker", ""))).toBe(403);
    expect(await status(load(stockerA, "referent", ""))).toBe(403);
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    expect(await status(load(hunter, "stocker", ""))).toBe(403);

    const admin = await makeUser(t.db, { role: "admin" });
    const asAdmin = await load(admin, "stocker", "", { userId: String(stockerA.id) });
    expect(asAdmin.stats.warehouses).toHaveLength(2);
    expect(asAdmin.frame.asAdmin).toBe(true);
    expect(await t.db.selectFrom("audit_log").select("id").where("admin_id", "=", admin.id).where("entity_id", "=", stockerA.id).execute()).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- query plans

const STATS_CATALOGUE = defineCatalogue("stats", async (db) => {
  // 40,000 warehouses of 1,000 owners (one of them with 1,200) and 400 referents; 250,000
  // links over two years; 30 days of daily figures for every warehouse (1.2 million rows).
  const first = (await makeUser(db, { role: "stocker" })).id;
  await sql`
    insert into users (email, role, account_type, invite_code)
    select 'stat-owner-' || g || '@plan.test', 'stocker', 0, 'STATO' || g from generate_series(1, 1000) g`.execute(db);
  await sql`
    insert into users (email, role, invite_code)
    select 'stat-referent-' || g || '@plan.test', 'referent', 'STATR' || g from generate_series(1, 400) g`.execute(db);
  const bigOwner = first + 1;
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id, referent_id, created_at)
    select 'Stat ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 41 + random(), 12 + random(),
           case when g <= 1200 then ${bigOwner} else ${first} + 1 + (g % 1000) end, ${first} + 1001 + (g % 400), now() - (g || ' minutes')::interval
    from generate_series(1, 40000) g`.execute(db);
  await sql`
    insert into warehouse_requests (business_name, contact, referent, message, location, created_at)
    select 'Stat srl', 'stat-' || g || '@plan.test', 'Piano', 'Stat', 'Roma', now() - ((g % 730) || ' days')::interval
    from generate_series(1, 25000) g`.execute(db);
  await sql`
    with fw as (select min(id) as id from warehouses where name like 'Stat %')
    insert into warehouse_request_warehouses (warehouse_request_id, warehouse_id, state, created_at, answered_at)
    select r.id, fw.id + (r.id * 7919 + k * 31337) % 40000, (array['pending', 'confirmed', 'refused'])[1 + (r.id + k) % 3], r.created_at,
           case when (r.id + k) % 3 = 0 then null else r.created_at + ((r.id % 90) || ' hours')::interval end
    from warehouse_requests r cross join generate_series(1, 10) k cross join fw
    where r.business_name = 'Stat srl'
    on conflict do nothing`.execute(db);
  await sql`
    insert into warehouse_daily_stats (warehouse_id, day, search_appearances, sheet_views)
    select w.id, current_date - d, (w.id + d) % 50, (w.id + d) % 7
    from warehouses w cross join generate_series(0, 29) d
    where w.name like 'Stat %'`.execute(db);
  for (const table of ["warehouses", "warehouse_request_warehouses", "warehouse_daily_stats", "warehouse_requests"]) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
});

describe("the statistics' query plans on a large catalogue", () => {
  const t = useCatalogueDatabase(STATS_CATALOGUE);
  const plan = (compiled: CompiledQuery) => queryPlan(t.db, compiled);
  let bigOwner: number;
  let bigReferent: number;
  beforeAll(async () => {
    // The owner with 1,200 warehouses and the first referent.
    const idOf = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    bigOwner = await idOf("stat-owner-1@plan.test");
    bigReferent = await idOf("stat-referent-1@plan.test");
  });

  const noScans = (text: string) => {
    expect(text).not.toMatch(/Seq Scan on warehouse_request_warehouses/);
    expect(text).not.toMatch(/Seq Scan on warehouses/);
    expect(text).not.toMatch(/Seq Scan on warehouse_daily_stats/);
  };

  it("read an owner's and a referent's figures through their warehouses' indexes, with and without a warehouse", async () => {
    for (const [owner, index] of [
      [() => ({ id: bigOwner, role: "stocker" as const }), /warehouses_user_id_created_at_idx/],
      [() => ({ id: bigReferent, role: "referent" as const }), /warehouses_referent_id_created_at_idx/],
    ] as const) {
      const warehouses = await ownerWarehousesQuery(t.db, owner()).execute();
      expect(warehouses.length).toBeGreaterThan(50);
      const list = await plan(ownerWarehousesQuery(t.db, owner()).compile());
      expect(list).toMatch(index);
      noScans(list);
      for (const [firstDay, lastDay] of [
        ["2020-01-01", "2040-12-31"],
        [new Date(Date.now() - 84 * 24 * HOUR).toISOString().slice(0, 10), new Date().toISOString().slice(0, 10)],
      ]) {
        for (const warehouseId of [null, warehouses[3]!.id]) {
          const scope: StatsScope = { owner: owner(), warehouseId, firstDay: firstDay!, lastDay: lastDay! };
          for (const query of [linksByBucketQuery(scope, "week"), linksByBucketQuery(scope, "month"), linksByWarehouseQuery(scope), medianAnswerQuery(scope)]) {
            const text = await plan(query.compile(t.db));
            expect(text).toMatch(warehouseId === null ? index : /warehouses_(user|referent)_id_created_at_idx|warehouses_pkey/);
            expect(text).toMatch(/warehouse_request_warehouses_warehouse_(created_at|state)_idx/);
            noScans(text);
          }
          const daily = await plan(dailyStatsQuery(scope).compile(t.db));
          expect(daily).toMatch(/warehouse_daily_stats_pkey/);
          noScans(daily);
        }
      }
    }
    // The whole service on the big owner answers in one go.
    const s = await statisticsFor(t.db, { id: bigOwner, role: "stocker" }, { period: "month" });
    expect(s.totals.received).toBeGreaterThan(1000);
    expect(s.per_warehouse.length).toBeGreaterThanOrEqual(1200);
    expect(s.sheet_views).toBeGreaterThan(0);
  });
});
