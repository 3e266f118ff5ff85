// The specification catalogue in the back office: the JSON calls (list with search, group and
// active filters and its orders, the export as CSV and XLSX, create, update, toggle-hidden) with their refusals (visitor 401, other roles 403, bad
// input 422 writing nothing), the audit rows, the list page's loader and toggle action, and the
// rule that a hidden value leaves the search filters and the warehouse form while the warehouses
// that have it keep it.
//
// No query-plan test: the catalogue is a hand-kept list of about a hundred values (seven groups
// an administrator edits one by one), so PostgreSQL reads the table in one or two pages whatever
// the plan; the list's ILIKE would still find the trigram indexes of 0001 on value/value_en if it
// ever grew.
import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, attachSpecifications, makeSpecification, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import type { Geocoder } from "../geo/geocoder.ts";
import { loader as listLoader } from "../../routes/api/admin/specifications.ts";
import { action as createAction } from "../../routes/api/admin/specifications.create.ts";
import { action as updateAction } from "../../routes/api/admin/specifications.update.ts";
import { action as toggleAction } from "../../routes/api/admin/specifications.toggle-hidden.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/specifications.tsx";
import { loader as exportLoader } from "../../routes/api/admin/export-specifications.ts";
import { searchPage } from "../search/search.service.ts";
import { listVisibleCatalogue, listWarehouseSpecificationIds } from "../warehouses/warehouse-editing.queries.ts";
import { listWarehouseSpecifications } from "../warehouses/warehouses.queries.ts";
import { ensureCatalogue } from "../seed/reference-data.ts";
import { groupLabel } from "../../components/search/FilterPanel.tsx";
import { SPEC_GROUPS } from "../../lib/search-form.ts";

const t = useTestDatabase();
let admin: User;
let others: User[];

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  others = [await makeUser(t.db, { role: "stocker" }), await makeUser(t.db, { role: "referent" }), await makeUser(t.db, { role: "stock_hunter" })];
});

const specRow = (id: number) => t.db.selectFrom("specifications").selectAll().where("id", "=", id).executeTakeFirst();
const auditRows = (id: number) =>
  t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "specification").where("entity_id", "=", id).orderBy("id").execute();
const specCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("specifications")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const get = (query: string, actor: User | null = admin) =>
  callJson(listLoader, t.db, { method: "GET", path: `/api/admin/specifications${query}`, actor: actor ? actorOf(actor) : null });

describe("the groups' names", () => {
  it("are the same in the search's filters as in the catalogue the sheet, compare and the forms read, in both languages", async () => {
    const categories = await t.db.selectFrom("specification_categories").select(["key", "name", "name_en"]).orderBy("id").execute();
    expect(categories.map((c) => c.key)).toEqual([...SPEC_GROUPS]);
    for (const c of categories) {
      const group = c.key as (typeof SPEC_GROUPS)[number];
      expect(groupLabel(group, "it"), c.key).toBe(c.name);
      expect(groupLabel(group, "en"), c.key).toBe(c.name_en);
    }
  });
});

describe("GET /api/admin/specifications", () => {
  let mine: number[];
  beforeAll(async () => {
    mine = [];
    for (let i = 0; i < 22; i++)
      mine.push((await makeSpecification(t.db, { cat_id: 5, value: `Gestionale zeta ${String(i).padStart(2, "0")}`, position: 1000 + i })).id);
    mine.push((await makeSpecification(t.db, { cat_id: 6, value: "Rampa zeta", value_en: "Zeta ramp", hidden: true })).id);
  });

  it("pages 20 at a time, filters by group and searches both languages, hidden ones included", async () => {
    const first = await get("?search_term=zeta");
    expect(first.status).toBe(200);
    expect(first.json.specifications_count).toBe(23);
    expect(first.json.specifications).toHaveLength(20);
    const second = await get("?search_term=zeta&offset=1");
    expect(second.json.specifications).toHaveLength(3);

    const group = await get("?search_term=zeta&filters[cat_id]=6");
    expect(group.json.specifications_count).toBe(1);
    expect(group.json.specifications[0]).toMatchObject({
      id: mine[22],
      cat_id: 6,
      value: "Rampa zeta",
      hidden: true,
      cat: { id: 6, name: "Carico e scarico" },
    });

    const english = await get("?search_term=ZETA%20RAMP");
    expect(english.json.specifications.map((s: { id: number }) => s.id)).toEqual([mine[22]]);
    // "Tutte le categorie" sends an empty cat_id.
    expect((await get("?search_term=zeta&filters[cat_id]=")).json.specifications_count).toBe(23);
    // LIKE's wildcards are text.
    expect((await get("?search_term=%25")).json.specifications_count).toBe(0);
  });

  it("refuses a bad filter, visitors and every other role", async () => {
    expect((await get("?filters[cat_id]=9")).status).toBe(422);
    expect((await get("", null)).status).toBe(401);
    for (const other of others) expect((await get("", other)).status).toBe(403);
  });
});

describe("create and update", () => {
  it("creates a value at the end of its group, audited", async () => {
    const last = await makeSpecification(t.db, { cat_id: 7, value: "Ultima", position: 500 });
    const res = await callJson(createAction, t.db, {
      actor: actorOf(admin),
      body: { specification_data: { cat_id: "7", value: "  ISO 14001 ", value_en: "ISO 14001", description: "Ambiente", description_en: "" } },
    });
    expect(res.status).toBe(200);
    const id = res.json.specification_id as number;
    expect(await specRow(id)).toMatchObject({
      cat_id: 7,
      value: "ISO 14001",
      value_en: "ISO 14001",
      description: "Ambiente",
      description_en: null,
      hidden: false,
      position: last.position + 1,
    });
    const audit = await auditRows(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, action: "specification.create" });
    expect(audit[0]!.details).toMatchObject({ before: null, after: { cat_id: 7, value: "ISO 14001", hidden: false } });
  });

  it("updates the texts, never the group, audited with before and after", async () => {
    const spec = await makeSpecification(t.db, { cat_id: 2, value: "Farmaci", value_en: null });
    const res = await callJson(updateAction, t.db, {
      actor: actorOf(admin),
      params: { id: String(spec.id) },
      body: { specification_data: { cat_id: 4, value: "Farmaceutico", value_en: "Pharma", description: "GDP", description_en: null } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ specification_id: spec.id });
    expect(await specRow(spec.id)).toMatchObject({ cat_id: 2, value: "Farmaceutico", value_en: "Pharma", description: "GDP" });
    const audit = await auditRows(spec.id);
    expect(audit.map((a) => a.action)).toEqual(["specification.update"]);
    expect(audit[0]!.details).toMatchObject({
      before: { cat_id: 2, value: "Farmaci", value_en: null },
      after: { cat_id: 2, value: "Farmaceutico", value_en: "Pharma" },
      changes: { value: { before: "Farmaci", after: "Farmaceutico" } },
    });
  });

  it("answers 422 without writing when cat_id or value is missing, 404 for an unknown id", async () => {
    const spec = await makeSpecification(t.db, { cat_id: 1, value: "Intatta" });
    const [specsBefore, auditBefore] = [await specCount(), await auditCount()];
    const noValue = await callJson(createAction, t.db, { actor: actorOf(admin), body: { specification_data: { cat_id: 1, value: "   " } } });
    expect(noValue.status).toBe(422);
    expect(noValue.json.errors).toMatchObject({ value: "required" });
    const noCat = await callJson(createAction, t.db, { actor: actorOf(admin), body: { specification_data: { value: "Senza gruppo" } } });
    expect(noCat.status).toBe(422);
    expect(noCat.json.errors).toMatchObject({ cat_id: "required" });
    expect((await callJson(createAction, t.db, { actor: actorOf(admin), body: {} })).status).toBe(422);
    const blank = await callJson(updateAction, t.db, { actor: actorOf(admin), params: { id: String(spec.id) }, body: { specification_data: { value: "" } } });
    expect(blank.status).toBe(422);
    expect(await specRow(spec.id)).toMatchObject({ value: "Intatta" });
    expect([await specCount(), await auditCount()]).toEqual([specsBefore, auditBefore]);
    const unknown = await callJson(updateAction, t.db, { actor: actorOf(admin), params: { id: "999999999" }, body: { specification_data: { value: "X" } } });
    expect(unknown.status).toBe(404);
  });

  it("refuses visitors and every other role, writing nothing", async () => {
    const spec = await makeSpecification(t.db, { value: "Protetta" });
    const [specsBefore, auditBefore] = [await specCount(), await auditCount()];
    const body = { specification_data: { cat_id: 1, value: "Intrusa", hidden: 1 } };
    for (const actor of [null, ...others]) {
      const expected = actor ? 403 : 401;
      const opts = { actor: actor ? actorOf(actor) : null, params: { id: String(spec.id) } };
      expect((await callJson(createAction, t.db, { ...opts, body })).status).toBe(expected);
      expect((await callJson(updateAction, t.db, { ...opts, body })).status).toBe(expected);
      expect((await callJson(toggleAction, t.db, { ...opts, body })).status).toBe(expected);
    }
    expect(await specRow(spec.id)).toMatchObject({ value: "Protetta", hidden: false });
    expect([await specCount(), await auditCount()]).toEqual([specsBefore, auditBefore]);
  });
});

describe("toggle-hidden", () => {
  const searchGroups = async () => {
    const page = await searchPage({ db: t.db, geocoder: {} as Geocoder, log: { error: () => {} } }, null, { query: {}, run: false }, "it");
    return page.groups.flatMap((g) => g.options.map((o) => o.id));
  };

  it("takes a value out of the search filters and the form at once; the warehouse keeps it", async () => {
    const spec = await makeSpecification(t.db, { cat_id: 3, value: "Sprinkler" });
    const warehouse = await makeWarehouse(t.db);
    await attachSpecifications(t.db, warehouse.id, [spec.id]);
    // The search's copy of the catalogue is warm before the change.
    expect(await searchGroups()).toContain(spec.id);

    const hide = await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: String(spec.id) }, body: { specification_data: { hidden: 1 } } });
    expect(hide.status).toBe(200);
    expect((await specRow(spec.id))!.hidden).toBe(true);
    expect(await searchGroups()).not.toContain(spec.id);
    expect((await listVisibleCatalogue(t.db)).map((s) => s.id)).not.toContain(spec.id);
    // Still on the warehouse (the edit form keeps it on save, decision 007); the public sheet
    // lists visible values only, so it shows there again once visible.
    expect(await listWarehouseSpecificationIds(t.db, { warehouseId: warehouse.id })).toEqual([{ id: spec.id, hidden: true }]);
    expect(await listWarehouseSpecifications(t.db, [warehouse.id])).toEqual([]);

    const show = await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: String(spec.id) }, body: { specification_data: { hidden: "0" } } });
    expect(show.status).toBe(200);
    expect(await searchGroups()).toContain(spec.id);
    expect((await listWarehouseSpecifications(t.db, [warehouse.id])).map((s) => s.id)).toEqual([spec.id]);

    const audit = await auditRows(spec.id);
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ["specification.toggle_hidden", { before: { hidden: false }, after: { hidden: true } }],
      ["specification.toggle_hidden", { before: { hidden: true }, after: { hidden: false } }],
    ]);
  });

  it("sets the flag as sent: a repeat changes and audits nothing; a missing flag is 422", async () => {
    const spec = await makeSpecification(t.db, { value: "Doppio click", hidden: true });
    const again = await callJson(toggleAction, t.db, {
      actor: actorOf(admin),
      params: { id: String(spec.id) },
      body: { specification_data: { hidden: true } },
    });
    expect(again.status).toBe(200);
    expect(await auditRows(spec.id)).toHaveLength(0);
    const missing = await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: String(spec.id) }, body: { specification_data: {} } });
    expect(missing.status).toBe(422);
    expect(
      (await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: "999999999" }, body: { specification_data: { hidden: 1 } } })).status,
    ).toBe(404);
  });
});

describe("the /admin/specifications page", () => {
  const pageRequest = (query = "", init?: RequestInit) => new Request(`http://stockspace.test/admin/specifications${query}`, init);

  it("lists by search and group from the URL", async () => {
    const spec = await makeSpecification(t.db, { cat_id: 4, value: "Transpallet kappa" });
    const data = await pageLoader({
      request: pageRequest("?search=kappa&cat_id=4"),
      params: {},
      context: testContext(t.db, { actor: actorOf(admin) }),
    } as never);
    expect(data.specifications.map((s) => s.id)).toEqual([spec.id]);
    expect(data.catId).toBe(4);
    expect(data.categories).toHaveLength(7);
  });

  it("toggles from the row's switch; other roles are refused", async () => {
    const spec = await makeSpecification(t.db, { value: "Dal modulo" });
    const form = (hidden: string) => {
      const body = new FormData();
      body.set("intent", "toggle");
      body.set("id", String(spec.id));
      body.set("specification_data[hidden]", hidden);
      return { method: "POST", body };
    };
    const result = await pageAction({ request: pageRequest("", form("1")), params: {}, context: testContext(t.db, { actor: actorOf(admin) }) } as never);
    expect(result).toEqual({ ok: true });
    expect((await specRow(spec.id))!.hidden).toBe(true);
    await expect(
      pageAction({ request: pageRequest("", form("0")), params: {}, context: testContext(t.db, { actor: actorOf(others[0]!) }) } as never),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect((await specRow(spec.id))!.hidden).toBe(true);
  });
});

describe("the catalogue loaded at start", () => {
  it("leaves an administrator's edits alone at the next start (it fills an empty table only)", async () => {
    const spec = await makeSpecification(t.db, { cat_id: 1, value: "Modificata dall'admin", hidden: true });
    const before = await specCount();
    await ensureCatalogue(t.db);
    expect(await specCount()).toBe(before);
    expect(await specRow(spec.id)).toMatchObject({ value: "Modificata dall'admin", hidden: true });
  });
});

describe("the list's filters, order and export", () => {
  const tag = `Ordx${Date.now().toString(36)}`;
  let made: { bravo: number; alfa: number; charlie: number };
  beforeAll(async () => {
    made = {
      bravo: (await makeSpecification(t.db, { cat_id: 2, value: `bravo ${tag}`, position: 1 })).id,
      alfa: (await makeSpecification(t.db, { cat_id: 5, value: `Alfa ${tag}`, position: 0, hidden: true })).id,
      charlie: (await makeSpecification(t.db, { cat_id: 2, value: `Charlie ${tag}`, position: 0, value_en: null })).id,
    };
  });
  const ids = async (query: string) =>
    (
      await callJson(listLoader, t.db, { method: "GET", path: `/api/admin/specifications?search_term=${tag}&${query}`, actor: actorOf(admin) })
    ).json.specifications.map((s: { id: number }) => s.id);
  const download = async (query: string, actor: User | null = admin) =>
    (await exportLoader({
      request: new Request(`http://stockspace.test/api/admin/export-specifications?${query}`),
      params: {},
      context: testContext(t.db, actor ? { actor: actorOf(actor) } : {}),
    } as never)) as Response;

  it("filters active or hidden and sorts by group (the default), title (any case) and active, each way", async () => {
    expect(await ids("")).toEqual([made.charlie, made.bravo, made.alfa]);
    expect(await ids("order[dir]=desc")).toEqual([made.alfa, made.bravo, made.charlie]);
    expect(await ids("order[key]=title")).toEqual([made.alfa, made.bravo, made.charlie]);
    expect(await ids("order[key]=title&order[dir]=desc")).toEqual([made.charlie, made.bravo, made.alfa]);
    expect(await ids("order[key]=active")).toEqual([made.alfa, made.charlie, made.bravo]);
    expect(await ids("filters[active]=no")).toEqual([made.alfa]);
    expect(await ids("filters[active]=yes&filters[cat_id]=2&order[key]=title")).toEqual([made.bravo, made.charlie]);
    for (const bad of ["filters[active]=maybe", "order[key]=description", "order[dir]=up"]) {
      const res = await callJson(listLoader, t.db, { method: "GET", path: `/api/admin/specifications?${bad}`, actor: actorOf(admin) });
      expect(res.status, bad).toBe(422);
    }
  });

  it("reads the page's URL the same way (?active, ?sort, ?dir), junk as the default", async () => {
    const data = await pageLoader({
      request: new Request(`http://stockspace.test/admin/specifications?search=${tag}&active=yes&sort=title&dir=desc&cat_id=junk`),
      params: {},
      context: testContext(t.db, { actor: actorOf(admin) }),
    } as never);
    expect(data.specifications.map((s) => s.id)).toEqual([made.charlie, made.bravo]);
    expect(data).toMatchObject({ active: "yes", order: { key: "title", dir: "desc" }, catId: null });
  });

  it("exports what the list shows, in its order, as CSV and typed XLSX, audited", async () => {
    const csv = await download(`search_term=${tag}&filters[active]=yes&order[key]=title`);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toMatch(/filename="specifiche_\d{2}\.\d{2}\.\d{4}\.csv"/);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await csv.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("ID;Categoria;Titolo;Titolo (inglese);Descrizione;Descrizione (inglese);Attiva");
    expect(lines.slice(1).map((l) => l.split(";")[2])).toEqual([`bravo ${tag}`, `Charlie ${tag}`]);

    const xlsx = await download(`search_term=${tag}&order[key]=active&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const ws = workbook.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe(made.alfa);
    expect(typeof first.getCell(2).value).toBe("string");
    expect(first.getCell(3).value).toBe(`Alfa ${tag}`);
    expect(first.getCell(3).numFmt).toBe("@");
    expect(first.getCell(7).value).toBe("No");
    expect(ws.getRow(3).getCell(7).value).toBe("Sì");
    expect(ws.getRow(3).getCell(4).value).toBeNull();

    const audit = await t.db.selectFrom("audit_log").select(["details", "admin_id"]).where("action", "=", "specification.export").orderBy("id").execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, details: { search: tag, active: true, order: "title asc" } });
  });

  it("exports for administrators only, and refuses a format, filter or order it does not know", async () => {
    for (const who of others) expect((await download("", who)).status).toBe(403);
    expect((await download("", null)).status).toBe(401);
    for (const bad of ["format=pdf", "filters[active]=maybe", "order[key]=description"]) expect((await download(bad)).status, bad).toBe(422);
  });
});
