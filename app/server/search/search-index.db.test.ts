import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { createDb, type Database } from "../db/database.ts";
import { loadBenchData } from "../../../scripts/bench-data.ts";
import { searchQuery, searchMapQuery } from "../../schemas/search.ts";
import { SEARCH_SORTS } from "../../lib/search-form.ts";
import type { Geocoder } from "../geo/geocoder.ts";
import { searchWarehouses, type SearchDeps } from "./search.service.ts";
import { searchMap } from "./search-map.service.ts";
import { startSearchIndex, type SearchIndex } from "./search-index.ts";
import { dayNumber, isoDay } from "./spaces.ts";
import { todayInItaly } from "../../lib/format.ts";
import { readSearchEpoch } from "./search.queries.ts";
import { createRandom } from "../seed/random.ts";
import { CardCache } from "./card-cache.ts";
import { ZoneCache } from "./zones.ts";

const t = useTestDatabase();

const noGeocoder: Geocoder = { locate: async () => null } as unknown as Geocoder;

type Lookups = Record<string, number>;

function depsOf(db: Database, lookups: Lookups, searchIndex?: SearchIndex): SearchDeps {
  return {
    db,
    searchIndex,
    geocoder: noGeocoder,
    metrics: { searchZoneLookups: { inc: (labels: { result: string }) => (lookups[labels.result] = (lookups[labels.result] ?? 0) + 1) } } as never,
  };
}

// Two more connections to the same database: one with a search index (an app instance), one
// without (PostgreSQL's answer, as before the index); `t.db` makes the changes.
let indexed: Database;
let plain: Database;
let index: SearchIndex;
let specIds: number[];
let centres: { lat: number; lng: number }[];

beforeAll(async () => {
  await loadBenchData(t.db, { warehouses: 6000 });
  // Ranks beyond the bench data's: ratings, answer times and photos on some warehouses.
  await sql`update warehouses set review_count = 1 + id % 7, rating_avg = 10 + (id * 7) % 41 where id % 9 = 0`.execute(t.db);
  await sql`update warehouses set requests_answered = id % 6, answer_seconds_median = (id * 3701) % 172800 where id % 4 = 0`.execute(t.db);
  await sql`insert into images (warehouse_id, src, file) select id, '/uploads/x.jpg', 'x.jpg' from warehouses where redeemed and id % 3 = 0`.execute(t.db);
  // Two warehouses at one published point: the order breaks the tie by id.
  await sql`update warehouses w set lat = v.lat, lng = v.lng
            from (select lat, lng from warehouses where redeemed and status = 'approved' and not deactivated order by id limit 1) v
            where w.id in (select id from warehouses where redeemed and status = 'approved' and not deactivated order by id desc limit 2)`.execute(t.db);
  specIds = (await t.db.selectFrom("specifications").select("id").where("position", "<=", 2).execute()).map((s) => s.id);
  centres = (
    await t.db.selectFrom("warehouses").select(["pub_lat", "pub_lng"]).where("status", "=", "approved").where("deactivated", "=", false).orderBy("id").execute()
  ).map((w) => ({ lat: w.pub_lat, lng: w.pub_lng }));
  indexed = createDb(t.url, 4).db;
  plain = createDb(t.url, 4).db;
  const started = startSearchIndex(indexed, t.url, { chunk: 1000, missedGapMs: 0 });
  index = started.index;
  await started.built;
}, 120_000);

afterAll(async () => {
  await index?.stop();
  await indexed?.destroy();
  await plain?.destroy();
});

/** A random search: a place near a warehouse, a radius, specifications, dates, a quantity, an order. */
function randomSearch(next: () => number): Record<string, string> {
  const at = centres[Math.floor(next() * centres.length)]!;
  const q: Record<string, string> = {
    lat: (at.lat + (next() - 0.5) * 0.1).toFixed(6),
    lng: (at.lng + (next() - 0.5) * 0.1).toFixed(6),
    radius: String([0.5, 2, 5, 10, 25, 60][Math.floor(next() * 6)]),
    sort: SEARCH_SORTS[Math.floor(next() * SEARCH_SORTS.length)]!,
  };
  const groups = ["service", "material", "security", "equipment"];
  const specs = Math.floor(next() * 4);
  for (let k = 0; k < specs; k++) q[groups[k]!] = String(specIds[Math.floor(next() * specIds.length)]);
  const today = dayNumber(todayInItaly());
  const kind = next();
  if (kind < 0.3) {
    const start = today + Math.floor(next() * 200) - 20;
    q.start_date = isoDay(start);
    q.end_date = isoDay(start + Math.floor(next() * 400));
  } else if (kind < 0.4) q.end_date = isoDay(today + Math.floor(next() * 300));
  if (next() < 0.4) q.m2_value = String(Math.floor(next() * 3000) + 1);
  if (next() < 0.25) q.m2_type = "pallet";
  return q;
}

describe("the search index", () => {
  it("answers 400 random searches and their maps exactly as PostgreSQL does", async () => {
    // Seeded, so a failing search can be found again.
    const next = createRandom(64).next;
    const fromIndex: Lookups = {};
    const fromDb: Lookups = {};
    let found = 0;
    for (let n = 0; n < 400; n++) {
      const raw = randomSearch(next);
      const q = searchQuery.parse(raw);
      const [a, b] = await Promise.all([searchWarehouses(depsOf(indexed, fromIndex, index), q, "it"), searchWarehouses(depsOf(plain, fromDb), q, "it")]);
      expect(a, JSON.stringify(raw)).toEqual(b);
      found += a.total_warehouses;
      if (n % 4 === 0 && b.min_lat !== null) {
        const zoom = 7 + Math.floor(next() * 9);
        const view = { zoom: String(zoom), west: String(b.min_lng), south: String(b.min_lat), east: String(b.max_lng), north: String(b.max_lat) };
        const mq = searchMapQuery.parse({ ...raw, ...view });
        const [ma, mb] = await Promise.all([searchMap(depsOf(indexed, fromIndex, index), mq, "it"), searchMap(depsOf(plain, fromDb), mq, "it")]);
        expect(ma, JSON.stringify({ ...raw, ...view })).toEqual(mb);
      }
    }
    // The searches found something, and the index answered them, not PostgreSQL.
    expect(found).toBeGreaterThan(1000);
    expect(fromIndex.miss ?? 0).toBe(0);
    expect(fromIndex.index).toBeGreaterThan(300);
    expect(fromDb.index ?? 0).toBe(0);
  }, 300_000);

  it("keeps the zones it took, from the index or PostgreSQL, within its memory budget, the least recently used dropped first", async () => {
    for (const withIndex of [true, false]) {
      const db = withIndex ? indexed : plain;
      const lookups: Lookups = {};
      const metrics = depsOf(db, lookups).metrics!;
      const getFrom = (cache: ZoneCache, at: { lat: number; lng: number }) =>
        cache.get({ ...at, radiusM: 30_000 }, { specIds: [], area: null }, undefined, { metrics, index: withIndex ? index : undefined });
      // Each place's zone holds its own warehouse at least, so each weighs something.
      const places = centres.filter((_, k) => k % 97 === 0).slice(0, 30);
      const unbounded = new ZoneCache(db, { maxBytes: Infinity });
      const weights: number[] = [];
      for (const at of places) weights.push((await getFrom(unbounded, at)).zone.memoryBytes());
      // A budget the last three fill exactly: the data is random, the test is not.
      const budget = weights.slice(-3).reduce((sum, w) => sum + w, 0);
      const cache = new ZoneCache(db, { maxBytes: budget });
      for (const at of places) {
        await getFrom(cache, at);
        const { zones, bytes } = cache.stats();
        expect(bytes <= budget || zones === 1, `${zones} zones, ${bytes} bytes`).toBe(true);
      }
      expect(cache.stats()).toEqual({ zones: 3, bytes: budget });
      // The last one comes from memory; the first was dropped and is taken again.
      const taken = withIndex ? "index" : "miss";
      const before = { hit: lookups.hit ?? 0, taken: lookups[taken] ?? 0 };
      await getFrom(cache, places.at(-1)!);
      expect(lookups.hit).toBe(before.hit + 1);
      await getFrom(cache, places[0]!);
      expect(lookups[taken]).toBe(before.taken + 1);
    }
  }, 60_000);

  it("reads everything once at start, though its periodic check comes round during the read", async () => {
    const reads: string[] = [];
    const log = { info: (msg: string) => void (/ read in /.test(msg) && reads.push(msg)), warn: () => {} };
    const other = createDb(t.url, 4).db;
    const started = startSearchIndex(other, t.url, { chunk: 500, checkEveryMs: 5, log });
    try {
      await started.built;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reads).toHaveLength(1);
    } finally {
      await started.index.stop();
      await other.destroy();
    }
  }, 60_000);

  it("shows a deactivation and a new space made through another instance in the next search", async () => {
    // A second instance: its own connections and its own index.
    const other = createDb(t.url, 4).db;
    const second = startSearchIndex(other, t.url, { chunk: 2000 });
    await second.built;
    try {
      const target = await t.db
        .selectFrom("warehouses")
        .select(["id", "pub_lat", "pub_lng"])
        .where("redeemed", "=", true)
        .where("status", "=", "approved")
        .where("deactivated", "=", false)
        .orderBy("id")
        .offset(10)
        .executeTakeFirstOrThrow();
      const q = searchQuery.parse({ lat: String(target.pub_lat), lng: String(target.pub_lng), radius: "1", sort: "distance" });
      const lookups: Lookups = {};
      const ids = async (db: Database, query = q) => {
        const r = await searchWarehouses(depsOf(db, lookups, second.index), query, "it");
        return [...r.warehouses, ...r.other_warehouses].map((w) => w.id);
      };
      expect(await ids(other)).toContain(target.id);

      // Deactivated through the first instance: gone from the second's very next search.
      await indexed.updateTable("warehouses").set({ deactivated: true }).where("id", "=", target.id).execute();
      const started = performance.now();
      expect(await ids(other)).not.toContain(target.id);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(lookups.miss ?? 0).toBe(0);

      // A new space declared through the first instance: the second's next dated search finds it.
      const today = dayNumber(todayInItaly());
      const dated = searchQuery.parse({
        lat: String(target.pub_lat),
        lng: String(target.pub_lng),
        radius: "25",
        start_date: isoDay(today + 10),
        end_date: isoDay(today + 100),
        m2_value: "77777",
      });
      const neighbour = (await searchWarehouses(depsOf(other, lookups, second.index), dated, "it")).other_warehouses[0];
      expect(neighbour).toBeDefined();
      await indexed
        .insertInto("warehouse_spaces")
        .values({ warehouse_id: neighbour!.id, m2_type: "m2", quantity: 80000, available_from: isoDay(today), available_until: null, min_term_months: 0 })
        .execute();
      const after = await searchWarehouses(depsOf(other, lookups, second.index), dated, "it");
      expect(after.warehouses.map((w) => w.id)).toEqual([neighbour!.id]);
      expect(lookups.miss ?? 0).toBe(0);
    } finally {
      await second.index.stop();
      await other.destroy();
      await indexed.updateTable("warehouses").set({ deactivated: false }).where("deactivated", "=", true).where("redeemed", "=", true).execute();
    }
  }, 60_000);

  it("keeps the cards it lists current: a new name, an owner no longer approved", async () => {
    const target = await t.db
      .selectFrom("warehouses as w")
      .innerJoin("users as u", "u.id", "w.user_id")
      .select(["w.id", "w.pub_lat", "w.pub_lng", "w.name", "u.id as owner"])
      .where("w.redeemed", "=", true)
      .where("w.status", "=", "approved")
      .where("w.deactivated", "=", false)
      .where("u.approval_status", "=", "approved")
      .where("u.active", "=", true)
      .orderBy("w.id")
      .offset(3)
      .executeTakeFirstOrThrow();
    const q = searchQuery.parse({ lat: String(target.pub_lat), lng: String(target.pub_lng), radius: "1", sort: "distance" });
    const lookups: Lookups = {};
    const card = async () => {
      const r = await searchWarehouses(depsOf(indexed, lookups, index), q, "it");
      return [...r.warehouses, ...r.other_warehouses].find((w) => w.id === target.id)!;
    };
    /** Waits for the index to apply the next notification: at most a second (the target for any change). */
    const applied = async (before: number) => {
      const deadline = Date.now() + 1000;
      while (index.stats().version === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(index.stats().version).toBeGreaterThan(before);
    };
    expect(await card()).toMatchObject({ name: target.name, verified: true });
    expect(index.cards.size).toBeGreaterThan(0);
    // The same search again is the answer kept (another language is another answer).
    const again = await searchWarehouses(depsOf(indexed, lookups, index), q, "it");
    expect(await searchWarehouses(depsOf(indexed, lookups, index), q, "it")).toBe(again);
    expect(await searchWarehouses(depsOf(indexed, lookups, index), q, "en")).not.toBe(again);
    try {
      // The second search reads its cards from memory: PostgreSQL's copy changes under it.
      let before = index.stats().version;
      await t.db.updateTable("warehouses").set({ name: "Magazzino rinominato" }).where("id", "=", target.id).execute();
      await applied(before);
      expect(await card()).toMatchObject({ name: "Magazzino rinominato" });

      before = index.stats().version;
      await t.db.updateTable("users").set({ active: false }).where("id", "=", target.owner).execute();
      await applied(before);
      expect((await card()).verified).toBe(false);

      // A change to the owner that no card shows sends nothing.
      before = index.stats().version;
      await t.db.updateTable("users").set({ telephone: "+39 02 1234567" }).where("id", "=", target.owner).execute();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(index.stats().version).toBe(before);
      expect(lookups.miss ?? 0).toBe(0);
    } finally {
      await t.db.updateTable("warehouses").set({ name: target.name }).where("id", "=", target.id).execute();
      await t.db.updateTable("users").set({ active: true }).where("id", "=", target.owner).execute();
    }
  }, 30_000);

  it("keeps no card read from PostgreSQL while a notification overtook the read", async () => {
    const cache = new CardCache(100);
    const ids = (await t.db.selectFrom("warehouses").select("id").where("status", "=", "approved").where("deactivated", "=", false).limit(5).execute()).map(
      (w) => w.id,
    );
    const reading = cache.read(t.db, ids);
    cache.forget([ids[0]!]);
    expect((await reading).map((c) => c.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(cache.size).toBe(0);
    // Read again with nothing in between: kept, and the least recently used go first beyond the limit.
    await cache.read(t.db, ids);
    expect(cache.size).toBe(5);
    const small = new CardCache(3);
    await small.read(t.db, ids);
    expect(small.size).toBe(3);
  });

  it("reads everything again when search_epoch moved without a notification", async () => {
    const target = await t.db
      .selectFrom("warehouses")
      .select(["id", "pub_lat", "pub_lng"])
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const q = searchQuery.parse({ lat: String(target.pub_lat), lng: String(target.pub_lng), radius: "2", sort: "distance" });
    const lookups: Lookups = {};
    const ids = async () => {
      const r = await searchWarehouses(depsOf(indexed, lookups, index), q, "it");
      return [...r.warehouses, ...r.other_warehouses].map((w) => w.id);
    };
    expect(await ids()).toContain(target.id);
    // A bulk change with the triggers off, which raises the epoch itself (as bulk loads must): no notification.
    await t.db.connection().execute(async (conn) => {
      await sql`set session_replication_role = replica`.execute(conn);
      await sql`update warehouses set deactivated = true where id = ${target.id}`.execute(conn);
      await sql`update search_epoch set value = value + 1`.execute(conn);
      await sql`set session_replication_role = origin`.execute(conn);
    });
    // Meanwhile the index is behind the epoch: searches ask PostgreSQL, and are right.
    expect(await ids()).not.toContain(target.id);
    expect(lookups.miss).toBeGreaterThan(0);
    // The periodic check sees the epoch moved without a word, and reads everything again.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await index.check();
    expect(index.stats().epoch).toBe(await readSearchEpoch(t.db));
    const before = lookups.index ?? 0;
    expect(await ids()).not.toContain(target.id);
    expect(lookups.index).toBe(before + 1);
  }, 60_000);

  it("listens again after losing its connection, and reads everything again", async () => {
    const before = index.stats().version;
    const { rows } = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
    const deadline = Date.now() + 15_000;
    while (index.stats().version === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(index.stats().version).toBeGreaterThan(before);
    // Ready throughout (a database restart must not take every instance out), and answering
    // from memory again once it listens and has read everything (the version may have moved
    // first for a notification on its way when the connection was cut: searches ask
    // PostgreSQL until then, so the first of them may still be one).
    expect(index.ready).toBe(true);
    const at = centres[0]!;
    const q = searchQuery.parse({ lat: String(at.lat), lng: String(at.lng), radius: "3" });
    let lookups: Lookups = { miss: 1 };
    while ((lookups.miss ?? 0) > 0 && Date.now() < deadline) {
      lookups = {};
      await searchWarehouses(depsOf(indexed, lookups, index), q, "it");
      if (lookups.miss) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lookups.miss ?? 0).toBe(0);
    expect(lookups.index ?? lookups.hit ?? 0).toBeGreaterThan(0);
  }, 30_000);
});
