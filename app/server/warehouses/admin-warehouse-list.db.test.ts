// The back office's Warehouses list: each filter of GET /api/admin/warehouses (and of its page's
// URL) returns exactly the warehouses it names, each column sorts both ways with the id as the
// last key (the searched path too), bad values are refused with the field named; and
// GET /api/admin/export-warehouses: the same selection as the spec's CSV or as XLSX with real
// numbers and dates and postcodes as text, audited, administrators only.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  actorOf,
  addImages,
  makeClaimedWarehouse,
  makeRedeemedWarehouse,
  makeUser,
  makeWarehouse,
  subscribeWarehouses,
} from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { loader as listEndpoint } from "../../routes/api/admin/warehouses.ts";
import { loader as exportEndpoint } from "../../routes/api/admin/export-warehouses.ts";
import { loader as pageLoader } from "../../routes/admin/warehouses.tsx";
import { todayInItaly } from "../../lib/format.ts";

const t = useTestDatabase();
let admin: User;
/** The five warehouses, oldest first: ids[0] is A. */
const ids: Record<"A" | "B" | "C" | "D" | "E", number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
const nameOf = new Map<number, string>();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  const at = (n: number) => ({ created_at: new Date(Date.UTC(2026, 0, 10 + n, 9)), address: "Via Lista 1" });
  // A: an approved hub in Ancona, redeemed (its owner's subscription runs), two photos, 500 m² free.
  const a = await makeRedeemedWarehouse(t.db, { name: "Alfa", city: "Ancona", province: "AN", is_hub: true, total_m2: 1000, ...at(0) });
  // B: waiting for approval in Rome, unclaimed, no size, no photos, no space, switched off.
  const b = await makeWarehouse(t.db, { name: "Bravo", city: "Roma", province: "RM", status: "pending", total_m2: null, deactivated: true, ...at(1) });
  // C: a hub in Milan (written in lower case), claimed by an owner whose subscription ended, one photo, a space that has ended.
  const c = await makeClaimedWarehouse(t.db, { name: "Charlie", city: "Milano", province: " mi", is_hub: true, total_m2: 2000, ...at(2) });
  await subscribeWarehouses(t.db, c.owner.id, [], {
    stripe_status: "canceled",
    started_at: new Date(Date.UTC(2025, 0, 1)),
    ends_at: new Date(Date.UTC(2025, 11, 31)),
  });
  // D: a refused hub in Rome, redeemed, three photos, 40 pallet positions now and 200 m² from next month; postcode 00184.
  const d = await makeRedeemedWarehouse(t.db, {
    name: "Delta",
    city: "Roma",
    province: "RM",
    is_hub: true,
    status: "refused",
    total_m2: 5000,
    cap: "00184",
    ...at(3),
  });
  // E: an approved warehouse in Rome, redeemed, not a hub, no photos, no space.
  const e = await makeRedeemedWarehouse(t.db, { name: "Echo", city: "Roma", province: "RM", total_m2: 300, ...at(4) });
  ids.A = a.warehouse.id;
  ids.B = b.id;
  ids.C = c.warehouse.id;
  ids.D = d.warehouse.id;
  ids.E = e.warehouse.id;
  for (const [k, id] of Object.entries(ids)) nameOf.set(id, k);
  await addImages(t.db, ids.A, 2);
  await addImages(t.db, ids.C, 1);
  await addImages(t.db, ids.D, 3);
  await t.db
    .insertInto("warehouse_spaces")
    .values([
      { warehouse_id: ids.A, m2_type: "m2", quantity: 500, available_from: day(-10), available_until: null },
      { warehouse_id: ids.C, m2_type: "m2", quantity: 900, available_from: day(-60), available_until: day(-2) },
      { warehouse_id: ids.D, m2_type: "pallet", quantity: 40, available_from: day(-5), available_until: day(30) },
      { warehouse_id: ids.D, m2_type: "m2", quantity: 200, available_from: day(30), available_until: null },
    ])
    .execute();
});

const get = (query: string, actor: User | null = admin) =>
  callJson(listEndpoint, t.db, { method: "GET", path: `/api/admin/warehouses?${query}`, actor: actor ? actorOf(actor) : null });
/** The list's warehouses by letter, in the order it answered. */
const letters = async (query: string) => {
  const res = await get(query);
  expect(res.status, query).toBe(200);
  const list = (res.json.warehouses as { id: number }[]).map((w) => nameOf.get(w.id)).join("");
  expect(res.json.warehouses_count, query).toBe(list.length);
  return list;
};

describe("GET /api/admin/warehouses's filters", () => {
  it("keeps the photo count of each warehouse as its photos come and go", async () => {
    const count = async (id: number) =>
      (await t.db.selectFrom("warehouses").select("images_count").where("id", "=", id).executeTakeFirstOrThrow()).images_count;
    expect([await count(ids.A), await count(ids.B), await count(ids.C), await count(ids.D)]).toEqual([2, 0, 1, 3]);
    const w = await makeWarehouse(t.db);
    await addImages(t.db, w.id, 2);
    await t.db.deleteFrom("images").where("warehouse_id", "=", w.id).where("position", "=", 0).execute();
    expect(await count(w.id)).toBe(1);
    await t.db.updateTable("images").set({ warehouse_id: ids.B }).where("warehouse_id", "=", w.id).execute();
    expect([await count(w.id), await count(ids.B)]).toEqual([0, 1]);
    await t.db.updateTable("images").set({ warehouse_id: w.id }).where("warehouse_id", "=", ids.B).execute();
    await t.db.deleteFrom("warehouses").where("id", "=", w.id).execute();
    expect(await count(ids.B)).toBe(0);
  });

  it("each filter returns exactly the warehouses it names", async () => {
    const cases: [string, string][] = [
      ["", "EDCBA"],
      ["filters[status]=approved", "ECA"],
      ["filters[status]=pending", "B"],
      ["filters[status]=refused", "D"],
      ["filters[hub]=1", "DCA"],
      ["filters[hub]=0", "EB"],
      ["filters[redeemed]=1", "EDA"],
      ["filters[redeemed]=0", "CB"],
      ["filters[sub_type]=active", "EDA"],
      ["filters[sub_type]=expired", "C"],
      ["filters[sub_type]=all", "EDCBA"],
      ["filters[province]=RM", "EDB"],
      ["filters[province]=rm", "EDB"],
      ["filters[province]=MI", "C"],
      ["filters[photos]=1", "DCA"],
      ["filters[photos]=0", "EB"],
      ["filters[free_space]=1", "DA"],
      ["filters[free_space]=0", "ECB"],
      ["filters[deactivated]=deact", "B"],
      ["filters[deactivated]=act", "EDCA"],
      ["filters[province]=RM&filters[hub]=1&filters[redeemed]=1", "D"],
      ["filters[province]=RM&filters[hub]=0&filters[photos]=0", "EB"],
      ["filters[province]=AN&filters[status]=pending", ""],
      ["search_term=Lista&filters[hub]=1&filters[free_space]=1", "DA"],
    ];
    for (const [query, expected] of cases) expect(await letters(query), query).toBe(expected);
  });

  it("shows each row's free space, photos, size, redeemed and owner", async () => {
    const res = await get("filters[province]=RM&filters[hub]=1");
    expect(res.json.warehouses).toEqual([
      expect.objectContaining({
        id: ids.D,
        free_m2: 200,
        free_pallets: 40,
        images_count: 3,
        total_m2: 5000,
        redeemed: true,
        is_hub: true,
        status: "refused",
        cap: "00184",
        owner_email: expect.any(String),
        owner_name: expect.any(String),
      }),
    ]);
    const b = (await get("filters[status]=pending")).json.warehouses[0];
    expect(b).toMatchObject({ id: ids.B, free_m2: null, free_pallets: null, images_count: 0, total_m2: null, owner_email: null, owner_name: null });
  });

  it("refuses a filter or an order outside its list (422, the field named), never a 500", async () => {
    const bad: [string, string][] = [
      ["filters[hub]=2", "filters.hub"],
      ["filters[redeemed]=yes", "filters.redeemed"],
      ["filters[status]=deleted", "filters.status"],
      ["filters[sub_type]=forever", "filters.sub_type"],
      ["filters[province]=Roma", "filters.province"],
      ["filters[province]=R1", "filters.province"],
      ["filters[photos]=true", "filters.photos"],
      ["filters[free_space]=-1", "filters.free_space"],
      ["order[key]=owner", "order.key"],
      ["order[key]=name;drop table warehouses", "order.key"],
      ["order[dir]=up", "order.dir"],
    ];
    for (const [query, field] of bad) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(res.json.error, query).toBe("invalid");
      expect(Object.keys(res.json.errors ?? {}), query).toContain(field);
    }
  });

  it("is for administrators only", async () => {
    expect((await get("", null)).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) expect((await get("", await makeUser(t.db, { role }))).status, role).toBe(403);
  });
});

describe("GET /api/admin/warehouses's order", () => {
  // Each column both ways; ties broken by the id in the same direction.
  const orders: [string, string, string][] = [
    ["created", "ABCDE", "EDCBA"],
    ["name", "ABCDE", "EDCBA"],
    ["city", "ACBDE", "EDBCA"],
    ["status", "ACEBD", "DBECA"],
    ["size", "BEACD", "DCAEB"],
    ["free_space", "BCEDA", "ADECB"],
    ["photos", "BECAD", "DACEB"],
    ["active", "ACDEB", "BEDCA"],
  ];

  it("sorts by every column both ways, the id last, searched or not", async () => {
    for (const [key, asc, desc] of orders) {
      expect(await letters(`order[key]=${key}&order[dir]=asc`), `${key} asc`).toBe(asc);
      expect(await letters(`order[key]=${key}&order[dir]=desc`), `${key} desc`).toBe(desc);
      // A search with few matches reads its matches first (db/searched-page.ts): the same order.
      expect(await letters(`search_term=Lista&order[key]=${key}&order[dir]=desc`), `${key} searched`).toBe(desc);
    }
    // A key alone starts in its column's own direction: sizes biggest first, names A to Z.
    expect(await letters("order[key]=size")).toBe("DCAEB");
    expect(await letters("order[key]=name")).toBe("ABCDE");
  });

  it("pages never overlap in any order", async () => {
    for (const [key] of orders) {
      const pages = await Promise.all([0, 1, 2].map((o) => get(`order[key]=${key}&order[dir]=desc&limit=2&offset=${o}`)));
      const all = pages.flatMap((p) => (p.json.warehouses as { id: number }[]).map((w) => nameOf.get(w.id))).join("");
      expect(all, key).toBe(orders.find((o) => o[0] === key)![2]);
    }
  });
});

describe("the Warehouses page", () => {
  const load = (query: string) =>
    pageLoader({
      request: new Request(`http://stockspace.test/admin/warehouses?${query}`),
      params: {},
      context: testContext(t.db, { actor: actorOf(admin) }),
      unstable_pattern: "",
    } as never) as ReturnType<typeof pageLoader>;

  it("reads the filters and the order from its URL, and leaves out a value that fails", async () => {
    expect((await load("hub=1&redeemed=1&sort=name&dir=desc")).warehouses.map((w) => nameOf.get(w.id)).join("")).toBe("DA");
    const data = await load("hub=1&redeemed=1&province=rm&sort=name&dir=desc");
    expect(data.warehouses.map((w) => nameOf.get(w.id)).join("")).toBe("D");
    expect(data.filters).toEqual({ status: null, hub: "1", redeemed: "1", sub: null, province: "RM", photos: null, free_space: null });
    expect(data.order).toEqual({ key: "name", dir: "desc" });
    const junk = await load("hub=maybe&sort=owner&dir=sideways&free_space=1");
    expect(junk.warehouses.map((w) => nameOf.get(w.id)).join("")).toBe("DA");
    expect(junk.filters.hub).toBeNull();
    expect(junk.order).toEqual({ key: "created", dir: "desc" });
  });
});

describe("GET /api/admin/export-warehouses", () => {
  const download = async (query: string, actor: User | null = admin) =>
    exportEndpoint({
      request: new Request(`http://stockspace.test/api/admin/export-warehouses?${query}`),
      params: {},
      context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
    } as never) as Promise<Response>;
  const exportAudits = () =>
    t.db.selectFrom("audit_log").select(["details", "entity_type", "entity_id"]).where("action", "=", "warehouse.export").orderBy("id").execute();

  it("exports the filtered, sorted list as the spec's CSV", async () => {
    const res = await download("filters[province]=RM&order[key]=name&order[dir]=asc");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const today = todayInItaly().split("-").reverse().join(".");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="magazzini_${today}.csv"`);
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "ID;Nome;Hub;Stato;Attivo;Riscattato;Proprietario;Email proprietario;Indirizzo;CAP;Città;Provincia;Superficie totale (m²);Spazio libero (m²);Posti pallet liberi;Foto;Data inserimento",
    );
    expect(lines.slice(1).map((l) => l.split(";")[1])).toEqual(["Bravo", "Delta", "Echo"]);
    const delta = lines[2]!.split(";");
    expect(delta[0]).toBe(`STK${String(ids.D).padStart(7, "0")}`);
    expect(delta.slice(2, 6)).toEqual(["Sì", "Non approvato", "Sì", "Sì"]);
    expect(delta.slice(9, 17)).toEqual(['"=""00184"""', "Roma", "RM", "5000", "200", "40", "3", "2026-01-13"]);
    const bravo = lines[1]!.split(";");
    expect(bravo.slice(2, 8)).toEqual(["No", "In attesa di approvazione", "No", "No", "", ""]);
    const audits = await exportAudits();
    expect(audits.at(-1)).toEqual({
      entity_type: "warehouse",
      entity_id: null,
      details: { filters: { province: "RM" }, order: { key: "name", dir: "asc" }, format: "csv" },
    });
  });

  it("exports XLSX with the postcode as text, sizes as numbers, the day as a date; only the filtered rows", async () => {
    const res = await download("filters[hub]=1&filters[redeemed]=1&order[key]=size&order[dir]=desc&format=xlsx");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="magazzini_\d{2}\.\d{2}\.\d{4}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const row = (n: number) => sheet.getRow(n);
    expect(row(2).getCell(col("Nome")).value).toBe("Delta");
    expect(row(3).getCell(col("Nome")).value).toBe("Alfa");
    expect(row(2).getCell(col("CAP")).value).toBe("00184");
    expect(row(2).getCell(col("Superficie totale (m²)")).value).toBe(5000);
    expect(row(2).getCell(col("Spazio libero (m²)")).value).toBe(200);
    expect(row(2).getCell(col("Foto")).value).toBe(3);
    expect(row(2).getCell(col("ID")).value).toBe(`STK${String(ids.D).padStart(7, "0")}`);
    const created = row(2).getCell(col("Data inserimento")).value;
    expect(created).toBeInstanceOf(Date);
    expect((created as Date).toISOString().slice(0, 10)).toBe("2026-01-13");
    expect((await exportAudits()).at(-1)?.details).toEqual({
      filters: { hub: true, redeemed: true },
      order: { key: "size", dir: "desc" },
      format: "xlsx",
    });
  });

  it("exports only the rows picked (?ids=), within the filters and in the list's order", async () => {
    const res = await download(`filters[province]=RM&order[key]=name&order[dir]=desc&ids=${ids.B},${ids.D},${ids.A}`);
    expect(res.status).toBe(200);
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    // A is picked but not in Rome; B and D, Z to A.
    expect(
      text
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(";")[1]),
    ).toEqual(["Delta", "Bravo"]);
    expect((await exportAudits()).at(-1)?.details).toEqual({
      filters: { province: "RM", ids: [ids.B, ids.D, ids.A] },
      order: { key: "name", dir: "desc" },
      format: "csv",
    });
  });

  it("refuses bad values, other roles and visitors, auditing nothing", async () => {
    const before = (await exportAudits()).length;
    for (const picked of ["abc", "1,x", "0", "1,1", "", Array.from({ length: 1001 }, (_, i) => i + 1).join(",")]) {
      expect((await download(`ids=${picked}`)).status, picked.slice(0, 20)).toBe(422);
    }
    expect((await download("format=pdf")).status).toBe(422);
    expect((await download("order[key]=owner")).status).toBe(422);
    expect((await download("filters[province]=Roma")).status).toBe(422);
    expect((await download("", null)).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) expect((await download("", await makeUser(t.db, { role }))).status, role).toBe(403);
    expect(await exportAudits()).toHaveLength(before);
  });
});
