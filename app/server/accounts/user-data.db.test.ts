// The GDPR requests: the export of everything held about a person (JSON and the printable
// page, audited with the reason) and the erasure of an account (the person's name, e-mail and
// telephone left in no table but the kept ones, the quote requests still the owners', without
// the person). A guard reads PostgreSQL's catalogue: every column pointing to users, and every
// column named like an e-mail, a telephone or a name, must be classified by the erasure.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf, makeClaimedWarehouse, makeRequest, makeSavedSearch, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import type { User } from "../db/types.ts";
import type { Database } from "../db/database.ts";
import { loader as exportLoader } from "../../routes/api/admin/users.export.ts";
import { action as eraseAction } from "../../routes/api/admin/users.erase.ts";
import { loader as exportHuntersLoader } from "../../routes/api/admin/export-stock-hunters.ts";
import { action as toggleActiveAction } from "../../routes/api/admin/users.toggle-active.ts";
import { action as updateProfileAction } from "../../routes/api/admin/users.update-profile.ts";
import { action as sendConfirmAction } from "../../routes/api/admin/users.send-confirm-email.ts";
import { action as sendResetAction } from "../../routes/api/admin/users.send-password-reset.ts";
import { listStockHunters } from "./admin-users.service.ts";
import { ERASED_MASK, erasedAddress, KEPT_TABLES, PERSONAL_DATA } from "./user-data.service.ts";
import { listHandlerRequests } from "../requests/area-requests.service.ts";
import { startSession } from "./sessions.service.ts";
import { dataPageAction, dataPageLoader } from "../../routes/shared/profile-pages.server.ts";
import { testContext } from "../../../tests/support/endpoint.ts";

const t = useTestDatabase();

let admin: User;
let otherAdmin: User;
let hunter: User;
let owner: User;
let warehouseId: number;
let requestId: number;
let visitorRequestId: number;
let strangerRequestId: number;
let sessionToken: string;

const NAME = "Ottavio Zanzibarri";
const PHONE = "+39 347 9988776";
// Long enough that no other text of the export holds it by chance (a short one can turn up inside
// a random token or id).
const resetTokenHash = (userId: number) => `reset-token-hash-of-user-${userId}`;
const COMPANY = "Zanzibarri Logistica Srl";

async function exportCall(id: number | string, query: string, actor: User | null = admin) {
  const request = new Request(`http://stockspace.test/api/admin/users/${id}/export?${query}`, { method: "GET" });
  const response = await exportLoader({ request, params: { id: String(id) }, context: testContext(t.db, { actor: actor ? actorOf(actor) : null }) } as never);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const erase = (id: number | string, body: unknown, actor: User | null = admin) =>
  callJson(eraseAction, t.db, { actor: actor ? actorOf(actor) : null, params: { id: String(id) }, body });

const auditOf = (action: string, id: number) =>
  t.db.selectFrom("audit_log").select(["admin_id", "details"]).where("action", "=", action).where("entity_id", "=", id).orderBy("id").execute();

/** A hunter with data in every table that can hold a person's. */
async function fullHunter(db: Database): Promise<User> {
  const user = await makeUser(db, {
    role: "stock_hunter",
    first_name: "Ottavio",
    last_name: "Zanzibarri",
    telephone: PHONE,
    company: COMPANY,
    password_hash: "hash",
    has_confirmed_code: true,
  });
  const { request, links } = await makeRequest(db, { userId: user.id, warehouseIds: [warehouseId], contact: user.email });
  requestId = request.id;
  // Sent as a visitor, before registering, with the same e-mail (written in capitals): the person's too.
  const visitor = await makeRequest(db, { userId: null, warehouseIds: [warehouseId], contact: user.email.toUpperCase() });
  visitorRequestId = visitor.request.id;
  await db.updateTable("warehouse_requests").set({ business_name: COMPANY, referent: NAME, telephone: PHONE }).where("id", "=", visitorRequestId).execute();
  // Another visitor's request: not the person's.
  strangerRequestId = (await makeRequest(db, { userId: null, warehouseIds: [warehouseId], contact: `altro-${user.id}@example.com` })).request.id;
  await db
    .updateTable("warehouse_requests")
    .set({ business_name: COMPANY, referent: NAME, telephone: PHONE, ip: "203.0.113.7" })
    .where("id", "=", request.id)
    .execute();
  await db
    .insertInto("request_messages")
    .values([
      { link_id: links[0]!.id, side: "hunter", kind: "message", author_id: user.id, body: `Buongiorno, sono ${NAME}: chiamatemi al ${PHONE}.` },
      { link_id: links[0]!.id, side: "handler", kind: "message", author_id: owner.id, body: "Certo, vi chiamiamo domani." },
    ])
    .execute();
  sessionToken = (await startSession(db, { userId: user.id, remember: false, ip: "203.0.113.7", userAgent: "Test" })).token;
  await db
    .insertInto("user_tokens")
    .values({ user_id: user.id, kind: "reset_password", token_hash: resetTokenHash(user.id), expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  await db.insertInto("favourites").values({ user_id: user.id, warehouse_id: warehouseId }).execute();
  await makeSavedSearch(db, { user_id: user.id, email: null, name: "Milano nord" });
  await db
    .insertInto("notifications")
    .values({ user_id: user.id, type: "request", title: JSON.stringify({ it: "Ciao" }), message: JSON.stringify({ it: "x" }) } as never)
    .execute();
  // The owner's notification quotes the person.
  await db
    .insertInto("notifications")
    .values({ user_id: owner.id, type: "request", title: JSON.stringify({ it: `Richiesta da ${NAME}` }), message: JSON.stringify({ it: PHONE }) } as never)
    .execute();
  await db.insertInto("email_opt_outs").values({ email: user.email.toLowerCase(), kind: "news", via: "preferences" }).execute();
  const mail = { html: `<p>Ciao ${NAME}</p>`, text: `Ciao ${NAME}`, template: "test", lang: "it" as const, status: "sent" as const };
  await db
    .insertInto("mail_outbox")
    .values([
      { ...mail, to_address: user.email, subject: "La tua richiesta" },
      { ...mail, to_address: user.email, subject: "In coda", status: "pending" },
      // An e-mail to the owner naming the person: kept, the person masked in it.
      { ...mail, to_address: owner.email, subject: `Nuova richiesta da ${NAME}`, html: `<p>${NAME} — ${user.email} — ${PHONE}</p>` },
    ])
    .execute();
  await db
    .insertInto("support_requests")
    .values({
      user_id: user.id,
      first_name: "Ottavio",
      last_name: "Zanzibarri",
      business_name: COMPANY,
      email: user.email,
      message: "Aiuto",
      lang: "it",
      privacy: true,
    })
    .execute();
  await db
    .insertInto("crm_entries")
    .values({
      user_id: user.id,
      created_by: admin.id,
      client: COMPANY,
      contact: NAME,
      date: "2026-11-01",
      event_type: "call",
      description: `Chiamato ${PHONE}`,
      follow_up: false,
    })
    .execute();
  await db
    .insertInto("rate_limits")
    .values({ key: `email:${user.email.toLowerCase()}`, window_start: new Date(), hits: 1 } as never)
    .execute();
  return user;
}

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  otherAdmin = await makeUser(t.db, { role: "admin" });
  const claimed = await makeClaimedWarehouse(t.db, {}, { approval_status: "approved" });
  owner = claimed.owner;
  warehouseId = claimed.warehouse.id;
  hunter = await fullHunter(t.db);
});

describe("the export of a person's data", () => {
  it("answers everything held as JSON, without the password's hash or session ids, audited with the reason", async () => {
    const res = await exportCall(hunter.id, "reason=%20Richiesta%20dell%27interessato%20via%20e-mail%20");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="dati-utente-${hunter.id}.json"`);
    const data = JSON.parse(res.text);
    expect(data.account).toMatchObject({ id: hunter.id, email: hunter.email, first_name: "Ottavio", telephone: PHONE, company: COMPANY });
    expect(data.account).not.toHaveProperty("password_hash");
    expect(res.text).not.toContain(sessionToken);
    expect(res.text).not.toContain(resetTokenHash(hunter.id));
    const s = data.sections;
    expect(s.sessions).toHaveLength(1);
    expect(s.quote_requests).toMatchObject([
      { id: requestId, referent: NAME },
      { id: visitorRequestId, referent: NAME },
    ]);
    expect(s.messages).toHaveLength(2);
    expect(s.favourites).toMatchObject([{ warehouse_id: warehouseId }]);
    expect(s.saved_searches).toHaveLength(1);
    expect(s.notifications).toHaveLength(1);
    expect(s.email_opt_outs).toMatchObject([{ kind: "news" }]);
    expect(s.emails.map((e: { subject: string }) => e.subject).sort()).toEqual(["In coda", "La tua richiesta"]);
    expect(s.support_requests).toHaveLength(1);
    expect(s.crm_entries).toHaveLength(1);
    expect(await auditOf("user.gdpr_export", hunter.id)).toEqual([
      { admin_id: admin.id, details: { reason: "Richiesta dell'interessato via e-mail", format: "json" } },
    ]);
  });

  it("holds the quote requests sent as a visitor with the account's e-mail, and no one else's", async () => {
    const res = await exportCall(hunter.id, "reason=Richiesta%20di%20accesso%20ai%20dati");
    expect(res.status).toBe(200);
    const ids = (JSON.parse(res.text).sections.quote_requests as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([requestId, visitorRequestId]));
    expect(ids).not.toContain(strangerRequestId);
  });

  it("answers a printable Italian page, self-contained, with its own policy", async () => {
    const res = await exportCall(hunter.id, "reason=Copia%20stampabile&format=html");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.text).toContain('<html lang="it">');
    expect(res.text).toContain("Richieste di preventivo");
    expect(res.text).toContain(NAME);
    expect(res.text).not.toMatch(/<script|<link|src=/i);
    expect((await auditOf("user.gdpr_export", hunter.id)).at(-1)?.details).toEqual({ reason: "Copia stampabile", format: "html" });
  });

  it("refuses a missing, short or long reason, and writes no audit row", async () => {
    const before = (await auditOf("user.gdpr_export", hunter.id)).length;
    for (const query of ["", "reason=%20%20ab%20", `reason=${"x".repeat(501)}`, "reason=valida&format=pdf"]) {
      const res = await exportCall(hunter.id, query);
      expect(res.status, query).toBe(422);
    }
    expect(await auditOf("user.gdpr_export", hunter.id)).toHaveLength(before);
  });

  it("is refused to visitors (401) and every other role (403); an unknown id is 404", async () => {
    expect((await exportCall(hunter.id, "reason=valida", null)).status).toBe(401);
    for (const role of ["stocker", "stock_hunter", "referent"] as const) {
      const user = await makeUser(t.db, { role });
      expect((await exportCall(hunter.id, "reason=valida", user)).status, role).toBe(403);
    }
    expect((await exportCall(999_999_999, "reason=valida")).status).toBe(404);
  });
});

describe("the erasure of an account", () => {
  it("is refused to visitors (401) and every other role (403), changing nothing", async () => {
    expect((await erase(hunter.id, { reason: "Richiesta" }, null)).status).toBe(401);
    for (const role of ["stocker", "stock_hunter", "referent"] as const) {
      const user = await makeUser(t.db, { role });
      expect((await erase(hunter.id, { reason: "Richiesta" }, user)).status, role).toBe(403);
    }
    expect((await erase(999_999_999, { reason: "Richiesta" })).status).toBe(404);
    const row = await t.db.selectFrom("users").select(["email", "erased_at"]).where("id", "=", hunter.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: hunter.email, erased_at: null });
  });

  it("refuses a bad reason (422), changing nothing", async () => {
    for (const body of [{}, { reason: " a " }, { reason: "x".repeat(501) }, { reason: 42 }]) {
      expect((await erase(hunter.id, body)).status).toBe(422);
    }
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", hunter.id).execute()).toHaveLength(1);
    expect(await auditOf("user.gdpr_erase", hunter.id)).toHaveLength(0);
  });

  it("refuses oneself, another administrator, and an owner with warehouses on the site (409)", async () => {
    expect(await erase(admin.id, { reason: "Prova" })).toMatchObject({ status: 409, json: { error: "cannot_erase_self" } });
    expect(await erase(otherAdmin.id, { reason: "Prova" })).toMatchObject({ status: 409, json: { error: "cannot_erase_admin" } });
    expect(await erase(owner.id, { reason: "Prova" })).toMatchObject({ status: 409, json: { error: "user_has_active_warehouses" } });
    const stocker = await makeUser(t.db, { role: "stocker", approval_status: "approved" });
    const closed = await makeWarehouse(t.db, { user_id: stocker.id, deactivated: true });
    await subscribeWarehouses(t.db, stocker.id, [closed.id]);
    expect(await erase(stocker.id, { reason: "Prova" })).toMatchObject({ status: 409, json: { error: "user_has_active_subscription" } });
    expect((await t.db.selectFrom("users").select("erased_at").where("id", "=", owner.id).executeTakeFirstOrThrow()).erased_at).toBeNull();
    expect(await auditOf("user.gdpr_erase", owner.id)).toHaveLength(0);
  });

  it("erases the person: their name, e-mail and telephone left in no table but the kept ones; audited with the reason", async () => {
    const res = await erase(hunter.id, { reason: "  Richiesta di cancellazione del 27.11.2026  " });
    expect(res).toMatchObject({ status: 200, json: { user_id: hunter.id, erased: true } });

    const row = await t.db.selectFrom("users").selectAll().where("id", "=", hunter.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: erasedAddress(hunter.id),
      password_hash: null,
      active: false,
      first_name: null,
      last_name: null,
      telephone: null,
      company: null,
    });
    expect(row.erased_at).toBeInstanceOf(Date);
    for (const table of ["sessions", "user_tokens", "favourites", "saved_searches"] as const) {
      expect(await t.db.selectFrom(table).select("user_id").where("user_id", "=", hunter.id).execute(), table).toHaveLength(0);
    }

    const values = [hunter.email, NAME, PHONE, COMPANY];
    const found = await findValues(t.db, values, [...KEPT_TABLES]);
    expect(found).toEqual([]);

    const audit = await auditOf("user.gdpr_erase", hunter.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, details: { reason: "Richiesta di cancellazione del 27.11.2026", area: "stock_hunter" } });
    expect(JSON.stringify(audit[0]!.details)).not.toContain("Zanzibarri");
  });

  it("keeps the request for the warehouse's owner, without the person", async () => {
    const list = await listHandlerRequests(t.db, { id: owner.id, role: "stocker" }, { page: 0, limit: 20, filters: {}, locale: "it" });
    const link = list.warehouse_requests.find((r) => r.warehouse_request_id === requestId);
    expect(link).toBeDefined();
    const shown = JSON.stringify(link);
    for (const value of [hunter.email, NAME, PHONE, COMPANY, "Ottavio"]) expect(shown).not.toContain(value);
    expect(link!.warehouse_request).toMatchObject({ business_name: ERASED_MASK, referent: ERASED_MASK, telephone: null, location: "Milano" });
    const messages = await t.db.selectFrom("request_messages").select("body").where("link_id", "=", link!.id).orderBy("id").execute();
    expect(messages.map((m) => m.body)).toEqual([`Buongiorno, sono ${ERASED_MASK}: chiamatemi al ${ERASED_MASK}.`, "Certo, vi chiamiamo domani."]);
    // The owner's e-mail about the request stays, the person masked in it.
    expect(await t.db.selectFrom("mail_outbox").select("subject").where("to_address", "=", owner.email).execute()).toEqual([
      { subject: `Nuova richiesta da ${ERASED_MASK}` },
    ]);
  });

  it("anonymises the requests sent as a visitor with the account's e-mail too, and leaves another visitor's alone", async () => {
    const rows = await t.db
      .selectFrom("warehouse_requests")
      .select(["id", "user_id", "business_name", "referent", "contact", "telephone", "location"])
      .where("id", "in", [visitorRequestId, strangerRequestId])
      .orderBy("id")
      .execute();
    expect(rows[0]).toEqual({
      id: visitorRequestId,
      user_id: null,
      business_name: ERASED_MASK,
      referent: ERASED_MASK,
      contact: erasedAddress(hunter.id),
      telephone: null,
      location: "Milano",
    });
    expect(rows[1]).toMatchObject({ id: strangerRequestId, contact: `altro-${hunter.id}@example.com`, referent: "Mario Rossi" });
  });

  it("cannot erase an account twice (409), and the export shows what is left", async () => {
    expect(await erase(hunter.id, { reason: "Di nuovo" })).toMatchObject({ status: 409, json: { error: "user_already_erased" } });
    // Nor switch it on again or correct it: it stays off, with nothing to put back.
    expect(
      await callJson(toggleActiveAction, t.db, { actor: actorOf(admin), params: { id: String(hunter.id) }, body: { user_data: { active: 1 } } }),
    ).toMatchObject({
      status: 409,
      json: { error: "user_already_erased" },
    });
    expect(
      await callJson(updateProfileAction, t.db, {
        actor: actorOf(admin),
        params: { id: String(hunter.id) },
        body: { user_data: { first_name: "Di", last_name: "Nuovo", telephone: "+39 02 1234567", email: "nuovo@example.com" } },
      }),
    ).toMatchObject({ status: 409, json: { error: "user_already_erased" } });
    // Nor send it a confirmation or a password reset: there is no address to send to.
    for (const action of [sendConfirmAction, sendResetAction]) {
      expect(await callJson(action, t.db, { actor: actorOf(admin), params: { id: String(hunter.id) }, body: {} })).toMatchObject({
        status: 409,
        json: { error: "user_already_erased" },
      });
    }
    // The hunters' list shows the row as erased, without the person.
    const list = await listStockHunters(t.db, actorOf(admin), { filters: { search: null }, limit: 100, page: 0 });
    const row = list.users.find((u) => u.id === hunter.id);
    expect(row).toMatchObject({ erased: true, active: false, telephone: null });
    for (const value of [hunter.email, NAME, PHONE, COMPANY, "Ottavio"]) expect(JSON.stringify(row)).not.toContain(value);
    // The hunters' export names the row as erased, with neither the person nor the placeholder address.
    const csvRequest = new Request(`http://stockspace.test/api/admin/export-stock-hunters?ids=${hunter.id}`);
    const csvResponse = await exportHuntersLoader({ request: csvRequest, params: {}, context: testContext(t.db, { actor: actorOf(admin) }) } as never);
    const csv = await csvResponse.text();
    expect(csvResponse.status).toBe(200);
    expect(csv.trim().split("\n")).toHaveLength(2);
    expect(csv).toContain("Account cancellato");
    for (const value of [hunter.email, erasedAddress(hunter.id), NAME, PHONE, COMPANY, "Ottavio"]) expect(csv).not.toContain(value);
    const res = await exportCall(hunter.id, "reason=Verifica%20dopo%20la%20cancellazione");
    const data = JSON.parse(res.text);
    expect(data.account).toMatchObject({ email: erasedAddress(hunter.id), first_name: null, active: false });
    for (const value of [hunter.email, NAME, PHONE, COMPANY]) expect(res.text).not.toContain(value);
  });
});

describe("the erasure from the hunter's data page in the back office", () => {
  type PageCall = Parameters<ReturnType<typeof dataPageLoader>>[0];
  const call = (user: User, fields?: Record<string, string>) => {
    const args = {
      params: { userId: String(user.id) },
      context: testContext(t.db, { actor: actorOf(admin) }),
      request: new Request(`http://stockspace.test/admin/stock-hunter/${user.id}/data`, fields ? { method: "POST", body: new URLSearchParams(fields) } : {}),
    } as PageCall;
    return fields ? dataPageAction("stock_hunter")(args) : dataPageLoader("stock_hunter")(args);
  };

  it("erases with the reason, then shows the account as erased; a second erasure and a bad reason come back to the form", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter", first_name: "Pagina", password_hash: "x" });
    expect(await call(user, { intent: "admin_erase", reason: "no" })).toMatchObject({ ok: false, errors: { reason: expect.any(String) } });
    expect(await call(user, { intent: "admin_erase", reason: "Richiesta via PEC" })).toEqual({ ok: true, intent: "admin_erase" });
    const page = (await call(user)) as Awaited<ReturnType<ReturnType<typeof dataPageLoader>>>;
    expect(page.adminAccount?.erased_at).toBeInstanceOf(Date);
    expect(page.profile.email).toBe(erasedAddress(user.id));
    expect(await call(user, { intent: "admin_erase", reason: "Di nuovo" })).toMatchObject({
      ok: false,
      error: "user_already_erased",
      message: "Questo account è già stato cancellato.",
    });
    expect((await auditOf("user.gdpr_erase", user.id)).map((a) => a.details)).toMatchObject([{ reason: "Richiesta via PEC" }]);
  });
});

/** "table.column" of every text (or JSON) column where one of the values is found, outside `skip`. */
async function findValues(db: Database, values: string[], skip: string[]): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
    order by table_name, column_name`.execute(db);
  const found: string[] = [];
  for (const c of columns.rows) {
    if (skip.includes(c.table_name)) continue;
    const col = sql.ref(`${c.table_name}.${c.column_name}`);
    for (const value of values) {
      const hit = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(c.table_name)} where position(lower(${value}) in lower(${col}::text)) > 0`.execute(db);
      if (hit.rows[0]!.n > 0) found.push(`${c.table_name}.${c.column_name}: ${value}`);
    }
  }
  return found;
}

describe("the guard of personal data", () => {
  it("classifies every column pointing to users and every column named like an e-mail, a telephone or a name", async () => {
    const pointing = await sql<{ name: string }>`
      select c.conrelid::regclass::text || '.' || a.attname as name
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass`.execute(t.db);
    const named = await sql<{ name: string }>`
      select table_name || '.' || column_name as name from information_schema.columns
      where table_schema = 'public' and column_name ~ '(email|phone|_name$|^name$|address$)' and table_name <> 'users'`.execute(t.db);
    const columns = [...new Set([...pointing.rows, ...named.rows].map((r) => r.name))].sort();
    const unclassified = columns.filter((name) => !(name in PERSONAL_DATA));
    expect(unclassified, "classify these in PERSONAL_DATA (user-data.service.ts): erased, anonymised, kept (and why) or not personal").toEqual([]);
    // Every classification names a reason.
    for (const [name, entry] of Object.entries(PERSONAL_DATA)) expect(entry.why, name).toMatch(/\S/);
  });
});
