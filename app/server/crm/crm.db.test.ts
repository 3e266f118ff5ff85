// The CRM of the back office: the JSON calls (list with search, day, type and sort; create,
// update, handle; the follow-up actions; the CSV export) with their rules (date and type
// required, a client unless a warehouse, the follow-up fields), the audit rows with before and
// after, the refusals (visitor 401, every other role 403, bad input 422 writing nothing), the
// pages' loaders and actions, and the search's query plan on large tables.
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type CompiledQuery } from "kysely";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { loader as listLoader, action as listPost } from "../../routes/api/admin/crm-entries.ts";
import { action as createAction } from "../../routes/api/admin/crm-entries.create.ts";
import { action as updateAction } from "../../routes/api/admin/crm-entries.update.ts";
import { action as handleAction } from "../../routes/api/admin/crm-entries.handle.ts";
import ExcelJS from "exceljs";
import { loader as exportLoader } from "../../routes/api/admin/export-crm-entries.ts";
import { loader as actionsLoader } from "../../routes/api/admin/crm-actions.ts";
import { action as crmPageAction, loader as crmPageLoader } from "../../routes/admin/crm.tsx";
import { action as actionsPageAction, loader as actionsPageLoader } from "../../routes/admin/crm-actions.tsx";
import { crmActionsPageQuery, crmEntriesPageQuery } from "./crm.queries.ts";

const t = useTestDatabase();
let admin: User;
let others: User[];
const run = Date.now().toString(36);

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  others = [
    await makeUser(t.db, { role: "stock_hunter" }),
    await makeUser(t.db, { role: "stocker", account_type: 0 }),
    await makeUser(t.db, { role: "stocker", account_type: 1 }),
    await makeUser(t.db, { role: "referent" }),
  ];
});

const asAdmin = () => ({ actor: actorOf(admin) });
const create = (data: Record<string, unknown>, actor: User = admin) => callJson(createAction, t.db, { actor: actorOf(actor), body: { crm_entry_data: data } });
const update = (id: number, data: Record<string, unknown>, actor: User = admin) =>
  callJson(updateAction, t.db, { actor: actorOf(actor), params: { id: String(id) }, body: { crm_entry_data: data } });
const handle = (id: number, actor: User = admin, body: unknown = { crm_entry_data: { follow_up_done: 1 } }) =>
  callJson(handleAction, t.db, { actor: actorOf(actor), params: { id: String(id) }, body });
const list = (query: string, actor: User | null = admin) =>
  callJson(listLoader, t.db, { method: "GET", path: `/api/admin/crm-entries?${query}`, actor: actor ? actorOf(actor) : null });
const actionsList = (query: string, actor: User | null = admin) =>
  callJson(actionsLoader, t.db, { method: "GET", path: `/api/admin/crm-actions?${query}`, actor: actor ? actorOf(actor) : null });
const entry = (id: number) => t.db.selectFrom("crm_entries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const auditOf = (id: number) =>
  t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "crm_entry").where("entity_id", "=", id).orderBy("id").execute();
const crmCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("crm_entries")
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

describe("creating an entry", () => {
  it("keeps the follow-up action pending, audits the new values and names the entry after the client", async () => {
    const res = await create({
      date: "2026-11-21",
      event_type: "call",
      client: `Logistica ${run}`,
      contact: "Anna Bianchi – 333 1234567",
      description: "Chiamata di presentazione",
      follow_up: 1,
      follow_up_action: "Richiamare lunedì",
    });
    expect(res.status).toBe(200);
    const id = res.json.crm_entry_id as number;
    expect(await entry(id)).toMatchObject({
      date: "2026-11-21",
      event_type: "call",
      follow_up: true,
      follow_up_action: "Richiamare lunedì",
      follow_up_done: false,
      created_by: admin.id,
      warehouse_id: null,
      user_id: null,
    });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "crm_entry.create", admin_id: admin.id });
    expect(audit[0]!.details).toMatchObject({ before: null, after: { client: `Logistica ${run}`, follow_up: true, follow_up_done: false } });
  });

  it("without a follow-up drops the action text: action and done are null", async () => {
    const res = await create({ date: "2026-11-20", event_type: "mail", client: `Senza seguito ${run}`, follow_up: 0, follow_up_action: "Non deve restare" });
    expect(await entry(res.json.crm_entry_id)).toMatchObject({ follow_up: false, follow_up_action: null, follow_up_done: null });
  });

  it("takes a warehouse instead of a client: its name is the business name, its owner the entry's user", async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    const warehouse = await makeWarehouse(t.db, { name: `Deposito Nord ${run}`, user_id: owner.id });
    const res = await create({ date: "2026-11-19", event_type: "meet", client: "", warehouse_id: warehouse.id });
    expect(res.status).toBe(200);
    expect(await entry(res.json.crm_entry_id)).toMatchObject({ client: null, warehouse_id: warehouse.id, user_id: owner.id });
    const found = await list(`search_term=${encodeURIComponent(`Deposito Nord ${run}`)}`);
    expect(found.json.crm_entries_count).toBe(1);
    expect(found.json.crm_entries[0]).toMatchObject({
      id: res.json.crm_entry_id,
      business_name: `Deposito Nord ${run}`,
      follow_up: 0,
      follow_up_done: null,
      warehouse: { id: warehouse.id },
    });
  });

  it("refuses a missing date or type, a missing client without a warehouse and an unknown warehouse, writing nothing", async () => {
    const [crm, audit] = [await crmCount(), await auditCount()];
    expect((await create({ event_type: "call", client: "Manca la data" })).status).toBe(422);
    expect((await create({ date: "2026-11-21", client: "Manca il tipo" })).status).toBe(422);
    expect((await create({ date: "2026-11-21", event_type: "fax", client: "Tipo sconosciuto" })).status).toBe(422);
    expect((await create({ date: "2026-02-30", event_type: "call", client: "Giorno che non esiste" })).status).toBe(422);
    const noClient = await create({ date: "2026-11-21", event_type: "call", client: "   " });
    expect(noClient.status).toBe(422);
    expect(noClient.json.errors).toMatchObject({ client: "required" });
    const ghost = await create({ date: "2026-11-21", event_type: "call", warehouse_id: 999_999_999 });
    expect(ghost.status).toBe(422);
    expect(ghost.json.errors).toMatchObject({ warehouse_id: "not_found" });
    expect([await crmCount(), await auditCount()]).toEqual([crm, audit]);
  });
});

describe("editing an entry", () => {
  it("audits before and after, keeps a done action done while the follow-up stays on, and clears it when it goes off", async () => {
    const id = (await create({ date: "2026-10-01", event_type: "meeting", client: `Modifica ${run}`, follow_up: 1, follow_up_action: "Inviare contratto" }))
      .json.crm_entry_id as number;
    expect((await handle(id)).status).toBe(200);
    const edited = await update(id, {
      date: "2026-10-02",
      event_type: "meeting",
      client: `Modifica ${run}`,
      contact: "Nuovo contatto",
      follow_up: 1,
      follow_up_action: "Inviare contratto firmato",
    });
    expect(edited.json).toEqual({ crm_entry_id: id });
    const after = await entry(id);
    expect(after).toMatchObject({
      date: "2026-10-02",
      contact: "Nuovo contatto",
      follow_up_done: true,
      handled_by: admin.id,
      follow_up_action: "Inviare contratto firmato",
    });
    expect(after.handled_at).not.toBeNull();
    const audit = (await auditOf(id)).filter((a) => a.action === "crm_entry.update");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      changes: {
        date: { before: "2026-10-01", after: "2026-10-02" },
        contact: { before: null, after: "Nuovo contatto" },
        follow_up_action: { before: "Inviare contratto", after: "Inviare contratto firmato" },
      },
    });

    await update(id, { date: "2026-10-02", event_type: "other", client: `Modifica ${run}`, follow_up: 0, follow_up_action: "ignorata" });
    expect(await entry(id)).toMatchObject({
      event_type: "other",
      follow_up: false,
      follow_up_action: null,
      follow_up_done: null,
      handled_at: null,
      handled_by: null,
    });
    // Switched on again, the action is a new one: pending.
    await update(id, { date: "2026-10-02", event_type: "other", client: `Modifica ${run}`, follow_up: 1, follow_up_action: "Ricontattare" });
    expect(await entry(id)).toMatchObject({ follow_up: true, follow_up_done: false });
  });

  it("saving the form unchanged writes no audit line; an unknown entry is 404; bad input is 422", async () => {
    const data = { date: "2026-09-01", event_type: "call", client: `Invariato ${run}` };
    const id = (await create(data)).json.crm_entry_id as number;
    const before = (await auditOf(id)).length;
    expect((await update(id, data)).status).toBe(200);
    expect((await auditOf(id)).length).toBe(before);
    expect((await update(999_999_999, data)).status).toBe(404);
    expect((await update(id, { ...data, client: "" })).status).toBe(422);
    expect((await update(id, {})).status).toBe(422);
    expect((await entry(id)).client).toBe(`Invariato ${run}`);
  });
});

describe("handling a follow-up action", () => {
  it("sets done with who and when, once; an entry without a follow-up or a done one is 409", async () => {
    const id = (await create({ date: "2026-08-01", event_type: "call", client: `Da gestire ${run}`, follow_up: 1, follow_up_action: "Verificare bonifico" }))
      .json.crm_entry_id as number;
    expect((await handle(id, admin, { crm_entry_data: { follow_up_done: 0 } })).status).toBe(422);
    expect((await handle(id, admin, {})).status).toBe(422);
    const done = await handle(id);
    expect(done.json).toEqual({ crm_entry_id: id });
    expect(await entry(id)).toMatchObject({ follow_up_done: true, handled_by: admin.id });
    const again = await handle(id);
    expect(again.status).toBe(409);
    // Said as it is: not the generic "some fields are missing", in either language.
    expect(again.json).toMatchObject({
      error: "not_pending",
      message: "Non è più in attesa: è già stato gestito, forse da un altro amministratore. Ricarica la pagina per vedere com'è ora.",
    });
    const againEn = await callJson(handleAction, t.db, {
      actor: actorOf(admin),
      params: { id: String(id) },
      body: { crm_entry_data: { follow_up_done: 1 } },
      locale: "en",
    });
    expect(againEn.json).toMatchObject({
      error: "not_pending",
      message: "It is no longer waiting: it has already been handled, perhaps by another administrator. Reload the page to see where it stands.",
    });
    const plain = (await create({ date: "2026-08-01", event_type: "call", client: `Senza azione ${run}` })).json.crm_entry_id as number;
    expect((await handle(plain)).status).toBe(409);
    expect((await handle(999_999_999)).status).toBe(404);
    const audit = (await auditOf(id)).filter((a) => a.action === "crm_entry.handle");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { follow_up_done: false }, after: { follow_up_done: true } });
  });
});

describe("the lists", () => {
  const tag = `Filtro${run}`;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const warehouse = await makeWarehouse(t.db, { name: `Hub Piacenza ${tag}` });
    const make = async (data: Record<string, unknown>) => (await create(data)).json.crm_entry_id as number;
    ids = {
      zeta: await make({ date: "2026-06-10", event_type: "call", client: `Zeta ${tag}`, contact: "Mario Rossi", follow_up: 1, follow_up_action: "Richiamare" }),
      alfa: await make({
        date: "2026-06-12",
        event_type: "meet",
        client: `Alfa ${tag}`,
        description: "Sopralluogo",
        follow_up: 1,
        follow_up_action: "Fissare sopralluogo",
      }),
      hub: await make({ date: "2026-06-12", event_type: "mail", warehouse_id: warehouse.id, description: `Brochure ${tag}` }),
      beta: await make({ date: "2026-06-11", event_type: "other", client: `Beta ${tag}`, follow_up: 1, follow_up_action: `Inviare listino` }),
    };
    await handle(ids.beta!);
  });

  const idsOf = (json: { crm_entries: { id: number }[] }) => json.crm_entries.map((e) => e.id);

  it("searches client, contact, description, action and the warehouse's name; filters one day and a type", async () => {
    expect((await list(`search_term=${tag}`)).json.crm_entries_count).toBe(4);
    expect(idsOf((await list(`search_term=${tag}`)).json)).toEqual([ids.hub, ids.alfa, ids.beta, ids.zeta]);
    expect(idsOf((await list(`search_term=${encodeURIComponent("Hub Piacenza")}`)).json)).toContain(ids.hub);
    expect(idsOf((await list(`search_term=${encodeURIComponent("mario ross")}`)).json)).toContain(ids.zeta);
    expect(idsOf((await list(`search_term=${encodeURIComponent("fissare soprall")}`)).json)).toContain(ids.alfa);
    expect(idsOf((await list(`search_term=${tag}&filters[date]=2026-06-12`)).json)).toEqual([ids.hub, ids.alfa]);
    expect(idsOf((await list(`search_term=${tag}&filters[event_type]=other`)).json)).toEqual([ids.beta]);
    expect(idsOf((await list(`search_term=${tag}&filters[date]=&filters[event_type]=`)).json)).toHaveLength(4);
    // LIKE's wildcards are text here.
    expect((await list(`search_term=${encodeURIComponent("%")}${tag}`)).json.crm_entries_count).toBe(0);
  });

  it("sorts by a whitelisted column both ways, ties by date; pages of the given size", async () => {
    const names = async (query: string) =>
      ((await list(`search_term=${tag}&${query}`)).json.crm_entries as { business_name: string }[]).map((e) => e.business_name.split(" ")[0]);
    expect(await names("order[key]=client&order[dir]=asc")).toEqual(["Alfa", "Beta", "Hub", "Zeta"]);
    expect(await names("order[key]=client&order[dir]=desc")).toEqual(["Zeta", "Hub", "Beta", "Alfa"]);
    expect(await names("order[key]=date&order[dir]=asc")).toEqual(["Zeta", "Beta", "Alfa", "Hub"]);
    // Altro, E-mail, Telefono, Visita: as the screen names them.
    expect(await names("order[key]=event_type&order[dir]=asc")).toEqual(["Beta", "Hub", "Zeta", "Alfa"]);
    expect(await names("order[key]=follow_up_done&order[dir]=asc")).toEqual(["Hub", "Alfa", "Zeta", "Beta"]);
    expect((await list(`search_term=${tag}&order[key]=id;drop table users`)).status).toBe(422);
    expect((await list(`search_term=${tag}&order[dir]=sideways`)).status).toBe(422);
    const second = (await list(`search_term=${tag}&limit=3&offset=1`)).json;
    expect(second).toMatchObject({ crm_entries_count: 4 });
    expect(idsOf(second)).toEqual([ids.zeta]);
  });

  it("lists the follow-up actions: pending by default (oldest first), done, all", async () => {
    const of = async (query: string) => ((await actionsList(`search_term=${tag}${query}`)).json.crm_actions as { id: number }[]).map((a) => a.id);
    expect(await of("")).toEqual([ids.zeta, ids.alfa]);
    expect(await of("&filters[follow_up_done]=done")).toEqual([ids.beta]);
    expect(await of("&filters[follow_up_done]=all")).toEqual([ids.alfa, ids.beta, ids.zeta]);
    const done = (await actionsList(`search_term=${tag}&filters[follow_up_done]=done`)).json;
    expect(done.crm_actions_count).toBe(1);
    expect(done.crm_actions[0]).toMatchObject({ follow_up_action: "Inviare listino", follow_up_done: 1, business_name: `Beta ${tag}` });
    expect(done.crm_actions[0].handled_by).toBeTruthy();
    expect((await actionsList("filters[follow_up_done]=maybe")).status).toBe(422);
  });

  it("exports the same selection as a CSV for Italian spreadsheets, audited", async () => {
    const res = await exportLoader({
      request: new Request(`http://stockspace.test/api/admin/export-crm-entries?search_term=${tag}`),
      params: {},
      context: testContext(t.db, asAdmin()),
    } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="crm_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Data;Ragione sociale;Contatto;Tipo evento;Descrizione;Follow-up;Azione;Gestita");
    expect(lines.slice(1)).toEqual([
      `12.06.2026;Hub Piacenza ${tag};;E-mail;Brochure ${tag};No;;—`,
      `12.06.2026;Alfa ${tag};;Visita;Sopralluogo;Sì;Fissare sopralluogo;No`,
      `11.06.2026;Beta ${tag};;Altro;;Sì;Inviare listino;Sì`,
      `10.06.2026;Zeta ${tag};Mario Rossi;Telefono;;Sì;Richiamare;No`,
    ]);
    const audit = await t.db.selectFrom("audit_log").select("details").where("action", "=", "crm_entry.export").where("admin_id", "=", admin.id).execute();
    expect(audit.map((a) => a.details)).toContainEqual({ search: tag, date: null, event_type: null });
  });

  it("exports the same selection as XLSX with real dates; a format it does not know is refused", async () => {
    const call = (query: string) =>
      exportLoader({
        request: new Request(`http://stockspace.test/api/admin/export-crm-entries?${query}`),
        params: {},
        context: testContext(t.db, asAdmin()),
      } as never) as Promise<Response>;
    const res = await call(`search_term=${tag}&filters[event_type]=call&format=xlsx`);
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="crm_\d{2}\.\d{2}\.\d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2026, 5, 10)));
    expect(sheet.getRow(2).getCell(2).value).toBe(`Zeta ${tag}`);
    expect((await call("format=pdf")).status).toBe(422);
  });
});

describe("refusals", () => {
  it("answers visitors 401 and every other role 403, writing nothing", async () => {
    const id = (await create({ date: "2026-05-01", event_type: "call", client: `Rifiuti ${run}`, follow_up: 1, follow_up_action: "x" })).json
      .crm_entry_id as number;
    const [crm, audit] = [await crmCount(), await auditCount()];
    const data = { date: "2026-05-02", event_type: "call", client: "Altro ruolo" };
    expect((await callJson(createAction, t.db, { body: { crm_entry_data: data } })).status).toBe(401);
    expect((await list("", null)).status).toBe(401);
    expect((await actionsList("", null)).status).toBe(401);
    for (const other of others) {
      expect((await create(data, other)).status, other.role).toBe(403);
      expect((await update(id, data, other)).status, other.role).toBe(403);
      expect((await handle(id, other)).status, other.role).toBe(403);
      expect((await list("", other)).status, other.role).toBe(403);
      expect((await actionsList("", other)).status, other.role).toBe(403);
      const exported = await exportLoader({
        request: new Request("http://stockspace.test/api/admin/export-crm-entries"),
        params: {},
        context: testContext(t.db, { actor: actorOf(other) }),
      } as never);
      expect(exported.status, other.role).toBe(403);
    }
    expect((await callJson(listPost, t.db, { ...asAdmin(), body: {} })).status).toBe(405);
    expect([await crmCount(), await auditCount()]).toEqual([crm, audit]);
    expect((await entry(id)).follow_up_done).toBe(false);
  });
});

describe("the /admin/crm and /admin/crm-actions pages", () => {
  const pageRequest = (path: string, init?: RequestInit) => new Request(`http://stockspace.test${path}`, init);
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return { method: "POST", body };
  };
  const ctx = (actor: User = admin) => testContext(t.db, { actor: actorOf(actor) });

  it("read search, day, type, sort and page from the URL (junk falls back to the defaults)", async () => {
    await create({ date: "2026-04-04", event_type: "meeting", client: `Pagina ${run}` });
    const data = await crmPageLoader({
      request: pageRequest(`/admin/crm?search=Pagina ${run}&date=2026-04-04&event_type=meeting&sort=client&dir=asc`),
      params: {},
      context: ctx(),
    } as never);
    expect(data).toMatchObject({ crm_entries_count: 1, date: "2026-04-04", eventType: "meeting", order: { key: "client", dir: "asc" }, page: 1 });
    const junk = await crmPageLoader({
      request: pageRequest(`/admin/crm?search=Pagina ${run}&date=yesterday&event_type=fax&sort=password&dir=up&page=x`),
      params: {},
      context: ctx(),
    } as never);
    expect(junk).toMatchObject({ crm_entries_count: 1, date: null, eventType: null, order: { key: "date", dir: "desc" }, page: 1 });
    await expect(crmPageLoader({ request: pageRequest("/admin/crm"), params: {}, context: ctx(others[1]) } as never)).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("create and edit from the popup through the page's action; missing fields are named", async () => {
    const missing = await crmPageAction({
      request: pageRequest("/admin/crm", form({ intent: "create", date: "", event_type: "", client: "" })),
      params: {},
      context: ctx(),
    } as never);
    // The failure has the JSON call's codes, field by field.
    expect(missing).toMatchObject({ ok: false, intent: "create", error: "invalid", errors: { date: "invalid", event_type: "required" } });
    expect(Object.keys((missing as { errors: object }).errors)).toEqual(["date", "event_type"]);
    const noClient = await crmPageAction({
      request: pageRequest("/admin/crm", form({ intent: "create", date: "2026-03-03", event_type: "call", client: "", warehouse_id: "" })),
      params: {},
      context: ctx(),
    } as never);
    expect(noClient).toMatchObject({ ok: false, intent: "create", errors: { client: "required" } });
    const created = await crmPageAction({
      request: pageRequest(
        "/admin/crm",
        form({
          intent: "create",
          date: "2026-03-03",
          event_type: "call",
          client: `Dal modulo ${run}`,
          follow_up: "on",
          follow_up_action: "Richiamare",
          warehouse_id: "",
        }),
      ),
      params: {},
      context: ctx(),
    } as never);
    expect(created).toMatchObject({ ok: true, intent: "create" });
    const id = (created as { crm_entry_id: number }).crm_entry_id;
    expect(await entry(id)).toMatchObject({ follow_up: true, follow_up_done: false, follow_up_action: "Richiamare" });
    const edited = await crmPageAction({
      request: pageRequest(
        "/admin/crm",
        form({ intent: "update", crm_entry_id: String(id), date: "2026-03-04", event_type: "mail", client: `Dal modulo ${run}` }),
      ),
      params: {},
      context: ctx(),
    } as never);
    expect(edited).toEqual({ ok: true, intent: "update", crm_entry_id: id });
    expect(await entry(id)).toMatchObject({ date: "2026-03-04", event_type: "mail", follow_up: false, follow_up_done: null });
    await expect(
      crmPageAction({
        request: pageRequest("/admin/crm", form({ intent: "create", date: "2026-03-03", event_type: "call", client: "x" })),
        params: {},
        context: ctx(others[0]),
      } as never),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("the actions page lists by state and handles through its action", async () => {
    const id = (await create({ date: "2026-02-02", event_type: "call", client: `Azione pagina ${run}`, follow_up: 1, follow_up_action: "Chiamare" })).json
      .crm_entry_id as number;
    const pending = await actionsPageLoader({
      request: pageRequest(`/admin/crm-actions?search=${encodeURIComponent(`Azione pagina ${run}`)}`),
      params: {},
      context: ctx(),
    } as never);
    expect(pending).toMatchObject({ status: "pending", crm_actions_count: 1 });
    expect(await actionsPageAction({ request: pageRequest("/admin/crm-actions", form({})), params: {}, context: ctx() } as never)).toMatchObject({
      ok: false,
      error: "invalid",
      errors: { crm_entry_id: "required" },
    });
    expect(
      await actionsPageAction({ request: pageRequest("/admin/crm-actions", form({ crm_entry_id: String(id) })), params: {}, context: ctx() } as never),
    ).toEqual({ ok: true, crm_entry_id: id });
    expect(
      await actionsPageAction({ request: pageRequest("/admin/crm-actions", form({ crm_entry_id: String(id) })), params: {}, context: ctx() } as never),
    ).toMatchObject({ ok: false, error: "not_pending", errors: {} });
    const done = await actionsPageLoader({
      request: pageRequest(`/admin/crm-actions?status=done&search=${encodeURIComponent(`Azione pagina ${run}`)}`),
      params: {},
      context: ctx(),
    } as never);
    expect(done).toMatchObject({ status: "done", crm_actions_count: 1 });
    await expect(
      actionsPageAction({ request: pageRequest("/admin/crm-actions", form({ crm_entry_id: String(id) })), params: {}, context: ctx(others[3]) } as never),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
  });
});

const CRM_CATALOGUE = defineCatalogue("crm", async (db) => {
  // 200,000 warehouses and 100,000 CRM entries, one in three linked to a warehouse.
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng)
    select 'Piano ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 41 + random(), 12 + random()
    from generate_series(1, 200000) g`.execute(db);
  await sql`
    insert into crm_entries (client, contact, date, event_type, description, follow_up, follow_up_action, follow_up_done, warehouse_id)
    select case when g % 3 = 0 then null else 'Cliente ' || g end, 'Contatto ' || g, date '2026-01-01' + (g % 300),
           (array['call', 'mail', 'meet', 'meeting', 'other'])[1 + g % 5], 'Descrizione ' || g,
           g % 4 = 0, case when g % 4 = 0 then 'Azione ' || g end, case when g % 4 = 0 then g % 8 = 0 end,
           case when g % 3 = 0 then (select min(id) from warehouses) + g end
    from generate_series(1, 100000) g`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
  await sql`vacuum analyze crm_entries`.execute(db);
});

describe("the CRM's search on large tables", () => {
  const t = useCatalogueDatabase(CRM_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

  it("searches by the trigram indexes (the entries' text, the warehouses' names), never a whole table", async () => {
    // Besides rare terms, a term inside a bound of each index's histogram: the worst estimate
    // the statistics can give, whatever ANALYZE's sample (histogramBound).
    const unluckyEntry = /^Cliente \d+/.exec(await histogramBound(t.db, "crm_entries_search_trgm_idx"))![0];
    const unluckyName = /^Piano \d+/.exec(await histogramBound(t.db, "warehouses", "name"))![0];
    for (const search of ["Cliente 4242", unluckyEntry, unluckyName]) {
      const searched = await plan(crmEntriesPageQuery(t.db, { filters: { search }, order: { key: "date", dir: "desc" }, limit: 20, offset: 0 }));
      expect(searched, search).toMatch(/Bitmap Index Scan on crm_entries_search_trgm_idx/);
      expect(searched, search).toMatch(/Bitmap Index Scan on warehouses_name_trgm_idx/);
      expect(searched, search).not.toMatch(/Seq Scan on (crm_entries|warehouses)/);
    }
    const sorted = await plan(
      crmEntriesPageQuery(t.db, { filters: { search: "Piano 4242", eventType: "call" }, order: { key: "client", dir: "asc" }, limit: 20, offset: 0 }),
    );
    expect(sorted).not.toMatch(/Seq Scan on (crm_entries|warehouses)/);
    for (const search of ["Azione 4242", unluckyEntry]) {
      const actions = await plan(crmActionsPageQuery(t.db, { filter: "pending", search, limit: 20, offset: 0 }));
      expect(actions, search).not.toMatch(/Seq Scan on (crm_entries|warehouses)/);
    }
  });

  it("pages the unfiltered list and the pending actions by an index", async () => {
    const page = await plan(crmEntriesPageQuery(t.db, { filters: { search: null }, order: { key: "date", dir: "desc" }, limit: 20, offset: 40 }));
    expect(page).toMatch(/Index Scan using crm_entries_date_idx/);
    expect(page).not.toMatch(/Seq Scan on crm_entries/);
    // Sorted by business name, the whole CRM is read (it is the small table), but each entry's
    // warehouse by its key, never the whole warehouses table.
    const byName = await plan(crmEntriesPageQuery(t.db, { filters: { search: null }, order: { key: "client", dir: "asc" }, limit: 20, offset: 0 }));
    expect(byName).not.toMatch(/Seq Scan on warehouses/);
    const pending = await plan(crmActionsPageQuery(t.db, { filter: "pending", search: null, limit: 20, offset: 0 }));
    // With this many pending actions the date index with a filter is as good as the partial one.
    expect(pending).toMatch(/Index Scan( Backward)? using crm_entries_(follow_up|date)_idx/);
    expect(pending).not.toMatch(/Seq Scan on crm_entries/);
  });
});
