// The audit log: the /admin/audit screen's list (filters, paging, newest first), the filters'
// choices, the details shown readably, the page's loader and its guard, the history link, the
// append-only trigger of migration 0009 (UPDATE and DELETE refused, TRUNCATE allowed) and the
// list's query plans on a large log.
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { auditAdminAction } from "./audit.ts";
import { auditFilterChoices, listAuditLog } from "./audit-log.service.ts";
import { auditPageQuery, type AuditFilters } from "./audit-log.queries.ts";
import { auditLink } from "../../lib/audit-link.ts";
import { detailRows } from "../../lib/audit-details.ts";
import { auditDetailsText, auditEntityText } from "../../lib/audit-words.ts";
import { loader as auditPage } from "../../routes/admin/audit.tsx";
import { loader as exportAudit } from "../../routes/api/admin/export-audit-log.ts";
import { makeWarehouse } from "../../../tests/support/factories.ts";
import ExcelJS from "exceljs";

const t = useTestDatabase();
const NONE: AuditFilters = { adminId: null, action: null, entityType: null, entityId: null, from: null, to: null };

let anna: User;
let bruno: User;

async function entry(admin: User | null, action: string, entityType: string, entityId: number | null, createdAt: string, details: object = {}) {
  const row = await t.db
    .insertInto("audit_log")
    .values({ admin_id: admin?.id ?? null, action, entity_type: entityType, entity_id: entityId, details: details as never, created_at: new Date(createdAt) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function pageOf(url: string, actor: User | null) {
  const request = new Request(`http://stockspace.test${url}`);
  return auditPage({ request, params: {}, context: testContext(t.db, { actor: actor ? actorOf(actor) : null }) } as never) as Promise<
    Awaited<ReturnType<typeof auditPage>>
  >;
}

describe("the audit log list", () => {
  beforeAll(async () => {
    anna = await makeUser(t.db, { role: "admin", first_name: "Anna", last_name: "Admin" });
    bruno = await makeUser(t.db, { role: "admin", first_name: "Bruno", last_name: "Boss" });
    // 45 entries of Anna on warehouse 7, one a day from 1 January 2026 at noon UTC.
    for (let i = 0; i < 45; i++) {
      const day = new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString();
      await entry(anna, i % 3 === 0 ? "warehouse.toggle_deactivated" : "warehouse.update", "warehouse", 7, day, {
        changes: { name: { before: `N${i}`, after: `N${i + 1}` } },
      });
    }
    await entry(bruno, "user.approve", "user", 42, "2026-03-10T23:30:00Z", { account_type: 1 });
    await entry(bruno, "user.refuse", "user", 43, "2026-03-11T08:00:00Z", { note: "Documenti mancanti" });
  });

  it("lists newest first, 20 a page, with who did it", async () => {
    const first = await listAuditLog(t.db, { filters: NONE, page: 0 });
    expect(first.entries_count).toBe(47);
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]).toMatchObject({
      action: "user.refuse",
      entity_type: "user",
      entity_id: 43,
      admin_id: bruno.id,
      admin_name: "Bruno Boss",
      admin_email: bruno.email,
      details: { note: "Documenti mancanti" },
    });
    const times = first.entries.map((e) => e.created_at.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const last = await listAuditLog(t.db, { filters: NONE, page: 2 });
    expect(last.entries).toHaveLength(7);
    expect(last.entries.at(-1)!.created_at.toISOString()).toBe("2026-01-01T12:00:00.000Z");
    expect((await listAuditLog(t.db, { filters: NONE, page: 3 })).entries).toEqual([]);
  });

  it("filters by administrator, action, entity and dates (days in Italy, both included)", async () => {
    const count = async (f: Partial<AuditFilters>) => (await listAuditLog(t.db, { filters: { ...NONE, ...f }, page: 0 })).entries_count;
    expect(await count({ adminId: anna.id })).toBe(45);
    expect(await count({ adminId: bruno.id })).toBe(2);
    expect(await count({ action: "warehouse.toggle_deactivated" })).toBe(15);
    expect(await count({ entityType: "warehouse" })).toBe(45);
    expect(await count({ entityType: "user", entityId: 42 })).toBe(1);
    expect(await count({ entityType: "warehouse", entityId: 8 })).toBe(0);
    // 23:30 UTC on 10 March is 00:30 on 11 March in Rome.
    expect(await count({ adminId: bruno.id, from: "2026-03-11" })).toBe(2);
    expect(await count({ adminId: bruno.id, to: "2026-03-10" })).toBe(0);
    expect(await count({ from: "2026-01-10", to: "2026-01-19" })).toBe(10);
    expect(await count({ adminId: anna.id, action: "user.approve" })).toBe(0);
  });

  it("offers the administrators, the distinct actions and the entity types as filter choices", async () => {
    const choices = await auditFilterChoices(t.db);
    expect(choices.admins.map((a) => a.name)).toEqual(expect.arrayContaining(["Anna Admin", "Bruno Boss"]));
    expect(choices.actions).toEqual(["user.approve", "user.refuse", "warehouse.toggle_deactivated", "warehouse.update"]);
    expect(choices.entityTypes).toEqual(["user", "warehouse"]);
  });

  it("the page reads its filters and page from the URL, ignores junk, and is for administrators only", async () => {
    const data = await pageOf(`/admin/audit?entity_type=warehouse&entity_id=7&page=2&from=nonsense&admin_id=abc`, anna);
    expect(data.filters).toEqual({ ...NONE, entityType: "warehouse", entityId: 7, entityName: null });
    expect(data.entries_count).toBe(45);
    expect(data.entries).toHaveLength(20);
    expect(data.page).toBe(2);
    expect(data.pages).toBe(3);
    for (const role of ["stocker", "stock_hunter", "referent"] as const) {
      const other = await makeUser(t.db, { role });
      await expect(pageOf("/admin/audit", other), role).rejects.toMatchObject({ init: { status: 403 } });
    }
    await expect(pageOf("/admin/audit", null)).rejects.toMatchObject({ init: { status: 401 } });
  });

  it("links an entity to its history", () => {
    expect(auditLink("warehouse", 12)).toBe("/admin/audit?entity_type=warehouse&entity_id=12");
  });
});

describe("the details, readably", () => {
  it("shows changes as before → after, records field by field, and plain values", () => {
    expect(detailRows({ changes: { name: { before: "A", after: "B" } }, code: "X1" })).toEqual([
      { field: "name", change: true, before: "A", after: "B" },
      { field: "code", change: false, value: "X1" },
    ]);
    expect(detailRows({ before: { status: "pending", note: null }, after: { status: "refused", note: "No" } })).toEqual([
      { field: "status", change: true, before: "pending", after: "refused" },
      { field: "note", change: true, before: null, after: "No" },
    ]);
    // promo codes write { after: changedFields({}, row) }.
    expect(detailRows({ after: { code: { before: null, after: "ESTATE" } } })).toEqual([{ field: "code", change: true, before: null, after: "ESTATE" }]);
    expect(detailRows({ deactivated: true })).toEqual([{ field: "deactivated", change: false, value: true }]);
    expect(detailRows({})).toEqual([]);
  });
});

describe("the audit log for people: names, the name search, the export", () => {
  const tag = `T${Date.now().toString(36)}`;
  let admin: User;
  let mario: User;
  let depot: { id: number };
  let approveId: number;

  async function exportOf(query: string, actor: User | null) {
    return exportAudit({
      request: new Request(`http://stockspace.test/api/admin/export-audit-log${query}`),
      params: {},
      context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
    } as never) as Promise<Response>;
  }

  beforeAll(async () => {
    admin = await makeUser(t.db, { role: "admin", first_name: "Carla", last_name: `Capo${tag}` });
    mario = await makeUser(t.db, { role: "stocker", first_name: "Mario", last_name: `Rossi${tag}` });
    depot = await makeWarehouse(t.db, { name: `Deposito Nord ${tag}` });
    approveId = await entry(admin, "user.approve", "user", mario.id, "2026-05-02T10:00:00Z", {
      before: { approval_status: "pending", account_type: null },
      after: { approval_status: "approved", account_type: 1 },
      warehouse_id: depot.id,
      warehouse_created: true,
    });
    await entry(admin, "warehouse.toggle_deactivated", "warehouse", Number(depot.id), "2026-05-03T10:00:00Z", {
      before: { deactivated: false },
      after: { deactivated: true },
    });
    // A warehouse since deleted: its entries stay, with its id and no name.
    await entry(admin, "warehouse.update", "warehouse", 987654321, "2026-05-01T10:00:00Z", { changes: { name: { before: `Vecchio ${tag}`, after: "X" } } });
  });

  it("names each entity (with its id) and who acted, and the ids its details name", async () => {
    const list = await listAuditLog(t.db, { filters: { ...NONE, adminId: admin.id }, page: 0 });
    expect(list.entries.map((e) => [e.action, e.entity_name])).toEqual([
      ["warehouse.toggle_deactivated", `Deposito Nord ${tag}`],
      ["user.approve", `Mario Rossi${tag}`],
      ["warehouse.update", null],
    ]);
    expect(list.entries[0]).toMatchObject({ admin_name: `Carla Capo${tag}` });
    expect(list.names.warehouses[depot.id]).toBe(`Deposito Nord ${tag}`);
    const approve = list.entries.find((e) => e.id === approveId)!;
    expect(auditEntityText(approve.entity_type, approve.entity_id, approve.entity_name)).toBe(`Mario Rossi${tag} (#${mario.id})`);
    expect(auditDetailsText(approve.details as never, list.names)).toBe(
      // jsonb keeps its keys shortest first.
      `Tipo di account: — → Stock Keeper; Stato dell'approvazione: In attesa → Approvato; Magazzino: Deposito Nord ${tag} (#${depot.id}); Magazzino creato: Sì`,
    );
    expect(auditEntityText("warehouse", 987654321, null)).toBe("Magazzino #987654321 (non più presente)");
  });

  it("finds the entries of an entity by a piece of its name, any case, with the other filters", async () => {
    const named = async (name: string, more: Partial<AuditFilters> = {}) =>
      (await listAuditLog(t.db, { filters: { ...NONE, ...more, entityName: name }, page: 0 })).entries.map((e) => e.action);
    expect(await named(`rossi${tag}`.toUpperCase())).toEqual(["user.approve"]);
    expect(await named(`nord ${tag}`)).toEqual(["warehouse.toggle_deactivated"]);
    expect(await named(tag)).toEqual(["warehouse.toggle_deactivated", "user.approve"]);
    expect(await named(tag, { action: "user.approve" })).toEqual(["user.approve"]);
    expect(await named(tag, { to: "2026-05-02" })).toEqual(["user.approve"]);
    // % and _ are taken literally.
    expect(await named("%")).toEqual([]);
    // Text PostgreSQL cannot compare is no filter, never an error.
    expect((await pageOf("/admin/audit?search=a%00b&action=x%00", admin)).filters).toMatchObject({ entityName: null, action: null });
    const page = await pageOf(`/admin/audit?search=${encodeURIComponent(`Nord ${tag}`)}`, admin);
    expect(page.filters.entityName).toBe(`Nord ${tag}`);
    expect(page.entries.map((e) => e.entity_name)).toEqual([`Deposito Nord ${tag}`]);
  });

  it("exports the log as filtered, as CSV, audited as an export", async () => {
    const res = await exportOf(`?admin_id=${admin.id}&format=csv`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="registro_attivita_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Data e ora;Amministratore;E-mail amministratore;Azione;Codice azione;Tipo di entità;ID entità;Entità;Dettagli");
    // The export is audited before its first row is read: it is the newest entry it exports.
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};Carla Capo${tag};[^;]+;Esportazione del registro attività;audit\\.export;Registro attività;;Registro attività;"Formato: csv; Amministratore: Carla Capo${tag} \\(#${admin.id}\\)"$`,
      ),
    );
    expect(lines[2]).toBe(
      `2026-05-03 12:00;Carla Capo${tag};${admin.email};Magazzino attivato o disattivato;warehouse.toggle_deactivated;Magazzino;${depot.id};Deposito Nord ${tag} (#${depot.id});Disattivato: No → Sì`,
    );
    expect(lines[4]).toContain(`Magazzino #987654321 (non più presente)`);
    const audited = await t.db
      .selectFrom("audit_log")
      .select(["details", "entity_type"])
      .where("action", "=", "audit.export")
      .where("admin_id", "=", admin.id)
      .execute();
    expect(audited).toEqual([{ entity_type: "audit_log", details: { admin_id: admin.id, format: "csv" } }]);
  });

  it("exports as XLSX: the time a real date, ids as text", async () => {
    // search_term, the lists' name; search, the page's, is read too (the export below).
    expect((await exportOf(`?search_term=${encodeURIComponent(tag)}&format=csv`, admin)).status).toBe(200);
    const res = await exportOf(`?search=${encodeURIComponent(tag)}&format=xlsx`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    // 10:00 UTC on 3 May is 12:00 in Italy, written as that wall-clock time.
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect((first.getCell(1).value as Date).toISOString()).toBe("2026-05-03T12:00:00.000Z");
    expect(first.getCell(7).value).toBe(String(depot.id));
    expect(first.getCell(8).value).toBe(`Deposito Nord ${tag} (#${depot.id})`);
    expect(sheet.getRow(3).getCell(4).value).toBe("Approvazione dello stocker");
    const audited = await t.db.selectFrom("audit_log").select("details").where("action", "=", "audit.export").where("admin_id", "=", admin.id).execute();
    expect(audited.map((a) => a.details)).toContainEqual({ search: tag, format: "xlsx" });
  });

  it("refuses other roles (403) and visitors (401), and bad filters (422), exporting and auditing nothing", async () => {
    const before = await t.db
      .selectFrom("audit_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    for (const role of ["stocker", "stock_hunter", "referent"] as const) {
      const other = await makeUser(t.db, { role });
      expect((await exportOf("?format=csv", other)).status, role).toBe(403);
    }
    expect((await exportOf("", null)).status).toBe(401);
    expect((await exportOf("?from=nonsense", admin)).status).toBe(422);
    expect((await exportOf("?format=pdf", admin)).status).toBe(422);
    expect((await exportOf("?admin_id=-3", admin)).status).toBe(422);
    const after = await t.db
      .selectFrom("audit_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("the append-only trigger (migration 0009)", () => {
  it("refuses UPDATE and DELETE, whoever asks, and keeps the row as it was", async () => {
    const admin = await makeUser(t.db, { role: "admin" });
    await t.db
      .transaction()
      .execute((trx) => auditAdminAction(trx, actorOf(admin), { action: "user.approve", entityType: "user", entityId: 5, details: { account_type: 0 } }));
    const row = await t.db.selectFrom("audit_log").selectAll().where("admin_id", "=", admin.id).executeTakeFirstOrThrow();
    await expect(t.db.updateTable("audit_log").set({ action: "user.refuse" }).where("id", "=", row.id).execute()).rejects.toThrow(/append-only/);
    await expect(
      t.db
        .updateTable("audit_log")
        .set({ details: { account_type: 1 } })
        .where("id", "=", row.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`update audit_log set created_at = now() - interval '1 year'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom("audit_log").where("id", "=", row.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await t.db.selectFrom("audit_log").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow()).toEqual(row);
  });

  it("lets the foreign key forget a deleted administrator, and nothing else", async () => {
    const leaving = await makeUser(t.db, { role: "admin" });
    const id = await entry(leaving, "specification.create", "specification", 3, "2026-02-01T10:00:00Z", { cat_id: 2 });
    await expect(t.db.updateTable("audit_log").set({ admin_id: null, action: "x" }).where("id", "=", id).execute()).rejects.toThrow(/append-only/);
    await t.db.deleteFrom("users").where("id", "=", leaving.id).execute();
    const row = await t.db.selectFrom("audit_log").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ admin_id: null, action: "specification.create", entity_type: "specification", details: { cat_id: 2 } });
    const listed = await listAuditLog(t.db, { filters: { ...NONE, entityType: "specification", entityId: 3 }, page: 0 });
    expect(listed.entries[0]).toMatchObject({ admin_id: null, admin_name: null });
  });

  it("leaves TRUNCATE allowed (tests resetting a database)", async () => {
    await sql`truncate audit_log`.execute(t.db);
    expect((await listAuditLog(t.db, { filters: NONE, page: 0 })).entries_count).toBe(0);
  });
});

const AUDIT_CATALOGUE = defineCatalogue("audit_log", async (db) => {
  // 200,000 entries over two years, by 5 administrators, 12 actions, 4 entity types.
  const admins: number[] = [];
  for (let i = 0; i < 5; i++) admins.push((await makeUser(db, { role: "admin" })).id);
  await sql`
    insert into audit_log (admin_id, action, entity_type, entity_id, details, created_at)
    select (${sql.lit(`{${admins.join(",")}}`)}::bigint[])[1 + g % 5], 'action.' || (g % 12), (array['warehouse', 'user', 'crm_entry', 'specification'])[1 + g % 4],
           g % 20000, jsonb_build_object('n', g), now() - (g * 5 || ' minutes')::interval
    from generate_series(1, 200000) g`.execute(db);
  // And 30 of a sixth, seldom seen administrator, with an action of their own.
  const rare = await makeUser(db, { role: "admin", first_name: "Rara" });
  await sql`
    insert into audit_log (admin_id, action, entity_type, entity_id, created_at)
    select ${rare.id}, 'promo_code.create', 'promo_code', g, now() - (g || ' days')::interval from generate_series(1, 30) g`.execute(db);
  await sql`analyze audit_log`.execute(db);
  await sql`analyze users`.execute(db);
});

describe("the audit list's query plans", () => {
  const t = useCatalogueDatabase(AUDIT_CATALOGUE);
  async function plan(filters: Partial<AuditFilters>, offset = 0): Promise<string> {
    const compiled = auditPageQuery(t.db, { filters: { ...NONE, ...filters }, limit: 20, offset }).compile();
    const { rows } = await t.db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  }

  it("reads each filter's index, never the whole log", async () => {
    const rare = (await t.db.selectFrom("users").select("id").where("first_name", "=", "Rara").executeTakeFirstOrThrow()).id;
    const cases: [Partial<AuditFilters>, RegExp][] = [
      [{}, /audit_log_created_at_idx/],
      [{ from: "2025-01-01", to: "2025-01-31" }, /audit_log_created_at_idx/],
      // A frequent value is met soon enough walking the dates; a rare one is read by its own index.
      [{ action: "action.5" }, /audit_log_(action|created_at)_idx/],
      [{ adminId: Number(rare) }, /audit_log_admin_id_idx/],
      [{ action: "promo_code.create" }, /audit_log_action_idx/],
      [{ entityType: "warehouse", entityId: 1234 }, /audit_log_entity_idx/],
      // A name: each kind's matching ids first, then the log through its entity index.
      [{ entityName: "Rara" }, /audit_log_entity_idx/],
    ];
    for (const [filters, index] of cases) {
      const text = await plan(filters, 40);
      expect(text, JSON.stringify(filters)).toMatch(index);
      expect(text, JSON.stringify(filters)).not.toMatch(/Seq Scan on audit_log/);
    }
  });
});
