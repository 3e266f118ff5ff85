// The back office's location search on real PostgreSQL: warehouses within the radius of the
// true positions (every status, real names, owners), nearest first with ties by id, 20 a page;
// requests within the radius by their own position, newest first, 8 a page; the counts; the
// default radius; the streamed CSV exports with their file names and their audit entries; the
// refusals (visitor 401, every other role 403, bad input 422 writing nothing); the page's
// loader; and the query plans on a large table (the GiST indexes, no Seq Scan).
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type CompiledQuery } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { actorOf, makeClaimedWarehouse, makeRequest, makeSpecification, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { loader as warehousesLoader } from "../../routes/api/admin/location-search-warehouses.ts";
import { loader as requestsLoader } from "../../routes/api/admin/location-search-requests.ts";
import { loader as exportWarehousesLoader } from "../../routes/api/admin/export-location-search-warehouses.ts";
import { loader as exportRequestsLoader } from "../../routes/api/admin/export-location-search-requests.ts";
import { loader as pageLoader, type SearchPageData } from "../../routes/admin/search.tsx";
import {
  countLocationRequestsQuery,
  countLocationWarehousesQuery,
  EXPORT_ID_WALK_FROM,
  idWalkPlanSettings,
  knnPlanSettings,
  locationRequestsPageQuery,
  locationWarehousesExportPage,
  locationWarehousesPageQuery,
} from "./location-search.queries.ts";
import { locationExportFileName, placeSlug } from "./location-search.service.ts";
import { ensureGazetteerLoaded } from "../geo/gazetteer.ts";
import type { User } from "../db/types.ts";
import ExcelJS from "exceljs";

const t = useTestDatabase();

// A centre of our own, away from anything else in the database; 1° of latitude is 111.3 km on
// earthdistance's sphere, so 0.009° is 1 km.
const LAT = 44.3;
const LNG = 8.6;
const north = (kmAway: number) => LAT + kmAway * 0.008983;

let admin: User;
let owner: User;
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  const claimed = await makeClaimedWarehouse(t.db, { name: "Centrale Reale", lat: north(2), lng: LNG, is_hub: true }, { company: "Logistica Centrale srl" });
  owner = claimed.owner;
  ids.claimed = claimed.warehouse.id;
  // Two at the very centre: the same distance, so the id decides.
  ids.centreA = (await makeWarehouse(t.db, { name: "Centro A", lat: LAT, lng: LNG })).id;
  ids.centreB = (await makeWarehouse(t.db, { name: "Centro B", lat: LAT, lng: LNG })).id;
  // Switched off and waiting for approval: the public search hides it, the back office does not.
  ids.hidden = (await makeWarehouse(t.db, { name: "Nascosto", lat: north(6), lng: LNG, deactivated: true, status: "pending" })).id;
  ids.edge = (await makeWarehouse(t.db, { name: "Bordo", lat: north(12), lng: LNG })).id;
  ids.far = (await makeWarehouse(t.db, { name: "Lontano", lat: north(300), lng: LNG })).id;

  const spec = await makeSpecification(t.db, { cat_id: 1, value: "Picking" });
  const request = async (name: string, kmAway: number | null, minutesAgo: number) => {
    const { request } = await makeRequest(t.db, { userId: null, warehouseIds: [ids.claimed!] });
    await t.db
      .updateTable("warehouse_requests")
      .set({
        business_name: name,
        lat: kmAway === null ? null : north(kmAway),
        lng: kmAway === null ? null : LNG,
        created_at: new Date(Date.now() - minutesAgo * 60_000),
        start_date: "2027-01-10",
        m2_value: 500,
      })
      .where("id", "=", request.id)
      .execute();
    return request.id;
  };
  ids.reqOld = await request("Richiesta vecchia", 1, 300);
  ids.reqNew = await request("Richiesta nuova", 3, 10);
  ids.reqFar = await request("Richiesta lontana", 40, 5);
  ids.reqNowhere = await request("Richiesta senza posizione", null, 1);
  await t.db.insertInto("warehouse_request_specifications").values({ warehouse_request_id: ids.reqNew, specification_id: spec.id }).execute();
  // Nine more near the centre, for the requests' page of 8.
  for (let i = 0; i < 9; i++) ids[`reqMore${i}`] = await request(`Richiesta ${i}`, 4, 1000 + i);
});

const centre = `lat=${LAT}&lng=${LNG}`;
const get = (fn: typeof warehousesLoader, path: string, actor: User | null = admin) =>
  callJson(fn, t.db, { method: "GET", path, actor: actor ? actorOf(actor) : null });

describe("the warehouses of a location search", () => {
  it("lists every warehouse within the radius, nearest first (ties by id), with real names, owner and state; 10 km when empty", async () => {
    const res = await get(warehousesLoader, `/api/admin/location-search-warehouses?filters[location]=Centro&filters[radius]=&${centre}`);
    expect(res.status).toBe(200);
    const list = res.json.warehouses as { id: number; name: string; distance_km: number }[];
    expect(list.map((w) => w.id)).toEqual([ids.centreA, ids.centreB, ids.claimed, ids.hidden]);
    expect(res.json.warehouses_count).toBe(4);
    expect(list[2]).toMatchObject({
      name: "Centrale Reale",
      is_hub: true,
      claimed: true,
      owner: { id: owner.id, email: owner.email, name: "Logistica Centrale srl" },
    });
    expect(list[2]!.distance_km).toBeCloseTo(2, 1);
    expect(list[3]).toMatchObject({ name: "Nascosto", deactivated: true, status: "pending", claimed: false, owner: null });
    expect(list[0]).toMatchObject({ distance_km: 0, address: "Via Roma 1", city: "Milano", total_m2: 12000 });
  });

  it("widens with the radius and pages by wh_limit and wh_offset (the page index)", async () => {
    const wide = await get(warehousesLoader, `/api/admin/location-search-warehouses?filters[radius]=15&${centre}`);
    expect(wide.json.warehouses_count).toBe(5);
    expect((wide.json.warehouses as { id: number }[]).at(-1)!.id).toBe(ids.edge);
    const second = await get(warehousesLoader, `/api/admin/location-search-warehouses?filters[radius]=15&${centre}&wh_limit=2&wh_offset=1`);
    expect((second.json.warehouses as { id: number }[]).map((w) => w.id)).toEqual([ids.claimed, ids.hidden]);
    expect(second.json.warehouses_count).toBe(5);
    // The lists' one vocabulary (limit, offset) reads the same; the spec's name wins when both are given.
    const same = await get(warehousesLoader, `/api/admin/location-search-warehouses?filters[radius]=15&${centre}&limit=2&offset=1`);
    expect(same.json).toEqual(second.json);
    const both = await get(warehousesLoader, `/api/admin/location-search-warehouses?filters[radius]=15&${centre}&wh_limit=2&wh_offset=1&limit=5&offset=0`);
    expect(both.json).toEqual(second.json);
  });
});

describe("the requests of a location search", () => {
  it("lists the requests whose own position is within the radius, newest first, 8 a page, with the count", async () => {
    const res = await get(requestsLoader, `/api/admin/location-search-requests?filters[location]=Centro&${centre}`);
    expect(res.status).toBe(200);
    expect(res.json.warehouse_requests_count).toBe(11);
    const list = res.json.warehouse_requests as {
      id: number;
      business_name: string;
      specifications: unknown[];
      warehouses_count: number;
      distance_km: number;
    }[];
    expect(list).toHaveLength(8);
    expect(list[0]).toMatchObject({
      id: ids.reqNew,
      business_name: "Richiesta nuova",
      warehouses_count: 1,
      m2_value: 500,
      start_date: "2027-01-10",
      specifications: [{ value: "Picking", cat_id: 1 }],
    });
    expect(list[0]!.distance_km).toBeCloseTo(3, 1);
    expect(list[1]!.id).toBe(ids.reqOld);
    const last = await get(requestsLoader, `/api/admin/location-search-requests?${centre}&wr_offset=1`);
    expect((last.json.warehouse_requests as { id: number }[]).map((r) => r.id)).toEqual([ids.reqMore6, ids.reqMore7, ids.reqMore8]);
    const wide = await get(requestsLoader, `/api/admin/location-search-requests?filters[radius]=50&${centre}&wr_limit=1`);
    expect(wide.json).toMatchObject({ warehouse_requests_count: 12, warehouse_requests: [{ id: ids.reqFar }] });
  });
});

async function download(fn: typeof exportWarehousesLoader, path: string, actor: User = admin, db = t.db) {
  const res = await fn({ request: new Request(`http://stockspace.test${path}`), params: {}, context: testContext(db, { actor: actorOf(actor) }) } as never);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, lines: new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n") };
}

describe("the exports of a location search", () => {
  it("streams the warehouses as a semicolon CSV named for the place and radius, and audits the export", async () => {
    const { res, bom, lines } = await download(
      exportWarehousesLoader,
      `/api/admin/export-location-search-warehouses?filters[location]=Forlì, FC&filters[radius]=10&${centre}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="magazzini_forli-fc_10km_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    expect(bom).toBe(true);
    expect(lines[0]).toBe(
      "ID;Nome;Indirizzo;CAP;Città;Provincia;Distanza (km);Superficie totale (m²);Hub;Stato;Disattivato;Riscattato;Abbonamento attivo;Proprietario;Email proprietario;Data inserimento",
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes("Centrale Reale"))).toMatch(
      new RegExp(`^STK\\d{7};Centrale Reale;Via Roma 1;20100;Milano;MI;2;12000;Sì;Approvato;No;Sì;No;Logistica Centrale srl;${owner.email};`),
    );
    expect(lines.find((l) => l.includes("Nascosto"))).toMatch(/;In attesa di approvazione;Sì;No;No;;;/);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["entity_type", "details"])
      .where("action", "=", "search.export_warehouses")
      .where("admin_id", "=", admin.id)
      .execute();
    expect(audit).toEqual([{ entity_type: "warehouse", details: { location: "Forlì, FC", lat: LAT, lng: LNG, radius_km: 10 } }]);
  });

  it("streams the requests, newest first, and audits the export", async () => {
    const { res, lines } = await download(
      exportRequestsLoader,
      `/api/admin/export-location-search-requests?filters[location]=Centro&filters[radius]=2.5&${centre}`,
    );
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="richieste_centro_2\.5km_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    expect(lines[0]).toBe(
      "Numero;Ragione sociale;Referente;Email;Telefono;Località;Raggio (km);Distanza (km);Spazio richiesto;Unità;Dal;Al;Magazzini contattati;Messaggio;Data richiesta",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^"=""${String(ids.reqOld).padStart(10, "0")}""";Richiesta vecchia;Mario Rossi;.*;Milano;10;1;500;m²;2027-01-10;;1;`));
    expect(await t.db.selectFrom("audit_log").select("details").where("action", "=", "search.export_requests").execute()).toEqual([
      { details: { location: "Centro", lat: LAT, lng: LNG, radius_km: 2.5 } },
    ]);
  });

  it("exports both as XLSX with typed cells: numbers, dates, and text that keeps its zeros", async () => {
    const sheetOf = async (fn: typeof exportWarehousesLoader, path: string) => {
      const res = await fn({
        request: new Request(`http://stockspace.test${path}`),
        params: {},
        context: testContext(t.db, { actor: actorOf(admin) }),
      } as never);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(res.headers.get("Content-Disposition")).toMatch(/\.xlsx"$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      return workbook.worksheets[0]!;
    };
    const wh = await sheetOf(exportWarehousesLoader, `/api/admin/export-location-search-warehouses?filters[radius]=10&${centre}&format=xlsx`);
    expect(wh.getRow(1).getCell(4).value).toBe("CAP");
    const central = [...Array(wh.rowCount - 1).keys()].map((i) => wh.getRow(i + 2)).find((r) => r.getCell(2).value === "Centrale Reale")!;
    expect(central.getCell(4).value).toBe("20100");
    expect(central.getCell(7).value).toBe(2);
    expect(central.getCell(8).value).toBe(12000);
    expect(central.getCell(9).value).toBe("Sì");
    expect(central.getCell(16).value).toBeInstanceOf(Date);
    const rq = await sheetOf(exportRequestsLoader, `/api/admin/export-location-search-requests?filters[radius]=2.5&${centre}&format=xlsx`);
    const row = rq.getRow(2);
    expect(row.getCell(1).value).toBe(String(ids.reqOld).padStart(10, "0"));
    expect(row.getCell(9).value).toBe(500);
    expect(row.getCell(11).value).toEqual(new Date(Date.UTC(2027, 0, 10)));
    expect(row.getCell(12).value).toBeNull();
    expect(row.getCell(15).value).toBeInstanceOf(Date);
  });

  it("names the file after the place, without accents or punctuation", () => {
    const selection = (location: string | null) => ({ location, circle: { lat: 0, lng: 0, radiusKm: 12.5 } });
    expect(locationExportFileName("warehouses", selection("Milano, MI, Italia"), "2026-11-21")).toBe("magazzini_milano-mi-italia_12.5km_21.11.2026");
    expect(locationExportFileName("requests", selection(null), "2026-11-21")).toBe("richieste_posizione_12.5km_21.11.2026");
    expect(placeSlug("  Città di Castello (PG) ")).toBe("citta-di-castello-pg");
  });
});

describe("who may search", () => {
  const paths = [
    [warehousesLoader, `/api/admin/location-search-warehouses?${centre}`],
    [requestsLoader, `/api/admin/location-search-requests?${centre}`],
    [exportWarehousesLoader, `/api/admin/export-location-search-warehouses?${centre}`],
    [exportRequestsLoader, `/api/admin/export-location-search-requests?${centre}`],
  ] as const;

  it("answers 401 to a visitor and 403 to every other role, exporting nothing", async () => {
    const others = [
      await makeUser(t.db, { role: "stock_hunter" }),
      await makeUser(t.db, { role: "stocker" }),
      await makeUser(t.db, { role: "stocker", account_type: 1 }),
      await makeUser(t.db, { role: "referent" }),
    ];
    const before = await t.db
      .selectFrom("audit_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    for (const [fn, path] of paths) {
      expect((await get(fn, path, null)).status, path).toBe(401);
      for (const user of others) expect((await get(fn, path, user)).status, `${path} as ${user.role}/${user.account_type}`).toBe(403);
    }
    expect(
      await t.db
        .selectFrom("audit_log")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it("refuses bad input with 422 (no centre, a radius out of bounds, a bad page) and writes nothing", async () => {
    const before = await t.db
      .selectFrom("audit_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const bad = [
      "filters[location]=Milano",
      `lat=${LAT}`,
      `${centre}&filters[radius]=0`,
      `${centre}&filters[radius]=501`,
      `${centre}&filters[radius]=dieci`,
      `lat=91&lng=${LNG}`,
      `lat=${LAT}&lng=181`,
    ];
    for (const [fn, path] of paths) {
      const base = path.split("?")[0];
      for (const query of bad) expect((await get(fn, `${base}?${query}`)).status, `${base}?${query}`).toBe(422);
    }
    expect((await get(exportWarehousesLoader, `/api/admin/export-location-search-warehouses?${centre}&format=pdf`)).status).toBe(422);
    expect((await get(exportRequestsLoader, `/api/admin/export-location-search-requests?${centre}&format=xls`)).status).toBe(422);
    expect((await get(warehousesLoader, `/api/admin/location-search-warehouses?${centre}&wh_limit=0`)).status).toBe(422);
    expect((await get(requestsLoader, `/api/admin/location-search-requests?${centre}&wr_offset=-1`)).status).toBe(422);
    expect(
      await t.db
        .selectFrom("audit_log")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});

describe("the /admin/search page", () => {
  // The page geocodes with the embedded gazetteer (offline).
  beforeAll(async () => {
    await ensureGazetteerLoaded(t.db);
  }, 120_000);

  const load = (query: string, actor: User | null = admin) =>
    pageLoader({
      request: new Request(`http://stockspace.test/admin/search${query}`),
      params: {},
      context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
      unstable_pattern: "",
    } as never) as Promise<SearchPageData>;

  it("asks for a place first, keeps the form on a bad radius or an unknown place", async () => {
    expect(await load("")).toEqual({ state: "prompt", form: { location: "", radius: "" }, errors: {} });
    expect(await load("?location=Milano&radius=9999")).toMatchObject({ state: "prompt", errors: { radius: "invalid" } });
    expect(await load("?location=Qwxyzzy%20Nowhere")).toMatchObject({ state: "not_found", form: { location: "Qwxyzzy Nowhere", radius: "" } });
  });

  it("geocodes the place and reads both counts and the open tab's page", async () => {
    const data = await load("?location=Milano&radius=20&tab=requests&page=1");
    expect(data.state).toBe("results");
    if (data.state !== "results") return;
    expect(data).toMatchObject({ tab: "requests", page: 1, radius: 20 });
    expect(data.place).toMatch(/Milano/);
    expect(data.lat).toBeCloseTo(45.46, 1);
    expect(data.warehouse_requests_count).toBe(data.warehouse_requests.length);
  });

  it("is for administrators only", async () => {
    await expect(load("?location=Milano", await makeUser(t.db, { role: "stocker" }))).rejects.toMatchObject({ init: { status: 403 } });
    await expect(load("?location=Milano", null)).rejects.toMatchObject({ init: { status: 401 } });
  });
});

const LOCATION_CATALOGUE = defineCatalogue("location_search", async (db) => {
  // 300,000 warehouses and 100,000 requests across Italy (lat 37–46, lng 7–18).
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, created_at)
    select 'Piano ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 37 + random() * 9, 7 + random() * 11, now() - (g || ' minutes')::interval
    from generate_series(1, 300000) g`.execute(db);
  await sql`
    insert into warehouse_requests (business_name, contact, referent, message, location, lat, lng, created_at)
    select 'Azienda ' || g, 'piano-' || g || '@test.example', 'Referente', 'Messaggio', 'Città', 37 + random() * 9, 7 + random() * 11, now() - (g || ' minutes')::interval
    from generate_series(1, 100000) g`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
  await sql`vacuum analyze warehouse_requests`.execute(db);
});

describe("the location search's query plans on large tables", () => {
  const t = useCatalogueDatabase(LOCATION_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);
  const circle = { lat: 45.4642, lng: 9.19, radiusKm: 10 };

  it("reads the warehouses' pages nearest first from warehouses_earth_idx, and the count and export pages through it", async () => {
    // The page runs with knnPlanSettings (as the service runs it): an index scan in distance
    // order, whatever the radius. On PostgreSQL 18 (the embedded server) the index hands the
    // rows over nearest first; PostgreSQL 15 does not plan that ordering for this expression and
    // reads the circle's box through the same index, then sorts it (still no table scan).
    const { rows } = await sql<{ version: number }>`select current_setting('server_version_num')::int as version`.execute(t.db);
    const knnOrdered = rows[0]!.version >= 180000;
    for (const radiusKm of [10, 200, 500]) {
      const text = await t.db.transaction().execute(async (trx) => {
        await knnPlanSettings().execute(trx);
        return queryPlan(trx, locationWarehousesPageQuery(trx, { circle: { ...circle, radiusKm }, limit: 20, offset: 200 }));
      });
      if (knnOrdered) expect(text).toMatch(/Index Scan using warehouses_earth_idx on warehouses w[\s\S]*Order By: \(\(ll_to_earth\(lat, lng\)\)::cube <->/);
      else
        expect(text).toMatch(
          /Index Scan using warehouses_earth_idx on warehouses w[\s\S]*(Order By: \(\(ll_to_earth\(lat, lng\)\)::cube <->|Index Cond: \(\(ll_to_earth\(lat, lng\)\)::cube <@)/,
        );
      expect(text).not.toMatch(/Seq Scan on warehouses/);
    }
    for (const query of [countLocationWarehousesQuery(t.db, circle), locationWarehousesExportPage(t.db, { circle, afterId: null, size: 1000 })]) {
      const text = await plan(query);
      expect(text).toMatch(/warehouses_earth_idx/);
      expect(text).not.toMatch(/Seq Scan on warehouses/);
    }
  });

  it("exports a wide circle by walking the ids once (idWalkPlanSettings), every row exactly once", async () => {
    const wide = { ...circle, radiusKm: 300 };
    const text = await t.db.transaction().execute(async (trx) => {
      for (const setting of idWalkPlanSettings()) await setting.execute(trx);
      return queryPlan(trx, locationWarehousesExportPage(trx, { circle: wide, afterId: 150_000, size: 1000 }));
    });
    expect(text).toMatch(/Index Scan using warehouses_pkey on warehouses w/);
    expect(text).not.toMatch(/Seq Scan on warehouses|Sort/);
    const { n } = await countLocationWarehousesQuery(t.db, wide).executeTakeFirstOrThrow();
    expect(n).toBeGreaterThan(EXPORT_ID_WALK_FROM);
    // An administrator of the catalogue's copy asks for it (the export is audited under their id).
    const bigAdmin = await makeUser(t.db, { role: "admin" });
    const { lines } = await download(
      exportWarehousesLoader,
      `/api/admin/export-location-search-warehouses?filters[radius]=300&lat=${circle.lat}&lng=${circle.lng}`,
      bigAdmin,
      t.db,
    );
    const exported = lines.slice(1).map((l) => Number(l.slice(3, l.indexOf(";"))));
    expect(exported).toHaveLength(n);
    expect(new Set(exported).size).toBe(n);
    expect(exported.every((id, i) => i === 0 || id > exported[i - 1]!)).toBe(true);
  }, 120_000);

  it("reads the requests' page and count through warehouse_requests_earth_idx", async () => {
    for (const query of [locationRequestsPageQuery(t.db, { circle, limit: 8, offset: 0 }), countLocationRequestsQuery(t.db, circle)]) {
      const text = await plan(query);
      expect(text).toMatch(/warehouse_requests_earth_idx/);
      expect(text).not.toMatch(/Seq Scan on warehouse_requests/);
    }
  });
});
