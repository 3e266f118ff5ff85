// The back office's quote requests on real PostgreSQL: the list (search by business name,
// referent, contact, place and number; created from/to as Italian days; newest first, 8 a page;
// the contacted warehouses with state, redeemed and handler), the add-warehouses popup's search,
// adding warehouses (pending links, the handlers notified as for a new request, the audit, the
// refusals that write nothing), the export of one request, the list's orders (date, warehouses
// contacted, quantity) and filters (answered, requester) and its CSV/XLSX export, the stored link
// counts kept by migration 0038's trigger, the page's loader and action, the refusals of other
// roles, and the query plans on large tables.
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type CompiledQuery } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import {
  actorOf,
  makeRedeemedWarehouse,
  makeRequest,
  makeSpecification,
  makeUser,
  makeWarehouse,
  requestTableCounts,
} from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";
import { requestNumber } from "../../lib/format.ts";
import type { User } from "../db/types.ts";
import { loader as listEndpoint } from "../../routes/api/admin/warehouse-requests.ts";
import { loader as searchEndpoint } from "../../routes/api/admin/warehouse-requests.warehouses-search.ts";
import { action as addEndpoint } from "../../routes/api/admin/warehouse-requests.add-warehouses.ts";
import { loader as exportEndpoint } from "../../routes/api/admin/warehouse-requests.export.ts";
import { loader as listExportEndpoint } from "../../routes/api/admin/export-warehouse-requests.ts";
import ExcelJS from "exceljs";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/requests.tsx";
import { findMatchesFirst } from "../db/searched-page.ts";
import {
  adminRequestsCountQuery,
  adminRequestsExportQuery,
  adminRequestsPageQuery,
  type AdminRequestsArgs,
  nearbyRequestWarehousesQuery,
  requestIdOf,
  requestWarehouseSearchQuery,
} from "./admin-requests.queries.ts";

const t = useTestDatabase();
const run = Date.now().toString(36);

type Fixture = Awaited<ReturnType<typeof setup>>;
let f: Fixture;

async function setup(db = t.db) {
  const admin = await makeUser(db, { role: "admin" });
  const admin2 = await makeUser(db, { role: "admin", lang: "en" });
  const hunter = await makeUser(db, { role: "stock_hunter" });
  const stocker = await makeUser(db, { role: "stocker" });
  const referent = await makeUser(db, { role: "referent", first_name: "Rita", last_name: "Referente" });
  // Contacted by the request: a redeemed warehouse.
  const first = await makeRedeemedWarehouse(db, { name: `Deposito Primo ${run}`, city: "Milano" });
  // To add: one managed by a referent (who is told, not the owner), one nobody owns (the administrators are told).
  const managed = await makeRedeemedWarehouse(db, { name: `Deposito Gestito ${run}`, city: "Monza", referent_id: referent.id });
  const unclaimed = await makeWarehouse(db, { name: `Deposito Libero ${run}`, city: "Lodi" });
  // Never offered, refused when sent.
  const deactivated = await makeWarehouse(db, { name: `Deposito Spento ${run}`, deactivated: true });
  const pending = await makeWarehouse(db, { name: `Deposito Attesa ${run}`, status: "pending" });
  const spec = await makeSpecification(db, { cat_id: 1, value: `Picking ${run}` });

  // The request of the journey (the newest) and two older ones with other words.
  const { request } = await makeRequest(db, { userId: hunter.id, warehouseIds: [first.warehouse.id] });
  await db
    .updateTable("warehouse_requests")
    .set({ business_name: `Trasporti Rapidi ${run}`, referent: `Giulia Neri ${run}`, location: `Piacenza ${run}`, m2_value: 800, radius: 25 })
    .where("id", "=", request.id)
    .execute();
  await db.insertInto("warehouse_request_specifications").values({ warehouse_request_id: request.id, specification_id: spec.id }).execute();
  const older = (await makeRequest(db, { userId: null, warehouseIds: [first.warehouse.id], contact: `ufficio-${run}@vecchia.example` })).request;
  // 23:30 UTC on 10 March is 00:30 of 11 March in Italy.
  await db
    .updateTable("warehouse_requests")
    .set({ business_name: `Vecchia Ditta ${run}`, created_at: new Date("2026-03-10T23:30:00Z") })
    .where("id", "=", older.id)
    .execute();
  const oldest = (await makeRequest(db, { userId: null, warehouseIds: [first.warehouse.id] })).request;
  await db
    .updateTable("warehouse_requests")
    .set({ business_name: `Antica Ditta ${run}`, created_at: new Date("2026-03-10T12:00:00Z") })
    .where("id", "=", oldest.id)
    .execute();
  return { admin, admin2, hunter, stocker, referent, first, managed, unclaimed, deactivated, pending, spec, request, older, oldest };
}

beforeAll(async () => {
  f = await setup();
});

const list = (query: string, actor: User | null = f.admin) =>
  callJson(listEndpoint, t.db, { method: "GET", path: `/api/admin/warehouse-requests?${query}`, actor: actor ? actorOf(actor) : null });
const search = (requestId: number, query: string, actor: User | null = f.admin) =>
  callJson(searchEndpoint, t.db, {
    method: "GET",
    path: `/api/admin/warehouse-requests/${requestId}/warehouses/search?${query}`,
    params: { id: String(requestId) },
    actor: actor ? actorOf(actor) : null,
  });
const add = (requestId: number, body: unknown, actor: User | null = f.admin) =>
  callJson(addEndpoint, t.db, { params: { id: String(requestId) }, body, actor: actor ? actorOf(actor) : null });
const ids = (res: { json: { warehouse_requests: { id: number }[] } }) => res.json.warehouse_requests.map((r) => r.id);

describe("the list", () => {
  it("searches business name, referent, contact, place and number, newest first", async () => {
    expect(ids(await list(`search_term=${run}`))).toEqual([f.request.id, f.older.id, f.oldest.id]);
    expect(ids(await list(`search_term=trasporti rapidi ${run}`))).toEqual([f.request.id]);
    expect(ids(await list(`search_term=giulia neri ${run}`))).toEqual([f.request.id]);
    expect(ids(await list(`search_term=piacenza ${run}`))).toEqual([f.request.id]);
    expect(ids(await list(`search_term=ufficio-${run}@vecchia`))).toEqual([f.older.id]);
    expect(ids(await list(`search_term=${requestNumber(f.oldest.id)}`))).toEqual([f.oldest.id]);
    expect(ids(await list(`search_term=%23${f.oldest.id}`))).toEqual([f.oldest.id]);
    // % and _ are taken literally.
    expect((await list(`search_term=${run}%25`)).json.warehouse_requests_count).toBe(0);
  });

  it("filters by the Italian calendar day of creation, both ends included", async () => {
    const day = async (q: string) => ids(await list(`search_term=ditta ${run}&${q}`));
    expect(await day("filters[from]=2026-03-11&filters[to]=2026-03-11")).toEqual([f.older.id]);
    expect(await day("filters[to]=2026-03-10")).toEqual([f.oldest.id]);
    expect(await day("filters[from]=2026-03-10&filters[to]=2026-03-11")).toEqual([f.older.id, f.oldest.id]);
  });

  it("gives each request its specifications and its contacted warehouses with state, redeemed and handler; 8 a page", async () => {
    const res = await list(`search_term=trasporti rapidi ${run}`);
    expect(res.json.warehouse_requests_count).toBe(1);
    const item = res.json.warehouse_requests[0];
    expect(item).toMatchObject({ id: f.request.id, business_name: `Trasporti Rapidi ${run}`, m2_value: 800, radius: 25, user_id: f.hunter.id });
    expect(item.specifications).toEqual([expect.objectContaining({ id: f.spec.id, value: `Picking ${run}` })]);
    expect(item.warehouses).toEqual([
      expect.objectContaining({
        id: f.first.warehouse.id,
        name: `Deposito Primo ${run}`,
        city: "Milano",
        state: "pending",
        redeemed: true,
        listed: true,
        handler: { kind: "owner", name: expect.any(String), email: f.first.owner.email },
      }),
    ]);
    const all = await list("");
    expect(all.json.warehouse_requests).toHaveLength(Math.min(8, all.json.warehouse_requests_count));
    expect((await list("limit=2&offset=1")).json.warehouse_requests).toHaveLength(1);
  });

  it("is for administrators only, and refuses bad input with 422", async () => {
    expect((await list("", null)).status).toBe(401);
    for (const who of [f.hunter, f.stocker, f.referent]) expect((await list("", who)).status).toBe(403);
    expect((await list("filters[from]=2026-03-12&filters[to]=2026-03-11")).status).toBe(422);
    expect((await list("filters[from]=yesterday")).status).toBe(422);
    expect((await list("filters=x")).status).toBe(422);
    expect((await list("limit=1000")).status).toBe(422);
  });

  it("reads a request number as typed", () => {
    expect(requestIdOf("0000000042")).toBe(42);
    expect(requestIdOf("#42")).toBe(42);
    expect(requestIdOf("0")).toBeNull();
    expect(requestIdOf("Milano 42")).toBeNull();
  });
});

describe("the add-warehouses popup's search", () => {
  it("offers listed warehouses the request has not reached, without the ones already picked", async () => {
    const found = async (q: string) => ((await search(f.request.id, q)).json.warehouses as { id: number }[]).map((w) => w.id).sort((a, b) => a - b);
    const expected = [f.managed.warehouse.id, f.unclaimed.id].sort((a, b) => a - b);
    expect(await found(`search_term=${run}`)).toEqual(expected);
    expect(await found(`search_term=${run}&ids=${f.managed.warehouse.id}`)).toEqual([f.unclaimed.id]);
    expect(await found(`search_term=${run}&ids[]=${f.managed.warehouse.id}&ids[]=${f.unclaimed.id}`)).toEqual([]);
    expect(await found(`search_term=${run}&ids=${f.managed.warehouse.id},${f.unclaimed.id}`)).toEqual([]);
    expect(await found(`search_term=lodi&ids=`)).toContain(f.unclaimed.id);
    expect(await found(`search_term=${f.unclaimed.id}`)).toContain(f.unclaimed.id);
    // A request without a place: nothing before a term is typed.
    expect(await found("")).toEqual([]);
  });

  it("suggests, before a term is typed, the nearest candidates within the request's radius of its place", async () => {
    await t.db.updateTable("warehouse_requests").set({ lat: 45.47, lng: 9.19, radius: 5 }).where("id", "=", f.request.id).execute();
    const near = (await search(f.request.id, "")).json.warehouses as { id: number; distance_km: number }[];
    const mine = near.filter((w) => [f.managed.warehouse.id, f.unclaimed.id, f.first.warehouse.id, f.deactivated.id, f.pending.id].includes(w.id));
    expect(mine.map((w) => w.id).sort((a, b) => a - b)).toEqual([f.managed.warehouse.id, f.unclaimed.id].sort((a, b) => a - b));
    expect(mine[0]!.distance_km).toBeCloseTo(0.6, 1);
    expect(near.every((w) => w.distance_km <= 5)).toBe(true);
    expect(((await search(f.request.id, `ids=${f.unclaimed.id}`)).json.warehouses as { id: number }[]).map((w) => w.id)).not.toContain(f.unclaimed.id);
    // Rome is farther than 5 km.
    await t.db.updateTable("warehouse_requests").set({ lat: 41.9, lng: 12.5 }).where("id", "=", f.request.id).execute();
    expect((await search(f.request.id, "")).json.warehouses).toEqual([]);
  });

  it("answers 404 for an unknown request and refuses other roles and bad ids", async () => {
    expect((await search(999_999_999, "search_term=deposito")).status).toBe(404);
    expect((await search(f.request.id, "search_term=deposito", null)).status).toBe(401);
    for (const who of [f.hunter, f.stocker, f.referent]) expect((await search(f.request.id, "search_term=deposito", who)).status).toBe(403);
    expect((await search(f.request.id, "search_term=deposito&ids=abc")).status).toBe(422);
    expect((await search(f.request.id, "search_term=deposito&ids[x]=1")).status).toBe(422);
  });
});

describe("adding warehouses to a request", () => {
  it("refuses an unavailable warehouse and writes nothing", async () => {
    const before = await requestTableCounts(t.db);
    for (const bad of [f.deactivated.id, f.pending.id, 999_999_999]) {
      const res = await add(f.request.id, { ids: [f.managed.warehouse.id, bad] });
      expect(res.status).toBe(422);
    }
    expect((await add(f.request.id, {})).status).toBe(422);
    expect((await add(f.request.id, { ids: [] })).status).toBe(422);
    expect((await add(f.request.id, { ids: ["x"] })).status).toBe(422);
    expect((await add(999_999_999, { ids: [f.managed.warehouse.id] })).status).toBe(404);
    expect((await add(f.request.id, { ids: [f.managed.warehouse.id] }, null)).status).toBe(401);
    for (const who of [f.hunter, f.stocker, f.referent]) expect((await add(f.request.id, { ids: [f.managed.warehouse.id] }, who)).status).toBe(403);
    expect(await requestTableCounts(t.db)).toEqual(before);
    expect(await t.db.selectFrom("audit_log").select("id").where("action", "=", "warehouse_request.add_warehouses").execute()).toEqual([]);
  });

  it("adds two warehouses as pending links, notifies their handlers as for a new request, and audits it", async () => {
    const res = await add(f.request.id, { ids: [f.first.warehouse.id, f.managed.warehouse.id, f.unclaimed.id] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ warehouse_request_id: f.request.id });

    const links = await t.db
      .selectFrom("warehouse_request_warehouses")
      .select(["id", "warehouse_id", "state"])
      .where("warehouse_request_id", "=", f.request.id)
      .orderBy("id")
      .execute();
    expect(links.map((l) => [l.warehouse_id, l.state])).toEqual([
      [f.first.warehouse.id, "pending"],
      [f.managed.warehouse.id, "pending"],
      [f.unclaimed.id, "pending"],
    ]);

    // The managed warehouse's referent, and its owner too; the unclaimed one's administrators.
    const notes = await t.db
      .selectFrom("notifications")
      .select(["user_id", "data", "message"])
      .where("type", "=", "quote_request")
      .where(sql<boolean>`(data->>'warehouse_request_id')::bigint = ${f.request.id}`)
      .execute();
    const to = (userId: number) => notes.filter((n) => n.user_id === userId);
    expect(to(f.referent.id)).toHaveLength(1);
    expect(to(f.referent.id)[0]!.data).toMatchObject({ warehouse_id: f.managed.warehouse.id, link_id: links[1]!.id });
    expect(to(f.managed.owner.id)).toHaveLength(1);
    expect(to(f.managed.owner.id)[0]!.data).toMatchObject({ warehouse_id: f.managed.warehouse.id, link_id: links[1]!.id });
    expect(to(f.first.owner.id)).toHaveLength(0);
    for (const admin of [f.admin, f.admin2]) expect(to(admin.id).map((n) => (n.data as { warehouse_id: number }).warehouse_id)).toEqual([f.unclaimed.id]);

    const mails = await t.db.selectFrom("mail_outbox").select(["to_address", "template", "text"]).where("template", "=", "quote_request_received").execute();
    const mailTo = (email: string) => mails.filter((m) => m.to_address === email);
    expect(mailTo(f.referent.email)).toHaveLength(1);
    expect(mailTo(f.referent.email)[0]!.text).toContain(requestNumber(f.request.id));
    expect(mailTo(f.admin.email)).toHaveLength(1);
    expect(mailTo(f.managed.owner.email)).toHaveLength(1);
    expect(mailTo(f.first.owner.email)).toHaveLength(0);

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["admin_id", "entity_type", "entity_id", "details"])
      .where("action", "=", "warehouse_request.add_warehouses")
      .execute();
    expect(audit).toEqual([
      {
        admin_id: f.admin.id,
        entity_type: "warehouse_request",
        entity_id: f.request.id,
        details: { added: [f.managed.warehouse.id, f.unclaimed.id], skipped: [f.first.warehouse.id], warehouses: { before: 1, after: 3 } },
      },
    ]);

    // Again: everything is already linked, so nothing is written and nobody is told twice.
    const counts = await requestTableCounts(t.db);
    expect((await add(f.request.id, { ids: [f.managed.warehouse.id] })).json).toEqual({ warehouse_request_id: f.request.id });
    expect(await requestTableCounts(t.db)).toEqual(counts);

    // The popup no longer offers them.
    expect((await search(f.request.id, `search_term=${run}`)).json.warehouses).toEqual([]);
  });
});

describe("the export of one request", () => {
  const exportOf = async (requestId: number, actor: User | null = f.admin, query = "") =>
    exportEndpoint({
      request: new Request(`http://stockspace.test/api/admin/warehouse-requests/${requestId}/export${query}`),
      params: { id: String(requestId) },
      context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
    } as never);

  it("gives the request's fields, then one row per contacted warehouse, named with the number; audited", async () => {
    const res = await exportOf(f.request.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="richiesta_${requestNumber(f.request.id)}.csv"`);
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Numero richiesta;Data;Ragione sociale;Referente;Email;Telefono;Località;/);
    // The number keeps its zeros in any spreadsheet as ="…".
    expect(lines[1]).toContain(`"=""${requestNumber(f.request.id)}""";`);
    expect(lines[1]).toContain(`;Trasporti Rapidi ${run};Giulia Neri ${run};`);
    expect(lines[1]).toContain(";800;");
    expect(lines[1]).toContain(`Picking ${run}`);
    expect(lines[2]).toBe("");
    expect(lines[3]).toMatch(/^ID magazzino;Magazzino;/);
    expect(lines.slice(4)).toHaveLength(3);
    expect(lines[4]).toContain(`${f.first.warehouse.id};Deposito Primo ${run};`);
    expect(lines.find((l) => l.includes(`Deposito Gestito ${run}`))).toContain(`;In attesa;Sì;Sì;Rita Referente;${f.referent.email};`);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["entity_id"])
      .where("action", "=", "warehouse_request.export")
      .where("admin_id", "=", f.admin.id)
      .execute();
    expect(audit).toEqual([{ entity_id: f.request.id }]);
  });

  it("gives the same as XLSX: the request on one sheet, its warehouses on another, with typed cells", async () => {
    const res = await exportOf(f.request.id, f.admin, "?format=xlsx");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="richiesta_${requestNumber(f.request.id)}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Richiesta", "Magazzini"]);
    const [request, warehouses] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(request.getRow(2).getCell(1).value).toBe(requestNumber(f.request.id));
    expect(request.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(request.getRow(2).getCell(10).value).toBe(800);
    expect(warehouses.getRow(1).getCell(1).value).toBe("ID magazzino");
    expect(warehouses.rowCount).toBe(4);
    const ids = [2, 3, 4].map((i) => warehouses.getRow(i).getCell(1).value);
    expect(ids).toContain(f.first.warehouse.id);
    expect(warehouses.getRow(2).getCell(10).value).toBeInstanceOf(Date);
    expect((await exportOf(f.request.id, f.admin, "?format=pdf")).status).toBe(422);
  });

  it("answers 404 for an unknown request and refuses other roles", async () => {
    expect((await exportOf(999_999_999)).status).toBe(404);
    expect((await exportOf(f.request.id, null)).status).toBe(401);
    for (const who of [f.hunter, f.stocker, f.referent]) expect((await exportOf(f.request.id, who)).status).toBe(403);
  });
});

describe("the page", () => {
  const request = (url: string, form?: Record<string, string | string[]>) => {
    if (!form) return new Request(`http://stockspace.test${url}`);
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    return new Request(`http://stockspace.test${url}`, { method: "POST", body });
  };
  const load = (url: string, actor: User = f.admin) =>
    pageLoader({ request: request(url), params: {}, context: testContext(t.db, { actor: actorOf(actor) }) } as never);

  it("loads the list with its search, dates and open card from the URL, and refuses anyone else", async () => {
    const data = await load(`/admin/requests?search=${encodeURIComponent(`ditta ${run}`)}&from=2026-03-11&open=${f.older.id}`);
    expect(data.warehouse_requests.map((r) => r.id)).toEqual([f.older.id]);
    expect(data).toMatchObject({ open: f.older.id, filters: { from: "2026-03-11", to: "" }, filtered: true, dated: true, page: 1, pages: 1 });
    // A bad date is left out and reported to the form.
    const bad = await load(`/admin/requests?search=${encodeURIComponent(`ditta ${run}`)}&from=2026-02-30`);
    expect(bad.filterErrors).toEqual({ from: "invalid" });
    expect(bad.warehouse_requests.map((r) => r.id)).toEqual([f.older.id, f.oldest.id]);
    await expect(load("/admin/requests", f.hunter)).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("adds warehouses through its action, as the JSON call does", async () => {
    const extra = await makeRedeemedWarehouse(t.db, { name: `Deposito Extra ${run}` });
    const call = (form: Record<string, string | string[]>) =>
      pageAction({ request: request("/admin/requests", form), params: {}, context: testContext(t.db, { actor: actorOf(f.admin) }) } as never);
    // The popup posts the JSON call's body (ids[]) with the request's id; failures carry the JSON call's codes.
    expect(await call({ intent: "add_warehouses", request_id: String(f.older.id) })).toMatchObject({
      ok: false,
      intent: "add_warehouses",
      error: "invalid",
      errors: { ids: "required" },
    });
    expect(await call({ intent: "add_warehouses", request_id: String(f.older.id), "ids[]": [String(f.deactivated.id)] })).toMatchObject({
      ok: false,
      intent: "add_warehouses",
      errors: { ids: "unavailable" },
    });
    expect(await call({ intent: "add_warehouses", request_id: "999999999", "ids[]": [String(extra.warehouse.id)] })).toMatchObject({
      ok: false,
      intent: "add_warehouses",
      error: "not_found",
    });
    expect(
      await call({ intent: "add_warehouses", request_id: String(f.older.id), "ids[]": [String(extra.warehouse.id), String(f.first.warehouse.id)] }),
    ).toEqual({ ok: true, intent: "add_warehouses", added: 1 });
    const mail = await t.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", extra.owner.email)
      .where("template", "=", "quote_request_received")
      .execute();
    expect(mail).toHaveLength(1);
    await expect(
      pageAction({
        request: request("/admin/requests", { intent: "add_warehouses" }),
        params: {},
        context: testContext(t.db, { actor: actorOf(f.stocker) }),
      } as never),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });
});

describe("the list's orders, filters, stored counts and export", () => {
  const tag = `Ordinata ${run}`;
  let a: number, b: number, c: number;
  // A: a visitor's, one warehouse that answered, 500 m², 1 May; B: a hunter's, three warehouses,
  // no quantity, 3 May; C: a visitor's, two warehouses, 1,200 pallet positions, 2 May.
  beforeAll(async () => {
    const warehouses = await Promise.all([1, 2, 3].map((i) => makeWarehouse(t.db, { name: `Deposito Ordine ${i} ${run}` })));
    const [w1, w2, w3] = warehouses.map((w) => w.id) as [number, number, number];
    const make = async (
      userId: number | null,
      ids: number[],
      fields: { business_name: string; m2_value: number | null; m2_type: "m2" | "pallet"; created_at: Date },
    ) => {
      const { request, links } = await makeRequest(t.db, { userId, warehouseIds: ids });
      await t.db.updateTable("warehouse_requests").set(fields).where("id", "=", request.id).execute();
      return { id: request.id, links };
    };
    const ra = await make(null, [w1], { business_name: `${tag} A`, m2_value: 500, m2_type: "m2", created_at: new Date("2026-05-01T10:00:00Z") });
    // The handler's first answer (a state change or an offer) is what "answered" reads.
    await t.db.updateTable("warehouse_request_warehouses").set({ answered_at: new Date() }).where("id", "=", ra.links[0]!.id).execute();
    a = ra.id;
    b = (await make(f.hunter.id, [w1, w2, w3], { business_name: `${tag} B`, m2_value: null, m2_type: "m2", created_at: new Date("2026-05-03T10:00:00Z") })).id;
    c = (await make(null, [w2, w3], { business_name: `${tag} C`, m2_value: 1200, m2_type: "pallet", created_at: new Date("2026-05-02T10:00:00Z") })).id;
  });

  const listed = async (query: string) => ids(await list(`search_term=${encodeURIComponent(tag)}&${query}`));

  it("sorts newest first by default, oldest first, by warehouses contacted and by quantity, both ways", async () => {
    expect(await listed("")).toEqual([b, c, a]);
    expect(await listed("order[key]=created_at&order[dir]=asc")).toEqual([a, c, b]);
    expect(await listed("order[key]=warehouses")).toEqual([b, c, a]);
    expect(await listed("order[key]=warehouses&order[dir]=asc")).toEqual([a, c, b]);
    // No quantity given counts as 0.
    expect(await listed("order[key]=quantity&order[dir]=desc")).toEqual([c, a, b]);
    expect(await listed("order[key]=quantity&order[dir]=asc")).toEqual([b, a, c]);
    const res = await list(`search_term=${encodeURIComponent(tag)}&order[key]=warehouses`);
    expect(res.json.warehouse_requests.map((r: { warehouses: unknown[]; answered_count: number }) => [r.warehouses.length, r.answered_count])).toEqual([
      [3, 0],
      [2, 0],
      [1, 1],
    ]);
  });

  it("filters by answered and by requester kind, with the dates and the search", async () => {
    expect(await listed("filters[answered]=yes")).toEqual([a]);
    expect(await listed("filters[answered]=no")).toEqual([b, c]);
    expect(await listed("filters[requester]=account")).toEqual([b]);
    expect(await listed("filters[requester]=visitor")).toEqual([c, a]);
    expect(await listed("filters[requester]=visitor&filters[answered]=no")).toEqual([c]);
    expect(await listed("filters[from]=2026-05-02&order[key]=created_at&order[dir]=asc")).toEqual([c, b]);
    for (const bad of ["filters[answered]=maybe", "filters[requester]=robot", "order[key]=email", "order[dir]=up"]) {
      expect((await list(`${bad}`)).status, bad).toBe(422);
    }
  });

  it("reads order, filters and page from the page's URL; a bad value is left out, never a 422 page", async () => {
    const load = (url: string) =>
      pageLoader({ request: new Request(`http://stockspace.test${url}`), params: {}, context: testContext(t.db, { actor: actorOf(f.admin) }) } as never);
    const data = await load(`/admin/requests?search=${encodeURIComponent(tag)}&sort=warehouses&dir=asc&requester=visitor`);
    expect(data.warehouse_requests.map((r) => r.id)).toEqual([a, c]);
    expect(data).toMatchObject({ order: { key: "warehouses", dir: "asc" }, requester: "visitor", answered: "", filtered: true, page: 1, pages: 1 });
    expect(new URLSearchParams(data.exportSearch).get("requester")).toBe("visitor");
    const bad = await load(`/admin/requests?search=${encodeURIComponent(tag)}&answered=maybe&sort=email`);
    expect(bad.filterErrors).toMatchObject({ answered: "invalid", sort: "invalid" });
    expect(bad.warehouse_requests.map((r) => r.id)).toEqual([b, c, a]);
    expect(new URLSearchParams(bad.exportSearch).has("answered")).toBe(false);
  });

  it("keeps each request's stored counts right through add-warehouses, an answer and a removed link", async () => {
    const stored = async (id: number) =>
      t.db.selectFrom("warehouse_requests").select(["warehouses_count", "answered_count"]).where("id", "=", id).executeTakeFirstOrThrow();
    const extra = await Promise.all([1, 2].map((i) => makeWarehouse(t.db, { name: `Deposito Aggiunto ${i} ${run}` })));
    expect((await add(a, { ids: extra.map((w) => w.id) })).status).toBe(200);
    expect(await stored(a)).toEqual({ warehouses_count: 3, answered_count: 1 });
    expect(await listed("order[key]=warehouses&order[dir]=desc")).toEqual([b, a, c]);
    await t.db.deleteFrom("warehouse_request_warehouses").where("warehouse_request_id", "=", a).where("warehouse_id", "=", extra[0]!.id).execute();
    expect(await stored(a)).toEqual({ warehouses_count: 2, answered_count: 1 });
    await t.db.updateTable("warehouse_request_warehouses").set({ state: "confirmed", answered_at: new Date() }).where("warehouse_request_id", "=", c).execute();
    expect(await stored(c)).toEqual({ warehouses_count: 2, answered_count: 2 });
    expect(await listed("filters[answered]=yes")).toEqual([c, a]);
    // Every request's stored counts are its links', whoever wrote them.
    const drift = await sql<{ id: number }>`
      select r.id from warehouse_requests r
      cross join lateral (
        select count(*)::int as links, count(l.answered_at)::int as answered from warehouse_request_warehouses l where l.warehouse_request_id = r.id
      ) s
      where (r.warehouses_count, r.answered_count) is distinct from (s.links, s.answered)`.execute(t.db);
    expect(drift.rows).toEqual([]);
  });

  const download = async (query: string, actor: User | null = f.admin) =>
    (await listExportEndpoint({
      request: new Request(`http://stockspace.test/api/admin/export-warehouse-requests?${query}`),
      params: {},
      context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
    } as never)) as Response;

  it("exports what the list shows as CSV and XLSX (the number as text with its zeros, dates as dates, quantities as numbers); audited", async () => {
    const csv = await download(`search_term=${encodeURIComponent(tag)}&order[key]=quantity&order[dir]=desc`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="richieste_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await csv.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Numero richiesta;Data;Ragione sociale;Referente;Email;Telefono;Richiedente;Località;Raggio (km);Tipo spazio;Spazio richiesto;Dal;Al;Magazzini contattati;Magazzini che hanno risposto",
    );
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual([c, a, b].map((id) => `"=""${requestNumber(id)}"""`));
    const first = lines[1]!.split(";");
    expect(first[1]).toBe("2026-05-02 12:00");
    expect(first.slice(6, 11)).toEqual(["Visitatore", "Milano", "10", "Posti pallet", "1200"]);
    expect(first.slice(13)).toEqual(["2", "2"]);
    expect(lines[3]!.split(";")[6]).toBe("Con account");

    const xlsx = await download(`search_term=${encodeURIComponent(tag)}&filters[requester]=account&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(requestNumber(b));
    expect(requestNumber(b)).toMatch(/^0+\d+$/);
    expect(row.getCell(2).value).toBeInstanceOf(Date);
    expect(row.getCell(3).value).toBe(`${tag} B`);
    expect(row.getCell(9).value).toBe(10);
    expect(row.getCell(11).value).toBeNull();
    expect(row.getCell(14).value).toBe(3);
    expect(row.getCell(15).value).toBe(0);
    const audits = await t.db.selectFrom("audit_log").select("details").where("action", "=", "warehouse_request.export_list").orderBy("id").execute();
    expect(audits.at(-1)?.details).toMatchObject({ search: tag, requester: "account", order: "created_at desc" });
  });

  it("refuses anonymous, other roles and bad input, and audits none of them", async () => {
    const before = (await t.db.selectFrom("audit_log").select("id").where("action", "=", "warehouse_request.export_list").execute()).length;
    expect((await download("format=pdf")).status).toBe(422);
    expect((await download("filters[answered]=maybe")).status).toBe(422);
    expect((await download("order[key]=email")).status).toBe(422);
    expect((await download("", null)).status).toBe(401);
    for (const who of [f.hunter, f.stocker, f.referent]) expect((await download("", who)).status).toBe(403);
    expect(await t.db.selectFrom("audit_log").select("id").where("action", "=", "warehouse_request.export_list").execute()).toHaveLength(before);
  });
});

const REQUESTS_CATALOGUE = defineCatalogue("admin_requests", async (db) => {
  // 200,000 requests over two years and 100,000 warehouses: large enough for the planner to choose as
  // at full size (the warehouses only feed the popup's searches and the links; more made the seed
  // the slowest of the run).
  await sql`
    insert into warehouse_requests (business_name, contact, referent, message, location, created_at)
    select 'Azienda ' || g, 'contatto' || g || '@richieste.test', 'Referente ' || g, 'Messaggio', 'Citta' || (g % 700), now() - (g || ' minutes')::interval * 5
    from generate_series(1, 200000) g`.execute(db);
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng)
    select 'Magazzino ' || g, 'Italia', 'Via ' || g, '20100', 'Comune' || (g % 800), 'MI', 37 + (g % 997) * 0.009, 7 + (g % 991) * 0.011
    from generate_series(1, 100000) g`.execute(db);
  // Links to one or two warehouses for two requests in three (a sixth answered): the counts the
  // trigger of migration 0038 keeps, spread as the list's count order meets them.
  await sql`
    insert into warehouse_request_warehouses (warehouse_request_id, warehouse_id, answered_at)
    select r.id, (r.id * 7919 + k) % 100000 + 1, case when r.id % 6 = 0 then now() end
    from warehouse_requests r, generate_series(0, 1) k
    where r.id % 3 <> 0 and (k = 0 or r.id % 2 = 0)`.execute(db);
  await sql`update warehouse_requests set m2_value = (id % 97) * 10 where id % 4 <> 0`.execute(db);
  await sql`analyze warehouse_requests`.execute(db);
  await sql`analyze warehouses`.execute(db);
  await sql`analyze warehouse_request_warehouses`.execute(db);
});

describe("the query plans", () => {
  const t = useCatalogueDatabase(REQUESTS_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);
  // The journey's request and warehouses, in the catalogue's copy too.
  let f: Fixture;
  beforeAll(async () => {
    f = await setup(t.db);
  });

  /** The page as listAdminRequests reads it: the count first, which decides how (db/searched-page.ts). */
  async function pageAsListed(args: AdminRequestsArgs & { offset: number; limit: number }) {
    const count = Number((await adminRequestsCountQuery(t.db, args).executeTakeFirstOrThrow()).n);
    return adminRequestsPageQuery(t.db, { ...args, matchesFirst: findMatchesFirst(args.search, count) });
  }

  it("searches requests by their one trigram index, and pages them by date", async () => {
    // A term inside one of the statistics' histogram bounds: the worst estimate the statistics
    // can give (histogramBound), the case that used to walk the date index instead.
    const bound = await histogramBound(t.db, "warehouse_requests_search_trgm_idx");
    const unlucky = /^Azienda \d+/.exec(bound)![0];
    for (const search of ["Azienda 12345", "contatto777@", "0000012345", unlucky]) {
      const filters = { search, from: null, to: null };
      for (const query of [await pageAsListed({ ...filters, offset: 0, limit: 8 }), adminRequestsCountQuery(t.db, filters)]) {
        const p = await plan(query);
        expect(p).toMatch(/warehouse_requests_search_trgm_idx/);
        expect(p).not.toMatch(/Seq Scan on warehouse_requests/);
      }
    }
    // A term every request matches: the date index's walk finds the page in its first rows.
    const everyone = await plan(await pageAsListed({ search: "Azienda", from: null, to: null, offset: 0, limit: 8 }));
    expect(everyone).toMatch(/Index Scan using warehouse_requests_created_at_idx/);
    expect(everyone).not.toMatch(/Sort Key: r\./);
    const dated = await plan(await pageAsListed({ search: null, from: "2026-01-01", to: "2026-01-31", offset: 0, limit: 8 }));
    expect(dated).not.toMatch(/Seq Scan on warehouse_requests/);
    const newest = await plan(await pageAsListed({ search: null, from: null, to: null, offset: 0, limit: 8 }));
    expect(newest).toMatch(/Index Scan using warehouse_requests_created_at_idx/);
    expect(newest).not.toMatch(/Seq Scan on warehouse_requests|Sort Key: r\./);
  });

  it("sorts by warehouses contacted and by quantity along their indexes, never counting links per row", async () => {
    const none = { search: null, from: null, to: null };
    for (const [key, index] of [
      ["warehouses", "warehouse_requests_warehouses_count_idx"],
      ["quantity", "warehouse_requests_quantity_idx"],
      ["created_at", "warehouse_requests_created_at_idx"],
    ] as const) {
      for (const dir of ["desc", "asc"] as const) {
        for (const filters of [none, { ...none, answered: "no" as const, requester: "visitor" as const }]) {
          const order = { key, dir };
          const p = await plan(adminRequestsPageQuery(t.db, { ...filters, order, offset: 0, limit: 8, matchesFirst: false }));
          expect(p, `${key} ${dir}`).toMatch(new RegExp(`Index Scan (Backward )?using ${index}`));
          expect(p, `${key} ${dir}`).not.toMatch(/Seq Scan on warehouse_requests|Sort Key: r\.|Seq Scan on warehouse_request_warehouses/);
          const page = await plan(
            adminRequestsExportQuery(t.db, { filters, order, after: { value: key === "created_at" ? new Date() : 10, id: 100_000 }, size: 1000 }),
          );
          expect(page, `export ${key} ${dir}`).toMatch(new RegExp(`Index Scan (Backward )?using ${index}`));
          expect(page, `export ${key} ${dir}`).not.toMatch(/Seq Scan on warehouse_requests|Sort Key: r\./);
        }
      }
    }
    // The stored counts are the links' (the trigger kept them through the catalogue's bulk insert).
    const drift = await sql<{ n: number }>`
      select count(*)::int as n from warehouse_requests r
      where r.warehouses_count <> (select count(*) from warehouse_request_warehouses l where l.warehouse_request_id = r.id)`.execute(t.db);
    expect(drift.rows[0]!.n).toBe(0);
  });

  it("reads the same page either way", async () => {
    // 111 matches (1234 and 12340–12349, 123400–123499): the second page, by both ways of reading it.
    const args = { search: "Azienda 1234", from: null, to: null, offset: 8, limit: 8 };
    const ids = async (matchesFirst: boolean) => (await adminRequestsPageQuery(t.db, { ...args, matchesFirst }).execute()).map((r) => r.id);
    const first = await ids(true);
    expect(first).toHaveLength(8);
    expect(await ids(false)).toEqual(first);
  });

  it("searches the popup's warehouses by their trigram indexes", async () => {
    // The second term is a name inside one of the statistics' histogram bounds: the worst estimate (histogramBound).
    const unlucky = /^Magazzino \d+/.exec(await histogramBound(t.db, "warehouses", "name"))![0];
    for (const search of ["Magazzino 12345", unlucky]) {
      const p = await plan(requestWarehouseSearchQuery(t.db, { requestId: f.request.id, search, excludeIds: [f.unclaimed.id], limit: 20 }));
      expect(p, search).toMatch(/warehouses_name_trgm_idx/);
      expect(p, search).not.toMatch(/Seq Scan on warehouses/);
    }
    const near = await plan(nearbyRequestWarehousesQuery(t.db, { requestId: f.request.id, lat: 42.5, lng: 10.5, radiusKm: 10, excludeIds: [], limit: 20 }));
    expect(near).toMatch(/warehouses_earth_idx/);
    expect(near).not.toMatch(/Seq Scan on warehouses/);
  });
});
