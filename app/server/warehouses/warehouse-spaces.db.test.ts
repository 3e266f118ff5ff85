// A warehouse's free space through the calls of the three areas: sent with the whole warehouse
// (create, update) or alone (update-spaces), replaced as a set, checked on the server (quantity,
// dates, the surface) with field codes per row, and refused to whoever may not edit the warehouse.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { action as stockerPage } from "../../routes/stocker/warehouse-detail.tsx";
import { action as referentPage } from "../../routes/referent/warehouse-detail.tsx";
import { actorOf, makeClaimedWarehouse, makeRedeemedWarehouse, makeUser } from "../../../tests/support/factories.ts";
import { loader as sheetLoader } from "../../routes/warehouse-sheet.tsx";
import { loader as compareLoader } from "../../routes/compare.tsx";
import { loader as searchLoader } from "../../routes/api/warehouses.search.ts";
import { todayInItaly } from "../../lib/format.ts";
import { ensureGazetteerLoaded } from "../geo/gazetteer.ts";
import { action as stockerCreate } from "../../routes/api/stocker/warehouses.create.ts";
import { action as stockerUpdate } from "../../routes/api/stocker/warehouses.update.ts";
import { action as adminSpaces } from "../../routes/api/admin/warehouses.update-spaces.ts";
import { action as stockerSpaces } from "../../routes/api/stocker/warehouses.update-spaces.ts";
import { action as referentSpaces } from "../../routes/api/referent/warehouses.update-spaces.ts";
import type { User, Warehouse } from "../db/types.ts";

const t = useTestDatabase();

let admin: User, owner: User, otherStocker: User, referent: User, otherReferent: User, hunter: User;
let warehouse: Warehouse, pending: Warehouse;

const OPEN = { m2_type: "m2", quantity: 800, available_from: "2026-12-01", available_until: null, min_term_months: 3, price_month: 520, price_public: true };
const PALLETS = {
  m2_type: "pallet",
  quantity: 120,
  available_from: "2027-01-01",
  available_until: "2027-06-30",
  min_term_months: 0,
  price_month: 900,
  price_public: false,
};

const warehouseData = (data: Record<string, unknown> = {}) => ({
  name: "Polo Emilia",
  country: "Italia",
  address: "Via Emilia 10",
  cap: "40100",
  city: "Bologna",
  province: "BO",
  vat: "IT01234567890",
  total_m2: 5000,
  m2: 4000,
  lat: 44.4949,
  lng: 11.3426,
  ...data,
});

const spacesOf = (id: number) =>
  t.db
    .selectFrom("warehouse_spaces")
    .select(["m2_type", "quantity", "available_from", "available_until", "min_term_months", "price_month", "price_public"])
    .where("warehouse_id", "=", id)
    .orderBy("available_from")
    .execute();

const row = (id: number) => t.db.selectFrom("warehouses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  await ensureGazetteerLoaded(t.db);
  admin = await makeUser(t.db, { role: "admin" });
  ({ owner, warehouse } = await makeClaimedWarehouse(t.db, { total_m2: 5000, m2: 4000 }));
  referent = await makeUser(t.db, { role: "referent", created_by: owner.id, password_hash: "x" });
  await t.db.updateTable("warehouses").set({ referent_id: referent.id }).where("id", "=", warehouse.id).execute();
  otherStocker = await makeUser(t.db, { role: "stocker" });
  otherReferent = await makeUser(t.db, { role: "referent", created_by: otherStocker.id, password_hash: "x" });
  hunter = await makeUser(t.db, { role: "stock_hunter" });
  ({ warehouse: pending } = await makeClaimedWarehouse(t.db, { status: "pending" }, { email: `pending-${Date.now()}@test.example` }));
}, 120_000);

describe("spaces with the whole warehouse", () => {
  it("are created with a stocker's new warehouse, in the same save", async () => {
    const res = await callJson(stockerCreate, t.db, { actor: actorOf(owner), body: { warehouse_data: warehouseData(), spaces: [OPEN, PALLETS] } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id = res.json.warehouse_id as number;
    expect(await spacesOf(id)).toEqual([OPEN, PALLETS]);
    const w = await row(id);
    expect(w.spaces_updated_at).toBeInstanceOf(Date);
    // One space is open-ended: there is no last day.
    expect(w.spaces_last_day).toBeNull();
  });

  it("an update without the key leaves them as they are; a list replaces them; [] clears them", async () => {
    const created = await callJson(stockerCreate, t.db, {
      actor: actorOf(owner),
      body: { warehouse_data: warehouseData({ name: "Polo Due" }), spaces: [OPEN] },
    });
    const id = created.json.warehouse_id as number;
    const params = { id: String(id) };
    // An older client: no `spaces` at all.
    const old = await callJson(stockerUpdate, t.db, { actor: actorOf(owner), params, body: { warehouse_data: warehouseData({ name: "Polo Due bis" }) } });
    expect(old.status, JSON.stringify(old.json)).toBe(200);
    expect(await spacesOf(id)).toEqual([OPEN]);
    expect((await row(id)).name).toBe("Polo Due bis");
    // The zone reads spaces only of warehouses flagged as having some (migration 0027).
    expect((await row(id)).has_spaces).toBe(true);

    const replaced = await callJson(stockerUpdate, t.db, { actor: actorOf(owner), params, body: { warehouse_data: warehouseData(), spaces: [PALLETS] } });
    expect(replaced.status).toBe(200);
    expect(await spacesOf(id)).toEqual([PALLETS]);
    expect((await row(id)).spaces_last_day).toBe("2027-06-30");

    const cleared = await callJson(stockerUpdate, t.db, { actor: actorOf(owner), params, body: { warehouse_data: warehouseData(), spaces: [] } });
    expect(cleared.status).toBe(200);
    expect(await spacesOf(id)).toEqual([]);
    expect((await row(id)).has_spaces).toBe(false);
  });

  it("are checked against the surface sent with them: the total when given, else the internal one", async () => {
    const over = await callJson(stockerCreate, t.db, {
      actor: actorOf(owner),
      body: { warehouse_data: warehouseData({ total_m2: 1000 }), spaces: [PALLETS, { ...OPEN, quantity: 1200 }] },
    });
    expect(over.status).toBe(422);
    expect(over.json.errors).toEqual({ "spaces.1.quantity": "over_surface" });
    const noTotal = await callJson(stockerCreate, t.db, {
      actor: actorOf(owner),
      body: { warehouse_data: warehouseData({ total_m2: null, m2: 700 }), spaces: [OPEN] },
    });
    expect(noTotal.status).toBe(422);
    expect(noTotal.json.errors).toEqual({ "spaces.0.quantity": "over_surface" });
    // Pallet positions are not square metres: no surface to compare with.
    const pallets = await callJson(stockerCreate, t.db, {
      actor: actorOf(owner),
      body: { warehouse_data: warehouseData({ total_m2: 100, m2: 100 }), spaces: [{ ...PALLETS, quantity: 5000 }] },
    });
    expect(pallets.status, JSON.stringify(pallets.json)).toBe(200);
  });
});

describe("POST /api/{area}/warehouses/{id}/update-spaces", () => {
  it("saves the owner's set and answers it", async () => {
    const res = await callJson(stockerSpaces, t.db, { actor: actorOf(owner), params: { id: String(warehouse.id) }, body: { spaces: [PALLETS, OPEN] } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ warehouse_id: warehouse.id, spaces: [OPEN, PALLETS] });
    expect(await spacesOf(warehouse.id)).toEqual([OPEN, PALLETS]);
  });

  it("refuses bad rows with a field code on each, in the caller's language, and writes nothing", async () => {
    const before = await spacesOf(warehouse.id);
    const bad = [
      { ...OPEN, quantity: 0 },
      { ...PALLETS, available_from: "2027-06-30", available_until: "2027-01-01" },
      { ...OPEN, available_from: "31.02.2027", m2_type: "hectare" },
      { ...OPEN, quantity: 6000 },
      { ...OPEN, price_month: 5.2, min_term_months: -1 },
    ];
    const en = await callJson(stockerSpaces, t.db, { actor: actorOf(owner), params: { id: String(warehouse.id) }, body: { spaces: bad }, locale: "en" });
    expect(en.status).toBe(422);
    expect(en.json.errors).toEqual({
      "spaces.0.quantity": "too_small",
      "spaces.1.available_until": "before_start_date",
      "spaces.2.available_from": "invalid",
      "spaces.2.m2_type": "invalid",
      "spaces.4.price_month": "invalid",
      "spaces.4.min_term_months": "too_small",
    });
    expect(en.json.message).toMatch(/^Some fields are missing or not valid/);
    // The surface is checked once the rows themselves are sound.
    const dates = await callJson(stockerSpaces, t.db, {
      actor: actorOf(owner),
      params: { id: String(warehouse.id) },
      body: { spaces: [bad[1], bad[3]] },
      locale: "it",
    });
    expect(dates.status).toBe(422);
    expect(dates.json.errors).toEqual({ "spaces.0.available_until": "before_start_date" });
    const surface = await callJson(stockerSpaces, t.db, {
      actor: actorOf(owner),
      params: { id: String(warehouse.id) },
      body: { spaces: [OPEN, bad[3]] },
      locale: "it",
    });
    expect(surface.json.errors).toEqual({ "spaces.1.quantity": "over_surface" });
    expect(surface.json.message).toMatch(/^Alcuni campi/);
    const missing = await callJson(stockerSpaces, t.db, { actor: actorOf(owner), params: { id: String(warehouse.id) }, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ spaces: "required" });
    expect(await spacesOf(warehouse.id)).toEqual(before);
  });

  it("lets the warehouse's referent and an administrator save (the administrator's change audited)", async () => {
    const byReferent = await callJson(referentSpaces, t.db, { actor: actorOf(referent), params: { id: String(warehouse.id) }, body: { spaces: [OPEN] } });
    expect(byReferent.status).toBe(200);
    const byAdmin = await callJson(adminSpaces, t.db, { actor: actorOf(admin), params: { id: String(warehouse.id) }, body: { spaces: [PALLETS] } });
    expect(byAdmin.status).toBe(200);
    expect(await spacesOf(warehouse.id)).toEqual([PALLETS]);
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "warehouse.update_spaces")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ admin_id: admin.id, entity_id: warehouse.id });
    expect((audit.details as any).spaces.after).toEqual([PALLETS]);
  });

  it("refuses another stocker (403 on a listed warehouse, 404 on one not listed), a referent of other warehouses, a hunter, and a visitor", async () => {
    const before = await spacesOf(warehouse.id);
    const body = { spaces: [] };
    const params = { id: String(warehouse.id) };
    expect((await callJson(stockerSpaces, t.db, { actor: actorOf(otherStocker), params, body })).status).toBe(403);
    expect((await callJson(stockerSpaces, t.db, { actor: actorOf(otherStocker), params: { id: String(pending.id) }, body })).status).toBe(404);
    expect((await callJson(referentSpaces, t.db, { actor: actorOf(otherReferent), params, body })).status).toBe(403);
    expect((await callJson(referentSpaces, t.db, { actor: actorOf(otherReferent), params: { id: String(pending.id) }, body })).status).toBe(404);
    // A role calling another area's call: refused by the role check.
    expect((await callJson(stockerSpaces, t.db, { actor: actorOf(hunter), params, body })).status).toBe(403);
    expect((await callJson(referentSpaces, t.db, { actor: actorOf(owner), params, body })).status).toBe(403);
    expect((await callJson(adminSpaces, t.db, { actor: actorOf(owner), params, body })).status).toBe(403);
    expect((await callJson(stockerSpaces, t.db, { actor: null, params, body })).status).toBe(401);
    expect((await callJson(stockerSpaces, t.db, { actor: actorOf(owner), params: { id: "999999999" }, body })).status).toBe(404);
    expect(await spacesOf(warehouse.id)).toEqual(before);
  });
});

describe("the availability panel of the warehouse's page (its page action)", () => {
  const post = (fields: Record<string, string>, path = `/it/stocker/profile/warehouses/${warehouse.id}`) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return new Request(`http://stockspace.test${path}`, { method: "POST", body });
  };
  const call = (
    action: typeof stockerPage,
    user: User | null,
    fields: Record<string, string>,
    params: Record<string, string> = { id: String(warehouse.id), locale: "it" },
  ) => action({ request: post(fields), params, context: testContext(t.db, { actor: user ? actorOf(user) : null, locale: "it" }) } as never);
  const rows = {
    intent: "spaces",
    "spaces[0][m2_type]": "m2",
    "spaces[0][quantity]": "1.200",
    "spaces[0][available_from]": "01.12.2026",
    "spaces[0][available_until]": "",
    "spaces[0][min_term_months]": "6",
    "spaces[0][price_month]": "5,20",
    "spaces[0][price_public]": "on",
    "spaces[1][m2_type]": "pallet",
    "spaces[1][quantity]": "80",
    "spaces[1][available_from]": "2027-01-01",
    "spaces[1][available_until]": "30.06.2027",
    "spaces[1][min_term_months]": "",
    "spaces[1][price_month]": "",
  };

  it("saves the rows as a form posts them (Italian numbers and dates, euros) for the owner and the referent", async () => {
    const res = await call(stockerPage, owner, rows);
    expect(res).toEqual({
      ok: true,
      intent: "spaces",
      spaces: [
        { m2_type: "m2", quantity: 1200, available_from: "2026-12-01", available_until: null, min_term_months: 6, price_month: 520, price_public: true },
        {
          m2_type: "pallet",
          quantity: 80,
          available_from: "2027-01-01",
          available_until: "2027-06-30",
          min_term_months: 0,
          price_month: null,
          price_public: false,
        },
      ],
    });
    const byReferent = await call(referentPage, referent, {
      intent: "spaces",
      "spaces[0][m2_type]": "m2",
      "spaces[0][quantity]": "300",
      "spaces[0][available_from]": "2027-02-01",
    });
    expect(byReferent).toMatchObject({ ok: true, spaces: [{ quantity: 300, price_month: null }] });
    // No row posted: the warehouse is full.
    expect(await call(stockerPage, owner, { intent: "spaces" })).toMatchObject({ ok: true, spaces: [] });
  });

  it("answers bad rows to the form with each row's field codes, and saves nothing", async () => {
    await call(stockerPage, owner, rows);
    const res = await call(stockerPage, owner, {
      ...rows,
      "spaces[0][quantity]": "0",
      "spaces[1][available_until]": "01.12.2026",
      "spaces[0][price_month]": "cinque",
    });
    expect(res).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { "spaces.0.quantity": "too_small", "spaces.0.price_month": "invalid", "spaces.1.available_until": "before_start_date" },
    });
    const over = await call(stockerPage, owner, { ...rows, "spaces[0][quantity]": "9.000" });
    expect(over).toMatchObject({ ok: false, errors: { "spaces.0.quantity": "over_surface" } });
    expect((await spacesOf(warehouse.id)).map((s) => s.quantity)).toEqual([1200, 80]);
  });

  it("refuses another stocker and a referent of other warehouses in the page, other roles with their error page, saving nothing", async () => {
    const before = await spacesOf(warehouse.id);
    // Someone else's warehouse is not found, answered in the page as every page action answers it.
    await expect(call(stockerPage, otherStocker, rows)).resolves.toMatchObject({ ok: false, error: "not_found" });
    await expect(call(referentPage, otherReferent, rows)).resolves.toMatchObject({ ok: false, error: "not_found" });
    await expect(call(stockerPage, hunter, rows)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(call(referentPage, owner, rows)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(call(stockerPage, null, rows)).rejects.toMatchObject({ init: { status: 401 } });
    // Bad rows are refused as the form's errors before the warehouse is looked at: their rules are
    // the same for every warehouse, so the answer tells nothing of someone else's.
    await expect(call(stockerPage, otherStocker, { ...rows, "spaces[0][quantity]": "x" })).resolves.toMatchObject({ ok: false, error: "invalid" });
    expect(await spacesOf(warehouse.id)).toEqual(before);
  });
});

describe("what the public sees of the free space", () => {
  // Values no other fact of the warehouse has, so finding one in an answer means it leaked.
  const PRIVATE = { m2_cost: 4321.17, m2_month: 4322.27, m2_pallet: 4323.37, handling_cost: 4324.47 };
  const HIDDEN_PRICE = 98_765;
  const shift = (days: number) => todayInItaly(new Date(Date.now() + days * 86_400_000));

  it("the sheet shows current and upcoming spaces, the price only when public; neither the sheet, the comparison nor the search carries a private value", async () => {
    const { owner: o, warehouse: w } = await makeRedeemedWarehouse(t.db, { ...PRIVATE, total_m2: 20_000, lat: 44.4949, lng: 11.3426, city: "Bologna" });
    const res = await callJson(stockerSpaces, t.db, {
      actor: actorOf(o),
      params: { id: String(w.id) },
      body: {
        spaces: [
          { m2_type: "m2", quantity: 500, available_from: shift(-90), available_until: shift(-10), price_month: 11_111, price_public: true },
          { m2_type: "m2", quantity: 800, available_from: shift(-5), available_until: null, min_term_months: 6, price_month: 520, price_public: true },
          { m2_type: "pallet", quantity: 120, available_from: shift(30), available_until: shift(200), price_month: HIDDEN_PRICE, price_public: false },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);

    const context = testContext(t.db, { actor: null, locale: "en" });
    const page = await sheetLoader({
      params: { id: String(w.id), locale: "en" },
      context,
      request: new Request(`http://stockspace.test/en/warehouses/${w.id}`),
    } as never);
    expect(page.sheet.spaces).toEqual([
      { m2_type: "m2", quantity: 800, available_from: shift(-5), available_until: null, min_term_months: 6, price_month: 520 },
      { m2_type: "pallet", quantity: 120, available_from: shift(30), available_until: shift(200), min_term_months: 0, price_month: null },
    ]);
    const sheetText = JSON.stringify(page);

    const search = await callJson(searchLoader, t.db, { method: "GET", path: "/api/warehouses/search?lat=44.4949&lng=11.3426&radius=10", actor: null });
    expect(search.status, JSON.stringify(search.json)).toBe(200);
    expect(JSON.stringify(search.json)).toContain(`"id":${w.id}`);
    const searchText = JSON.stringify(search.json);

    // The comparison shows the same spaces as the sheet, beside another warehouse that has none.
    const { warehouse: other } = await makeRedeemedWarehouse(t.db, { lat: 44.5, lng: 11.34, city: "Bologna" });
    const compared = await compareLoader({
      params: { locale: "en" },
      context,
      request: new Request(`http://stockspace.test/en/compare?wids=${w.id},${other.id}`),
    } as never);
    expect(compared.warehouses.map((c) => c.spaces)).toEqual([page.sheet.spaces, []]);
    const compareText = JSON.stringify(compared);

    for (const text of [sheetText, searchText, compareText]) {
      for (const value of Object.values(PRIVATE)) {
        expect(text).not.toContain(String(value));
        expect(text).not.toContain(String(value).replace(".", ","));
      }
      expect(text).not.toContain(String(HIDDEN_PRICE));
      expect(text).not.toContain("987.65");
      expect(text).not.toContain("987,65");
      // The ended space's price, public as it was, goes with it.
      expect(text).not.toContain("11111");
      expect(text).not.toContain("price_public");
    }
  });
});
