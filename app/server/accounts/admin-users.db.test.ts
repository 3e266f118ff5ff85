// The back office's stockers and stock hunters: lists with the subscription filter and expiry,
// the streamed CSV export, switching an account off (its sessions end), the confirmation e-mail
// again, the refusals, the audit, and the search's query plan on a large users table.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { loader as stockersLoader } from "../../routes/api/admin/stockers.ts";
import { loader as exportLoader } from "../../routes/api/admin/export-stockers.ts";
import { loader as huntersLoader } from "../../routes/api/admin/stock-hunters.ts";
import { action as toggleAction } from "../../routes/api/admin/users.toggle-active.ts";
import { action as confirmAction } from "../../routes/api/admin/users.send-confirm-email.ts";
import { resolveSession, startSession } from "./sessions.service.ts";
import { countStockHunters, countStockers, stockHuntersPageQuery, stockersPageQuery } from "./admin-users.queries.ts";
import { findMatchesFirst } from "../db/searched-page.ts";
import type { User } from "../db/types.ts";

const t = useTestDatabase();
let admin: User;
let running: User;
let expired: User;
let never: User;
let hunter: User;
const run = Date.now().toString(36);

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  running = await makeUser(t.db, { role: "stocker", company: `Attiva ${run}`, approval_status: "approved", password_hash: "x" });
  expired = await makeUser(t.db, { role: "stocker", company: `Scaduta ${run}`, approval_status: "approved", account_type: 1, password_hash: "x" });
  never = await makeUser(t.db, { role: "stocker", company: `Mai ${run}`, approval_status: "approved" });
  hunter = await makeUser(t.db, { role: "stock_hunter", company: `Cacciatore ${run}`, has_confirmed_code: true });
  await subscribeWarehouses(t.db, running.id, [(await makeWarehouse(t.db, { user_id: running.id })).id], { ends_at: new Date("2027-03-31T10:00:00Z") });
  await subscribeWarehouses(t.db, expired.id, [(await makeWarehouse(t.db, { user_id: expired.id })).id], {
    stripe_status: "canceled",
    ends_at: new Date("2026-01-15T10:00:00Z"),
  });
});

const list = (query: string, actor: User = admin) =>
  callJson(stockersLoader, t.db, { method: "GET", path: `/api/admin/stockers?${query}`, actor: actorOf(actor) });

describe("the stockers' list", () => {
  it("filters by subscription and shows the latest subscription's expiry", async () => {
    const names = async (sub: string) =>
      ((await list(`search_term=${run}&filters[sub_type]=${sub}`)).json.users as { name: string }[]).map((u) => u.name).sort();
    expect(await names("all")).toEqual([`Attiva ${run}`, `Mai ${run}`, `Scaduta ${run}`]);
    expect(await names("active")).toEqual([`Attiva ${run}`]);
    expect(await names("expired")).toEqual([`Scaduta ${run}`]);
    const all = (await list(`search_term=attiva ${run}`)).json;
    expect(all.users_count).toBe(1);
    expect(all.users[0]).toMatchObject({ id: running.id, sub_running: true, sub_date: "2027-03-31T10:00:00.000Z", active: true, completed: true });
  });

  it("exports the same selection as a CSV for Italian spreadsheets", async () => {
    const res = await exportLoader({
      request: new Request(`http://stockspace.test/api/admin/export-stockers?search_term=${run}&filters[sub_type]=all`),
      params: {},
      context: (await import("../../../tests/support/endpoint.ts")).testContext(t.db, { actor: actorOf(admin) }),
    } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="stocker_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Nome;Cognome;Tipo account;Email;Data iscrizione;Confermato;Scadenza abbonamento;Attivo");
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes(expired.email))).toMatch(/;Stock Keeper;.*;Sì;2026-01-15;Sì$/);
    expect(lines.find((l) => l.includes(never.email))).toMatch(/;No;;Sì$/);
    const audit = await t.db.selectFrom("audit_log").select("details").where("action", "=", "user.export_stockers").where("admin_id", "=", admin.id).execute();
    expect(audit).toHaveLength(1);
  });

  it("is for administrators only", async () => {
    expect((await list("", running)).status).toBe(403);
    expect((await callJson(stockersLoader, t.db, { method: "GET", path: "/api/admin/stockers" })).status).toBe(401);
    expect((await list("filters[sub_type]=forever")).status).toBe(422);
    expect(
      (await callJson(huntersLoader, t.db, { method: "GET", path: `/api/admin/stock-hunters?search_term=${run}`, actor: actorOf(admin) })).json,
    ).toMatchObject({ users_count: 1, users: [{ id: hunter.id }] });
  });
});

describe("switching an account off and on", () => {
  it("ends the user's sessions, refuses them at once, and is audited; others are refused", async () => {
    const { token } = await startSession(t.db, { userId: hunter.id, remember: true, ip: "203.0.113.1", userAgent: "test" });
    expect(await resolveSession(t.db, token)).not.toBeNull();
    const off = await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: String(hunter.id) }, body: { user_data: { active: 0 } } });
    expect(off.json).toEqual({ user_id: hunter.id });
    expect(await resolveSession(t.db, token)).toBeNull();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", hunter.id).execute()).toEqual([]);
    expect((await t.db.selectFrom("users").select("active").where("id", "=", hunter.id).executeTakeFirstOrThrow()).active).toBe(false);
    await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: String(hunter.id) }, body: { user_data: { active: 1 } } });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "user.toggle_active")
      .where("entity_id", "=", hunter.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.details)).toEqual([
      { before: true, after: false },
      { before: false, after: true },
    ]);
    expect(
      (await callJson(toggleAction, t.db, { actor: actorOf(running), params: { id: String(hunter.id) }, body: { user_data: { active: 0 } } })).status,
    ).toBe(403);
    expect(
      (await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: String(hunter.id) }, body: { user_data: { active: "maybe" } } })).status,
    ).toBe(422);
    // Nobody switches an administrator off from here.
    expect((await callJson(toggleAction, t.db, { actor: actorOf(admin), params: { id: String(admin.id) }, body: { user_data: { active: 0 } } })).status).toBe(
      404,
    );
    expect((await t.db.selectFrom("users").select("active").where("id", "=", hunter.id).executeTakeFirstOrThrow()).active).toBe(true);
  });
});

describe("the confirmation e-mail again", () => {
  it("sends an unconfirmed stocker the invitation again; a confirmed account has nothing to confirm", async () => {
    const res = await callJson(confirmAction, t.db, { actor: actorOf(admin), params: { id: String(never.id) } });
    expect(res.json).toEqual({ user_id: never.id });
    expect(await t.db.selectFrom("mail_outbox").select("id").where("to_address", "=", never.email).execute()).toHaveLength(1);
    expect((await t.db.selectFrom("user_tokens").select("id").where("user_id", "=", never.id).where("kind", "=", "complete_account").execute()).length).toBe(1);
    expect((await callJson(confirmAction, t.db, { actor: actorOf(admin), params: { id: String(running.id) } })).status).toBe(409);
    expect((await callJson(confirmAction, t.db, { actor: actorOf(hunter), params: { id: String(never.id) } })).status).toBe(403);
    expect(
      await t.db.selectFrom("audit_log").select("id").where("action", "=", "user.send_confirm_email").where("entity_id", "=", never.id).execute(),
    ).toHaveLength(1);
  });
});

// 100,000 users, one in three a stocker: built once and cloned (tests/support/catalogue.ts).
const USERS_CATALOGUE = defineCatalogue("admin_users", async (db) => {
  await sql`
    insert into users (email, role, account_type, first_name, last_name, company, invite_code, approval_status)
    select 'plan-' || g || '@users.test', case when g % 3 = 0 then 'stocker' else 'stock_hunter' end,
           case when g % 3 = 0 then 0 end, 'Nome' || g, 'Cognome' || g, 'Azienda ' || g, 'PLANU' || g,
           case when g % 3 = 0 then 'approved' end
    from generate_series(1, 100000) g`.execute(db);
  await sql`analyze users`.execute(db);
});

describe("the stockers' search on a large users table", () => {
  const t = useCatalogueDatabase(USERS_CATALOGUE);
  it("reads the users' search index (trigrams over e-mail, names and company), not the whole table", async () => {
    // A term inside one of the statistics' histogram bounds (an e-mail): the worst estimate the
    // statistics can give (histogramBound), the case that used to walk the date index instead.
    // Pages are read as the services read them: the count first (db/searched-page.ts).
    const [unlucky] = (await histogramBound(t.db, "users_search_trgm_idx")).split(" ") as [string];
    const pageQuery = async (role: "stocker" | "stock_hunter", search: string | null) => {
      const filters = { search, subType: "all" as const };
      const count = await (role === "stocker" ? countStockers : countStockHunters)(t.db, filters);
      const args = { filters, limit: 20, offset: 0, matchesFirst: findMatchesFirst(search, count) };
      return role === "stocker" ? stockersPageQuery(t.db, args) : stockHuntersPageQuery(t.db, args);
    };
    for (const search of ["Azienda 4242", unlucky]) {
      for (const role of ["stocker", "stock_hunter"] as const) {
        const plan = await queryPlan(t.db, await pageQuery(role, search));
        expect(plan).toMatch(/Bitmap Index Scan on users_search_trgm_idx/);
        expect(plan).not.toMatch(/Seq Scan on users/);
      }
    }
    // A term every user matches, and no term: the role's date index, walked.
    for (const search of ["Azienda", null]) {
      const plan = await queryPlan(t.db, await pageQuery("stocker", search));
      expect(plan).toMatch(/Index Scan using users_role_created_at_idx/);
      expect(plan).not.toMatch(/Sort Key: u\./);
    }
  });
});
