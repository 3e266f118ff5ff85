import { beforeAll, describe, expect, it } from "vitest";
import { subscribeWarehouses } from "../../../tests/support/factories.ts";
import { sql } from "kysely";
import { pino } from "pino";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { loadConfig } from "../config.ts";
import type { AppServices } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { ensureGazetteerLoaded } from "../geo/gazetteer.ts";
import { gazetteerGeocoder } from "../geo/geocoder.gazetteer.ts";
import { searchQuery } from "../../schemas/search.ts";
import { loader as searchLoader } from "../../routes/api/warehouses.search.ts";
import { loader as mapLoader } from "../../routes/api/warehouses.search.map.ts";
import { loader as cardsLoader } from "../../routes/api/warehouses.search.cards.ts";
import { SEARCH_LIST_LIMIT } from "../../lib/search-form.ts";
import type { SearchMapResponse } from "../../lib/map.ts";
import { createHmac } from "node:crypto";
import { JITTER_LAT, JITTER_LNG, searchWarehouses, type SearchResponse } from "./search.service.ts";
import { zoneMatchCountQuery, zoneMatchesQuery, zonePlanSettings, zonePointsQuery, zoneRanksQuery, zoneSpacesQuery } from "./search.queries.ts";
import { distanceM } from "./zones.ts";

const t = useTestDatabase();
const SECRET = "search-test-secret";
const MILANO = { lat: 45.4642, lng: 9.19 };
const EARTH_RADIUS_M = 6_378_168;

/** The point `km` kilometres from `from` along `bearingDeg` (on earthdistance's sphere). */
function destination(from: { lat: number; lng: number }, km: number, bearingDeg: number) {
  const rad = Math.PI / 180;
  const d = (km * 1000) / EARTH_RADIUS_M;
  const b = bearingDeg * rad;
  const lat1 = from.lat * rad;
  const lng1 = from.lng * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: lng2 / rad };
}

let stockerId: number;
const specs: Record<string, number> = {};
const ids: Record<string, number> = {};

async function addWarehouse(
  key: string,
  at: { lat: number; lng: number },
  // claimed: owned by the test stocker and, unless `subscribed` is false, covered by their subscription (redeemed).
  opts: {
    claimed?: boolean;
    subscribed?: boolean;
    specs?: string[];
    status?: "approved" | "pending" | "refused";
    deactivated?: boolean;
    total_m2?: number | null;
  } = {},
) {
  const row = await t.db
    .insertInto("warehouses")
    .values({
      name: `Real name ${key}`,
      country: "IT",
      address: `Via Segreta ${key} 12`,
      cap: "20100",
      city: "Milano",
      province: "MI",
      lat: at.lat,
      lng: at.lng,
      total_m2: opts.total_m2 === undefined ? 5000 : opts.total_m2,
      m2_cost: 12.5,
      m2_month: 4.25,
      m2_pallet: 7.75,
      handling_cost: 3.5,
      telephone: "+39 02 1234567",
      email: `private-${key}@example.com`,
      status: opts.status ?? "approved",
      deactivated: opts.deactivated ?? false,
      user_id: opts.claimed ? stockerId : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
  if (opts.claimed && opts.subscribed !== false) await subscribeWarehouses(t.db, stockerId, [row.id]);
  for (const s of opts.specs ?? []) await t.db.insertInto("warehouse_specifications").values({ warehouse_id: row.id, specification_id: specs[s]! }).execute();
  return row.id;
}

function services(env: Record<string, string> = {}): AppServices {
  return { db: t.db, config: loadConfig(env), log: pino({ level: "silent" }), secret: SECRET };
}

// Through callJson: every 200 answer is checked against the endpoint's described answer.
async function callApi<T>(loader: typeof searchLoader, path: string, query: string, locale: Locale = "it", env: Record<string, string> = {}) {
  const { status, json } = await callJson(loader, t.db, { method: "GET", path: `${path}?${query}`, locale, ip: "127.0.0.1", services: services(env) });
  return { status, text: JSON.stringify(json), body: json as T & { errors?: Record<string, string> } };
}

const callSearch = (query: string, locale: Locale = "it") => callApi<SearchResponse>(searchLoader, "/api/warehouses/search", query, locale);
const callMap = (query: string) => callApi<SearchMapResponse>(mapLoader as typeof searchLoader, "/api/warehouses/search/map", query);
const callCards = (query: string, locale: Locale = "it") =>
  callApi<{ warehouses: SearchResponse["warehouses"] }>(cardsLoader as typeof searchLoader, "/api/warehouses/search/cards", query, locale);

function search(query: Record<string, unknown>, locale: Locale = "it") {
  return searchWarehouses({ db: t.db, geocoder: gazetteerGeocoder(t.db) }, searchQuery.parse(query), locale);
}

/** The published position as the spec derives it, computed here independently of the database's trigger. */
async function expectedPosition(id: number, real: { lat: number; lng: number }) {
  const secret = (await t.db.selectFrom("app_secrets").select("value").where("name", "=", "app").executeTakeFirstOrThrow()).value;
  const digest = createHmac("sha256", secret).update(`warehouse-position:${id}`).digest();
  const unit = (word: number) => (digest.readUInt32BE(word * 4) / 0xffffffff) * 2 - 1;
  const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: round6(real.lat + unit(0) * JITTER_LAT), lng: round6(real.lng + unit(1) * JITTER_LNG) };
}

beforeAll(async () => {
  await ensureGazetteerLoaded(t.db);
  const user = await t.db
    .insertInto("users")
    .values({ email: "stocker@example.com", role: "stocker", account_type: 0, invite_code: "INV-SEARCH" })
    .returning("id")
    .executeTakeFirstOrThrow();
  stockerId = user.id;
  const specRows = await t.db
    .insertInto("specifications")
    .values([
      { cat_id: 1, value: "Picking", value_en: "Picking", position: 1 },
      { cat_id: 1, value: "Etichettatura", value_en: "Labelling", position: 2 },
      { cat_id: 3, value: "Videosorveglianza", value_en: "CCTV", position: 1 },
      { cat_id: 7, value: "ISO 9001", value_en: "ISO 9001", position: 1 },
      { cat_id: 4, value: "Nascosta", value_en: "Hidden", position: 1, hidden: true },
      { cat_id: 2, value: "Alimentare", value_en: "Food", position: 1 },
    ])
    .returning(["id", "value_en"])
    .execute();
  for (const r of specRows) specs[r.value_en!] = r.id;

  // Claimed warehouses on a line to the east, at known distances.
  await addWarehouse("at-2km", destination(MILANO, 2, 90), { claimed: true, specs: ["Picking", "CCTV", "ISO 9001", "Labelling", "Food", "Hidden"] });
  await addWarehouse("at-5km", destination(MILANO, 5, 200), { claimed: true, specs: ["Picking"] });
  await addWarehouse("at-1km", destination(MILANO, 1, 10), { claimed: true, specs: ["Picking", "CCTV"], total_m2: 800 });
  await addWarehouse("at-9.9km", destination(MILANO, 9.9, 45), { claimed: true, specs: ["Picking", "CCTV"], total_m2: null });
  await addWarehouse("at-10.1km", destination(MILANO, 10.1, 45), { claimed: true, specs: ["Picking", "CCTV"] });
  // Unclaimed, well inside.
  await addWarehouse("unclaimed-3km", destination(MILANO, 3, 300), { specs: ["Picking", "CCTV"] });
  // Excluded whatever the filters.
  await addWarehouse("pending", destination(MILANO, 1.5, 0), { claimed: true, status: "pending" });
  await addWarehouse("refused", destination(MILANO, 1.5, 90), { claimed: true, status: "refused" });
  await addWarehouse("deactivated", destination(MILANO, 1.5, 180), { claimed: true, deactivated: true });
  await t.db.insertInto("images").values({ warehouse_id: ids["at-2km"]!, src: "/uploads/w/2km.webp", file: "w/2km.webp", position: 0 }).execute();
  await t.db.insertInto("images").values({ warehouse_id: ids["unclaimed-3km"]!, src: "/uploads/w/secret.webp", file: "w/secret.webp", position: 0 }).execute();
}, 120_000);

const idsOf = (list: { id: number }[]) => list.map((w) => w.id);

describe("the radius", () => {
  it("keeps a warehouse at 9.9 km and leaves out one at 10.1 km, nearest first (the anonymised after the redeemed)", async () => {
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10, sort: "distance" });
    expect(r.error).toBeNull();
    expect(idsOf(r.warehouses)).toEqual([ids["at-1km"], ids["at-2km"], ids["at-5km"], ids["at-9.9km"], ids["unclaimed-3km"]]);
    expect(r.other_warehouses).toEqual([]);
    const distances = r.warehouses.filter((w) => w.c_sub).map((w) => w.distance);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(r.warehouses.find((w) => w.id === ids["at-9.9km"])!.distance).toBeCloseTo(9.9, 2);
  });

  it("defaults to 10 km and follows a wider radius", async () => {
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng });
    expect(r.radius).toBe(10);
    expect(idsOf(r.warehouses)).not.toContain(ids["at-10.1km"]);
    const wide = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: "10.2" });
    expect(idsOf(wide.warehouses)).toContain(ids["at-10.1km"]);
  });

  it("geocodes the location, with or without its accent, and reports a place it cannot find", async () => {
    const r = await search({ location: "Milano", radius: 10 });
    expect(r.location).toBe("Milano (MI), Italia");
    expect(r.warehouses.length).toBeGreaterThan(0);
    for (const w of [...r.warehouses, ...r.other_warehouses]) {
      expect(distanceM(r.lat!, r.lng!, w.lat, w.lng)).toBeLessThanOrEqual(10_000);
    }
    const forli = await search({ location: "forli" }, "en");
    expect(forli.location).toBe("Forlì (FC), Italy");
    expect(forli.warehouses).toEqual([]);
    const none = await search({ location: "Qqqzzzx" });
    expect(none).toMatchObject({ error: "location_not_found", warehouses: [], other_warehouses: [] });
  });

  it("answers the bounds of every result, or of the searched circle when none", async () => {
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 });
    const all = [...r.warehouses, ...r.other_warehouses];
    expect(r.min_lat).toBe(Math.min(...all.map((w) => w.lat)));
    expect(r.max_lng).toBe(Math.max(...all.map((w) => w.lng)));
    const empty = await search({ lat: 41.9, lng: 12.5, radius: 5 });
    expect(empty.warehouses).toEqual([]);
    expect(empty.min_lat!).toBeCloseTo(41.9 - 0.0449, 3);
    expect(empty.max_lat!).toBeCloseTo(41.9 + 0.0449, 3);
  });
});

describe("the filters", () => {
  it("narrows warehouses to those with every selected specification and moves the rest to other_warehouses", async () => {
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, service: [String(specs.Picking)], security: String(specs.CCTV), sort: "distance" });
    expect(idsOf(r.warehouses)).toEqual([ids["at-1km"], ids["at-2km"], ids["at-9.9km"], ids["unclaimed-3km"]]);
    expect(idsOf(r.other_warehouses)).toEqual([ids["at-5km"]]);
    const three = await search({
      lat: MILANO.lat,
      lng: MILANO.lng,
      service: `${specs.Picking}`,
      security: [`${specs.CCTV}`],
      certification: [`${specs["ISO 9001"]}`],
      sort: "distance",
    });
    expect(idsOf(three.warehouses)).toEqual([ids["at-2km"]]);
    expect(idsOf(three.other_warehouses)).toEqual([ids["at-1km"], ids["at-5km"], ids["at-9.9km"], ids["unclaimed-3km"]]);
  });

  it("asks m2_value of a declared free space, not of the total area: without one, availability on request", async () => {
    // Every warehouse here has 5,000 m² or 800 m² in all, and none declares a free space.
    const m2 = await search({ lat: MILANO.lat, lng: MILANO.lng, m2_type: "m2", m2_value: "100" });
    expect(m2.warehouses).toEqual([]);
    expect(m2.total_other_warehouses).toBe(5);
    for (const w of m2.other_warehouses) expect(w).toMatchObject({ on_request: true, unmet: ["quantity"], availability: null });
    await t.db
      .insertInto("warehouse_spaces")
      .values({ warehouse_id: ids["at-1km"]!, m2_type: "pallet", quantity: 700, available_from: "2026-01-01" })
      .execute();
    try {
      const pallets = await search({ lat: MILANO.lat, lng: MILANO.lng, m2_type: "pallet", m2_value: "700" });
      expect(idsOf(pallets.warehouses)).toEqual([ids["at-1km"]]);
    } finally {
      await t.db.deleteFrom("warehouse_spaces").execute();
    }
  });

  it("never lists pending, refused or deactivated warehouses", async () => {
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 50 });
    const all = idsOf([...r.warehouses, ...r.other_warehouses]);
    for (const key of ["pending", "refused", "deactivated"]) expect(all).not.toContain(ids[key]);
  });
});

describe("what the browser sees", () => {
  it("anonymises unclaimed warehouses: no real name, address, image or position", async () => {
    const { status, text, body } = await callSearch(`lat=${MILANO.lat}&lng=${MILANO.lng}&radius=10`);
    expect(status).toBe(200);
    const w = body.warehouses.find((x) => x.id === ids["unclaimed-3km"])!;
    expect(w).toMatchObject({ name: `Stocker ${w.id}`, city: "Milano", address: "Milano", cap: null, img: null, c_sub: false });
    const real = await t.db.selectFrom("warehouses").select(["lat", "lng"]).where("id", "=", w.id).executeTakeFirstOrThrow();
    expect(text).not.toContain("Real name unclaimed");
    expect(text).not.toContain("Via Segreta unclaimed");
    expect(text).not.toContain("secret.webp");
    expect(text).not.toContain(String(real.lat));
    expect(text).not.toContain(String(real.lng));
    expect(text).not.toContain(real.lat.toFixed(5));
    expect(text).not.toContain(real.lng.toFixed(5));
    expect(Math.abs(w.lat - real.lat)).toBeLessThanOrEqual(JITTER_LAT + 1e-6);
    expect(Math.abs(w.lng - real.lng)).toBeLessThanOrEqual(JITTER_LNG + 1e-6);
    expect(w.lat !== real.lat || w.lng !== real.lng).toBe(true);
    // Claimed ones keep their name, address and position.
    const claimed = body.warehouses.find((x) => x.id === ids["at-2km"])!;
    expect(claimed).toMatchObject({ name: "Real name at-2km", address: "Via Segreta at-2km 12", c_sub: true, img: "/uploads/w/2km.webp" });
  });

  it("gives an unclaimed warehouse the same position on every search, derived from its id and the secret", async () => {
    const a = (await search({ lat: MILANO.lat, lng: MILANO.lng })).warehouses.find((w) => w.id === ids["unclaimed-3km"])!;
    const b = (await search({ location: "Milano", radius: 20 })).warehouses.find((w) => w.id === ids["unclaimed-3km"])!;
    expect([b.lat, b.lng]).toEqual([a.lat, a.lng]);
    const real = await t.db.selectFrom("warehouses").select(["lat", "lng"]).where("id", "=", a.id).executeTakeFirstOrThrow();
    expect({ lat: a.lat, lng: a.lng }).toEqual(await expectedPosition(a.id, real));
    // Moving the warehouse moves its published position by the same fixed offset.
    await t.db
      .updateTable("warehouses")
      .set({ lat: real.lat + 0.01 })
      .where("id", "=", a.id)
      .execute();
    const moved = await t.db.selectFrom("warehouses").select(["pub_lat", "pub_lng"]).where("id", "=", a.id).executeTakeFirstOrThrow();
    expect({ lat: moved.pub_lat, lng: moved.pub_lng }).toEqual(await expectedPosition(a.id, { lat: real.lat + 0.01, lng: real.lng }));
    await t.db.updateTable("warehouses").set({ lat: real.lat }).where("id", "=", a.id).execute();
    // Spread over the whole published range, never beyond it.
    const rows = await sql<{ d_lat: number; d_lng: number }>`
      with bulk as (
        insert into warehouses (name, country, address, cap, city, province, lat, lng)
        select 'Jitter ' || g, 'IT', 'Via ' || g, '00100', 'Roma', 'RM', 41.9, 12.5 from generate_series(1, 2000) g
        returning pub_lat, pub_lng)
      select pub_lat - 41.9 as d_lat, pub_lng - 12.5 as d_lng from bulk`.execute(t.db);
    const dLat = rows.rows.map((r) => Math.abs(r.d_lat));
    const dLng = rows.rows.map((r) => Math.abs(r.d_lng));
    expect(Math.max(...dLat)).toBeLessThanOrEqual(JITTER_LAT + 1e-9);
    expect(Math.max(...dLat)).toBeGreaterThan(JITTER_LAT * 0.99);
    expect(Math.max(...dLng)).toBeLessThanOrEqual(JITTER_LNG + 1e-9);
    expect(Math.max(...dLng)).toBeGreaterThan(JITTER_LNG * 0.99);
    await t.db.deleteFrom("warehouses").where("name", "like", "Jitter %").execute();
  });

  it("shows a warehouse at its true position once redeemed, and anonymises it again when the subscription ends", async () => {
    const id = await addWarehouse("to-claim", destination(MILANO, 4, 10));
    const real = await t.db.selectFrom("warehouses").select(["lat", "lng"]).where("id", "=", id).executeTakeFirstOrThrow();
    const truePosition = { lat: Math.round(real.lat * 1e6) / 1e6, lng: Math.round(real.lng * 1e6) / 1e6 };
    const find = async () => (await search({ lat: MILANO.lat, lng: MILANO.lng })).warehouses.find((x) => x.id === id)!;

    // Claimed, no subscription covering it: still anonymised, and nobody else can claim it.
    await t.db.updateTable("warehouses").set({ user_id: stockerId }).where("id", "=", id).execute();
    expect(await find()).toMatchObject({ name: `Stocker ${id}`, c_sub: false, claimable: false, img: null });
    expect(await find()).toMatchObject(await expectedPosition(id, real));

    // Covered by the owner's running subscription: its identity at once.
    const subscriptionId = await subscribeWarehouses(t.db, stockerId, [id]);
    const w = await find();
    expect({ lat: w.lat, lng: w.lng }).toEqual(truePosition);
    expect(w).toMatchObject({ name: "Real name to-claim", c_sub: true, claimable: false });

    // The subscription ends: anonymised again in the next search.
    await t.db.updateTable("subscriptions").set({ stripe_status: "canceled" }).where("id", "=", subscriptionId).execute();
    expect(await find()).toMatchObject({ name: `Stocker ${id}`, c_sub: false, address: "Milano" });
    expect(await find()).toMatchObject(await expectedPosition(id, real));
    await t.db.updateTable("subscriptions").set({ stripe_status: "active" }).where("id", "=", subscriptionId).execute();
    await t.db.deleteFrom("subscription_warehouses").where("warehouse_id", "=", id).execute();
    await t.db.deleteFrom("warehouses").where("id", "=", id).execute();
  });

  it("decides an unclaimed warehouse's place in the zone on its published position", async () => {
    // Near the edge, on both sides of it: whichever side the offset puts each one.
    const edge = [];
    for (const [i, km] of [9.7, 9.8, 9.9, 10.1, 10.2, 10.3].entries())
      edge.push(await addWarehouse(`unclaimed-edge-${i}`, destination(MILANO, km, 135 + i * 20)));
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 });
    for (const id of edge) {
      const real = await t.db.selectFrom("warehouses").select(["lat", "lng"]).where("id", "=", id).executeTakeFirstOrThrow();
      const published = await expectedPosition(id, real);
      expect(idsOf(r.warehouses).includes(id)).toBe(distanceM(MILANO.lat, MILANO.lng, published.lat, published.lng) <= 10_000);
    }
    await t.db.deleteFrom("warehouses").where("id", "in", edge).execute();
  });

  it("never sends private costs, contacts or the true position fields", async () => {
    const { text, body } = await callSearch(`lat=${MILANO.lat}&lng=${MILANO.lng}&radius=10`);
    for (const field of ["m2_cost", "m2_month", "m2_pallet", "handling_cost", "telephone", "email", "pub_lat", "pub_lng", "user_id", "vat"]) {
      expect(text).not.toContain(`"${field}"`);
    }
    expect(text).not.toContain("private-");
    expect(text).not.toContain("12.5");
    expect(Object.keys(body.warehouses[0]!).sort()).toEqual(
      [
        "address",
        "c_sub",
        "cap",
        "city",
        "claimable",
        "distance",
        "id",
        "img",
        "is_hub",
        "lat",
        "lng",
        "name",
        "specifications",
        "specifications_count",
        "total_m2",
        "rating_avg",
        "review_count",
        "answer_hours",
        "answer_rate",
        "verified",
        "availability",
        "on_request",
        "unmet",
        "missing_specifications",
      ].sort(),
    );
  });

  it("lists at most the first 4 visible specifications, in the request's language", async () => {
    const it = (await search({ lat: MILANO.lat, lng: MILANO.lng }, "it")).warehouses.find((w) => w.id === ids["at-2km"])!;
    expect(it.specifications.map((s) => s.value)).toEqual(["Picking", "Etichettatura", "Alimentare", "Videosorveglianza"]);
    expect(it.specifications_count).toBe(5); // the hidden one is not counted
    const en = (await search({ lat: MILANO.lat, lng: MILANO.lng }, "en")).warehouses.find((w) => w.id === ids["at-2km"])!;
    expect(en.specifications.map((s) => s.value)).toEqual(["Picking", "Labelling", "Food", "CCTV"]);
    expect(en.specifications[0]).toEqual({ id: specs.Picking, value: "Picking", cat_id: 1 });
  });
});

describe("every result of the zone", () => {
  const WHOLE_VIEW = "zoom=7&west=5&south=40&east=14&north=48";

  it("lists the nearest of each kind and counts them all", async () => {
    await sql`
      insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id)
      select 'Crowd ' || g, 'IT', 'Via Crowd ' || g, '20100', 'Milano', 'MI', ${MILANO.lat} + (g % 15) * 0.001, ${MILANO.lng} + (g / 15) * 0.001, ${stockerId}
      from generate_series(1, ${SEARCH_LIST_LIMIT + 20}) g`.execute(t.db);
    try {
      const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10, sort: "distance" });
      expect(r.warehouses).toHaveLength(SEARCH_LIST_LIMIT);
      expect(r.total_warehouses).toBe(SEARCH_LIST_LIMIT + 20 + 5);
      expect(r.truncated).toBe(true);
      // The redeemed first (the 4 of the test), then the anonymised crowd, each nearest first.
      expect(r.warehouses.slice(0, 4).every((w) => w.c_sub)).toBe(true);
      for (const part of [r.warehouses.slice(0, 4), r.warehouses.slice(4)]) {
        const distances = part.map((w) => w.distance);
        expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      }
      expect(r.unredeemed_warehouses).toBe(SEARCH_LIST_LIMIT + 20 + 1);
      // The map clusters all of them, not only the listed ones.
      const map = await callMap(`lat=${MILANO.lat}&lng=${MILANO.lng}&radius=10&${WHOLE_VIEW}`);
      expect(map.status).toBe(200);
      expect(map.body.items.reduce((n, i) => n + (i.kind === "cluster" ? i.count : 1), 0)).toBe(r.total_warehouses + r.total_other_warehouses);
      expect(map.body.items.some((i) => i.kind === "cluster" && i.count >= SEARCH_LIST_LIMIT)).toBe(true);
      for (const item of map.body.items) if (item.kind === "cluster") expect(item.count).toBeGreaterThanOrEqual(2);
    } finally {
      await t.db.deleteFrom("warehouses").where("name", "like", "Crowd %").execute();
    }
    const after = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 });
    expect(after.total_warehouses).toBe(5);
    expect(after.truncated).toBe(false);
  });

  it("follows a change at once: a deactivated warehouse leaves the totals, the lists and the map", async () => {
    const query = `lat=${MILANO.lat}&lng=${MILANO.lng}&radius=10`;
    const before = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 });
    const id = ids["at-5km"]!;
    await t.db.updateTable("warehouses").set({ deactivated: true }).where("id", "=", id).execute();
    try {
      const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 });
      expect(r.total_warehouses).toBe(before.total_warehouses - 1);
      expect(idsOf(r.warehouses)).not.toContain(id);
      const markers = await callMap(`${query}&zoom=15&west=9&south=45.3&east=9.4&north=45.6`);
      expect(markers.body.items.map((i) => i.id)).not.toContain(id);
      expect((await callCards(`ids=${id}&lat=${MILANO.lat}&lng=${MILANO.lng}`)).body.warehouses).toEqual([]);
    } finally {
      await t.db.updateTable("warehouses").set({ deactivated: false }).where("id", "=", id).execute();
    }
    expect((await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 })).total_warehouses).toBe(before.total_warehouses);
  });

  it("marks on the map which markers match the filters, at their published positions only", async () => {
    const { text, body } = await callMap(
      `lat=${MILANO.lat}&lng=${MILANO.lng}&radius=10&service=${specs.Picking}&security=${specs.CCTV}&zoom=15&west=9&south=45.3&east=9.4&north=45.6`,
    );
    const byId = new Map(body.items.map((i) => [i.id, i]));
    expect(byId.get(ids["at-5km"]!)).toMatchObject({ kind: "marker", matches: false, claimed: true });
    const unclaimed = byId.get(ids["unclaimed-3km"]!)!;
    expect(unclaimed).toMatchObject({ kind: "marker", matches: true, claimed: false });
    const real = await t.db.selectFrom("warehouses").select(["lat", "lng"]).where("id", "=", unclaimed.id).executeTakeFirstOrThrow();
    expect({ lat: unclaimed.lat, lng: unclaimed.lng }).toEqual(await expectedPosition(unclaimed.id, real));
    expect(text).not.toContain(real.lat.toFixed(5));
    expect(text).not.toContain(real.lng.toFixed(5));
  });

  it("gives a marker's card in its public form, and refuses bad ids", async () => {
    const { status, text, body } = await callCards(`ids=${ids["unclaimed-3km"]},${ids["at-2km"]},${ids.pending}&lat=${MILANO.lat}&lng=${MILANO.lng}`, "en");
    expect(status).toBe(200);
    expect(idsOf(body.warehouses)).toEqual([ids["unclaimed-3km"], ids["at-2km"]]);
    expect(body.warehouses[0]).toMatchObject({ name: `Stocker ${ids["unclaimed-3km"]}`, address: "Milano", img: null, c_sub: false });
    expect(body.warehouses[1]!.specifications[1]!.value).toBe("Labelling");
    expect(body.warehouses[1]!.distance).toBeCloseTo(2, 1);
    expect(text).not.toContain("Real name unclaimed");
    expect(text).not.toContain("private-");
    expect((await callCards(`ids=abc&lat=1&lng=1`)).status).toBe(422);
    expect((await callCards(`ids=1`)).body.errors).toMatchObject({ lat: "required" });
    expect((await callCards(`ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}&lat=1&lng=1`)).body.errors).toEqual({ ids: "too_big" });
  });

  it("refuses a map call without its view or with a bad one", async () => {
    expect((await callMap(`lat=${MILANO.lat}&lng=${MILANO.lng}`)).status).toBe(422);
    expect((await callMap(`lat=${MILANO.lat}&lng=${MILANO.lng}&zoom=x&west=1&south=1&east=2&north=2`)).body.errors).toEqual({ zoom: "invalid" });
    expect((await callMap(`location=Qqqzzzx&${WHOLE_VIEW}`)).body).toMatchObject({ items: [], error: "location_not_found" });
  });
});

describe("the order of the lists", () => {
  it("is by relevance by default, and says which order it used: with photos first, the anonymised last", async () => {
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 });
    expect(r.sort).toBe("relevance");
    expect(idsOf(r.warehouses)).toEqual([ids["at-2km"], ids["at-1km"], ids["at-5km"], ids["at-9.9km"], ids["unclaimed-3km"]]);
    expect(r.unredeemed_warehouses).toBe(1);
  });

  it("puts the best rated first (the warehouse's figures), unrated after them nearest first, in both lists", async () => {
    await t.db.updateTable("warehouses").set({ rating_avg: 48, review_count: 1 }).where("id", "=", ids["at-9.9km"]!).execute();
    await t.db.updateTable("warehouses").set({ rating_avg: 33, review_count: 2 }).where("id", "=", ids["at-2km"]!).execute();
    // The figures reach a zone in memory within a minute; the test moves the epoch instead of waiting.
    await t.db
      .updateTable("search_epoch")
      .set((eb) => ({ value: eb("value", "+", 1) }))
      .execute();
    try {
      const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10, sort: "rating" });
      expect(idsOf(r.warehouses)).toEqual([ids["at-9.9km"], ids["at-2km"], ids["at-1km"], ids["at-5km"], ids["unclaimed-3km"]]);
      // The filtered-out ones are sorted the same way.
      const filtered = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10, sort: "rating", certification: [specs["ISO 9001"]!] });
      expect(idsOf(filtered.warehouses)).toEqual([ids["at-2km"]]);
      expect(idsOf(filtered.other_warehouses)).toEqual([ids["at-9.9km"], ids["at-1km"], ids["at-5km"], ids["unclaimed-3km"]]);
    } finally {
      await t.db.updateTable("warehouses").set({ rating_avg: null, review_count: 0 }).execute();
    }
  });

  it("refuses an unknown order with 422", async () => {
    const res = await callSearch(`lat=${MILANO.lat}&lng=${MILANO.lng}&sort=cheapest`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ sort: "invalid" });
  });
});

describe("a search without results", () => {
  it("offers the smallest wider radius that finds something, with its count", async () => {
    // 10 km around a point 30 km east of Milan finds nothing; 25 km reaches the test's warehouses north-east of Milan.
    const east = destination(MILANO, 30, 90);
    const r = await search({ lat: east.lat, lng: east.lng, radius: 10, service: [specs.Picking!] });
    expect(r.total_warehouses).toBe(0);
    const at25 = await search({ lat: east.lat, lng: east.lng, radius: 25, service: [specs.Picking!] });
    expect(at25.total_warehouses).toBeGreaterThan(0);
    expect(r.wider).toEqual({ radius: 25, count: at25.total_warehouses });
    // Searched at 25 km already, the next step is 50.
    const from25 = await search({ lat: east.lat, lng: east.lng, radius: 25, service: [specs.Picking!], material: [specs.Food!] });
    expect(from25.total_warehouses).toBe(0);
    // Only the warehouse 2 km east of Milan (28 km away) offers both.
    expect(from25.wider).toEqual({ radius: 50, count: 1 });
  });

  it("counts with the same filters, and offers nothing when even the widest radius finds nothing", async () => {
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10, m2_value: 6000 });
    expect(r.total_warehouses).toBe(0);
    expect(r.wider).toBeNull();
    const found = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10 });
    expect(found.wider).toBeNull();
  });
});

describe("zone reads per address", () => {
  it("answers 429 when one address reads too many zones, and never counts a zone already in memory", async () => {
    const env = { SEARCH_ZONE_READS_PER_IP: "2" };
    await sql`delete from rate_limits`.execute(t.db);
    const searchAt = (lat: number) => callApi<SearchResponse>(searchLoader, "/api/warehouses/search", `lat=${lat}&lng=${MILANO.lng}&radius=3`, "it", env);
    // Two new zones, then the same ones again (from memory), any number of times.
    expect((await searchAt(44.101)).status).toBe(200);
    expect((await searchAt(44.102)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await searchAt(44.101)).status).toBe(200);
    const refused = await searchAt(44.103);
    expect(refused.status).toBe(429);
    // The map of a zone in memory still answers; a new one is refused too.
    expect(
      (
        await callApi<SearchMapResponse>(
          mapLoader as typeof searchLoader,
          "/api/warehouses/search/map",
          `lat=44.102&lng=${MILANO.lng}&radius=3&zoom=12&west=9&south=44&east=9.4&north=44.2`,
          "it",
          env,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await callApi<SearchMapResponse>(
          mapLoader as typeof searchLoader,
          "/api/warehouses/search/map",
          `lat=44.104&lng=${MILANO.lng}&radius=3&zoom=12&west=9&south=44&east=9.4&north=44.2`,
          "it",
          env,
        )
      ).status,
    ).toBe(429);
    await sql`delete from rate_limits`.execute(t.db);
  });
});

describe("bad input", () => {
  it("answers 422 with the field in error", async () => {
    expect((await callSearch("location=Milano&radius=-1")).body.errors).toEqual({ radius: "too_small" });
    expect((await callSearch("lat=999&lng=9")).body.errors).toMatchObject({ lat: "too_big" });
    const long = await callSearch(`location=${"a".repeat(10_000)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ location: "too_long" });
    expect((await callSearch("radius=10")).body.errors).toEqual({ location: "required" });
    expect((await callSearch("location=Milano&service=abc")).status).toBe(422);
    expect((await callSearch("location=Milano&m2_type=boxes")).status).toBe(422);
    const dates = await callSearch("location=Milano&start_date=2030-05-10&end_date=2030-05-01");
    expect(dates.body.errors).toEqual({ start_date: "after_end_date", end_date: "before_start_date" });
    expect((await callSearch("location=Milano&start_date=2030-02-30")).body.errors).toEqual({ start_date: "invalid" });
  });

  it("accepts blank optional fields and every list notation", async () => {
    const { status, body } = await callSearch(
      `location=Milano&radius=&m2_type=&m2_value=&start_date=&service[]=${specs.Picking}&security=${specs.CCTV},${specs.CCTV}`,
    );
    expect(status).toBe(200);
    expect(body.radius).toBe(10);
    expect(idsOf(body.other_warehouses)).toEqual([ids["at-5km"]]);
  });
});

describe("the specification copy on warehouses", () => {
  it("follows inserts, updates and deletes of warehouse_specifications", async () => {
    const id = await addWarehouse("spec-sync", destination(MILANO, 50, 0), { specs: ["Picking", "CCTV"] });
    const specIds = async () => (await t.db.selectFrom("warehouses").select("spec_ids").where("id", "=", id).executeTakeFirstOrThrow()).spec_ids;
    expect(await specIds()).toEqual([specs.Picking, specs.CCTV].sort((a, b) => a! - b!));
    await t.db.deleteFrom("warehouse_specifications").where("warehouse_id", "=", id).where("specification_id", "=", specs.Picking!).execute();
    expect(await specIds()).toEqual([specs.CCTV]);
    await t.db.updateTable("warehouse_specifications").set({ specification_id: specs.Food! }).where("warehouse_id", "=", id).execute();
    expect(await specIds()).toEqual([specs.Food]);
    await t.db.deleteFrom("warehouse_specifications").where("warehouse_id", "=", id).execute();
    expect(await specIds()).toEqual([]);
    await t.db.deleteFrom("warehouses").where("id", "=", id).execute();
  });
});

describe("the zone query plans", () => {
  it("read a zone with an index-only scan of the published positions' GiST index", async () => {
    // Enough warehouses south of Milan for the plan of a real catalogue (none in the test's zone).
    await sql`
      insert into warehouses (name, country, address, cap, city, province, lat, lng)
      select 'Bulk ' || g, 'IT', 'Via ' || g, '00100', 'Città', 'RM', 37 + random() * 6.5, 7 + random() * 11
      from generate_series(1, 30000) g`.execute(t.db);
    await sql`vacuum analyze warehouses`.execute(t.db);
    for (const query of [
      zonePointsQuery({ lat: MILANO.lat, lng: MILANO.lng, radiusM: 10_000 }),
      zoneMatchesQuery({ lat: MILANO.lat, lng: MILANO.lng, radiusM: 10_000, specIds: [specs.Picking!], minArea: 1000 }),
      zoneMatchCountQuery({ lat: MILANO.lat, lng: MILANO.lng, radiusM: 50_000, specIds: [specs.Picking!], minArea: 1000 }),
    ]) {
      const plan = await t.db.transaction().execute(async (trx) => {
        await zonePlanSettings().execute(trx);
        const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      // Index-only on PostgreSQL 18 (the embedded one); PostgreSQL 15 reads the rows too.
      expect(plan).toMatch(/Index (Only )?Scan using warehouses_published_earth_idx on warehouses/);
      expect(plan).toMatch(/Index Cond: .*ll_to_earth\(pub_lat, pub_lng\)/);
      expect(plan).not.toMatch(/Seq Scan on warehouses/);
    }
    // The zone's spaces and ranks read the zone on the same index, then probe each warehouse's spaces by their covering index.
    await sql`
      insert into warehouse_spaces (warehouse_id, m2_type, quantity, available_from, min_term_months)
      select id, 'm2', 100 + id % 5000, date '2026-01-01' + (id % 400)::int, (id % 4)::smallint from warehouses where name like 'Bulk %'`.execute(t.db);
    await sql`vacuum analyze warehouse_spaces`.execute(t.db);
    for (const query of [
      zoneSpacesQuery({ lat: MILANO.lat, lng: MILANO.lng, radiusM: 10_000, today: "2026-11-27" }),
      zoneRanksQuery({ lat: MILANO.lat, lng: MILANO.lng, radiusM: 10_000 }),
    ]) {
      const plan = await t.db.transaction().execute(async (trx) => {
        await zonePlanSettings().execute(trx);
        return (await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx)).rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(plan).toMatch(/Index (Only )?Scan using warehouses_published_earth_idx on warehouses/);
      expect(plan).not.toMatch(/Seq Scan on (warehouses|warehouse_spaces)/);
    }
    await t.db.deleteFrom("warehouse_spaces").execute();
    // And the search still answers the same with all of them around.
    const r = await search({ lat: MILANO.lat, lng: MILANO.lng, radius: 10, sort: "distance" });
    expect(idsOf(r.warehouses).slice(0, 3)).toEqual([ids["at-1km"], ids["at-2km"], ids["at-5km"]]);
    await t.db.deleteFrom("warehouses").where("name", "like", "Bulk %").execute();
    // 30,000 warehouses written, reviewed and removed (each review recounts its warehouse, migration 0025).
  }, 180_000);
});
