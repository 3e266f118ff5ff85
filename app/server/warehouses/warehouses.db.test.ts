import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  actorOf,
  addImages,
  attachSpecifications,
  makeRedeemedWarehouse,
  makeSpecification,
  makeUser,
  makeWarehouse,
  setTimes,
} from "../../../tests/support/factories.ts";
import { compareWarehouses, getWarehouseSheet, parseCompareIds, websiteLink } from "./warehouses.service.ts";

const t = useTestDatabase();

let claimed: Awaited<ReturnType<typeof makeRedeemedWarehouse>>;
let specIds: number[];

beforeAll(async () => {
  claimed = await makeRedeemedWarehouse(t.db, { name: "Polo Logistico Sud", is_hub: true, website: "polo.example.com" }, { account_type: 1 });
  // Category 1 gets 7 values (more than 5), category 3 two; one hidden value never shows.
  const specs = [];
  for (let i = 0; i < 7; i++)
    specs.push(await makeSpecification(t.db, { cat_id: 1, value: `Servizio ${i}`, value_en: i === 0 ? null : `Service ${i}`, position: i }));
  specs.push(await makeSpecification(t.db, { cat_id: 3, value: "Allarme", value_en: "Alarm" }));
  specs.push(await makeSpecification(t.db, { cat_id: 3, value: "Vigilanza", value_en: "Guards" }));
  specs.push(await makeSpecification(t.db, { cat_id: 2, value: "Nascosta", hidden: true }));
  specIds = specs.map((s) => s.id);
  await attachSpecifications(t.db, claimed.warehouse.id, specIds);
  await addImages(t.db, claimed.warehouse.id, 5);
  await setTimes(t.db, claimed.warehouse.id, {
    mon_open_time: "08:00",
    mon_close_time: "18:00",
    tue_open_time: "08:00",
    tue_close_time: "18:00",
    wed_open_time: "08:00",
    wed_close_time: "18:00",
    thu_open_time: "08:00",
    thu_close_time: "18:00",
    fri_open_time: "08:00",
    fri_close_time: "18:00",
    is_sat_open: false,
    is_sun_open: false,
  });
});

describe("getWarehouseSheet", () => {
  it("shows a claimed, approved, active warehouse with its public data only", async () => {
    const sheet = await getWarehouseSheet(t.db, null, claimed.warehouse.id, { locale: "en", now: new Date("2026-05-13T08:00:00Z") });
    expect(sheet).toMatchObject({
      name: "Polo Logistico Sud",
      is_hub: true,
      account_type: 1,
      total_m2: 12000,
      m2: 10000,
      m2_external: 1500,
      m2_office: 500,
      height: 11.5,
      bays_number: 12,
    });
    expect(sheet.website).toEqual({ href: "https://polo.example.com/", label: "polo.example.com" });
    expect(sheet.imgs).toHaveLength(5);
    // Private costs, contacts, the warehouse's own e-mail and telephone never reach the page.
    const text = JSON.stringify(sheet);
    for (const key of ["m2_cost", "m2_month", "m2_pallet", "handling_cost", "telephone", "email", "vat", "contacts"]) expect(text).not.toContain(`"${key}"`);
    expect(text).not.toContain("7654321");
  });

  it("tells whoever manages it where to manage it, and nobody else; never says who owns it", async () => {
    const referent = await makeUser(t.db, { role: "referent" });
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db, { referent_id: referent.id });
    const sheetFor = async (actor: Parameters<typeof getWarehouseSheet>[1]) =>
      (await getWarehouseSheet(t.db, actor, warehouse.id, { locale: "it" })).manage_url;
    expect(await sheetFor(actorOf(owner))).toBe(`/it/stocker/profile/warehouses/${warehouse.id}`);
    expect(await sheetFor(actorOf(referent))).toBe(`/it/referent/profile/warehouses/${warehouse.id}`);
    expect(await sheetFor(actorOf(await makeUser(t.db, { role: "admin" })))).toBe(`/admin/warehouses/${warehouse.id}/edit`);
    for (const other of [null, actorOf(await makeUser(t.db)), actorOf(claimed.owner), actorOf(await makeUser(t.db, { role: "referent" }))]) {
      expect(await sheetFor(other), other?.role ?? "visitor").toBeNull();
    }
    const text = JSON.stringify(await getWarehouseSheet(t.db, actorOf(owner), warehouse.id, { locale: "it" }));
    for (const key of ["user_id", "referent_id"]) expect(text).not.toContain(`"${key}"`);
  });

  it("tells a stock hunter whether it is among their favourites, and nobody else", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const favouriteOf = async (actor: Parameters<typeof getWarehouseSheet>[1]) =>
      (await getWarehouseSheet(t.db, actor, claimed.warehouse.id, { locale: "it" })).favourite;
    expect(await favouriteOf(actorOf(hunter))).toBe(false);
    await t.db.insertInto("favourites").values({ user_id: hunter.id, warehouse_id: claimed.warehouse.id }).execute();
    expect(await favouriteOf(actorOf(hunter))).toBe(true);
    expect(await favouriteOf(actorOf(await makeUser(t.db)))).toBe(false);
    for (const other of [null, actorOf(claimed.owner), actorOf(await makeUser(t.db, { role: "admin" }))]) expect(await favouriteOf(other)).toBeNull();
  });

  it("groups the specifications by category in the visitor's language, without hidden ones", async () => {
    const en = await getWarehouseSheet(t.db, null, claimed.warehouse.id, { locale: "en" });
    expect(en.specifications.map((g) => g.cat_id)).toEqual([1, 3]);
    expect(en.specifications[0]!.category).toBe("Additional services");
    expect(en.specifications[0]!.values).toHaveLength(7);
    // No English value: the Italian one stands in.
    expect(en.specifications[0]!.values[0]!.value).toBe("Servizio 0");
    expect(en.specifications[0]!.values[1]!.value).toBe("Service 1");
    const it_ = await getWarehouseSheet(t.db, null, claimed.warehouse.id, { locale: "it" });
    expect(it_.specifications[1]).toMatchObject({ category: "Sicurezza", values: [{ value: "Allarme" }, { value: "Vigilanza" }] });
  });

  it("says whether it is open now in Italian time", async () => {
    // Wednesday 10:00 in Rome.
    const open = await getWarehouseSheet(t.db, null, claimed.warehouse.id, { locale: "it", now: new Date("2026-05-13T08:00:00Z") });
    expect(open.opening).toEqual({ state: "open", closes: { dayOffset: 0, weekday: "wed", time: "18:00" } });
    // Friday 20:00 in Rome: next opening Monday.
    const closed = await getWarehouseSheet(t.db, null, claimed.warehouse.id, { locale: "it", now: new Date("2026-05-15T18:00:00Z") });
    expect(closed.opening).toEqual({ state: "closed", opens: { dayOffset: 3, weekday: "mon", time: "08:00" } });
    expect(closed.schedule?.[5]).toEqual({ day: "sat", open: null, close: null, allDay: false });
  });

  it("is not found for unclaimed, deactivated, pending, refused and unknown warehouses", async () => {
    const unclaimed = await makeWarehouse(t.db);
    const deactivated = (await makeRedeemedWarehouse(t.db, { deactivated: true })).warehouse;
    const pending = (await makeRedeemedWarehouse(t.db, { status: "pending" })).warehouse;
    const refused = (await makeRedeemedWarehouse(t.db, { status: "refused" })).warehouse;
    for (const id of [unclaimed.id, deactivated.id, pending.id, refused.id, 999999999]) {
      await expect(getWarehouseSheet(t.db, null, id, { locale: "it" })).rejects.toMatchObject({ status: 404 });
    }
  });

  it("has no opening status when the warehouse gave no hours", async () => {
    const other = await makeRedeemedWarehouse(t.db);
    const sheet = await getWarehouseSheet(t.db, null, other.warehouse.id, { locale: "it" });
    expect(sheet.opening).toBeNull();
    expect(sheet.schedule).toBeNull();
    expect(sheet.imgs).toEqual([]);
  });
});

describe("compareWarehouses", () => {
  it("gives a card per claimed warehouse with the first 4 specification values, and lists the others as missing", async () => {
    const second = await makeRedeemedWarehouse(t.db, { name: "Secondo", website: null });
    const unclaimed = await makeWarehouse(t.db);
    const ids = [second.warehouse.id, unclaimed.id, claimed.warehouse.id, 424242];
    const result = await compareWarehouses(t.db, null, ids, { locale: "it" });
    expect(result.warehouses.map((w) => w.id)).toEqual([second.warehouse.id, claimed.warehouse.id]);
    expect(result.missing).toEqual([unclaimed.id, 424242]);
    const card = result.warehouses[1]!;
    expect(card).toMatchObject({ name: "Polo Logistico Sud", total_m2: 12000, address: "Via Roma 1" });
    expect(card.specifications.map((s) => s.value)).toEqual(["Servizio 0", "Servizio 1", "Servizio 2", "Servizio 3"]);
    expect(result.warehouses[0]!.website).toBeNull();
    expect(JSON.stringify(result)).not.toContain("m2_cost");
  });
});

describe("parseCompareIds and websiteLink", () => {
  it("reads the wids list, dropping junk and duplicates", () => {
    expect(parseCompareIds("3,1,x,3,,-2, 7 ")).toEqual([3, 1, 7]);
    expect(parseCompareIds(null)).toEqual([]);
    expect(parseCompareIds(Array.from({ length: 40 }, (_, i) => i + 1).join(","))).toHaveLength(12);
  });

  it("only links to http(s) sites", () => {
    expect(websiteLink("https://a.example/path")).toEqual({ href: "https://a.example/path", label: "a.example/path" });
    expect(websiteLink("javascript:alert(1)")).toBeNull();
    expect(websiteLink("  ")).toBeNull();
  });
});
