// The back office's New stockers: the list of registrations (pending by default, refused, the
// search), the approve popup's warehouse search, approving (with an existing free warehouse or a
// new one placed from its address: the stocker owns it, is invited and told, all audited) and
// refusing (the note required, the stocker told), the refusals (401, 403, 422, 409), the page's
// own loader and action, and the query plans on large tables.
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { ensureGazetteerLoaded } from "../geo/gazetteer.ts";
import type { NewUser, User } from "../db/types.ts";
import { listStockerRequests, searchWarehousesForApproval } from "./stocker-approval.service.ts";
import { stockerRequestsPageQuery, warehouseSearchQuery } from "./stocker-approval.queries.ts";
import { loader as listEndpoint } from "../../routes/api/admin/stocker-requests.ts";
import { loader as searchEndpoint } from "../../routes/api/admin/warehouses.search.ts";
import { action as updateEndpoint } from "../../routes/api/admin/users.update.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/stocker-requests.tsx";
import { histogramBound, queryPlan } from "../../../tests/support/query-plan.ts";

const t = useTestDatabase();

let admin: User;
let others: User[];

/** A stocker's registration waiting for a decision (no password, no account type yet). */
function registration(fields: Partial<NewUser> = {}) {
  return makeUser(t.db, {
    role: "stocker",
    account_type: null,
    approval_status: "pending",
    password_hash: null,
    first_name: "Mario",
    last_name: null,
    company: null,
    request_business_name: "Logistica Emiliana srl",
    request_vat: "IT01234567890",
    request_country: "Italia",
    request_address: "Via Emilia 100",
    request_cap: "40100",
    request_city: "Bologna",
    request_province: "BO",
    ...fields,
  });
}

const update = (user: User | null, id: number, body: unknown) =>
  callJson(updateEndpoint, t.db, { actor: user ? actorOf(user) : null, params: { id: String(id) }, body });

const BOLOGNA = { name: "Polo Logistico Bologna", country: "Italia", address: "Via dell'Industria 1", cap: "40138", city: "Bologna", province: "BO" };

async function userRow(id: number) {
  return t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
const mails = (to: string) =>
  t.db.selectFrom("mail_outbox").select(["template", "to_address", "subject", "text", "reply_to"]).where("to_address", "=", to).orderBy("id").execute();
const notifications = (userId: number) => t.db.selectFrom("notifications").select(["type", "message"]).where("user_id", "=", userId).orderBy("id").execute();
const audits = (userId: number) =>
  t.db
    .selectFrom("audit_log")
    .select(["action", "admin_id", "details"])
    .where("entity_type", "=", "user")
    .where("entity_id", "=", userId)
    .orderBy("id")
    .execute();
const tokens = (userId: number) => t.db.selectFrom("user_tokens").select(["kind", "used_at"]).where("user_id", "=", userId).execute();

beforeAll(async () => {
  await ensureGazetteerLoaded(t.db);
  admin = await makeUser(t.db, { role: "admin" });
  others = [
    await makeUser(t.db, { role: "stocker", approval_status: "approved" }),
    await makeUser(t.db, { role: "referent" }),
    await makeUser(t.db, { role: "stock_hunter" }),
  ];
});

describe("approving a stocker", () => {
  it("with an existing free warehouse: owner, account type, invitation, notification and audit in one go", async () => {
    const user = await registration();
    const free = await makeWarehouse(t.db, { user_id: null });
    const res = await update(admin, user.id, { user_data: { approved: 1, account_type: 1 }, warehouse_id: free.id });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_id: user.id });

    const after = await userRow(user.id);
    expect(after).toMatchObject({ approval_status: "approved", account_type: 1, approval_note: null });
    expect(after.approved_at).toBeInstanceOf(Date);
    const w = await t.db.selectFrom("warehouses").select(["user_id", "status"]).where("id", "=", free.id).executeTakeFirstOrThrow();
    expect(w.user_id).toBe(user.id);

    // One e-mail: the approval, with the link to choose a password (the invitation's, to the
    // complete-account page), not a second one saying the area is open.
    const queued = await mails(user.email);
    expect(queued.map((q) => q.template)).toEqual(["account_decision"]);
    expect(queued[0]!.subject).toBe("Il tuo account Stockspace è stato approvato");
    expect(queued[0]!.text).toContain("Scegli la password");
    expect(queued[0]!.text).toContain(`/it/complete-account/${user.id}?u_token=`);
    expect(queued[0]!.text).not.toContain("/it/stocker/profile");
    expect(await tokens(user.id)).toEqual([{ kind: "complete_account", used_at: null }]);
    expect((await notifications(user.id)).map((n) => n.type)).toEqual(["account_approved"]);

    const log = await audits(user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: "user.approve",
      admin_id: admin.id,
      details: {
        before: { approval_status: "pending", account_type: null },
        after: { approval_status: "approved", account_type: 1 },
        warehouse_id: free.id,
        warehouse_created: false,
      },
    });
  });

  it("with a new warehouse: created approved, not a hub, placed from its address, owned by the stocker", async () => {
    const user = await registration();
    const before = Number(
      (
        await t.db
          .selectFrom("warehouses")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await update(admin, user.id, { user_data: { approved: 1, account_type: 0 }, warehouse_data: BOLOGNA });
    expect(res.status).toBe(200);
    const w = await t.db.selectFrom("warehouses").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(w).toMatchObject({ ...BOLOGNA, status: "approved", to_approve: false, is_hub: false, created_by: admin.id });
    // Bologna's centre (the gazetteer places the town without GEOCODER_URL).
    expect(Math.abs(w.lat - 44.49)).toBeLessThan(0.1);
    expect(Math.abs(w.lng - 11.34)).toBeLessThan(0.1);
    expect(
      Number(
        (
          await t.db
            .selectFrom("warehouses")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(before + 1);
    expect(await userRow(user.id)).toMatchObject({ approval_status: "approved", account_type: 0 });
    expect((await audits(user.id)).map((a) => a.action)).toEqual(["user.approve"]);
    const created = await t.db
      .selectFrom("audit_log")
      .select(["action", "admin_id"])
      .where("entity_type", "=", "warehouse")
      .where("entity_id", "=", w.id)
      .execute();
    expect(created).toEqual([{ action: "warehouse.create", admin_id: admin.id }]);
    expect((await mails(user.email)).map((q) => q.template)).toEqual(["account_decision"]);
  });

  it("tells a stocker who has a password already in one e-mail in their language, with the way to their area", async () => {
    const user = await registration({ password_hash: "set-before", lang: "en" });
    const free = await makeWarehouse(t.db, { user_id: null });
    expect((await update(admin, user.id, { user_data: { approved: 1, account_type: 0 }, warehouse_id: free.id })).status).toBe(200);
    const queued = await mails(user.email);
    expect(queued.map((q) => [q.template, q.subject])).toEqual([["account_decision", "Your Stockspace account is active"]]);
    expect(queued[0]!.text).toContain("/en/stocker/profile");
    expect(queued[0]!.text).not.toContain("complete-account");
    expect(await tokens(user.id)).toEqual([]);
  });

  it("reconsiders a refused request", async () => {
    const user = await registration({ approval_status: "refused", approval_note: "Partita IVA non valida." });
    const free = await makeWarehouse(t.db, { user_id: null });
    expect((await update(admin, user.id, { user_data: { approved: 1, account_type: 0 }, warehouse_id: free.id })).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ approval_status: "approved", approval_note: null });
  });

  it("refuses a warehouse someone else owns (409), and an approved account (409), writing nothing", async () => {
    const user = await registration();
    const owner = await makeUser(t.db, { role: "stocker" });
    const taken = await makeWarehouse(t.db, { user_id: owner.id });
    const res = await update(admin, user.id, { user_data: { approved: 1, account_type: 0 }, warehouse_id: taken.id });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("warehouse_owned");
    expect(await userRow(user.id)).toMatchObject({ approval_status: "pending", account_type: null });
    expect((await t.db.selectFrom("warehouses").select("user_id").where("id", "=", taken.id).executeTakeFirstOrThrow()).user_id).toBe(owner.id);
    expect(await mails(user.email)).toEqual([]);
    expect(await audits(user.id)).toEqual([]);

    const free = await makeWarehouse(t.db, { user_id: null });
    const approved = others[0]!;
    expect((await update(admin, approved.id, { user_data: { approved: 1, account_type: 0 }, warehouse_id: free.id })).status).toBe(409);
    expect((await t.db.selectFrom("warehouses").select("user_id").where("id", "=", free.id).executeTakeFirstOrThrow()).user_id).toBeNull();
  });

  it("answers 422 for an incomplete approval, writing nothing", async () => {
    const user = await registration();
    const free = await makeWarehouse(t.db, { user_id: null });
    const noType = await update(admin, user.id, { user_data: { approved: 1 }, warehouse_id: free.id });
    expect(noType.status).toBe(422);
    expect(noType.json.errors).toMatchObject({ account_type: "required" });
    const noWarehouse = await update(admin, user.id, { user_data: { approved: 1, account_type: 0 } });
    expect(noWarehouse.status).toBe(422);
    expect(noWarehouse.json.errors).toMatchObject({ warehouse_id: "required" });
    const blank = await update(admin, user.id, { user_data: { approved: 1, account_type: 0 }, warehouse_data: { ...BOLOGNA, cap: " ", province: "" } });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.json.errors)).toEqual(expect.arrayContaining(["cap", "province"]));
    const unknown = await update(admin, user.id, { user_data: { approved: 1, account_type: 0 }, warehouse_id: 999_999_999 });
    expect(unknown.status).toBe(422);
    const nowhere = await update(admin, user.id, {
      user_data: { approved: 1, account_type: 0 },
      warehouse_data: { ...BOLOGNA, city: "Qqqzzzx", province: "ZZ" },
    });
    expect(nowhere.status).toBe(422);
    expect(await userRow(user.id)).toMatchObject({ approval_status: "pending", account_type: null });
    expect(await mails(user.email)).toEqual([]);
    expect(await audits(user.id)).toEqual([]);
  });

  it("answers 404 for a user who is no stocker registration", async () => {
    expect((await update(admin, others[2]!.id, { user_data: { approved: 0, note: "No" } })).status).toBe(404);
    expect((await update(admin, 999_999_999, { user_data: { approved: 0, note: "No" } })).status).toBe(404);
  });
});

describe("refusing a stocker", () => {
  it("stores the note and tells the stocker, with it; audited", async () => {
    const user = await registration();
    const res = await update(admin, user.id, { user_data: { approved: 0, note: "  Partita IVA non valida.  " } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_id: user.id });
    expect(await userRow(user.id)).toMatchObject({
      approval_status: "refused",
      approval_note: "Partita IVA non valida.",
      account_type: null,
      approved_at: null,
    });
    const queued = await mails(user.email);
    expect(queued.map((q) => q.template)).toEqual(["account_decision"]);
    expect(queued[0]!.text).toContain("Partita IVA non valida.");
    expect(queued[0]!.reply_to).toBeTruthy();
    const notes = await notifications(user.id);
    expect(notes.map((n) => n.type)).toEqual(["account_refused"]);
    expect(JSON.stringify(notes[0]!.message)).toContain("Partita IVA non valida.");
    expect(await tokens(user.id)).toEqual([]);
    const log = await audits(user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: "user.refuse",
      admin_id: admin.id,
      details: {
        before: { approval_status: "pending" },
        after: { approval_status: "refused", approval_note: "Partita IVA non valida." },
        note: "Partita IVA non valida.",
      },
    });
    // A refused request is not refused again.
    expect((await update(admin, user.id, { user_data: { approved: 0, note: "Ancora no." } })).status).toBe(409);
  });

  it("requires the note (422), writing nothing", async () => {
    const user = await registration();
    for (const body of [{ user_data: { approved: 0 } }, { user_data: { approved: 0, note: "   " } }]) {
      const res = await update(admin, user.id, body);
      expect(res.status).toBe(422);
      expect(res.json.errors).toMatchObject({ note: "required" });
    }
    expect((await update(admin, user.id, { user_data: { approved: 2, note: "x" } })).status).toBe(422);
    expect(await userRow(user.id)).toMatchObject({ approval_status: "pending", approval_note: null });
    expect(await mails(user.email)).toEqual([]);
    expect(await notifications(user.id)).toEqual([]);
    expect(await audits(user.id)).toEqual([]);
  });
});

describe("who may call", () => {
  it("answers 401 to a visitor and 403 to every other role, on every call, changing nothing", async () => {
    const user = await registration();
    const free = await makeWarehouse(t.db, { user_id: null });
    const body = { user_data: { approved: 1, account_type: 0 }, warehouse_id: free.id };
    expect((await update(null, user.id, body)).status).toBe(401);
    expect((await callJson(listEndpoint, t.db, { method: "GET", path: "/api/admin/stocker-requests" })).status).toBe(401);
    expect((await callJson(searchEndpoint, t.db, { method: "GET", path: "/api/admin/warehouses/search" })).status).toBe(401);
    for (const other of others) {
      expect((await update(other, user.id, body)).status).toBe(403);
      expect((await update(other, user.id, { user_data: { approved: 0, note: "No" } })).status).toBe(403);
      expect((await callJson(listEndpoint, t.db, { method: "GET", actor: actorOf(other), path: "/api/admin/stocker-requests" })).status).toBe(403);
      expect((await callJson(searchEndpoint, t.db, { method: "GET", actor: actorOf(other), path: "/api/admin/warehouses/search?type=all" })).status).toBe(403);
    }
    expect(await userRow(user.id)).toMatchObject({ approval_status: "pending" });
    expect(await mails(user.email)).toEqual([]);
  });
});

describe("the list and the warehouse search", () => {
  const TAG = "Zanzibarlog";
  let pending: User[];
  let refused: User;
  let requested: Awaited<ReturnType<typeof makeWarehouse>>;

  beforeAll(async () => {
    requested = await makeWarehouse(t.db, { user_id: null, name: `${TAG} Deposito Richiesto`, city: "Parma" });
    pending = [];
    for (let i = 0; i < 3; i++) {
      pending.push(
        await registration({
          request_business_name: `${TAG} ${["Alfa", "Beta", "Gamma"][i]} srl`,
          request_vat: `IT9988776655${i}`,
          email: `${TAG.toLowerCase()}-${i}@example.test`,
          created_at: new Date(Date.now() - (10 - i) * 60_000),
          request_warehouse_id: i === 0 ? requested.id : null,
        }),
      );
    }
    refused = await registration({ request_business_name: `${TAG} Rifiutata srl`, approval_status: "refused", approval_note: "Non è un operatore logistico." });
  });

  it("lists pending requests newest first, with the business data and the requested warehouse", async () => {
    const res = await callJson(listEndpoint, t.db, { method: "GET", actor: actorOf(admin), path: `/api/admin/stocker-requests?search_term=${TAG}` });
    expect(res.status).toBe(200);
    expect(res.json.users_count).toBe(3);
    expect(res.json.users.map((u: { id: number }) => u.id)).toEqual([pending[2]!.id, pending[1]!.id, pending[0]!.id]);
    const first = res.json.users[2];
    expect(first).toMatchObject({
      email: pending[0]!.email,
      request_business_name: `${TAG} Alfa srl`,
      request_vat: "IT99887766550",
      request_address: "Via Emilia 100",
      request_cap: "40100",
      request_city: "Bologna",
      request_province: "BO",
      request_country: "Italia",
      approval_status: "pending",
      requested_warehouse: { id: requested.id, name: `${TAG} Deposito Richiesto`, city: "Parma", owned: false },
    });
    expect(typeof first.created_at).toBe("string");
  });

  it("filters refused, searches by business name, e-mail and VAT, and pages", async () => {
    const refusedList = await listStockerRequests(t.db, { filters: { approved: "refused", search: TAG }, limit: 20, page: 0 });
    expect(refusedList.users.map((u) => u.id)).toEqual([refused.id]);
    expect(refusedList.users[0]!.approval_note).toBe("Non è un operatore logistico.");
    const byMail = await listStockerRequests(t.db, { filters: { approved: "pending", search: `${TAG.toLowerCase()}-1@` }, limit: 20, page: 0 });
    expect(byMail.users.map((u) => u.id)).toEqual([pending[1]!.id]);
    const byVat = await listStockerRequests(t.db, { filters: { approved: "pending", search: "IT99887766552" }, limit: 20, page: 0 });
    expect(byVat.users.map((u) => u.id)).toEqual([pending[2]!.id]);
    const byName = await listStockerRequests(t.db, { filters: { approved: "pending", search: "beta SRL" }, limit: 20, page: 0 });
    expect(byName.users.map((u) => u.id)).toContain(pending[1]!.id);
    // LIKE's wildcards are taken literally.
    expect((await listStockerRequests(t.db, { filters: { approved: "pending", search: "%" }, limit: 20, page: 0 })).users_count).toBe(0);
    const page2 = await callJson(listEndpoint, t.db, {
      method: "GET",
      actor: actorOf(admin),
      path: `/api/admin/stocker-requests?search_term=${TAG}&limit=2&offset=1`,
    });
    expect(page2.json.users.map((u: { id: number }) => u.id)).toEqual([pending[0]!.id]);
    const viaFilter = await callJson(listEndpoint, t.db, {
      method: "GET",
      actor: actorOf(admin),
      path: `/api/admin/stocker-requests?search_term=${TAG}&filters[approved]=refused`,
    });
    expect(viaFilter.json.users_count).toBe(1);
    expect(
      (await callJson(listEndpoint, t.db, { method: "GET", actor: actorOf(admin), path: `/api/admin/stocker-requests?filters[approved]=approved` })).status,
    ).toBe(422);
  });

  it("searches warehouses: not assigned only, or all with their owner", async () => {
    const owner = await makeUser(t.db, { role: "stocker", company: `${TAG} Proprietario spa` });
    const owned = await makeWarehouse(t.db, { user_id: owner.id, name: `${TAG} Deposito Occupato` });
    const free = await searchWarehousesForApproval(t.db, { search: TAG, type: "not_assigned" });
    expect(free.warehouses.map((w) => w.id)).toEqual([requested.id]);
    const all = await callJson(searchEndpoint, t.db, {
      method: "GET",
      actor: actorOf(admin),
      path: `/api/admin/warehouses/search?search_term=${TAG}&type=all`,
    });
    expect(all.status).toBe(200);
    expect(all.json.warehouses.map((w: { id: number }) => w.id)).toEqual([owned.id, requested.id]);
    expect(all.json.warehouses[0]).toMatchObject({ name: `${TAG} Deposito Occupato`, owner: { id: owner.id, name: `${TAG} Proprietario spa` } });
    expect(all.json.warehouses[1].owner).toBeNull();
    const byId = await searchWarehousesForApproval(t.db, { search: String(owned.id), type: "all" });
    expect(byId.warehouses.map((w) => w.id)).toContain(owned.id);
    const many = await searchWarehousesForApproval(t.db, { search: null, type: "all" });
    expect(many.warehouses.length).toBeLessThanOrEqual(20);
    expect((await callJson(searchEndpoint, t.db, { method: "GET", actor: actorOf(admin), path: "/api/admin/warehouses/search?type=mine" })).status).toBe(422);
  });
});

describe("the page", () => {
  const request = (url: string, form?: Record<string, string>) =>
    new Request(`http://stockspace.test${url}`, form ? { method: "POST", body: new URLSearchParams(form) } : undefined);

  it("loads the pending list for an administrator, and refuses anyone else", async () => {
    const data = await pageLoader({
      request: request("/admin/stocker-requests?status=refused"),
      params: {},
      context: testContext(t.db, { actor: actorOf(admin) }),
    } as never);
    expect(data.status).toBe("refused");
    expect(data.users.every((u) => u.approval_status === "refused")).toBe(true);
    await expect(
      pageLoader({ request: request("/admin/stocker-requests"), params: {}, context: testContext(t.db, { actor: actorOf(others[0]!) }) } as never),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("approves with a new warehouse and refuses with a note through its action", async () => {
    const user = await registration();
    const call = (form: Record<string, string>) =>
      pageAction({ request: request("/admin/stocker-requests", form), params: {}, context: testContext(t.db, { actor: actorOf(admin) }) } as never);
    // The form posts the body of POST /api/admin/users/{id}/update, in the schema's names, and the user's id.
    const newWarehouse = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [`warehouse_data[${k}]`, v]));
    const approve = { intent: "approve", user_id: String(user.id), "user_data[approved]": "1", "user_data[account_type]": "1" };
    const refuse = (id: number, note: string) => ({ intent: "refuse", user_id: String(id), "user_data[approved]": "0", "user_data[note]": note });
    // The required fields: the error comes back as data, with the field codes, and nothing changes.
    expect(await call({ ...approve, ...newWarehouse({ ...BOLOGNA, city: "" }) })).toMatchObject({
      ok: false,
      intent: "approve",
      error: "invalid",
      errors: { city: "required" },
    });
    expect(await call(refuse(user.id, ""))).toMatchObject({ ok: false, intent: "refuse", error: "invalid", errors: { note: "required" } });
    expect(await userRow(user.id)).toMatchObject({ approval_status: "pending" });
    expect(await call({ ...approve, ...newWarehouse(BOLOGNA) })).toEqual({ ok: true, user_id: user.id, approved: true });
    expect(await userRow(user.id)).toMatchObject({ approval_status: "approved", account_type: 1 });
    // Decided meanwhile: the list is stale; the code is the JSON call's.
    expect(await call(refuse(user.id, "No"))).toMatchObject({ ok: false, intent: "refuse", error: "not_pending", errors: {} });

    const other = await registration();
    expect(await call(refuse(other.id, "Dati incompleti."))).toEqual({ ok: true, user_id: other.id, approved: false });
    expect(await userRow(other.id)).toMatchObject({ approval_status: "refused", approval_note: "Dati incompleti." });
  });
});

// 100,000 users, 60 of them pending and 20 refused registrations; 200,000 warehouses: built
// once and cloned (tests/support/catalogue.ts).
const APPROVAL_CATALOGUE = defineCatalogue("stocker_approval", async (db) => {
  await sql`
    insert into users (email, role, account_type, approval_status, first_name, last_name, request_business_name, invite_code)
    select 'plan-' || g || '@approval.test',
           case when g % 3 = 0 then 'stocker' else 'stock_hunter' end,
           case when g % 3 = 0 and g % 1000 >= 80 then 0 end,
           case when g % 3 <> 0 then null when g % 1000 < 60 then 'pending' when g % 1000 < 80 then 'refused' else 'approved' end,
           'Nome' || g, 'Cognome' || g, 'Ditta ' || g, 'PLANA' || g
    from generate_series(1, 100000) g`.execute(db);
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, user_id)
    select 'Deposito ' || g, 'Italia', 'Via ' || g, '20100', 'Citta' || (g % 500), 'MI', 45.4, 9.1, null
    from generate_series(1, 200000) g`.execute(db);
  await sql`analyze users`.execute(db);
  await sql`analyze warehouses`.execute(db);
});

describe("the query plans", () => {
  const t = useCatalogueDatabase(APPROVAL_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

  it("reads the registrations of one state by their partial index, searched or not", async () => {
    for (const search of [null, "Ditta 123"]) {
      for (const approved of ["pending", "refused"] as const) {
        const p = await plan(stockerRequestsPageQuery(t.db, { filters: { approved, search }, limit: 20, offset: 0 }));
        expect(p).toMatch(/users_approval_status_idx/);
        expect(p).not.toMatch(/Seq Scan on users/);
      }
    }
  });

  it("searches warehouses by their trigram indexes", async () => {
    // The second term is a name inside one of the statistics' histogram bounds: the worst estimate (histogramBound).
    const unlucky = /^Deposito \d+/.exec(await histogramBound(t.db, "warehouses", "name"))![0];
    for (const search of ["Deposito 12345", unlucky]) {
      const p = await plan(warehouseSearchQuery(t.db, { search, type: "not_assigned", limit: 20 }));
      expect(p, search).toMatch(/warehouses_name_trgm_idx/);
      expect(p, search).not.toMatch(/Seq Scan on warehouses/);
    }
  });
});
