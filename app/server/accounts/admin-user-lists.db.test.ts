// The stockers' and stock hunters' lists filtered and sorted (account type, confirmed, active;
// active, with requests; by name, account type, signup, active, ties by id), their exports as
// CSV and XLSX with only the filtered rows in the list's order (audited), the refusals, and the
// sorted pages' and keyset pages' query plans on a users table of some size.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import ExcelJS from "exceljs";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { loader as stockersLoader } from "../../routes/api/admin/stockers.ts";
import { loader as exportStockersLoader } from "../../routes/api/admin/export-stockers.ts";
import { loader as huntersLoader } from "../../routes/api/admin/stock-hunters.ts";
import { loader as exportHuntersLoader } from "../../routes/api/admin/export-stock-hunters.ts";
import { stockersExportQuery, stockersPageQuery, stockHuntersPageQuery } from "./admin-users.queries.ts";
import type { User } from "../db/types.ts";

const t = useTestDatabase();
const run = Date.now().toString(36);
let admin: User;
let alfa: User; // Stock Keeper, confirmed, active
let bravo: User; // Stocker, unconfirmed, active
let charlie: User; // Stocker, confirmed, switched off
let hunterA: User; // active, with a request
let hunterB: User; // switched off, no request

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  const at = (day: number) => new Date(Date.UTC(2026, 0, day, 9));
  alfa = await makeUser(t.db, { role: "stocker", company: `Alfa ${run}`, approval_status: "approved", account_type: 1, password_hash: "x", created_at: at(3) });
  bravo = await makeUser(t.db, { role: "stocker", company: `bravo ${run}`, approval_status: "approved", created_at: at(1) });
  charlie = await makeUser(t.db, {
    role: "stocker",
    company: `Charlie ${run}`,
    approval_status: "approved",
    password_hash: "x",
    active: false,
    created_at: at(2),
  });
  hunterA = await makeUser(t.db, { role: "stock_hunter", company: `Zeta ${run}`, telephone: "0039021234567", has_confirmed_code: true, created_at: at(1) });
  hunterB = await makeUser(t.db, { role: "stock_hunter", company: `Ypsilon ${run}`, active: false, created_at: at(2) });
  const owner = await makeUser(t.db, { role: "stocker", approval_status: "approved" });
  await makeRequest(t.db, { userId: hunterA.id, warehouseIds: [(await makeWarehouse(t.db, { user_id: owner.id })).id] });
});

const get = (loader: typeof stockersLoader, path: string, actor: User | null = admin) =>
  callJson(loader, t.db, { method: "GET", path, ...(actor ? { actor: actorOf(actor) } : {}) });
const ids = async (loader: typeof stockersLoader, path: string) => ((await get(loader, path)).json.users as { id: number }[]).map((u) => u.id);

describe("the stockers' filters and order", () => {
  it("filters by account type, confirmed and active, exactly", async () => {
    const base = `/api/admin/stockers?search_term=${run}`;
    expect(await ids(stockersLoader, `${base}&filters[account_type]=keeper`)).toEqual([alfa.id]);
    expect((await ids(stockersLoader, `${base}&filters[account_type]=stocker`)).sort()).toEqual([bravo.id, charlie.id].sort());
    expect(await ids(stockersLoader, `${base}&filters[confirmed]=no`)).toEqual([bravo.id]);
    expect(await ids(stockersLoader, `${base}&filters[active]=no`)).toEqual([charlie.id]);
    expect(await ids(stockersLoader, `${base}&filters[active]=yes&filters[confirmed]=yes`)).toEqual([alfa.id]);
  });

  it("sorts by name (any case), account type, signup and active, each way", async () => {
    const base = `/api/admin/stockers?search_term=${run}`;
    expect(await ids(stockersLoader, base)).toEqual([alfa.id, charlie.id, bravo.id]);
    expect(await ids(stockersLoader, `${base}&order[key]=name`)).toEqual([alfa.id, bravo.id, charlie.id]);
    expect(await ids(stockersLoader, `${base}&order[key]=name&order[dir]=desc`)).toEqual([charlie.id, bravo.id, alfa.id]);
    expect(await ids(stockersLoader, `${base}&order[key]=created_at&order[dir]=asc`)).toEqual([bravo.id, charlie.id, alfa.id]);
    // Ties by id in the column's direction.
    expect(await ids(stockersLoader, `${base}&order[key]=account_type`)).toEqual([bravo.id, charlie.id, alfa.id]);
    expect(await ids(stockersLoader, `${base}&order[key]=active&order[dir]=asc`)).toEqual([charlie.id, alfa.id, bravo.id]);
  });

  it("refuses a value it does not know with a clear error naming the field", async () => {
    for (const bad of ["filters[account_type]=boss", "filters[confirmed]=maybe", "filters[active]=1", "order[key]=password_hash", "order[dir]=up"]) {
      const res = await get(stockersLoader, `/api/admin/stockers?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(Object.keys(res.json.errors ?? {}).length, bad).toBeGreaterThan(0);
    }
  });
});

describe("the stock hunters' filters and order", () => {
  it("filters by active and by having sent requests, and sorts by name", async () => {
    const base = `/api/admin/stock-hunters?search_term=${run}`;
    expect(await ids(huntersLoader, `${base}&filters[with_requests]=yes`)).toEqual([hunterA.id]);
    expect(await ids(huntersLoader, `${base}&filters[with_requests]=no`)).toEqual([hunterB.id]);
    expect(await ids(huntersLoader, `${base}&filters[active]=no`)).toEqual([hunterB.id]);
    expect(await ids(huntersLoader, `${base}&order[key]=name`)).toEqual([hunterB.id, hunterA.id]);
    expect(await ids(huntersLoader, `${base}&order[key]=created_at&order[dir]=asc`)).toEqual([hunterA.id, hunterB.id]);
    expect((await get(huntersLoader, `${base}&filters[with_requests]=some`)).status).toBe(422);
    expect((await get(huntersLoader, `${base}&order[key]=account_type`)).status).toBe(422);
  });
});

async function download(loader: typeof exportStockersLoader, path: string, actor: User | null = admin): Promise<Response> {
  return (await loader({
    request: new Request(`http://stockspace.test${path}`),
    params: {},
    context: testContext(t.db, actor ? { actor: actorOf(actor) } : {}),
  } as never)) as Response;
}

const csvLines = async (res: Response) =>
  new TextDecoder()
    .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
    .trimEnd()
    .split("\r\n");

async function sheet(res: Response): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return workbook.worksheets[0]!;
}

describe("the stockers' export", () => {
  it("holds only the filtered rows, in the list's order, as CSV and as typed XLSX, each audited", async () => {
    const query = `search_term=${run}&filters[active]=yes&order[key]=name`;
    const csv = await download(exportStockersLoader, `/api/admin/export-stockers?${query}`);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = await csvLines(csv);
    expect(lines[0]).toBe("Nome;Cognome;Tipo account;Email;Data iscrizione;Confermato;Scadenza abbonamento;Attivo");
    expect(lines.slice(1).map((l) => l.split(";")[3])).toEqual([alfa.email, bravo.email]);

    const xlsx = await download(exportStockersLoader, `/api/admin/export-stockers?${query}&format=xlsx`);
    expect(xlsx.headers.get("Content-Disposition")).toMatch(/filename="stocker_\d{2}\.\d{2}\.\d{4}\.xlsx"/);
    const ws = await sheet(xlsx);
    expect(ws.getRow(1).getCell(1).value).toBe("Nome");
    expect(ws.rowCount).toBe(3);
    const first = ws.getRow(2);
    expect(first.getCell(3).value).toBe("Stock Keeper");
    expect(first.getCell(4).value).toBe(alfa.email);
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2026, 0, 3)));
    expect(first.getCell(5).numFmt).toBe("dd/mm/yyyy");
    expect(first.getCell(6).value).toBe("Sì");
    expect(ws.getRow(3).getCell(6).value).toBe("No");

    const audit = await t.db.selectFrom("audit_log").select("details").where("action", "=", "user.export_stockers").where("admin_id", "=", admin.id).execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({ search: run, active: true, order: "name asc" });
  });

  it("is for administrators only, and refuses a bad format", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const referent = await makeUser(t.db, { role: "referent" });
    for (const who of [stocker, hunter, referent]) expect((await download(exportStockersLoader, "/api/admin/export-stockers", who)).status).toBe(403);
    expect((await download(exportStockersLoader, "/api/admin/export-stockers", null)).status).toBe(401);
    expect((await download(exportStockersLoader, "/api/admin/export-stockers?format=pdf")).status).toBe(422);
  });
});

describe("the export of the rows picked (?ids=)", () => {
  it("holds only the picked stockers and hunters, still in the list's order and filters, the ids in the audit", async () => {
    const picked = `search_term=${run}&order[key]=name&ids=${charlie.id},${alfa.id}`;
    const lines = await csvLines(await download(exportStockersLoader, `/api/admin/export-stockers?${picked}`));
    expect(lines.slice(1).map((l) => l.split(";")[3])).toEqual([alfa.email, charlie.email]);
    // The filters still apply: a picked row they leave out is not exported.
    const filtered = await csvLines(await download(exportStockersLoader, `/api/admin/export-stockers?${picked}&filters[active]=yes`));
    expect(filtered.slice(1).map((l) => l.split(";")[3])).toEqual([alfa.email]);
    const hunters = await csvLines(await download(exportHuntersLoader, `/api/admin/export-stock-hunters?search_term=${run}&ids=${hunterB.id}`));
    expect(hunters).toHaveLength(2);
    expect(hunters[1]).toContain(hunterB.email);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "user.export_stock_hunters")
      .where(sql<boolean>`details ? 'ids'`)
      .execute();
    expect(audit.map((a) => a.details)).toContainEqual(expect.objectContaining({ ids: [hunterB.id] }));
  });

  it("refuses ids that are not positive whole numbers, repeated, empty or more than 1000 (422)", async () => {
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(",");
    for (const ids of ["abc", "1,x", "0", "-3", "1.5", "1,1", "", many]) {
      expect((await download(exportStockersLoader, `/api/admin/export-stockers?ids=${ids}`)).status, ids.slice(0, 20)).toBe(422);
      expect((await download(exportHuntersLoader, `/api/admin/export-stock-hunters?ids=${ids}`)).status, ids.slice(0, 20)).toBe(422);
    }
  });
});

describe("the stock hunters' export", () => {
  it("holds only the filtered rows with the telephone as text and the requests as a number, audited", async () => {
    const query = `search_term=${run}&filters[with_requests]=yes`;
    const lines = await csvLines(await download(exportHuntersLoader, `/api/admin/export-stock-hunters?${query}`));
    expect(lines[0]).toBe("Nome;Cognome;Azienda;Email;Telefono;Data iscrizione;Confermato;Richieste;Attivo");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(hunterA.email);

    const ws = await sheet(await download(exportHuntersLoader, `/api/admin/export-stock-hunters?${query}&format=xlsx`));
    expect(ws.rowCount).toBe(2);
    const row = ws.getRow(2);
    expect(row.getCell(4).value).toBe(hunterA.email);
    expect(row.getCell(5).value).toBe("0039021234567");
    expect(row.getCell(5).numFmt).toBe("@");
    expect(row.getCell(6).value).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(row.getCell(8).value).toBe(1);
    expect(row.getCell(9).value).toBe("Sì");

    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "user.export_stock_hunters")
      .where(sql<boolean>`not details ? 'ids'`)
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({ search: run, withRequests: true, order: "created_at desc" });
  });

  it("is for administrators only", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const referent = await makeUser(t.db, { role: "referent" });
    for (const who of [stocker, referent, hunterA]) expect((await download(exportHuntersLoader, "/api/admin/export-stock-hunters", who)).status).toBe(403);
    expect((await download(exportHuntersLoader, "/api/admin/export-stock-hunters", null)).status).toBe(401);
    expect((await download(exportHuntersLoader, "/api/admin/export-stock-hunters?order[key]=telephone")).status).toBe(422);
  });
});

// 30,000 users, one in three a stocker: built once and cloned (tests/support/catalogue.ts).
const SORT_CATALOGUE = defineCatalogue("admin_user_orders", async (db) => {
  await sql`
    insert into users (email, role, account_type, first_name, last_name, company, invite_code, approval_status, active)
    select 'order-' || g || '@users.test', case when g % 3 = 0 then 'stocker' else 'stock_hunter' end,
           case when g % 3 = 0 then g % 2 end, 'Nome' || g, 'Cognome' || g, case when g % 5 <> 0 then 'Azienda ' || g end, 'ORDU' || g,
           case when g % 3 = 0 then 'approved' end, g % 7 <> 0
    from generate_series(1, 30000) g`.execute(db);
  await sql`analyze users`.execute(db);
});

describe("the sorted lists' plans on a users table of some size", () => {
  const db = useCatalogueDatabase(SORT_CATALOGUE);
  it("reads each order from its index, never sorting the role's rows", async () => {
    const orders = [
      { key: "name", dir: "asc", index: "users_role_name_sort_idx" },
      { key: "name", dir: "desc", index: "users_role_name_sort_idx" },
      { key: "account_type", dir: "asc", index: "users_role_account_type_idx" },
      { key: "active", dir: "desc", index: "users_role_active_id_idx" },
      { key: "created_at", dir: "asc", index: "users_role_created_at_idx" },
    ] as const;
    for (const order of orders) {
      const args = { filters: { search: null }, order, limit: 20, offset: 40, matchesFirst: false };
      const page = await queryPlan(db.db, stockersPageQuery(db.db, args));
      expect(page, `${order.key} ${order.dir}`).toMatch(new RegExp(`Index Scan( Backward)? using ${order.index}`));
      expect(page, `${order.key} ${order.dir}`).not.toMatch(/Seq Scan on users|Sort Key: (?!s\.created_at)/);
      if (order.key !== "account_type") {
        const hunters = await queryPlan(db.db, stockHuntersPageQuery(db.db, args));
        expect(hunters, `hunters ${order.key}`).not.toMatch(/Seq Scan on users|Sort Key: (?!s\.created_at)/);
      }
    }
  });

  it("reads an export's keyset page as an index range", async () => {
    const order = { key: "name", dir: "asc" } as const;
    const [first] = await stockersExportQuery(db.db, { filters: { search: null }, order, after: null, size: 1 }).execute();
    const next = stockersExportQuery(db.db, { filters: { search: null, active: true }, order, after: { value: first!.sort_value, id: first!.id }, size: 1000 });
    const plan = await queryPlan(db.db, next);
    expect(plan).toMatch(/Index Scan using users_role_name_sort_idx/);
    expect(plan).not.toMatch(/Seq Scan on users|Sort Key: (?!s\.created_at)/);
  });
});
