// The back office's Warehouses list: the active / deactivated / all filter (the page, the JSON
// GET /api/admin/warehouses, the query plan) and the per-row toggle (POST
// /api/admin/warehouses/{id}/toggle-deactivated and the page's own action): audited in the same
// transaction, and a deactivated warehouse leaves the public search at once.
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeRedeemedWarehouse, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { adminWarehousesPageQuery, countAdminWarehouses, type AdminWarehouseListArgs } from "./admin-warehouses.queries.ts";
import { findMatchesFirst } from "../db/searched-page.ts";
import { DEFAULT_WAREHOUSE_ORDER } from "../../lib/admin-warehouses.ts";
import { todayInItaly } from "../../lib/format.ts";
import { listWarehousesForAdmin, setWarehouseDeactivated } from "./admin-warehouses.service.ts";
import { ForbiddenError } from "../errors.ts";
import { action as toggleEndpoint } from "../../routes/api/admin/warehouses.toggle-deactivated.ts";
import { loader as listEndpoint } from "../../routes/api/admin/warehouses.ts";
import { loader as searchEndpoint } from "../../routes/api/warehouses.search.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/warehouses.tsx";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";
import type { DeactivatedFilter } from "../../schemas/admin-warehouses.ts";

const t = useTestDatabase();
let admin: User;

const toggle = (id: number, body: unknown, actor: User | null = admin) =>
  callJson(toggleEndpoint, t.db, {
    path: `/api/admin/warehouses/${id}/toggle-deactivated`,
    params: { id: String(id) },
    body,
    actor: actor ? actorOf(actor) : null,
  });
const isDeactivated = async (id: number) =>
  (await t.db.selectFrom("warehouses").select("deactivated").where("id", "=", id).executeTakeFirstOrThrow()).deactivated;
const auditRows = (id: number) =>
  t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "warehouse").where("entity_id", "=", id).orderBy("id").execute();

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
});

describe("POST /api/admin/warehouses/{id}/toggle-deactivated", () => {
  it("switches a warehouse off and on, each change audited with before and after", async () => {
    const w = await makeWarehouse(t.db);
    const off = await toggle(w.id, { warehouse_data: { deactivated: 1 } });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ warehouse_id: w.id, deactivated: true });
    expect(await isDeactivated(w.id)).toBe(true);
    expect((await toggle(w.id, { warehouse_data: { deactivated: "0" } })).json).toEqual({ warehouse_id: w.id, deactivated: false });
    expect(await isDeactivated(w.id)).toBe(false);
    const rows = await auditRows(w.id);
    expect(rows.map((r) => [r.admin_id, r.action, r.details])).toEqual([
      [admin.id, "warehouse.toggle_deactivated", { before: { deactivated: false }, after: { deactivated: true } }],
      [admin.id, "warehouse.toggle_deactivated", { before: { deactivated: true }, after: { deactivated: false } }],
    ]);
    // Asking for the state it already has changes and records nothing.
    expect((await toggle(w.id, { warehouse_data: { deactivated: false } })).status).toBe(200);
    expect(await auditRows(w.id)).toHaveLength(2);
  });

  it("refuses a bad body (422), a visitor (401), every other role (403), a missing warehouse (404), writing nothing", async () => {
    const { warehouse: w, owner } = { warehouse: await makeWarehouse(t.db), owner: await makeUser(t.db, { role: "stocker" }) };
    await t.db.updateTable("warehouses").set({ user_id: owner.id }).where("id", "=", w.id).execute();
    for (const body of [
      {},
      { warehouse_data: {} },
      { warehouse_data: { deactivated: null } },
      { warehouse_data: { deactivated: "yes" } },
      { warehouse_data: { deactivated: 2 } },
      { deactivated: 1 },
    ]) {
      expect((await toggle(w.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    const body = { warehouse_data: { deactivated: 1 } };
    expect((await toggle(w.id, body, null)).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) {
      expect((await toggle(w.id, body, await makeUser(t.db, { role }))).status, role).toBe(403);
    }
    // Not even its owner, here: the owner's own switch is in their area.
    expect((await toggle(w.id, body, owner)).status).toBe(403);
    await expect(setWarehouseDeactivated(t.db, actorOf(owner), w.id, true)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await toggle(999_999_999, body)).status).toBe(404);
    expect(await isDeactivated(w.id)).toBe(false);
    expect(await auditRows(w.id)).toHaveLength(0);
  });

  it("drops the warehouse from the public search at once, and brings it back", async () => {
    const place = { lat: 44.4949, lng: 11.3426 };
    const { warehouse: w } = await makeRedeemedWarehouse(t.db, { name: "Deposito Bologna Toggle", ...place });
    const search = async () => {
      const res = await callJson(searchEndpoint, t.db, {
        method: "GET",
        path: `/api/warehouses/search?lat=${place.lat}&lng=${place.lng}&radius=10`,
        actor: null,
      });
      expect(res.status).toBe(200);
      return [...res.json.warehouses, ...res.json.other_warehouses].map((x: { id: number }) => x.id);
    };
    expect(await search()).toContain(w.id);
    expect((await toggle(w.id, { warehouse_data: { deactivated: 1 } })).status).toBe(200);
    // The search's zones are cached by search_epoch, which the change moved: no stale answer.
    expect(await search()).not.toContain(w.id);
    expect((await toggle(w.id, { warehouse_data: { deactivated: 0 } })).status).toBe(200);
    expect(await search()).toContain(w.id);
  });

  it("the page's action: the same service, errors answered in data, other roles refused", async () => {
    const w = await makeWarehouse(t.db);
    const post = (fields: Record<string, string>, actor: User | null = admin) =>
      pageAction({
        request: new Request("http://stockspace.test/admin/warehouses", { method: "POST", body: new URLSearchParams(fields) }),
        params: {},
        context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
        unstable_pattern: "",
      } as never);
    // The switch posts the body of POST …/toggle-deactivated (warehouse_data[deactivated]); failures carry its codes.
    expect(await post({ warehouse_id: String(w.id) })).toMatchObject({ ok: false, error: "invalid", errors: { warehouse_data: "required" } });
    expect(await post({ warehouse_id: "999999999", "warehouse_data[deactivated]": "1" })).toMatchObject({ ok: false, error: "not_found", errors: {} });
    expect(await post({ warehouse_id: String(w.id), "warehouse_data[deactivated]": "1" })).toEqual({ ok: true, warehouse_id: w.id, deactivated: true });
    expect(await isDeactivated(w.id)).toBe(true);
    await expect(post({ warehouse_id: String(w.id), "warehouse_data[deactivated]": "0" }, await makeUser(t.db, { role: "stocker" }))).rejects.toMatchObject({
      init: { status: 403 },
    });
    await expect(post({ warehouse_id: String(w.id), "warehouse_data[deactivated]": "0" }, null)).rejects.toMatchObject({ init: { status: 401 } });
    expect(await isDeactivated(w.id)).toBe(true);
    expect(await auditRows(w.id)).toHaveLength(1);
  });
});

describe("the Warehouses list's filter", () => {
  let active: number[];
  let off: number[];
  beforeAll(async () => {
    active = [];
    off = [];
    for (let i = 0; i < 3; i++) active.push((await makeWarehouse(t.db, { name: `Filtro Attivo ${i}` })).id);
    for (let i = 0; i < 2; i++) off.push((await makeWarehouse(t.db, { name: `Filtro Spento ${i}`, deactivated: true })).id);
  });
  const ids = (list: { warehouses: { id: number }[] }) => list.warehouses.map((w) => w.id).sort((a, b) => a - b);

  it("shows the active, the deactivated or all of them, with the search", async () => {
    const list = (deactivated: "act" | "deact" | "all") => listWarehousesForAdmin(t.db, { filters: { search: "Filtro", deactivated }, page: 0, limit: 20 });
    expect(ids(await list("act"))).toEqual(active);
    expect(ids(await list("deact"))).toEqual(off);
    expect((await list("all")).warehouses_count).toBe(5);
  });

  it("GET /api/admin/warehouses: filters[deactivated], search_term, limit and offset; admins only", async () => {
    const get = (query: string, actor: User | null = admin) =>
      callJson(listEndpoint, t.db, { method: "GET", path: `/api/admin/warehouses?${query}`, actor: actor ? actorOf(actor) : null });
    const res = await get("search_term=Filtro&filters[deactivated]=deact");
    expect(res.status).toBe(200);
    expect(res.json.warehouses_count).toBe(2);
    expect(ids(res.json)).toEqual(off);
    const paged = await get("search_term=Filtro&limit=2&offset=1");
    expect(paged.json.warehouses_count).toBe(5);
    expect(paged.json.warehouses).toHaveLength(2);
    expect((await get("filters[deactivated]=maybe")).status).toBe(422);
    expect((await get("", null)).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) expect((await get("", await makeUser(t.db, { role }))).status, role).toBe(403);
  });

  it("the page reads ?deactivated= (all when absent or unknown) and keeps the search", async () => {
    const load = (query: string) =>
      pageLoader({
        request: new Request(`http://stockspace.test/admin/warehouses?${query}`),
        params: {},
        context: testContext(t.db, { actor: actorOf(admin) }),
        unstable_pattern: "",
      } as never) as ReturnType<typeof pageLoader>;
    expect(await load("search_term=Filtro&deactivated=act")).toMatchObject({ deactivated: "act", warehouses_count: 3, search: "Filtro" });
    expect(await load("search_term=Filtro&deactivated=deact")).toMatchObject({ deactivated: "deact", warehouses_count: 2 });
    expect(await load("search_term=Filtro")).toMatchObject({ deactivated: "all", warehouses_count: 5 });
    expect(await load("search_term=Filtro&deactivated=nonsense")).toMatchObject({ deactivated: "all", warehouses_count: 5 });
  });
});

const TOGGLE_CATALOGUE = defineCatalogue("warehouse_toggle", async (db) => {
  // 60,000 warehouses, one in 200 switched off.
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, deactivated, created_at)
    select 'Piano ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 41 + random(), 12 + random(),
           g % 200 = 0, now() - (g || ' minutes')::interval
    from generate_series(1, 60000) g`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
});

describe("the filtered list's query plan", () => {
  const t = useCatalogueDatabase(TOGGLE_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);
  /** A page of the back office's list as listAdminWarehouses reads it: the count first (db/searched-page.ts). */
  const listedPage = async ({
    search,
    deactivated,
    offset,
    limit,
  }: {
    search: string | null;
    deactivated: DeactivatedFilter;
    offset: number;
    limit: number;
  }) => {
    const args: AdminWarehouseListArgs = { filters: { search, deactivated }, order: DEFAULT_WAREHOUSE_ORDER, today: todayInItaly(), offset, limit };
    return adminWarehousesPageQuery(t.db, { ...args, matchesFirst: findMatchesFirst(search, await countAdminWarehouses(t.db, args)) });
  };

  it("pages each filter by an index and searches with the trigram indexes, never the whole table", async () => {
    // A name inside one of the statistics' histogram bounds: the worst estimate (histogramBound).
    const unlucky = /^Piano \d+/.exec(await histogramBound(t.db, "warehouses", "name"))![0];
    for (const deactivated of ["act", "deact", "all"] as const) {
      const page = await plan(await listedPage({ search: null, deactivated, offset: 40, limit: 20 }));
      expect(page, deactivated).toMatch(/Index Scan( Backward)? using warehouses_\w+ on warehouses w/);
      expect(page, deactivated).not.toMatch(/Seq Scan on warehouses/);
      // Newest first with the id as tie-break, straight from the index: no sort of the rows.
      expect(page, deactivated).not.toMatch(/Sort/);
      for (const search of ["Piano 123", unlucky]) {
        const searched = await plan(await listedPage({ search, deactivated, offset: 0, limit: 20 }));
        expect(searched, `${deactivated}, ${search}`).toMatch(/Bitmap Index Scan on warehouses_(name|address|city)_trgm_idx/);
        expect(searched, `${deactivated}, ${search}`).not.toMatch(/Seq Scan on warehouses/);
      }
    }
  });
});
