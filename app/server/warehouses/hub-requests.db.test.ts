// The back office's New hubs: the list of hub requests (search, pagination, the JSON call),
// approving and refusing one (POST /api/admin/warehouses/{id}/update-status and the page's own
// action): status and to_approve change, the owner is told in the app and by e-mail, the
// decision is audited in the same transaction; the refusals (401, 403, 422, 409); the list's
// query plan on a large table. A refused warehouse sent for a new check by its owner.
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { defineCatalogue, useCatalogueDatabase } from "../../../tests/support/catalogue.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { hubRequestsPageQuery } from "./admin-warehouses.queries.ts";
import { decideHubRequest, listHubRequests } from "./admin-warehouses.service.ts";
import { ConflictError, ForbiddenError } from "../errors.ts";
import { loader as listEndpoint } from "../../routes/api/admin/hub-requests.ts";
import { action as decideEndpoint } from "../../routes/api/admin/warehouses.update-status.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/hub-requests.tsx";
import { queryPlan } from "../../../tests/support/query-plan.ts";
import { action as resubmitEndpoint } from "../../routes/api/stocker/warehouses.resubmit.ts";
import { warehouseDetail } from "./warehouse-pages.service.ts";
import { loadConfig } from "../config.ts";

const t = useTestDatabase();
const ctx = { origin: "http://stockspace.test", supportEmail: "help@stockspace.test" };

let admin: User;

/** A stocker's warehouse registered as a hub, waiting for approval. */
async function hubRequest(fields: Parameters<typeof makeWarehouse>[1] = {}, ownerFields: Partial<User> = {}) {
  const owner = await makeUser(t.db, { role: "stocker", first_name: "Gianna", ...ownerFields });
  const warehouse = await makeWarehouse(t.db, { user_id: owner.id, is_hub: true, to_approve: true, status: "pending", ...fields });
  return { owner, warehouse };
}

const readWarehouse = (id: number) =>
  t.db.selectFrom("warehouses").select(["status", "to_approve", "status_note", "is_hub"]).where("id", "=", id).executeTakeFirstOrThrow();
const auditRows = (id: number) => t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "warehouse").where("entity_id", "=", id).execute();
const notificationsOf = (userId: number) => t.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).execute();
const mailsTo = (email: string) => t.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", email).execute();

const decide = (id: number, body: unknown, actor: User | null = admin) =>
  callJson(decideEndpoint, t.db, { path: `/api/admin/warehouses/${id}/update-status`, params: { id: String(id) }, body, actor: actor ? actorOf(actor) : null });

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
});

describe("POST /api/admin/warehouses/{id}/update-status", () => {
  it("approves a hub request: approved, no longer waiting, the owner told in the app and by e-mail, audited", async () => {
    const { owner, warehouse } = await hubRequest({ name: "Hub Bologna Nord", city: "Bologna" }, { lang: "en" });
    const res = await decide(warehouse.id, { warehouse_data: { status: "approved", to_approve: 0, note: null } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ warehouse_id: warehouse.id });
    expect(await readWarehouse(warehouse.id)).toEqual({ status: "approved", to_approve: false, status_note: null, is_hub: true });

    const [notification] = await notificationsOf(owner.id);
    expect(notification).toMatchObject({
      type: "hub_approved",
      read_at: null,
      data: { decision: "approved", warehouse_id: warehouse.id, url: `/en/stocker/profile/warehouses/${warehouse.id}` },
    });
    expect((notification!.title as Record<string, string>).en).toBe("Your hub has been approved");
    expect((notification!.title as Record<string, string>).it).toBe("Il tuo hub è stato approvato");
    const [mail] = await mailsTo(owner.email);
    expect(mail).toMatchObject({ template: "hub_decision", lang: "en", reply_to: null, subject: "Hub Bologna Nord is approved as a hub" });
    expect(mail!.text).toContain("Gianna");
    expect(mail!.text).toContain(`http://stockspace.test/en/stocker/profile/warehouses/${warehouse.id}`);

    const [audit] = await auditRows(warehouse.id);
    expect(audit).toMatchObject({
      admin_id: admin.id,
      action: "warehouse.hub_decision",
      details: {
        decision: "approved",
        note: null,
        before: { status: "pending", to_approve: true, status_note: null },
        after: { status: "approved", to_approve: false, status_note: null },
      },
    });
  });

  it("refuses with a note: refused, the note kept and sent (as text) in the owner's language, audited", async () => {
    const { owner, warehouse } = await hubRequest({ name: "Hub Parma" }, { lang: "it" });
    const note = "Mancano le foto <b>del piazzale</b>";
    const res = await decide(warehouse.id, { warehouse_data: { status: "refused", to_approve: "0", note: `  ${note} ` } });
    expect(res.status).toBe(200);
    expect(await readWarehouse(warehouse.id)).toMatchObject({ status: "refused", to_approve: false, status_note: note });
    const [notification] = await notificationsOf(owner.id);
    expect(notification!.type).toBe("hub_refused");
    const message = (notification!.message as Record<string, string>).it!;
    expect(message).toContain("Non abbiamo potuto approvare Hub Parma come hub.");
    expect(message).toContain("&lt;b&gt;del piazzale&lt;/b&gt;");
    const [mail] = await mailsTo(owner.email);
    expect(mail).toMatchObject({ template: "hub_decision", lang: "it", reply_to: "support@stockspace.local", subject: "La tua richiesta hub per Hub Parma" });
    expect(mail!.text).toContain(note);
    expect(mail!.html).not.toContain("<b>del piazzale</b>");
    const [audit] = await auditRows(warehouse.id);
    expect(audit).toMatchObject({ action: "warehouse.hub_decision", details: { decision: "refused", note, after: { status: "refused", status_note: note } } });
  });

  it("refuses a refusal without a note (422), and any other bad body, writing nothing", async () => {
    const { owner, warehouse } = await hubRequest();
    for (const body of [
      { warehouse_data: { status: "refused", to_approve: 0 } },
      { warehouse_data: { status: "refused", to_approve: 0, note: "   " } },
      { warehouse_data: { status: "pending", to_approve: 0 } },
      { warehouse_data: { status: "approved", to_approve: 1 } },
      { warehouse_data: {} },
      {},
    ]) {
      const res = await decide(warehouse.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const missingNote = await decide(warehouse.id, { warehouse_data: { status: "refused", to_approve: 0 } });
    expect(missingNote.json.errors).toMatchObject({ note: "required" });
    expect(await readWarehouse(warehouse.id)).toMatchObject({ status: "pending", to_approve: true });
    expect(await auditRows(warehouse.id)).toHaveLength(0);
    expect(await notificationsOf(owner.id)).toHaveLength(0);
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });

  it("answers 401 to a visitor and 403 to every other role, 404 for a missing warehouse, 409 once decided", async () => {
    const { warehouse } = await hubRequest();
    const body = { warehouse_data: { status: "approved", to_approve: 0 } };
    expect((await decide(warehouse.id, body, null)).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) {
      const user = await makeUser(t.db, { role, ...(role === "stocker" ? { account_type: 1 } : {}) });
      expect((await decide(warehouse.id, body, user)).status, role).toBe(403);
    }
    // Even the warehouse's own owner cannot approve their hub.
    const owner = await t.db.selectFrom("users").selectAll().where("id", "=", warehouse.user_id!).executeTakeFirstOrThrow();
    expect((await decide(warehouse.id, body, owner)).status).toBe(403);
    expect(await readWarehouse(warehouse.id)).toMatchObject({ status: "pending", to_approve: true });
    expect((await decide(999_999_999, body)).status).toBe(404);

    expect((await decide(warehouse.id, body)).status).toBe(200);
    const again = await decide(warehouse.id, { warehouse_data: { status: "refused", to_approve: 0, note: "troppo tardi" } });
    expect(again.status).toBe(409);
    // Said as it is: not the generic "some fields are missing", in either language.
    expect(again.json).toMatchObject({
      error: "not_waiting",
      message: "Questo magazzino non è più in attesa di una decisione: è già stato approvato o rifiutato. Ricarica l'elenco.",
    });
    const againEn = await callJson(decideEndpoint, t.db, { params: { id: String(warehouse.id) }, body, actor: actorOf(admin), locale: "en" });
    expect(againEn.json).toMatchObject({
      error: "not_waiting",
      message: "This warehouse is no longer waiting for a decision: it has already been approved or refused. Reload the list.",
    });
    expect(await readWarehouse(warehouse.id)).toMatchObject({ status: "approved" });
    expect(await auditRows(warehouse.id)).toHaveLength(1);
  });

  it("is for administrators only in the service too, and leaves nothing when the decision fails", async () => {
    const { owner, warehouse } = await hubRequest();
    await expect(decideHubRequest(t.db, actorOf(owner), warehouse.id, { status: "approved", note: null }, ctx)).rejects.toBeInstanceOf(ForbiddenError);
    await decideHubRequest(t.db, actorOf(admin), warehouse.id, { status: "approved", note: null }, ctx);
    await expect(decideHubRequest(t.db, actorOf(admin), warehouse.id, { status: "refused", note: "x" }, ctx)).rejects.toBeInstanceOf(ConflictError);
    expect(await notificationsOf(owner.id)).toHaveLength(1);
  });

  it("decides an unclaimed hub request without telling anyone", async () => {
    const warehouse = await makeWarehouse(t.db, { is_hub: true, to_approve: true, status: "pending", user_id: null });
    expect((await decide(warehouse.id, { warehouse_data: { status: "refused", to_approve: 0, note: "Proprietario sconosciuto" } })).status).toBe(200);
    expect(await readWarehouse(warehouse.id)).toMatchObject({ status: "refused", to_approve: false });
    expect(await auditRows(warehouse.id)).toHaveLength(1);
  });
});

describe("the hub requests list", () => {
  let listed: Awaited<ReturnType<typeof hubRequest>>[];
  beforeAll(async () => {
    // A corner of the table of its own: these tests count on exactly these requests waiting.
    await t.db.updateTable("warehouses").set({ to_approve: false }).where("to_approve", "=", true).execute();
    listed = [];
    for (let i = 0; i < 23; i++) {
      listed.push(
        await hubRequest(
          {
            name: i === 5 ? "Polo Logistico Brambilla" : `Hub Lista ${i}`,
            city: i === 7 ? "Piacenza" : "Milano",
            created_at: new Date(Date.UTC(2026, 0, 1 + i)),
          },
          { last_name: `Lista${i}`, company: `Azienda ${i}` },
        ),
      );
    }
    // Not waiting: an approved hub and an ordinary warehouse.
    await makeWarehouse(t.db, { name: "Hub Lista approvato", is_hub: true, to_approve: false, status: "approved" });
    await makeWarehouse(t.db, { name: "Hub Lista normale" });
  });

  it("lists the waiting ones only, the longest waiting first, 20 a page, searchable by name and city", async () => {
    const first = await listHubRequests(t.db, { filters: { search: null }, page: 0, limit: 20 });
    expect(first.warehouses_count).toBe(23);
    expect(first.warehouses).toHaveLength(20);
    expect(first.warehouses[0]).toMatchObject({
      id: listed[0]!.warehouse.id,
      owner_email: listed[0]!.owner.email,
      owner_last_name: "Lista0",
      owner_company: "Azienda 0",
    });
    const second = await listHubRequests(t.db, { filters: { search: null }, page: 1, limit: 20 });
    expect(second.warehouses.map((w) => w.id)).toEqual(listed.slice(20).map((l) => l.warehouse.id));
    expect((await listHubRequests(t.db, { filters: { search: "brambilla" }, page: 0, limit: 20 })).warehouses.map((w) => w.id)).toEqual([
      listed[5]!.warehouse.id,
    ]);
    expect((await listHubRequests(t.db, { filters: { search: "piacenza" }, page: 0, limit: 20 })).warehouses.map((w) => w.id)).toEqual([
      listed[7]!.warehouse.id,
    ]);
    // LIKE's wildcards are text.
    expect((await listHubRequests(t.db, { filters: { search: "%" }, page: 0, limit: 20 })).warehouses_count).toBe(0);
  });

  it("GET /api/admin/hub-requests: limit, offset (page index), search_term; admins only", async () => {
    const res = await callJson(listEndpoint, t.db, {
      method: "GET",
      path: "/api/admin/hub-requests?limit=5&offset=1&search_term=Hub%20Lista",
      actor: actorOf(admin),
    });
    expect(res.status).toBe(200);
    expect(res.json.warehouses_count).toBe(22);
    expect(res.json.warehouses.map((w: { id: number }) => w.id)).toEqual(
      listed
        .filter((_, i) => i !== 5)
        .slice(5, 10)
        .map((l) => l.warehouse.id),
    );
    expect((await callJson(listEndpoint, t.db, { method: "GET", path: "/api/admin/hub-requests", actor: null })).status).toBe(401);
    for (const role of ["stock_hunter", "stocker", "referent"] as const) {
      const user = await makeUser(t.db, { role });
      expect((await callJson(listEndpoint, t.db, { method: "GET", path: "/api/admin/hub-requests", actor: actorOf(user) })).status, role).toBe(403);
    }
    expect((await callJson(listEndpoint, t.db, { method: "GET", path: "/api/admin/hub-requests?limit=abc", actor: actorOf(admin) })).status).toBe(422);
  });

  it("the page: its loader lists and pages, its action decides (a refusal's missing note answered in data)", async () => {
    const loaded = (await pageLoader({
      request: new Request("http://stockspace.test/admin/hub-requests?search_term=Hub%20Lista&page=2"),
      params: {},
      context: testContext(t.db, { actor: actorOf(admin) }),
      unstable_pattern: "",
    } as never)) as Awaited<ReturnType<typeof pageLoader>>;
    expect(loaded).toMatchObject({ warehouses_count: 22, page: 2, pages: 2, search: "Hub Lista" });
    expect(loaded.warehouses).toHaveLength(2);

    const post = (fields: Record<string, string>, actor: User | null = admin) =>
      pageAction({
        request: new Request("http://stockspace.test/admin/hub-requests", { method: "POST", body: new URLSearchParams(fields) }),
        params: {},
        context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
        unstable_pattern: "",
      } as never);
    const target = listed[22]!;
    // The popup posts the body of POST /api/admin/warehouses/{id}/update-status; failures carry its codes.
    const decide = (id: string, status: string, note?: string) => ({
      warehouse_id: id,
      "warehouse_data[status]": status,
      "warehouse_data[to_approve]": "0",
      ...(note === undefined ? {} : { "warehouse_data[note]": note }),
    });
    expect(await post(decide(String(target.warehouse.id), "refused", " "))).toMatchObject({ ok: false, error: "invalid", errors: { note: "required" } });
    expect(await post(decide("x", "approved"))).toMatchObject({ ok: false, error: "invalid", errors: { warehouse_id: "invalid" } });
    expect(await readWarehouse(target.warehouse.id)).toMatchObject({ to_approve: true });
    expect(await post(decide(String(target.warehouse.id), "refused", "Dati incompleti"))).toEqual({
      ok: true,
      warehouse_id: target.warehouse.id,
      status: "refused",
    });
    expect(await readWarehouse(target.warehouse.id)).toMatchObject({ status: "refused", to_approve: false, status_note: "Dati incompleti" });
    expect(await post(decide(String(target.warehouse.id), "approved"))).toMatchObject({ ok: false, error: "not_waiting", errors: {} });
    expect(await mailsTo(target.owner.email)).toHaveLength(1);
    // The page refuses other roles like the endpoint.
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await expect(post(decide(String(listed[21]!.warehouse.id), "approved"), hunter)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(post(decide(String(listed[21]!.warehouse.id), "approved"), null)).rejects.toMatchObject({ init: { status: 401 } });
    expect(await readWarehouse(listed[21]!.warehouse.id)).toMatchObject({ to_approve: true });
  });
});

const HUB_CATALOGUE = defineCatalogue("hub_requests", async (db) => {
  // 60,000 warehouses, 60 of them waiting for approval as hubs (administrators decide within days).
  await sql`
    insert into warehouses (name, country, address, cap, city, province, lat, lng, is_hub, to_approve, status, created_at)
    select 'Piano ' || g, 'Italia', 'Via Piano ' || g, '00100', 'Città ' || (g % 500), 'RM', 41 + random(), 12 + random(),
           g % 1000 = 0, g % 1000 = 0, case when g % 1000 = 0 then 'pending' else 'approved' end, now() - (g || ' minutes')::interval
    from generate_series(1, 60000) g`.execute(db);
  await sql`vacuum analyze warehouses`.execute(db);
});

describe("the hub requests list's query plan", () => {
  const t = useCatalogueDatabase(HUB_CATALOGUE);
  const plan = (query: { compile(): CompiledQuery }) => queryPlan(t.db, query);

  it("reads the waiting few by their partial index, and searches with it or the trigram indexes, never the whole table", async () => {
    const page = await plan(hubRequestsPageQuery(t.db, { search: null, offset: 20, limit: 20 }));
    expect(page).toMatch(/Index Scan( Backward)? using warehouses_to_approve_idx on warehouses w/);
    expect(page).not.toMatch(/Seq Scan on warehouses/);
    const searched = await plan(hubRequestsPageQuery(t.db, { search: "Piano 123", offset: 0, limit: 20 }));
    expect(searched).toMatch(/warehouses_to_approve_idx|warehouses_(name|address|city)_trgm_idx/);
    expect(searched).not.toMatch(/Seq Scan on warehouses/);
  });

  it("sorts and filters by age within the waiting few, read by their partial index", async () => {
    for (const key of ["name", "city", "total_m2", "created_at"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const page = await plan(hubRequestsPageQuery(t.db, { search: null, waitingDays: 3, order: { key, dir }, offset: 20, limit: 20 }));
        expect(page, `${key} ${dir}`).toMatch(/(Index|Bitmap Index) Scan( Backward)? (using|on) warehouses_to_approve_idx/);
        expect(page, `${key} ${dir}`).not.toMatch(/Seq Scan on warehouses/);
      }
    }
  });
});

describe("POST /api/stocker/warehouses/{id}/resubmit", () => {
  const resubmit = (id: number, actor: User | null) =>
    callJson(resubmitEndpoint, t.db, {
      path: `/api/stocker/warehouses/${id}/resubmit`,
      params: { id: String(id) },
      body: {},
      actor: actor ? actorOf(actor) : null,
    });

  it("sends a refused warehouse back to the New hubs list, the earlier reason kept for the back office; the operator is told", async () => {
    const { owner, warehouse } = await hubRequest({ name: "Deposito Rifiutato" });
    expect((await decide(warehouse.id, { warehouse_data: { status: "refused", to_approve: 0, note: "Mancano le foto." } })).status).toBe(200);
    const page = await warehouseDetail(t.db, actorOf(owner), warehouse.id, "it");
    expect(page.warehouse).toMatchObject({ status: "refused", refusal_note: "Mancano le foto.", can_resubmit: true });

    const res = await resubmit(warehouse.id, owner);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ warehouse_id: warehouse.id });
    expect(await readWarehouse(warehouse.id)).toEqual({ status: "pending", to_approve: true, status_note: "Mancano le foto.", is_hub: true });
    const listed = await listHubRequests(t.db, { filters: { search: "Deposito Rifiutato" }, page: 0, limit: 20 });
    expect(listed.warehouses.map((w) => w.id)).toEqual([warehouse.id]);
    const [mail] = (await mailsTo(loadConfig({ NODE_ENV: "test" }).supportEmail)).filter((m) => m.subject.includes("Deposito Rifiutato"));
    expect(mail).toMatchObject({ template: "hub_request_admin", reply_to: owner.email });
    expect(mail!.subject).toMatch(/di nuovo/);
    expect((await warehouseDetail(t.db, actorOf(owner), warehouse.id, "it")).warehouse.can_resubmit).toBe(false);

    // Twice: nothing to send again. Then decided as usual.
    const again = await resubmit(warehouse.id, owner);
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("not_refused");
    expect((await decide(warehouse.id, { warehouse_data: { status: "approved", to_approve: 0, note: null } })).status).toBe(200);
    expect(await readWarehouse(warehouse.id)).toMatchObject({ status: "approved", to_approve: false });
  });

  it("is the owner's alone: another stocker, the referent, a hunter, an administrator and a visitor are refused, nothing changes", async () => {
    const referent = await makeUser(t.db, { role: "referent" });
    const { owner, warehouse } = await hubRequest({ status: "refused", to_approve: false, status_note: "No." });
    await t.db.updateTable("warehouses").set({ referent_id: referent.id }).where("id", "=", warehouse.id).execute();
    const other = await makeUser(t.db, { role: "stocker" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    // Not on the map: someone else's answers 404, like one that does not exist.
    expect((await resubmit(warehouse.id, other)).status).toBe(404);
    expect((await resubmit(999_999_999, owner)).status).toBe(404);
    for (const actor of [referent, hunter, admin]) expect((await resubmit(warehouse.id, actor)).status).toBe(403);
    expect((await resubmit(warehouse.id, null)).status).toBe(401);
    expect(await readWarehouse(warehouse.id)).toEqual({ status: "refused", to_approve: false, status_note: "No.", is_hub: true });
    expect((await warehouseDetail(t.db, actorOf(referent), warehouse.id, "it")).warehouse.can_resubmit).toBe(false);
    expect((await warehouseDetail(t.db, actorOf(admin), warehouse.id, "it")).warehouse.can_resubmit).toBe(false);
    // An approved one of the owner's: nothing to resubmit.
    const approved = await makeWarehouse(t.db, { user_id: owner.id });
    expect((await resubmit(approved.id, owner)).status).toBe(409);
  });
});
