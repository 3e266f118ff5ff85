// The hub requests' list filtered by age (waiting at least 1, 3 or 7 days) and sorted by its
// columns (name, place, size, requested, ties by id), and its export as CSV and XLSX with only the
// filtered rows in the list's order, audited; the refusals.
import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { loader as listEndpoint } from "../../routes/api/admin/hub-requests.ts";
import { loader as exportEndpoint } from "../../routes/api/admin/export-hub-requests.ts";
import type { User } from "../db/types.ts";

const t = useTestDatabase();
const run = Date.now().toString(36);
let admin: User;
const hubs: Record<"fresh" | "twoDays" | "fiveDays" | "tenDays", number> = { fresh: 0, twoDays: 0, fiveDays: 0, tenDays: 0 };

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000);
  const owner = await makeUser(t.db, { role: "stocker", first_name: "Gianna", last_name: "Rossi", company: "Rossi srl" });
  const make = async (name: string, city: string, m2: number | null, days: number) =>
    (
      await makeWarehouse(t.db, {
        user_id: owner.id,
        name: `${name} ${run}`,
        city,
        cap: "00184",
        total_m2: m2,
        is_hub: true,
        to_approve: true,
        status: "pending",
        created_at: daysAgo(days),
      })
    ).id;
  hubs.fresh = await make("delta", "Bari", 500, 0);
  hubs.twoDays = await make("Alfa", "Torino", 1200, 2);
  hubs.fiveDays = await make("charlie", "Ancona", null, 5);
  hubs.tenDays = await make("Bravo", "Milano", 300, 10);
});

const get = (path: string, actor: User | null = admin) => callJson(listEndpoint, t.db, { method: "GET", path, ...(actor ? { actor: actorOf(actor) } : {}) });
const ids = async (query: string) => ((await get(`/api/admin/hub-requests?search_term=${run}&${query}`)).json.warehouses as { id: number }[]).map((w) => w.id);

describe("the hub requests' age filter and order", () => {
  it("keeps the requests waiting at least 1, 3 or 7 days, longest waiting first", async () => {
    expect(await ids("")).toEqual([hubs.tenDays, hubs.fiveDays, hubs.twoDays, hubs.fresh]);
    expect(await ids("filters[waiting_days]=1")).toEqual([hubs.tenDays, hubs.fiveDays, hubs.twoDays]);
    expect(await ids("filters[waiting_days]=3")).toEqual([hubs.tenDays, hubs.fiveDays]);
    expect(await ids("filters[waiting_days]=7")).toEqual([hubs.tenDays]);
  });

  it("sorts by name (any case), place, size and date, each way", async () => {
    expect(await ids("order[key]=name")).toEqual([hubs.twoDays, hubs.tenDays, hubs.fiveDays, hubs.fresh]);
    expect(await ids("order[key]=city&order[dir]=desc")).toEqual([hubs.twoDays, hubs.tenDays, hubs.fresh, hubs.fiveDays]);
    // Largest first; a size not given counts as none.
    expect(await ids("order[key]=total_m2")).toEqual([hubs.twoDays, hubs.fresh, hubs.tenDays, hubs.fiveDays]);
    expect(await ids("order[key]=created_at&order[dir]=desc")).toEqual([hubs.fresh, hubs.twoDays, hubs.fiveDays, hubs.tenDays]);
  });

  it("refuses an age or an order it does not know with a clear error", async () => {
    for (const bad of ["filters[waiting_days]=2", "filters[waiting_days]=-1", "order[key]=owner_email", "order[dir]=sideways"]) {
      const res = await get(`/api/admin/hub-requests?${bad}`);
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

describe("GET /api/admin/export-hub-requests", () => {
  it("exports the filtered rows in the list's order as CSV and as typed XLSX, audited with its filters", async () => {
    const query = `search_term=${run}&filters[waiting_days]=3&order[key]=name`;
    const csv = await download(`/api/admin/export-hub-requests?${query}`);
    expect(csv.status).toBe(200);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await csv.arrayBuffer()).slice(3))
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Nome;Indirizzo;Città;Provincia;Proprietario;Azienda;Email;Superficie m²;Richiesto il");
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual([`Bravo ${run}`, `charlie ${run}`]);

    const xlsx = await download(`/api/admin/export-hub-requests?${query}&format=xlsx`);
    expect(xlsx.headers.get("Content-Disposition")).toMatch(/filename="richieste_hub_\d{2}\.\d{2}\.\d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const ws = workbook.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    const bravo = ws.getRow(2);
    expect(bravo.getCell(1).value).toBe(`Bravo ${run}`);
    expect(bravo.getCell(5).value).toBe("Gianna Rossi");
    expect(bravo.getCell(8).value).toBe(300);
    expect(bravo.getCell(9).value).toBeInstanceOf(Date);
    expect(bravo.getCell(9).numFmt).toBe("dd/mm/yyyy");
    expect(ws.getRow(3).getCell(8).value).toBeNull();

    const audit = await t.db.selectFrom("audit_log").select("details").where("action", "=", "warehouse.export_hub_requests").execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toEqual({ search: run, waiting_days: 3, order: "name asc" });
  });

  it("is for administrators only; a bad value is a clear error", async () => {
    for (const role of ["stocker", "stock_hunter", "referent"] as const) {
      expect((await download("/api/admin/export-hub-requests", await makeUser(t.db, { role }))).status, role).toBe(403);
    }
    expect((await download("/api/admin/export-hub-requests", null)).status).toBe(401);
    expect((await download("/api/admin/export-hub-requests?format=ods")).status).toBe(422);
    expect((await download("/api/admin/export-hub-requests?filters[waiting_days]=30")).status).toBe(422);
  });
});
