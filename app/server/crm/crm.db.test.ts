// The CRM of the back office: the JSON calls (list with search, day, type and sort; create,
// update, handle; the follow-up actions; the CSV export) with their rules (date and type
// required, a client unless a warehouse, the follow-up fields), the audit rows with before and
// after, the refusals (visitor 401, every other role 403, bad input 422 writing nothing), the
// pages' loaders and actions, and the search's query plan on large tables.
import { beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, sql } from "kysely";
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
import {
  crmActionsExportPageQuery,
  crmActionsOrderTerms,
  crmActionsPageQuery,
  crmEntriesOrderTerms,
  crmEntriesPageQuery,
  crmExportPageQuery,
} from "./crm.queries.ts";
import { termKeyset } from "../db/list-order.ts";
import { CRM_ACTIONS_ORDER, CRM_ENTRIES_ORDER } from "../../lib/list-params.ts";
import { todayInItaly } from "../../lib/format.ts";
import { loader as actionsExportLoader } from "../../routes/api/admin/export-crm-actions.ts";

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

  it("lists the follow-up actions: pending by default (the soonest due first), done, all", async () => {
    const of = async (query: string) => ((await actionsList(`search_term=${tag}${query}`)).json.crm_actions as { id: number }[]).map((a) => a.id);
    expect(await of("")).toEqual([ids.zeta, ids.alfa]);
    expect(await of("&filters[follow_up_done]=done")).toEqual([ids.beta]);
    expect(await of("&filters[follow_up_done]=all")).toEqual([ids.zeta, ids.beta, ids.alfa]);
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
      `2026-06-12;Hub Piacenza ${tag};;E-mail;Brochure ${tag};No;;—`,
      `2026-06-12;Alfa ${tag};;Visita;Sopralluogo;Sì;Fissare sopralluogo;No`,
      `2026-06-11;Beta ${tag};;Altro;;Sì;Inviare listino;Sì`,
      `2026-06-10;Zeta ${tag};Mario Rossi;Telefono;;Sì;Richiamare;No`,
    ]);
    const audit = await t.db.selectFrom("audit_log").select("details").where("action", "=", "crm_entry.export").where("admin_id", "=", admin.id).execute();
    expect(audit.map((a) => a.details)).toContainEqual({ search: tag, date: null, event_type: null, order: "date desc" });
  });

  it("exports in the list's order when it is not the default one, the same order[key] and order[dir]", async () => {
    const csv = async (query: string) => {
      const res = (await exportLoader({
        request: new Request(`http://stockspace.test/api/admin/export-crm-entries?search_term=${tag}&${query}`),
        params: {},
        context: testContext(t.db, asAdmin()),
      } as never)) as Response;
      expect(res.status, query).toBe(200);
      const lines = new TextDecoder()
        .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
        .trimEnd()
        .split("\r\n");
      return lines.slice(1).map((l) => l.split(";")[1]!.split(" ")[0]);
    };
    expect(await csv("order[key]=client&order[dir]=asc")).toEqual(["Alfa", "Beta", "Hub", "Zeta"]);
    expect(await csv("order[key]=client&order[dir]=desc")).toEqual(["Zeta", "Hub", "Beta", "Alfa"]);
    expect(await csv("order[key]=date&order[dir]=asc")).toEqual(["Zeta", "Beta", "Alfa", "Hub"]);
    // A key alone starts in its own direction (a name A to Z), as on the list.
    expect(await csv("order[key]=event_type")).toEqual(["Beta", "Hub", "Zeta", "Alfa"]);
    // The contact: the entries without one last either way.
    expect((await csv("order[key]=contact&order[dir]=desc"))[0]).toBe("Zeta");
    const audit = await t.db.selectFrom("audit_log").select("details").where("action", "=", "crm_entry.export").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ search: tag, order: "contact desc" });
    const refused = await exportLoader({
      request: new Request(`http://stockspace.test/api/admin/export-crm-entries?order[key]=password`),
      params: {},
      context: testContext(t.db, asAdmin()),
    } as never);
    expect(refused.status).toBe(422);
  });

  it("reads the export a keyset page at a time in every order, the page's order exactly (nulls and ties too)", async () => {
    for (const key of CRM_ENTRIES_ORDER.keys) {
      for (const dir of ["asc", "desc"] as const) {
        const order = { key, dir };
        const filters = { search: tag };
        const listed = (await crmEntriesPageQuery(t.db, { filters, order, limit: 100, offset: 0 }).execute()).map((r) => Number(r.id));
        const read: number[] = [];
        let after: unknown[] | null = null;
        for (;;) {
          const [row] = await crmExportPageQuery(t.db, { filters, order, after, size: 1 }).execute();
          if (!row) break;
          read.push(Number(row.id));
          after = termKeyset(row, crmEntriesOrderTerms(order));
        }
        expect(read, `${key} ${dir}`).toEqual(listed);
      }
    }
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

describe("the follow-up actions list: state, order, export", () => {
  const tag = `Azioni${run}`;
  let ids: Record<string, number>;
  const today = todayInItaly();

  beforeAll(async () => {
    const make = async (data: Record<string, unknown>) => (await create(data)).json.crm_entry_id as number;
    // Delta and Echo are due the same day (ties by id); Bravo is due in the future (not overdue).
    ids = {
      delta: await make({
        date: "2026-03-01",
        event_type: "call",
        client: `Delta ${tag}`,
        contact: "+39 02 1234567",
        follow_up: 1,
        follow_up_action: "Richiamare",
      }),
      bravo: await make({ date: "2099-01-05", event_type: "meet", client: `bravo ${tag}`, follow_up: 1, follow_up_action: "Visitare" }),
      charlie: await make({ date: "2026-02-01", event_type: "mail", client: `Charlie ${tag}`, follow_up: 1, follow_up_action: "Inviare listino" }),
      echo: await make({ date: "2026-03-01", event_type: "other", client: `Echo ${tag}`, follow_up: 1, follow_up_action: "Scrivere" }),
      foxtrot: await make({ date: "2026-03-02", event_type: "call", client: `Foxtrot ${tag}`, description: `Nessuna azione` }),
    };
    await handle(ids.charlie!);
  });

  const of = async (query: string) => {
    const res = await actionsList(`search_term=${tag}&${query}`);
    expect(res.status, query).toBe(200);
    return (res.json.crm_actions as { id: number }[]).map((a) => a.id);
  };
  const names = (...keys: string[]) => keys.map((k) => ids[k]);

  it("filters pending (the default), overdue (pending, due before today), done and all", async () => {
    expect(await of("")).toEqual(names("delta", "echo", "bravo"));
    expect(await of("filters[follow_up_done]=pending")).toEqual(names("delta", "echo", "bravo"));
    expect(await of("filters[follow_up_done]=overdue")).toEqual(names("delta", "echo"));
    expect(await of("filters[follow_up_done]=done")).toEqual(names("charlie"));
    expect(await of("filters[follow_up_done]=all")).toEqual(names("charlie", "delta", "echo", "bravo"));
    // The spec's bare follow_up_done too.
    expect(await of("follow_up_done=overdue")).toEqual(names("delta", "echo"));
    const all = (await actionsList(`search_term=${tag}&filters[follow_up_done]=all`)).json as {
      crm_actions: { id: number; overdue: boolean; created_at: string }[];
      crm_actions_count: number;
    };
    expect(all.crm_actions_count).toBe(4);
    expect(Object.fromEntries(all.crm_actions.map((a) => [a.id, a.overdue]))).toEqual({
      [ids.delta!]: true,
      [ids.echo!]: true,
      [ids.bravo!]: false,
      [ids.charlie!]: false,
    });
    expect(today < "2099-01-05").toBe(true);
  });

  it("sorts by the day due, the business name, the creation and the state, both ways", async () => {
    const all = "filters[follow_up_done]=all";
    expect(await of(`${all}&order[key]=date&order[dir]=desc`)).toEqual(names("bravo", "echo", "delta", "charlie"));
    expect(await of(`${all}&order[key]=client&order[dir]=asc`)).toEqual(names("bravo", "charlie", "delta", "echo"));
    expect(await of(`${all}&order[key]=client&order[dir]=desc`)).toEqual(names("echo", "delta", "charlie", "bravo"));
    // Creation starts newest first.
    expect(await of(`${all}&order[key]=created_at`)).toEqual(names("echo", "charlie", "bravo", "delta"));
    expect(await of(`${all}&order[key]=created_at&order[dir]=asc`)).toEqual(names("delta", "bravo", "charlie", "echo"));
    // Pending before done, ties the soonest due first.
    expect(await of(`${all}&order[key]=follow_up_done&order[dir]=asc`)).toEqual(names("delta", "echo", "bravo", "charlie"));
    expect(await of(`${all}&order[key]=follow_up_done&order[dir]=desc`)).toEqual(names("charlie", "delta", "echo", "bravo"));
    expect(await of(`order[dir]=desc`)).toEqual(names("bravo", "echo", "delta"));
    const second = (await actionsList(`search_term=${tag}&${all}&limit=3&offset=1`)).json;
    expect(second.crm_actions_count).toBe(4);
    expect((second.crm_actions as { id: number }[]).map((a) => a.id)).toEqual(names("bravo"));
    for (const bad of ["order[key]=email", "order[key]=id;drop table users", "order[dir]=up", "filters[follow_up_done]=late", "limit=1000"]) {
      expect((await actionsList(`search_term=${tag}&${bad}`)).status, bad).toBe(422);
    }
  });

  it("reads the export a keyset page at a time in every order, the page's order exactly", async () => {
    const filters = { status: "all" as const, search: tag, today };
    for (const key of CRM_ACTIONS_ORDER.keys) {
      for (const dir of ["asc", "desc"] as const) {
        const order = { key, dir };
        const listed = (await crmActionsPageQuery(t.db, { filters, order, limit: 100, offset: 0 }).execute()).map((r) => Number(r.id));
        const read: number[] = [];
        let after: unknown[] | null = null;
        for (;;) {
          const [row] = await crmActionsExportPageQuery(t.db, { filters, order, after, size: 1 }).execute();
          if (!row) break;
          read.push(Number(row.id));
          after = termKeyset(row, crmActionsOrderTerms(order));
        }
        expect(read, `${key} ${dir}`).toEqual(listed);
        expect(read).toHaveLength(4);
      }
    }
  });

  const download = (query: string, actor: User | null = admin) =>
    actionsExportLoader({
      request: new Request(`http://stockspace.test/api/admin/export-crm-actions?${query}`),
      params: {},
      context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
    } as never) as Promise<Response>;
  const exportAudits = () => t.db.selectFrom("audit_log").select("details").where("action", "=", "crm_entry.export_actions").orderBy("id").execute();

  it("exports what the list shows as CSV, filtered and in its order, audited", async () => {
    const res = await download(`search_term=${tag}&filters[follow_up_done]=all&order[key]=client&order[dir]=desc`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="azioni_crm_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Scadenza;Tipo evento;Ragione sociale;Contatto;Azione;Descrizione;Stato;Gestita il;Gestita da;Creata il");
    expect(lines.slice(1).map((l) => l.split(";")[2])).toEqual([`Echo ${tag}`, `Delta ${tag}`, `Charlie ${tag}`, `bravo ${tag}`]);
    const delta = lines[2]!.split(";");
    // The phone number is no formula: written as it is, without an apostrophe.
    expect(delta.slice(0, 7)).toEqual(["2026-03-01", "Telefono", `Delta ${tag}`, "+39 02 1234567", "Richiamare", "", "In ritardo"]);
    expect(lines[3]!.split(";")[6]).toBe("Gestita");
    expect(lines[3]!.split(";")[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lines[4]!.split(";")[6]).toBe("Da gestire");
    expect((await exportAudits()).at(-1)?.details).toEqual({ search: tag, status: "all", order: "client desc" });
  });

  it("exports as XLSX with real dates and the contact as text", async () => {
    const res = await download(`search_term=${tag}&filters[follow_up_done]=overdue&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="azioni_crm_\d{2}\.\d{2}\.\d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(first.getCell(3).value).toBe(`Delta ${tag}`);
    expect(first.getCell(4).value).toBe("+39 02 1234567");
    expect(first.getCell(7).value).toBe("In ritardo");
    expect(first.getCell(10).value).toBeInstanceOf(Date);
    expect(sheet.getRow(3).getCell(3).value).toBe(`Echo ${tag}`);
    expect((await exportAudits()).at(-1)?.details).toEqual({ search: tag, status: "overdue", order: "date asc" });
  });

  it("refuses visitors (401), other roles (403) and a bad order, filter or format (422), auditing nothing", async () => {
    const before = (await exportAudits()).length;
    expect((await download("")).status).toBe(200);
    expect((await exportAudits()).length).toBe(before + 1);
    expect((await download("", null)).status).toBe(401);
    for (const other of others) expect((await download("", other)).status, other.role).toBe(403);
    for (const bad of ["format=pdf", "order[key]=email", "order[dir]=sideways", "filters[follow_up_done]=late"]) {
      expect((await download(bad)).status, bad).toBe(422);
    }
    expect((await exportAudits()).length).toBe(before + 1);
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

  it("/admin/crm?edit=id opens the popup on that entry, wherever it is in the list (junk or a missing id: none)", async () => {
    const id = (await create({ date: "2020-01-01", event_type: "call", client: `Aperta ${run}`, follow_up: 1, follow_up_action: "Richiamare" })).json
      .crm_entry_id as number;
    const load = async (query: string) =>
      (await crmPageLoader({ request: pageRequest(`/admin/crm${query}`), params: {}, context: ctx() } as never)) as {
        editing: { id: number; client: string; follow_up_action: string } | null;
        crm_entries: { id: number }[];
      };
    const opened = await load(`?event_type=meeting&edit=${id}`);
    expect(opened.editing).toMatchObject({ id, client: `Aperta ${run}`, follow_up_action: "Richiamare", follow_up_done: 0 });
    // A call, not among the meetings the list shows.
    expect(opened.crm_entries.map((e) => e.id)).not.toContain(id);
    expect((await load("?edit=abc")).editing).toBeNull();
    expect((await load("?edit=999999999")).editing).toBeNull();
  });

  it("the actions page reads state, search, sort and page from the URL (junk falls back to the defaults)", async () => {
    const tag = `Pagina azioni ${run}`;
    const first = (await create({ date: "2026-01-10", event_type: "call", client: `A ${tag}`, follow_up: 1, follow_up_action: "x" })).json
      .crm_entry_id as number;
    const second = (await create({ date: "2026-01-09", event_type: "call", client: `B ${tag}`, follow_up: 1, follow_up_action: "y" })).json
      .crm_entry_id as number;
    const load = async (query: string) =>
      (await actionsPageLoader({
        request: pageRequest(`/admin/crm-actions?search=${encodeURIComponent(tag)}${query}`),
        params: {},
        context: ctx(),
      } as never)) as {
        crm_actions: { id: number }[];
        status: string;
        order: { key: string; dir: string };
        page: number;
        pages: number;
      };
    const sorted = await load("&status=overdue&sort=client&dir=desc");
    expect(sorted).toMatchObject({ status: "overdue", order: { key: "client", dir: "desc" }, page: 1, pages: 1 });
    expect(sorted.crm_actions.map((a) => a.id)).toEqual([second, first]);
    const byDefault = await load("");
    expect(byDefault).toMatchObject({ status: "pending", order: { key: "date", dir: "asc" } });
    expect(byDefault.crm_actions.map((a) => a.id)).toEqual([second, first]);
    const junk = await load("&status=late&sort=password&dir=up&page=x");
    expect(junk).toMatchObject({ status: "pending", order: { key: "date", dir: "asc" }, page: 1 });
    expect((await load("&page=2")).crm_actions).toEqual([]);
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
      const actions = await plan(
        crmActionsPageQuery(t.db, { filters: { status: "pending", search, today: "2026-06-01" }, order: { key: "date", dir: "asc" }, limit: 20, offset: 0 }),
      );
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
    const pending = await plan(
      crmActionsPageQuery(t.db, {
        filters: { status: "pending", search: null, today: "2026-06-01" },
        order: { key: "date", dir: "asc" },
        limit: 20,
        offset: 0,
      }),
    );
    expect(pending).toMatch(/Index Scan using crm_entries_pending_actions_idx/);
    expect(pending).not.toMatch(/Seq Scan on crm_entries/);
  });
});

// The follow-up actions as they pile up: years of entries whose actions are done or that had
// none, and the pending ones among the most recent (an action waits weeks, not years).
const CRM_ACTIONS_CATALOGUE = defineCatalogue("crm_actions", async (db) => {
  await sql`
    insert into crm_entries (client, date, event_type, follow_up, follow_up_action, follow_up_done)
    select 'Cliente ' || g, date '2023-10-01' + (g % 1000), 'call', g % 2 = 0, case when g % 2 = 0 then 'Azione ' || g end,
           case when g % 2 = 0 then true end
    from generate_series(1, 300000) g`.execute(db);
  await sql`
    insert into crm_entries (client, date, event_type, follow_up, follow_up_action, follow_up_done)
    select 'Recente ' || g, date '2026-06-28' + (g % 60), 'mail', true, 'Richiamare ' || g, false
    from generate_series(1, 30000) g`.execute(db);
  await sql`vacuum analyze crm_entries`.execute(db);
});

describe("the follow-up actions on a large CRM", () => {
  const t = useCatalogueDatabase(CRM_ACTIONS_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);
  const today = "2026-07-15";

  it("pages the pending and the overdue actions, and the export's keyset pages, by the pending actions' index", async () => {
    for (const status of ["pending", "overdue"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const page = await plan(crmActionsPageQuery(t.db, { filters: { status, search: null, today }, order: { key: "date", dir }, limit: 20, offset: 0 }));
        // Never the date index filtered row by row: it would read every old entry first.
        expect(page, `${status} ${dir}`).toMatch(/Index Scan( Backward)? using crm_entries_pending_actions_idx/);
        expect(page, `${status} ${dir}`).not.toMatch(/Sort|Seq Scan on crm_entries|Rows Removed/);
      }
    }
    const exported = await plan(
      crmActionsExportPageQuery(t.db, {
        filters: { status: "pending", search: null, today },
        order: { key: "date", dir: "asc" },
        after: ["2026-07-01", 5000],
        size: 1000,
      }),
    );
    // The pending actions from the last row's day on, by either partial index: never the old entries.
    expect(exported).toMatch(/Index Scan( Backward)? using crm_entries_(pending_actions|follow_up)_idx/);
    expect(exported).toMatch(/Index Cond: .*date/);
    expect(exported).not.toMatch(/crm_entries_date_idx|Seq Scan on crm_entries/);
  });

  it("pages the entries' export in the default order by a range of the date index", async () => {
    const exported = await plan(
      crmExportPageQuery(t.db, { filters: { search: null }, order: { key: "date", dir: "desc" }, after: ["2026-05-01", 5000], size: 1000 }),
    );
    expect(exported).toMatch(/Index Scan using crm_entries_date_idx/);
    expect(exported).toMatch(/Index Cond: \(ROW\(date, id\) < ROW/);
  });
});
