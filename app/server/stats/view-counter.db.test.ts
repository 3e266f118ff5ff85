// The in-memory counter of search appearances and sheet views and its flush into
// warehouse_daily_stats (one statement, added to what is there), the places that count
// (search answers, the public sheet) and what they leave out, and the workers' wiring.
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeRedeemedWarehouse, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { testContext, testServices } from "../../../tests/support/endpoint.ts";
import { servicesContext, type Actor, type AppServices, type RequestInfo } from "../context.ts";
import { createViewCounter, type StatsBatch } from "./view-counter.ts";
import { writeStatsBatch } from "./stats.queries.ts";
import { countSearchAppearances, countSheetView, isCountedVisit } from "./count-views.ts";
import { defaultJobs } from "../jobs/workers.ts";
import { loader as searchCardsLoader } from "../../routes/api/warehouses.search.cards.ts";
import { loader as sheetLoader } from "../../routes/warehouse-sheet.tsx";

const t = useTestDatabase();

type Logged = { level: "warn" | "error"; obj: object; msg: string };
function recordingLog() {
  const lines: Logged[] = [];
  return {
    lines,
    log: {
      warn: (obj: object, msg: string) => void lines.push({ level: "warn", obj, msg }),
      error: (obj: object, msg: string) => void lines.push({ level: "error", obj, msg }),
    },
  };
}

async function statsRows(ids: number[]) {
  return t.db
    .selectFrom("warehouse_daily_stats")
    .select(["warehouse_id", "day", "search_appearances", "sheet_views"])
    .where("warehouse_id", "in", ids)
    .orderBy("warehouse_id")
    .orderBy("day")
    .execute();
}

// 10:00 UTC on 14 May 2030 is noon in Italy; 22:30 UTC on 14 May is 00:30 on the 15th there.
const MAY_14 = Date.parse("2030-05-14T10:00:00Z");
const MAY_15_ROME = Date.parse("2030-05-14T22:30:00Z");

describe("the view counter", () => {
  it("counts in memory and writes everything pending with one statement, adding to earlier rows", async () => {
    const a = await makeWarehouse(t.db);
    const b = await makeWarehouse(t.db);
    const { log, lines } = recordingLog();
    const statements: StatsBatch[] = [];
    const counter = createViewCounter(t.db, {
      log,
      write: (db, batch) => {
        statements.push(batch);
        return writeStatsBatch(db, batch);
      },
    });
    // One answer listing a twice (found list and same-zone list) counts a once.
    counter.searchAppearances([b.id, a.id, a.id], MAY_14);
    counter.searchAppearances([a.id], MAY_14);
    counter.searchAppearances([a.id], MAY_15_ROME);
    counter.sheetView(a.id, MAY_14);
    counter.sheetView(b.id, MAY_15_ROME);
    counter.sheetView(b.id, MAY_15_ROME);
    // Junk ids are ignored, not written.
    counter.searchAppearances([0, -1, 1.5, Number.NaN], MAY_14);
    expect(counter.pending()).toEqual({ keys: 4, dropped: 0 });
    expect(await statsRows([a.id, b.id])).toEqual([]);

    const first = await counter.flush();
    expect(first).toEqual({ keys: 4, written: 4, skipped: 0, failed: false });
    expect(statements).toHaveLength(1);
    // Sorted by warehouse, then day: two instances lock rows in the same order.
    expect(statements[0]!.ids).toEqual([a.id, a.id, b.id, b.id]);
    expect(statements[0]!.days).toEqual(["2030-05-14", "2030-05-15", "2030-05-14", "2030-05-15"]);
    expect(await statsRows([a.id, b.id])).toEqual([
      { warehouse_id: a.id, day: "2030-05-14", search_appearances: 2, sheet_views: 1 },
      { warehouse_id: a.id, day: "2030-05-15", search_appearances: 1, sheet_views: 0 },
      { warehouse_id: b.id, day: "2030-05-14", search_appearances: 1, sheet_views: 0 },
      { warehouse_id: b.id, day: "2030-05-15", search_appearances: 0, sheet_views: 2 },
    ]);
    expect(counter.pending().keys).toBe(0);

    // Nothing pending: no statement at all.
    expect(await counter.flush()).toEqual({ keys: 0, written: 0, skipped: 0, failed: false });
    expect(statements).toHaveLength(1);

    // A second flush (or another instance's) adds to the same rows.
    const other = createViewCounter(t.db, { log });
    other.searchAppearances([a.id, b.id], MAY_14);
    other.sheetView(a.id, MAY_14);
    await other.flush();
    counter.sheetView(a.id, MAY_14);
    await counter.flush();
    expect((await statsRows([a.id])).find((r) => r.day === "2030-05-14")).toEqual({
      warehouse_id: a.id,
      day: "2030-05-14",
      search_appearances: 3,
      sheet_views: 3,
    });
    expect(lines).toEqual([]);
  });

  it("keeps the counts of a failed flush for the next one, added to what arrived meanwhile", async () => {
    const w = await makeWarehouse(t.db);
    const { log, lines } = recordingLog();
    let failures = 1;
    const counter = createViewCounter(t.db, {
      log,
      write: (db, batch) => {
        if (failures-- > 0) return Promise.reject(new Error("connection terminated"));
        return writeStatsBatch(db, batch);
      },
    });
    counter.searchAppearances([w.id], MAY_14);
    counter.sheetView(w.id, MAY_14);
    const failed = await counter.flush();
    expect(failed).toEqual({ keys: 1, written: 0, skipped: 0, failed: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: expect.stringContaining("flush failed") });
    expect(await statsRows([w.id])).toEqual([]);
    expect(counter.pending().keys).toBe(1);

    counter.searchAppearances([w.id], MAY_14);
    expect(await counter.flush()).toMatchObject({ keys: 1, written: 1, failed: false });
    expect(await statsRows([w.id])).toEqual([{ warehouse_id: w.id, day: "2030-05-14", search_appearances: 2, sheet_views: 1 }]);
  });

  it("writes a large flush in statements of a bounded size, in order, and keeps what a failed one left", async () => {
    const warehouses = await Promise.all(Array.from({ length: 3 }, () => makeWarehouse(t.db)));
    const ids = warehouses.map((w) => w.id).sort((x, y) => x - y);
    const { log, lines } = recordingLog();
    const statements: StatsBatch[] = [];
    let failAt = 2;
    const counter = createViewCounter(t.db, {
      log,
      flushRows: 2,
      write: (db, batch) => {
        statements.push(batch);
        if (statements.length === failAt) return Promise.reject(new Error("connection terminated"));
        return writeStatsBatch(db, batch);
      },
    });
    // Five keys over two days, given out of order.
    counter.sheetView(ids[2]!, MAY_15_ROME);
    counter.searchAppearances([ids[1]!, ids[0]!], MAY_14);
    counter.searchAppearances([ids[0]!], MAY_15_ROME);
    counter.sheetView(ids[2]!, MAY_14);
    counter.sheetView(ids[2]!, MAY_14);
    // The first statement is written, the second fails: it and the third go back.
    expect(await counter.flush()).toEqual({ keys: 5, written: 2, skipped: 0, failed: true });
    expect(statements.map((b) => b.ids)).toEqual([
      [ids[0], ids[0]],
      [ids[1], ids[2]],
    ]);
    expect(lines).toHaveLength(1);
    expect(counter.pending().keys).toBe(3);
    failAt = 0;
    expect(await counter.flush()).toEqual({ keys: 3, written: 3, skipped: 0, failed: false });
    // Every statement sorted by (warehouse, day), each after the last.
    const rowsSent = statements.slice(2).flatMap((b) => b.ids.map((id, k) => [id, b.days[k]]));
    expect(rowsSent).toEqual([
      [ids[1], "2030-05-14"],
      [ids[2], "2030-05-14"],
      [ids[2], "2030-05-15"],
    ]);
    expect(statements.slice(2).map((b) => b.ids.length)).toEqual([2, 1]);
    expect((await statsRows(ids)).map((r) => [r.warehouse_id, r.day, r.search_appearances, r.sheet_views])).toEqual([
      [ids[0], "2030-05-14", 1, 0],
      [ids[0], "2030-05-15", 1, 0],
      [ids[1], "2030-05-14", 1, 0],
      [ids[2], "2030-05-14", 0, 2],
      [ids[2], "2030-05-15", 0, 1],
    ]);
  });

  it("leaves out warehouses deleted meanwhile, and recovers when one goes between the check and the insert", async () => {
    const kept = await makeWarehouse(t.db);
    const gone = await makeWarehouse(t.db);
    const { log } = recordingLog();
    const counter = createViewCounter(t.db, { log });
    counter.searchAppearances([kept.id, gone.id], MAY_14);
    await t.db.deleteFrom("warehouses").where("id", "=", gone.id).execute();
    expect(await counter.flush()).toEqual({ keys: 2, written: 1, skipped: 1, failed: false });
    expect(await statsRows([kept.id, gone.id])).toEqual([{ warehouse_id: kept.id, day: "2030-05-14", search_appearances: 1, sheet_views: 0 }]);

    // The race: the foreign key fails the statement; the counts go back and the next flush,
    // which no longer sees the warehouse, writes the others.
    const racing = await makeWarehouse(t.db);
    const { log: log2, lines } = recordingLog();
    let first = true;
    const counter2 = createViewCounter(t.db, {
      log: log2,
      write: async (db, batch) => {
        if (first) {
          first = false;
          // What the statement would meet if the warehouse went after its `exists` check.
          const { sql } = await import("kysely");
          await sql`insert into warehouse_daily_stats (warehouse_id, day, search_appearances) values (${-1}, '2030-05-14', 1)`.execute(db);
        }
        return writeStatsBatch(db, batch);
      },
    });
    counter2.sheetView(kept.id, MAY_14);
    counter2.sheetView(racing.id, MAY_14);
    expect((await counter2.flush()).failed).toBe(true);
    expect(lines[0]!.msg).toContain("flush failed");
    await t.db.deleteFrom("warehouses").where("id", "=", racing.id).execute();
    expect(await counter2.flush()).toEqual({ keys: 2, written: 1, skipped: 1, failed: false });
    expect(await statsRows([kept.id])).toEqual([{ warehouse_id: kept.id, day: "2030-05-14", search_appearances: 1, sheet_views: 1 }]);
  });

  it("flushes early past its key bound and drops new keys only while the database refuses writes", async () => {
    const warehouses = await Promise.all(Array.from({ length: 6 }, () => makeWarehouse(t.db)));
    const ids = warehouses.map((w) => w.id).sort((x, y) => x - y);
    const { log, lines } = recordingLog();
    let refuse = true;
    let writes = 0;
    const counter = createViewCounter(t.db, {
      log,
      earlyFlushKeys: 3,
      maxKeys: 4,
      write: (db, batch) => {
        writes += 1;
        return refuse ? Promise.reject(new Error("database down")) : writeStatsBatch(db, batch);
      },
    });
    counter.searchAppearances(ids.slice(0, 2), MAY_14);
    expect(writes).toBe(0);
    // The third key starts a flush without waiting for the timer.
    counter.searchAppearances([ids[2]!], MAY_14);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toBe(1);
    await counter.flush(); // waits for that one, then tries again
    expect(counter.pending().keys).toBe(3);
    // At the bound, new keys are dropped; known keys still count.
    counter.searchAppearances(ids.slice(3), MAY_14);
    counter.searchAppearances([ids[0]!], MAY_14);
    expect(counter.pending()).toEqual({ keys: 4, dropped: 2 });
    refuse = false;
    expect(await counter.flush()).toMatchObject({ keys: 4, written: 4, failed: false });
    expect(lines.filter((l) => l.level === "warn")).toEqual([{ level: "warn", obj: { dropped: 2 }, msg: expect.stringContaining("dropped") }]);
    const rows = await statsRows(ids);
    expect(rows.map((r) => [r.warehouse_id, r.search_appearances])).toEqual([
      [ids[0], 2],
      [ids[1], 1],
      [ids[2], 1],
      [ids[3], 1],
    ]);
  });

  it("is flushed by the workers' job and once more when they stop", async () => {
    const w = await makeWarehouse(t.db);
    const services = testServices(t.db);
    const views = createViewCounter(t.db, { log: services.log });
    const { jobs, close } = defaultJobs({ ...services, views });
    const job = jobs.find((j) => j.name === "view-stats");
    expect(job?.everyMs).toBe(10_000);
    views.sheetView(w.id, MAY_14);
    await job!.run(new AbortController().signal);
    views.sheetView(w.id, MAY_14);
    await close();
    expect(await statsRows([w.id])).toEqual([{ warehouse_id: w.id, day: "2030-05-14", search_appearances: 0, sheet_views: 2 }]);
    // Without a counter (tests, tools) there is no such job.
    const without = defaultJobs(services);
    expect(without.jobs.some((j) => j.name === "view-stats")).toBe(false);
    await without.close();
  });
});

describe("what is counted", () => {
  const info = (userAgent: string): RequestInfo => ({ id: "t", ip: "203.0.113.9", userAgent, nonce: "n", secure: false });
  const request = (headers: Record<string, string> = {}) => new Request("http://stockspace.test/it/stocks", { headers });
  const withViews = (): AppServices & { views: ReturnType<typeof createViewCounter> } => {
    const services = testServices(t.db);
    return { ...services, views: createViewCounter(t.db, { log: services.log }) };
  };
  const contextWith = (services: AppServices, actor: Actor | null = null) => {
    const context = testContext(t.db, { actor });
    context.set(servicesContext, services);
    return context as unknown as Readonly<RouterContextProvider>;
  };

  it("leaves out crawlers and prefetches", () => {
    expect(isCountedVisit(request(), info("Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0"))).toBe(true);
    expect(isCountedVisit(request(), info("Mozilla/5.0 (compatible; Googlebot/2.1)"))).toBe(false);
    expect(isCountedVisit(request(), info("Baiduspider"))).toBe(false);
    expect(isCountedVisit(request(), info("SomeCrawler/1.0"))).toBe(false);
    expect(isCountedVisit(request({ "Sec-Purpose": "prefetch" }), info("Mozilla/5.0"))).toBe(false);
    expect(isCountedVisit(request({ Purpose: "prefetch" }), info("Mozilla/5.0"))).toBe(false);
  });

  it("counts each warehouse of a search answer once, and nothing without a counter or for a crawler", async () => {
    const services = withViews();
    const answer = { warehouses: [{ id: 11 }, { id: 12 }], other_warehouses: [{ id: 12 }, { id: 13 }] };
    expect(countSearchAppearances(services, request(), info("Mozilla/5.0"), answer)).toBe(answer);
    expect(services.views.pending().keys).toBe(3);
    countSearchAppearances(services, request(), info("Googlebot"), { warehouses: [{ id: 14 }] });
    expect(countSearchAppearances(services, request(), info("Mozilla/5.0"), null)).toBeNull();
    expect(services.views.pending().keys).toBe(3);
    expect(countSearchAppearances(testServices(t.db), request(), info("Mozilla/5.0"), answer)).toBe(answer);
  });

  it("counts the cards the search's map opens", async () => {
    const services = withViews();
    const { warehouse } = await makeRedeemedWarehouse(t.db);
    const res = await searchCardsLoader({
      request: new Request(`http://stockspace.test/api/warehouses/search/cards?ids=${warehouse.id},${warehouse.id}&lat=45.46&lng=9.19`),
      params: {},
      context: contextWith(services),
    });
    expect(res.status).toBe(200);
    await services.views.flush();
    const rows = await statsRows([warehouse.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ search_appearances: 1, sheet_views: 0 });

    // The next cards of a list the search page counted already ("show more"): not counted again.
    const more = await searchCardsLoader({
      request: new Request(`http://stockspace.test/api/warehouses/search/cards?ids=${warehouse.id}&lat=45.46&lng=9.19&counted=1`),
      params: {},
      context: contextWith(services),
    });
    expect(more.status).toBe(200);
    expect((await more.json()).warehouses).toHaveLength(1);
    await services.views.flush();
    expect((await statsRows([warehouse.id]))[0]).toMatchObject({ search_appearances: 1 });
  });

  it("counts a sheet's views, except its owner's, its referent's and an administrator's", async () => {
    const referent = await makeUser(t.db, { role: "referent" });
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db, { referent_id: referent.id });
    const otherStocker = await makeUser(t.db, { role: "stocker" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const admin = await makeUser(t.db, { role: "admin" });
    const services = withViews();
    const open = (actor: Actor | null) =>
      sheetLoader({
        request: new Request(`http://stockspace.test/it/warehouses/${warehouse.id}`),
        params: { locale: "it", id: String(warehouse.id) },
        context: contextWith(services, actor),
      } as never);
    for (const actor of [null, actorOf(hunter), actorOf(otherStocker), actorOf(owner), actorOf(referent), actorOf(admin)]) await open(actor);
    await services.views.flush();
    // The visitor, the hunter and another stocker.
    expect((await statsRows([warehouse.id]))[0]).toMatchObject({ search_appearances: 0, sheet_views: 3 });

    // The helper itself: a crawler is not counted.
    await countSheetView(services, request(), info("bingbot/2.0"), null, warehouse.id);
    expect(services.views.pending().keys).toBe(0);
  });
});
