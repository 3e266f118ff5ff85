// The search by declared free spaces (decision 033) and the lists' orders (decision 034), through
// the service and GET /api/warehouses/search, on a real PostgreSQL: spaces rows are inserted
// directly, as an owner's form would leave them.
import { beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { makeUser, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { loadConfig } from "../config.ts";
import { gazetteerGeocoder } from "../geo/geocoder.gazetteer.ts";
import { searchCardsQuery, searchQuery } from "../../schemas/search.ts";
import { loader as searchLoader } from "../../routes/api/warehouses.search.ts";
import { searchCards, searchWarehouses, type SearchResponse } from "./search.service.ts";
import { dayNumber, isoDay, monthsBetween } from "./spaces.ts";
import { todayInItaly } from "../../lib/format.ts";

const t = useTestDatabase();
const BOLOGNA = { lat: 44.4949, lng: 11.3426 };
const FROM = "2026-12-01";
const TO = "2027-05-31";
let ownerId: number;
const ids: Record<string, number> = {};

/** A warehouse `km` east of Bologna's centre, redeemed unless said otherwise. */
async function addWarehouse(
  key: string,
  km: number,
  opts: {
    redeemed?: boolean;
    specs?: number[];
    trust?: Partial<{ review_count: number; rating_avg: number | null; requests_answered: number; answer_seconds_median: number | null }>;
  } = {},
) {
  const row = await t.db
    .insertInto("warehouses")
    .values({
      name: `Magazzino ${key}`,
      country: "IT",
      address: `Via ${key} 1`,
      cap: "40100",
      city: "Bologna",
      province: "BO",
      lat: BOLOGNA.lat,
      lng: BOLOGNA.lng + km / 79,
      total_m2: 5000,
      m2_cost: 11.5,
      m2_month: 4.75,
      m2_pallet: 6.5,
      handling_cost: 2.25,
      status: "approved",
      user_id: opts.redeemed === false ? null : ownerId,
      ...opts.trust,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
  if (opts.redeemed !== false) await subscribeWarehouses(t.db, ownerId, [row.id]);
  for (const s of opts.specs ?? []) await t.db.insertInto("warehouse_specifications").values({ warehouse_id: row.id, specification_id: s }).execute();
  return row.id;
}

async function addSpace(
  key: string,
  space: {
    m2_type?: "m2" | "pallet";
    quantity: number;
    from: string;
    until?: string | null;
    min_term_months?: number;
    price_month?: number | null;
    price_public?: boolean;
  },
) {
  await t.db
    .insertInto("warehouse_spaces")
    .values({
      warehouse_id: ids[key]!,
      m2_type: space.m2_type ?? "m2",
      quantity: space.quantity,
      available_from: space.from,
      available_until: space.until ?? null,
      min_term_months: space.min_term_months ?? 0,
      price_month: space.price_month ?? null,
      price_public: space.price_public ?? false,
    })
    .execute();
}

function search(query: Record<string, unknown>) {
  return searchWarehouses(
    { db: t.db, geocoder: gazetteerGeocoder(t.db) },
    searchQuery.parse({ lat: BOLOGNA.lat, lng: BOLOGNA.lng, radius: 20, ...query }),
    "it",
  );
}

/** Photos, answers and ratings reach a zone in memory within a minute (zones.ts); a test moves the epoch instead of waiting. */
const ranksReadAgain = () =>
  t.db
    .updateTable("search_epoch")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .execute();

const idsOf = (list: { id: number }[]) => list.map((w) => w.id);
const byKey = (r: SearchResponse, key: string) => [...r.warehouses, ...r.other_warehouses].find((w) => w.id === ids[key]);
const today = todayInItaly();
const inDays = (n: number) => isoDay(dayNumber(today) + n);

let specA: number;
let specB: number;

beforeAll(async () => {
  ownerId = (await makeUser(t.db, { role: "stocker" })).id;
  const specRows = await t.db
    .insertInto("specifications")
    .values([
      { cat_id: 1, value: "Picking", value_en: "Picking", position: 1 },
      { cat_id: 1, value: "Etichettatura", value_en: "Labelling", position: 2 },
    ])
    .returning("id")
    .execute();
  [specA, specB] = specRows.map((r) => r.id) as [number, number];
  // Covers the whole period with 1,000 m², public price € 4,50.
  await addWarehouse("covers", 1, { specs: [specA, specB] });
  await addSpace("covers", { quantity: 1000, from: "2026-11-01", until: "2027-06-30", price_month: 450, price_public: true });
  // Two spaces that both cover: the smallest sufficient is shown (900), with its private price hidden.
  await addWarehouse("two-spaces", 2, { specs: [specA, specB] });
  await addSpace("two-spaces", { quantity: 2000, from: "2026-10-01", until: null, price_month: 300, price_public: true });
  await addSpace("two-spaces", { quantity: 900, from: "2026-10-01", until: null, price_month: 199, price_public: false });
  // Only 300 m² for the period.
  await addWarehouse("too-small", 3, { specs: [specA, specB] });
  await addSpace("too-small", { quantity: 300, from: "2026-01-01", until: null, price_month: 250, price_public: true });
  // Free from January only: misses the dates.
  await addWarehouse("late", 4, { specs: [specA, specB] });
  await addSpace("late", { quantity: 5000, from: "2027-01-15", until: null });
  // Ends before the period does.
  await addWarehouse("ends-early", 5, { specs: [specA, specB] });
  await addSpace("ends-early", { quantity: 5000, from: "2026-06-01", until: "2027-04-30" });
  // A minimum term of 12 months: the 6-month period is too short.
  await addWarehouse("long-term", 6, { specs: [specA, specB] });
  await addSpace("long-term", { quantity: 5000, from: "2026-06-01", until: null, min_term_months: 12, price_month: 100, price_public: true });
  // Pallets only.
  await addWarehouse("pallets", 7, { specs: [specA, specB] });
  await addSpace("pallets", { m2_type: "pallet", quantity: 900, from: "2026-01-01", until: null });
  // Declares nothing: availability on request.
  await addWarehouse("no-space", 8, { specs: [specA, specB] });
  // Covers, but offers one of the two services.
  await addWarehouse("one-service", 9, { specs: [specA] });
  await addSpace("one-service", { quantity: 1200, from: "2026-01-01", until: null, price_month: 500, price_public: true });
  // Not redeemed, covers: after every redeemed one, in every order.
  await addWarehouse("anonymous", 0.5, { redeemed: false, specs: [specA, specB] });
  await addSpace("anonymous", { quantity: 850, from: "2026-01-01", until: null, price_month: 100, price_public: true });
  // Free today, for the quantity-only search.
  await addWarehouse("free-now", 10, { specs: [specA, specB], trust: { review_count: 4, rating_avg: 46, requests_answered: 5, answer_seconds_median: 3600 } });
  await addSpace("free-now", { quantity: 800, from: inDays(-10), until: inDays(20), price_month: 380, price_public: true });
}, 120_000);

describe("months between two dates", () => {
  it("counts calendar months, both days included", () => {
    expect(monthsBetween("2026-12-01", "2027-05-31")).toBe(6);
    expect(monthsBetween("2026-01-15", "2026-03-14")).toBe(2);
    expect(monthsBetween("2026-01-15", "2026-03-13")).toBe(1);
    expect(monthsBetween("2027-01-31", "2027-02-27")).toBe(1);
    expect(monthsBetween("2026-03-01", "2026-03-20")).toBe(0);
    expect(monthsBetween("2026-01-01", "2026-12-31")).toBe(12);
  });
});

describe("the dates and the quantity", () => {
  it("keeps only warehouses with one space of the type that holds the quantity for the whole period and its minimum term", async () => {
    const r = await search({ start_date: FROM, end_date: TO, m2_value: "800" });
    expect(idsOf(r.warehouses).sort()).toEqual([ids.covers, ids["two-spaces"], ids["one-service"], ids.anonymous].sort());
    expect(r.total_warehouses).toBe(4);
    for (const key of ["too-small", "late", "ends-early", "long-term", "pallets", "no-space"]) expect(idsOf(r.other_warehouses)).toContain(ids[key]);
    expect(r.total_other_warehouses).toBe(7);
  });

  it("shows the best matching space in its public fields: the smallest sufficient, a private price never", async () => {
    const r = await search({ start_date: FROM, end_date: TO, m2_value: "800", sort: "distance" });
    expect(byKey(r, "two-spaces")!.availability).toEqual({
      m2_type: "m2",
      quantity: 900,
      available_from: "2026-10-01",
      available_until: null,
      min_term_months: 0,
      price_month: null,
    });
    expect(byKey(r, "covers")!.availability).toEqual({
      m2_type: "m2",
      quantity: 1000,
      available_from: "2026-11-01",
      available_until: "2027-06-30",
      min_term_months: 0,
      price_month: 450,
    });
    // The positions left out: a published position's decimals may hold any digits.
    const text = JSON.stringify(r, (key, value) => (/^(min_|max_)?(lat|lng)$/.test(key) ? undefined : value));
    // The private price of 1,99 (199 cents) and the warehouse's own costs never leave the server.
    expect(text).not.toMatch(/[:,[]199[,}\]]|1[.,]99/);
    for (const field of ["m2_cost", "m2_month", "m2_pallet", "handling_cost", "price_public"]) expect(text).not.toContain(field);
    expect(text).not.toMatch(/11\.5|4\.75|6\.5|2\.25/);
  });

  it("says what each other warehouse misses: the dates, the quantity (what is free of what was asked), the services", async () => {
    const r = await search({ start_date: FROM, end_date: TO, m2_value: "800", service: [specA, specB] });
    expect(byKey(r, "too-small")).toMatchObject({ unmet: ["quantity"], availability: { quantity: 300, price_month: 250 }, on_request: false });
    for (const key of ["late", "ends-early", "long-term", "pallets"])
      expect(byKey(r, key), key).toMatchObject({ unmet: ["dates"], availability: null, on_request: false });
    expect(byKey(r, "one-service")).toMatchObject({ unmet: ["specifications"], missing_specifications: 1 });
    expect(byKey(r, "no-space")).toMatchObject({ unmet: ["dates", "quantity"], on_request: true, availability: null });
    expect(idsOf(r.other_warehouses)).toContain(ids["no-space"]);
    for (const w of r.warehouses) expect(w.unmet).toEqual([]);
  });

  it("with a quantity alone, asks for a space free today (no minimum term)", async () => {
    const r = await search({ m2_value: "800" });
    expect(idsOf(r.warehouses)).toContain(ids["free-now"]);
    expect(idsOf(r.warehouses)).toContain(ids["two-spaces"]);
    // Free from a day still to come: not today.
    expect(idsOf(r.other_warehouses)).toContain(ids.late);
    expect(byKey(r, "free-now")!.availability!.quantity).toBe(800);
  });

  it("takes a quantity with decimals as the whole units that hold it, in the counts too", async () => {
    // 799,5 m² needs a space of 800: the same warehouses as 800, and no failure in the SQL counts.
    const r = await search({ start_date: FROM, end_date: TO, m2_value: "799.5" });
    expect(idsOf(r.warehouses).sort()).toEqual([ids.covers, ids["two-spaces"], ids["one-service"], ids.anonymous].sort());
    const none = await search({ start_date: FROM, end_date: TO, m2_value: "3999.5" });
    expect(none.total_warehouses).toBe(0);
    expect(none.relax).toEqual({ criterion: "quantity", count: 5 });
  });

  it("with dates alone, takes any quantity", async () => {
    const r = await search({ start_date: FROM, end_date: TO });
    expect(idsOf(r.warehouses)).toContain(ids["too-small"]);
    expect(idsOf(r.warehouses)).not.toContain(ids.late);
    expect(byKey(r, "late")!.unmet).toEqual(["dates"]);
    expect(byKey(r, "no-space")).toMatchObject({ unmet: ["dates"], on_request: true });
  });

  it("in pallets, asks the pallet spaces", async () => {
    const r = await search({ start_date: FROM, end_date: TO, m2_type: "pallet", m2_value: "500" });
    expect(idsOf(r.warehouses)).toEqual([ids.pallets]);
  });

  it("without dates or quantity, filters as before and every warehouse is in the first list", async () => {
    const r = await search({});
    expect(r.total_other_warehouses).toBe(0);
    expect(r.total_warehouses).toBe(11);
    expect(byKey(r, "no-space")).toMatchObject({ on_request: true, unmet: [] });
  });

  it("the cards fetched later say the same as the search's answer", async () => {
    const q = { start_date: FROM, end_date: TO, m2_value: "800", service: [specA, specB] };
    const r = await search(q);
    const keys = ["too-small", "one-service", "no-space", "two-spaces"];
    const cards = await searchCards(t.db, searchCardsQuery.parse({ ids: keys.map((k) => ids[k]), lat: BOLOGNA.lat, lng: BOLOGNA.lng, ...q }), "it");
    for (const w of cards.warehouses) {
      const inAnswer = byKey(
        r,
        keys.find((k) => ids[k] === w.id)!,
      )!;
      expect({ a: w.availability, u: w.unmet, o: w.on_request, m: w.missing_specifications }).toEqual({
        a: inAnswer.availability,
        u: inAnswer.unmet,
        o: inAnswer.on_request,
        m: inAnswer.missing_specifications,
      });
    }
  });

  it("follows a space changed since the zone was read", async () => {
    const before = await search({ start_date: FROM, end_date: TO, m2_value: "800" });
    expect(idsOf(before.warehouses)).not.toContain(ids["too-small"]);
    await t.db.updateTable("warehouse_spaces").set({ quantity: 850 }).where("warehouse_id", "=", ids["too-small"]!).execute();
    try {
      const after = await search({ start_date: FROM, end_date: TO, m2_value: "800" });
      expect(idsOf(after.warehouses)).toContain(ids["too-small"]);
    } finally {
      await t.db.updateTable("warehouse_spaces").set({ quantity: 300 }).where("warehouse_id", "=", ids["too-small"]!).execute();
    }
  });

  it("through the API: the same answer, and bad dates refused with 422", async () => {
    // Through callJson: the answer is checked against the endpoint's described answer.
    const call = async (query: string) => {
      const res = await callJson(searchLoader, t.db, {
        method: "GET",
        path: `/api/warehouses/search?${query}`,
        locale: "en",
        ip: "127.0.0.1",
        services: { config: loadConfig({}), log: pino({ level: "silent" }), secret: "s" },
      });
      return { status: res.status, body: res.json as SearchResponse & { errors?: Record<string, string> } };
    };
    const ok = await call(`lat=${BOLOGNA.lat}&lng=${BOLOGNA.lng}&radius=20&start_date=01.12.2026&end_date=31.05.2027&m2_value=800`);
    expect(ok.status).toBe(200);
    expect(ok.body.total_warehouses).toBe(4);
    const bad = await call(`lat=${BOLOGNA.lat}&lng=${BOLOGNA.lng}&start_date=2027-06-01&end_date=2027-05-31`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ start_date: "after_end_date", end_date: "before_start_date" });
  });
});

describe("the orders", () => {
  const Q = { start_date: FROM, end_date: TO, m2_value: "800" };

  it("relevance: redeemed first, then photos and a fast responder, then nearest; the anonymised last", async () => {
    await t.db.insertInto("images").values({ warehouse_id: ids["one-service"]!, src: "/uploads/w/x.webp", file: "w/x.webp", position: 0 }).execute();
    await t.db.updateTable("warehouses").set({ requests_answered: 4, answer_seconds_median: 1800 }).where("id", "=", ids.covers!).execute();
    await ranksReadAgain();
    try {
      const r = await search(Q);
      expect(r.sort).toBe("relevance");
      expect(idsOf(r.warehouses)).toEqual([ids["one-service"], ids.covers, ids["two-spaces"], ids.anonymous]);
      expect(r.unredeemed_warehouses).toBe(1);
    } finally {
      await t.db.deleteFrom("images").execute();
      await t.db.updateTable("warehouses").set({ requests_answered: 0, answer_seconds_median: null }).where("id", "=", ids.covers!).execute();
    }
  });

  it("distance: nearest first, the anonymised after the redeemed", async () => {
    const r = await search({ ...Q, sort: "distance" });
    expect(idsOf(r.warehouses)).toEqual([ids.covers, ids["two-spaces"], ids["one-service"], ids.anonymous]);
  });

  it("price: the cheapest public price first, those without one last", async () => {
    const r = await search({ ...Q, sort: "price" });
    // 4,50 and 5,00 public; two-spaces' matching space has no public price.
    expect(idsOf(r.warehouses)).toEqual([ids.covers, ids["one-service"], ids["two-spaces"], ids.anonymous]);
    expect(r.warehouses.map((w) => w.availability?.price_month ?? null)).toEqual([450, 500, null, 100]);
  });

  it("space: closest to the asked quantity first", async () => {
    const r = await search({ ...Q, sort: "space" });
    // 900, 1000, 1200 against 800.
    expect(idsOf(r.warehouses)).toEqual([ids["two-spaces"], ids.covers, ids["one-service"], ids.anonymous]);
  });

  it("rating: the best rated first, the count breaking ties, the unrated last", async () => {
    await t.db.updateTable("warehouses").set({ review_count: 2, rating_avg: 40 }).where("id", "=", ids["two-spaces"]!).execute();
    await t.db.updateTable("warehouses").set({ review_count: 9, rating_avg: 40 }).where("id", "=", ids["one-service"]!).execute();
    await ranksReadAgain();
    try {
      const r = await search({ ...Q, sort: "rating" });
      expect(idsOf(r.warehouses)).toEqual([ids["one-service"], ids["two-spaces"], ids.covers, ids.anonymous]);
    } finally {
      await t.db.updateTable("warehouses").set({ review_count: 0, rating_avg: null }).where("id", "in", [ids["two-spaces"]!, ids["one-service"]!]).execute();
    }
  });

  it("reads the orders of earlier addresses", async () => {
    expect((await search({ ...Q, sort: "nearest" })).sort).toBe("distance");
    expect((await search({ ...Q, sort: "largest" })).sort).toBe("space");
  });
});

describe("nothing matches", () => {
  it("offers the criterion whose dropping finds the most, with its count, and a wider radius", async () => {
    const r = await search({ start_date: FROM, end_date: TO, m2_value: "4000" });
    expect(r.total_warehouses).toBe(0);
    // Without dates: 4,000 m² free today (long-term, ends-early): 2. Without the quantity: the 5 covering the period.
    expect(r.relax).toEqual({ criterion: "quantity", count: 5 });
    // 500 pallet positions for a period before any pallet space is free: without the dates, the one free today.
    const dates = await search({ start_date: "2025-01-01", end_date: "2025-02-01", m2_type: "pallet", m2_value: "500" });
    expect(dates.total_warehouses).toBe(0);
    expect(dates.relax).toEqual({ criterion: "dates", count: 1 });
    // Every service asked, and more space than any warehouse with both has for the period.
    const services = await search({ start_date: FROM, end_date: TO, m2_value: "1100", service: [specA, specB] });
    expect(services.total_warehouses).toBe(1); // two-spaces' 2,000 m²
    // 2,500 m² with Labelling for the period: none. Without the quantity 4, without the dates 2, without the service 0.
    const none = await search({ start_date: FROM, end_date: TO, m2_value: "2500", service: [specB] });
    expect(none.relax).toEqual({ criterion: "quantity", count: 4 });
    expect(none.wider).toBeNull();
    expect((await search({ start_date: FROM, end_date: TO, m2_value: "800" })).relax).toBeNull();
  });
});
