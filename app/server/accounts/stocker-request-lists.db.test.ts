// The New stockers list filtered by age (waiting at least 1, 3 or 7 days) and sorted by business
// name, city and date (ties by id), and its export as CSV and XLSX with only the filtered rows in
// the list's order (VAT number, postcode and telephone as text), audited; the refusals.
import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { loader as listEndpoint } from "../../routes/api/admin/stocker-requests.ts";
import { loader as exportEndpoint } from "../../routes/api/admin/export-stocker-requests.ts";
import type { User } from "../db/types.ts";

const t = useTestDatabase();
const run = Date.now().toString(36);
let admin: User;
let fresh: User;
let fourDays: User;
let nineDays: User;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000);
  const request = (business: string, city: string, days: number) =>
    makeUser(t.db, {
      role: "stocker",
      approval_status: "pending",
      request_business_name: `${business} ${run}`,
      request_vat: "01234567890",
      request_cap: "00184",
      request_city: city,
      telephone: "0039061234567",
      created_at: daysAgo(days),
    });
  fresh = await request("Zeta", "Ancona", 0);
  fourDays = await request("alfa", "Roma", 4);
  nineDays = await request("Beta", "Bari", 9);
});

const get = (path: string, actor: User | null = admin) => callJson(listEndpoint, t.db, { method: "GET", path, ...(actor ? { actor: actorOf(actor) } : {}) });
const ids = async (query: string) => ((await get(`/api/admin/stocker-requests?search_term=${run}&${query}`)).json.users as { id: number }[]).map((u) => u.id);

describe("the new stockers' age filter and order", () => {
  it("keeps the registrations waiting at least 1, 3 or 7 days", async () => {
    expect(await ids("")).toEqual([fresh.id, fourDays.id, nineDays.id]);
    expect(await ids("filters[waiting_days]=1")).toEqual([fourDays.id, nineDays.id]);
    expect(await ids("filters[waiting_days]=7")).toEqual([nineDays.id]);
  });

  it("sorts by business name (any case), city and date", async () => {
    expect(await ids("order[key]=name")).toEqual([fourDays.id, nineDays.id, fresh.id]);
    expect(await ids("order[key]=city&order[dir]=desc")).toEqual([fourDays.id, nineDays.id, fresh.id]);
    expect(await ids("order[key]=created_at&order[dir]=asc")).toEqual([nineDays.id, fourDays.id, fresh.id]);
  });

  it("refuses an age or an order it does not know with a clear error", async () => {
    for (const bad of ["filters[waiting_days]=0", "order[key]=email", "order[dir]=down"]) {
      const res = await get(`/api/admin/stocker-requests?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(Object.keys(res.json.errors ?? {}).length, bad).toBeGreaterThan(0);
    }
  });
});

async function download(path: string, actor: User | null = admin): Promise<Response> {
  return (await exportEndpoint({
    request: new Request(`http://stockspace.test${path}`),
    params: {},
    context: testContext(t.db, actor ? { actor: actorOf(actor) } : {}),
  } as never)) as Response;
}

describe("GET /api/admin/export-stocker-requests", () => {
  it("exports the filtered rows in the list's order as CSV and as typed XLSX, audited with its filters", async () => {
    const query = `search_term=${run}&filters[waiting_days]=3&order[key]=name`;
    const csv = await download(`/api/admin/export-stocker-requests?${query}`);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await csv.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Ragione sociale;Nome;Cognome;Email;Telefono;Partita IVA;Indirizzo;CAP;Città;Provincia;Magazzino richiesto;Data richiesta;Stato;Nota",
    );
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual([`alfa ${run}`, `Beta ${run}`]);

    const xlsx = await download(`/api/admin/export-stocker-requests?${query}&format=xlsx`);
    expect(xlsx.headers.get("Content-Disposition")).toMatch(/filename="nuovi_stocker_\d{2}\.\d{2}\.\d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const ws = workbook.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    const row = ws.getRow(2);
    expect(row.getCell(4).value).toBe(fourDays.email);
    expect(row.getCell(5).value).toBe("0039061234567");
    expect(row.getCell(6).value).toBe("01234567890");
    expect(row.getCell(8).value).toBe("00184");
    expect(row.getCell(8).numFmt).toBe("@");
    expect(row.getCell(12).value).toBeInstanceOf(Date);
    expect(row.getCell(13).value).toBe("In attesa");

    const audit = await t.db.selectFrom("audit_log").select("details").where("action", "=", "user.export_stocker_requests").execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toEqual({ search: run, approved: "pending", waiting_days: 3, order: "name asc" });
  });

  it("is for administrators only; a bad value is a clear error", async () => {
    for (const role of ["stocker", "stock_hunter", "referent"] as const) {
      expect((await download("/api/admin/export-stocker-requests", await makeUser(t.db, { role }))).status, role).toBe(403);
    }
    expect((await download("/api/admin/export-stocker-requests", null)).status).toBe(401);
    expect((await download("/api/admin/export-stocker-requests?format=xls")).status).toBe(422);
  });
});
