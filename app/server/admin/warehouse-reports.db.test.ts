// The reports on warehouses in the back office: the list by state (open by default, closed, all)
// and by date or warehouse, its export (CSV and typed XLSX, only the rows the list shows, in its
// order, audited), closing one (POST /api/admin/warehouse-reports/{id}/close and the page's
// "Chiudi": who, when and the note kept, audited on the warehouse in the same transaction, the
// work queue's count going down, a second close answering the same without a second audit row,
// an unknown or a hunter's report 404), the refusals, and the open reports' plan unchanged.
import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import type { User } from "../db/types.ts";
import { loader as exportLoader } from "../../routes/api/admin/export-warehouse-reports.ts";
import { action as closeAction, loader as closeLoader } from "../../routes/api/admin/warehouse-reports.close.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/reports.tsx";
import { workQueue } from "./dashboard.queries.ts";
import { warehouseReportsPage } from "./warehouse-reports.queries.ts";

const t = useTestDatabase();
const DAY = 86_400_000;
let admin: User;
let others: User[];
let reports: { old: number; recent: number; closed: number; onHunter: number };
let alfaId: number;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin", first_name: "Ada", last_name: "Admin" });
  others = [await makeUser(t.db, { role: "stocker" }), await makeUser(t.db, { role: "stock_hunter" }), await makeUser(t.db, { role: "referent" })];
  const owner = await makeUser(t.db, { role: "stocker", approval_status: "approved" });
  const alfa = await makeWarehouse(t.db, { user_id: owner.id, name: "Alfa deposito" });
  const zeta = await makeWarehouse(t.db, { user_id: owner.id, name: "Zeta deposito" });
  alfaId = alfa.id;
  const insert = async (fields: { warehouse: number; userId: number; days: number; closed?: boolean; target?: "warehouse" | "hunter"; subject: string }) => {
    const { links } = await makeRequest(t.db, { userId: fields.userId, warehouseIds: [fields.warehouse] });
    const link = links[0]!;
    const row = await t.db
      .insertInto("reports")
      .values({
        user_id: fields.userId,
        warehouse_id: link.warehouse_id,
        warehouse_request_id: link.warehouse_request_id,
        link_id: link.id,
        target: fields.target ?? "warehouse",
        full_name: "Ugo Utente",
        email: "ugo@example.com",
        telephone: "0039333000000",
        subject: fields.subject,
        description: "Le foto non corrispondono.",
        created_at: new Date(Date.now() - fields.days * DAY),
        closed_at: fields.closed ? new Date(Date.now() - (fields.days - 1) * DAY) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const hunter = await makeUser(t.db, { role: "stock_hunter" });
  reports = {
    old: await insert({ warehouse: zeta.id, userId: hunter.id, days: 5, subject: "Vecchia" }),
    recent: await insert({ warehouse: alfa.id, userId: hunter.id, days: 2, subject: "Recente" }),
    closed: await insert({ warehouse: alfa.id, userId: hunter.id, days: 9, closed: true, subject: "Chiusa" }),
    onHunter: await insert({ warehouse: alfa.id, userId: hunter.id, days: 3, target: "hunter", subject: "Sul cliente" }),
  };
});

const list = async (query = "", actor: User | null = admin) =>
  (await pageLoader({
    request: new Request(`http://stockspace.test/admin/reports${query}`),
    params: {},
    context: testContext(t.db, actor ? { actor: actorOf(actor) } : {}),
  } as never)) as {
    reports: { id: number; closed_at: Date | null; closed_by_name: string | null; close_note: string | null }[];
    reports_count: number;
    state: string;
  };
const ids = async (query = "") => (await list(query)).reports.map((r) => r.id);

async function download(path: string, actor: User | null = admin): Promise<Response> {
  return (await exportLoader({
    request: new Request(`http://stockspace.test${path}`),
    params: {},
    context: testContext(t.db, actor ? { actor: actorOf(actor) } : {}),
  } as never)) as Response;
}

const close = (id: number | string, body: unknown = {}, actor: User | null = admin) =>
  callJson(closeAction, t.db, {
    path: `/api/admin/warehouse-reports/${id}/close`,
    params: { id: String(id) },
    body,
    ...(actor ? { actor: actorOf(actor) } : {}),
  });

describe("the reports' list", () => {
  it("shows the open ones by default, the oldest first; closed and all on asking; by warehouse each way", async () => {
    expect(await ids()).toEqual([reports.old, reports.recent]);
    expect((await list()).state).toBe("open");
    expect(await ids("?state=closed")).toEqual([reports.closed]);
    expect(await ids("?state=all")).toEqual([reports.closed, reports.old, reports.recent]);
    expect(await ids("?state=all&sort=created_at&dir=desc")).toEqual([reports.recent, reports.old, reports.closed]);
    // Alfa before Zeta, ties by id in the same direction.
    expect(await ids("?state=all&sort=warehouse")).toEqual([reports.recent, reports.closed, reports.old]);
    expect(await ids("?state=all&sort=warehouse&dir=desc")).toEqual([reports.old, reports.closed, reports.recent]);
    expect((await list("?state=all")).reports_count).toBe(3);
  });

  it("reads a state or an order it does not know in the URL as the default; anyone but an administrator is refused", async () => {
    expect(await ids("?state=maybe&sort=subject&dir=up")).toEqual([reports.old, reports.recent]);
    for (const who of others) await expect(list("", who)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(list("", null)).rejects.toMatchObject({ init: { status: 401 } });
  });

  it("reads the open reports, the oldest first, from their partial index (migration 0031)", async () => {
    const plan = await queryPlan(t.db, {
      compile: () =>
        t.db
          .selectFrom("reports as r")
          .select(["r.id"])
          .where("r.target", "=", "warehouse")
          .where("r.closed_at", "is", null)
          .orderBy("r.created_at")
          .orderBy("r.id")
          .limit(20)
          .compile(),
    });
    expect(plan).toMatch(/reports_open_warehouse_idx|Seq Scan on reports/);
    // The list's own statement runs for every state and order.
    for (const state of ["open", "closed", "all"] as const)
      for (const key of ["created_at", "warehouse"] as const)
        await warehouseReportsPage(t.db, { filters: { state }, order: { key, dir: "desc" }, limit: 20, offset: 0 });
  });
});

describe("the reports' export", () => {
  it("holds the rows the list shows, in its order, as CSV and typed XLSX, audited", async () => {
    const csv = await download("/api/admin/export-warehouse-reports?filters[state]=all&order[key]=created_at&order[dir]=desc");
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toMatch(/filename="segnalazioni_\d{2}\.\d{2}\.\d{4}\.csv"/);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await csv.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Data;Magazzino;ID magazzino;Richiesta;Autore;E-mail;Telefono;Oggetto;Testo;Chiusa;Chiusa il;Chiusa da;Nota di chiusura");
    expect(lines.slice(1).map((l) => l.split(";")[7])).toEqual(["Recente", "Vecchia", "Chiusa"]);

    const xlsx = await download("/api/admin/export-warehouse-reports?format=xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const ws = workbook.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect(first.getCell(1).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(first.getCell(2).value).toBe("Zeta deposito");
    expect(typeof first.getCell(3).value).toBe("number");
    expect(first.getCell(4).value).toMatch(/^\d+$/);
    expect(first.getCell(4).numFmt).toBe("@");
    expect(first.getCell(7).value).toBe("0039333000000");
    expect(first.getCell(8).value).toBe("Vecchia");
    expect(first.getCell(10).value).toBe("No");
    expect(first.getCell(11).value).toBeNull();

    const audit = await t.db.selectFrom("audit_log").select(["details", "admin_id"]).where("action", "=", "warehouse.export_reports").orderBy("id").execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, details: { state: "all", order: "created_at desc" } });
  });

  it("is for administrators only, and refuses a format, state or order it does not know", async () => {
    for (const who of others) expect((await download("/api/admin/export-warehouse-reports", who)).status).toBe(403);
    expect((await download("/api/admin/export-warehouse-reports", null)).status).toBe(401);
    for (const bad of ["format=pdf", "filters[state]=maybe", "order[key]=subject", "order[dir]=up"])
      expect((await download(`/api/admin/export-warehouse-reports?${bad}`)).status, bad).toBe(422);
  });
});

describe("closing a report", () => {
  it("closes it with the note, audits it on the warehouse, and the work queue counts one fewer", async () => {
    const before = (await workQueue(t.db)).warehouse_reports.count;
    const res = await close(reports.recent, { note: "  Foto aggiornate dal proprietario.  " });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ report_id: reports.recent, warehouse_id: alfaId, already_closed: false });
    expect((await workQueue(t.db)).warehouse_reports.count).toBe(before - 1);
    const row = await t.db.selectFrom("reports").selectAll().where("id", "=", reports.recent).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ closed_by: admin.id, close_note: "Foto aggiornate dal proprietario." });
    expect(row.closed_at).toBeInstanceOf(Date);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "warehouse.close_report").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, entity_type: "warehouse", entity_id: alfaId });
    expect(audit[0]!.details).toMatchObject({ report_id: reports.recent, subject: "Recente", note: "Foto aggiornate dal proprietario." });
    const shown = (await list("?state=closed")).reports.find((r) => r.id === reports.recent)!;
    expect(shown).toMatchObject({ closed_by_name: "Ada Admin", close_note: "Foto aggiornate dal proprietario." });

    // Again (a double click, a retry): the same answer, nothing changed, no second audit row.
    const again = await close(reports.recent, { note: "altro" });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ report_id: reports.recent, already_closed: true });
    expect(new Date(again.json.closed_at).getTime()).toBe(row.closed_at!.getTime());
    expect((await t.db.selectFrom("reports").select("close_note").where("id", "=", reports.recent).executeTakeFirstOrThrow()).close_note).toBe(
      "Foto aggiornate dal proprietario.",
    );
    expect(await t.db.selectFrom("audit_log").select("id").where("action", "=", "warehouse.close_report").execute()).toHaveLength(1);
  });

  it("answers 404 for an unknown report or one on a hunter, 422 for a bad id or note, 405 for GET", async () => {
    expect((await close(999_999_999)).status).toBe(404);
    expect((await close(reports.onHunter)).status).toBe(404);
    expect((await close("abc")).status).toBe(422);
    expect((await close(reports.old, { note: "x".repeat(2001) })).status).toBe(422);
    expect(
      (
        await callJson(closeLoader, t.db, {
          method: "GET",
          path: `/api/admin/warehouse-reports/${reports.old}/close`,
          params: { id: String(reports.old) },
          actor: actorOf(admin),
        })
      ).status,
    ).toBe(405);
    expect((await t.db.selectFrom("reports").select("closed_at").where("id", "=", reports.old).executeTakeFirstOrThrow()).closed_at).toBeNull();
  });

  it("is for administrators only: 403 for the other roles, 401 without a session, nothing closed", async () => {
    for (const who of others) expect((await close(reports.old, {}, who)).status).toBe(403);
    expect((await close(reports.old, {}, null)).status).toBe(401);
    expect((await t.db.selectFrom("reports").select("closed_at").where("id", "=", reports.old).executeTakeFirstOrThrow()).closed_at).toBeNull();
  });

  it('closes from the page\'s "Chiudi" through the same service, without a note', async () => {
    const form = new FormData();
    form.set("intent", "close");
    form.set("id", String(reports.old));
    form.set("note", "");
    const result = await pageAction({
      request: new Request("http://stockspace.test/admin/reports", { method: "POST", body: form }),
      params: {},
      context: testContext(t.db, { actor: actorOf(admin) }),
    } as never);
    expect(result).toEqual({ ok: true, report_id: reports.old });
    expect(await t.db.selectFrom("reports").select(["closed_by", "close_note"]).where("id", "=", reports.old).executeTakeFirstOrThrow()).toEqual({
      closed_by: admin.id,
      close_note: null,
    });
    expect(await ids()).toEqual([]);
    await expect(
      pageAction({
        request: new Request("http://stockspace.test/admin/reports", { method: "POST", body: form }),
        params: {},
        context: testContext(t.db, { actor: actorOf(others[0]!) }),
      } as never),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });
});
