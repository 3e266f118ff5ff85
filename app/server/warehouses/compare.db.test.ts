// The comparison's data on a real PostgreSQL: what the table needs of each warehouse (photo,
// open now, spaces, every specification), the specifications' rows once each in catalogue order,
// where a quote to all of them is for, and the refusals (only redeemed, listed warehouses).
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  addImages,
  attachSpecifications,
  makeClaimedWarehouse,
  makeRedeemedWarehouse,
  makeSpecification,
  makeWarehouse,
  setTimes,
} from "../../../tests/support/factories.ts";
import { COMPARE_MAX, compareQuoteArea, compareWarehouses } from "./warehouses.service.ts";

const t = useTestDatabase();

// Wednesday 13 May 2026, 10:00 in Rome.
const WEDNESDAY_10 = new Date("2026-05-13T08:00:00Z");

let first: number;
let second: number;
let specs: { id: number; value: string }[];

beforeAll(async () => {
  first = (await makeRedeemedWarehouse(t.db, { name: "Polo Nord", city: "Milano", lat: 45.4642, lng: 9.19, total_m2: 5000, height: 9.5 })).warehouse.id;
  second = (await makeRedeemedWarehouse(t.db, { name: "Polo Sud", city: "Lodi", lat: 45.3142, lng: 9.5036, total_m2: 21510, height: null, website: null }))
    .warehouse.id;
  // Category 3 before 1 in the attach order: the rows still come in catalogue order.
  specs = [
    await makeSpecification(t.db, { cat_id: 3, value: "Allarme", value_en: "Alarm", position: 0 }),
    await makeSpecification(t.db, { cat_id: 1, value: "Picking", value_en: null, position: 1 }),
    await makeSpecification(t.db, { cat_id: 1, value: "Co-packing", value_en: "Co-packing", position: 0 }),
    await makeSpecification(t.db, { cat_id: 1, value: "Inventario", value_en: "Stocktaking", position: 2 }),
    await makeSpecification(t.db, { cat_id: 2, value: "Bevande", value_en: "Beverages", position: 0 }),
    await makeSpecification(t.db, { cat_id: 4, value: "Nascosta", hidden: true }),
  ];
  await attachSpecifications(t.db, first, [specs[0]!.id, specs[1]!.id, specs[2]!.id, specs[3]!.id, specs[4]!.id, specs[5]!.id]);
  await attachSpecifications(t.db, second, [specs[1]!.id, specs[0]!.id]);
  await addImages(t.db, first, 3);
  // The gallery's first photo has a thumbnail: the table shows that.
  await t.db
    .updateTable("images")
    .set({ thumb_src: "/uploads/test/first-thumb.webp", thumb_file: "test/first-thumb.webp" })
    .where("warehouse_id", "=", first)
    .where("position", "=", 0)
    .execute();
  await setTimes(t.db, first, { wed_open_time: "08:00", wed_close_time: "18:00" });
});

describe("compareWarehouses", () => {
  it("gives each warehouse its photo, open-now status, spaces and specifications, in the order asked", async () => {
    const result = await compareWarehouses(t.db, null, [second, first], { locale: "en", now: WEDNESDAY_10 });
    expect(result.warehouses.map((w) => w.id)).toEqual([second, first]);
    const [south, north] = result.warehouses;
    expect(north).toMatchObject({
      name: "Polo Nord",
      city: "Milano",
      total_m2: 5000,
      m2: 10000,
      m2_external: 1500,
      m2_office: 500,
      height: 9.5,
      bays_number: 12,
      is_hub: false,
    });
    expect(north!.photo).toEqual({ src: "/uploads/test/first-thumb.webp", width: 1200, height: 800 });
    expect(north!.opening).toEqual({ state: "open", closes: { dayOffset: 0, weekday: "wed", time: "18:00" } });
    expect(north!.website).toEqual({ href: "https://www.example.com/", label: "www.example.com" });
    // No photo, no hours given, no height: null, for the table's "—".
    expect(south).toMatchObject({
      photo: null,
      opening: null,
      height: null,
      website: null,
      rating_avg: null,
      review_count: 0,
      answer_hours: null,
      answer_rate: null,
      verified: false,
    });
  });

  it("keeps the spec's first 4 values per warehouse and lists every visible one for the rows", async () => {
    const result = await compareWarehouses(t.db, null, [first, second], { locale: "en", now: WEDNESDAY_10 });
    const north = result.warehouses[0]!;
    // Catalogue order (category, then position); the hidden one never shows; no English value → the Italian one.
    expect(north.specifications.map((s) => s.value)).toEqual(["Co-packing", "Picking", "Stocktaking", "Beverages"]);
    expect(north.specification_ids).toEqual([specs[2]!.id, specs[1]!.id, specs[3]!.id, specs[4]!.id, specs[0]!.id]);
    expect(result.warehouses[1]!.specification_ids).toEqual([specs[1]!.id, specs[0]!.id]);
    // The rows: each specification once, grouped by category, in the visitor's language.
    expect(result.specification_groups.map((g) => [g.cat_id, g.category, g.values.map((v) => v.value)])).toEqual([
      [1, "Additional services", ["Co-packing", "Picking", "Stocktaking"]],
      [2, "Type of goods", ["Beverages"]],
      [3, "Security", ["Alarm"]],
    ]);
    const italian = await compareWarehouses(t.db, null, [first, second], { locale: "it" });
    expect(italian.specification_groups[2]).toMatchObject({ category: "Sicurezza", values: [{ value: "Allarme" }] });
  });

  it("compares only redeemed, listed warehouses: the others come back as missing, and nothing private leaves", async () => {
    const unclaimed = await makeWarehouse(t.db);
    const notSubscribed = (await makeClaimedWarehouse(t.db)).warehouse;
    const deactivated = (await makeRedeemedWarehouse(t.db, { deactivated: true })).warehouse;
    const pending = (await makeRedeemedWarehouse(t.db, { status: "pending" })).warehouse;
    const ids = [unclaimed.id, first, notSubscribed.id, deactivated.id, second, pending.id, 424242];
    const result = await compareWarehouses(t.db, null, ids, { locale: "it" });
    expect(result.warehouses.map((w) => w.id)).toEqual([first, second]);
    expect(result.missing).toEqual([unclaimed.id, notSubscribed.id, deactivated.id, pending.id, 424242]);
    const text = JSON.stringify(result);
    for (const key of ["m2_cost", "m2_month", "m2_pallet", "handling_cost", "telephone", "email", "vat", "user_id"]) expect(text).not.toContain(`"${key}"`);
    expect(text).not.toContain("7654321");
  });

  it("looks at no more than COMPARE_MAX ids", async () => {
    const ids = [first, ...Array.from({ length: COMPARE_MAX + 5 }, (_, i) => 900000000 + i), second];
    const result = await compareWarehouses(t.db, null, ids, { locale: "it" });
    expect(result.warehouses.map((w) => w.id)).toEqual([first]);
    expect(result.missing).toHaveLength(COMPARE_MAX - 1);
  });

  it("says where a quote to all of them is for: their towns, their centre and a radius reaching each", async () => {
    const result = await compareWarehouses(t.db, null, [first, second], { locale: "it" });
    expect(result.quote_area).toEqual({ location: "Milano, Lodi", lat: 45.3892, lng: 9.3468, radius: 15 });
    const none = await compareWarehouses(t.db, null, [], { locale: "it" });
    expect(none).toEqual({ warehouses: [], specification_groups: [], missing: [], quote_area: null });
  });
});

describe("compareQuoteArea", () => {
  it("is at least the default 10 km, names each town once and stays within the quote's 1000 km", () => {
    expect(
      compareQuoteArea([
        { city: "Milano", lat: 45.46, lng: 9.19 },
        { city: "Milano", lat: 45.47, lng: 9.2 },
      ]),
    ).toEqual({ location: "Milano", lat: 45.465, lng: 9.195, radius: 10 });
    const far = compareQuoteArea([
      { city: "Aosta", lat: 45.7, lng: 7.3 },
      { city: "Lampedusa", lat: 35.5, lng: 12.6 },
      { city: "Aosta", lat: 45.7, lng: 7.3 },
    ]);
    expect(far).toMatchObject({ location: "Aosta, Lampedusa" });
    expect(far!.radius).toBeGreaterThan(600);
    expect(far!.radius).toBeLessThanOrEqual(1000);
    expect(compareQuoteArea([])).toBeNull();
  });
});
