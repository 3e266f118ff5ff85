// The back office's bulk actions: many hub requests decided with one note, many warehouses
// switched off or on, many accounts switched off or on; one result per id (unknown, wrong state
// and done rows mixed), each changed row audited and (hub requests) its owner e-mailed, as the
// single-row calls do; the refusals (401, 403 for every other role, 422 for bad bodies, nothing
// changed); and the ids of every row a list's filters match ("select all N").
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { insertSession } from "../accounts/sessions.queries.ts";
import { action as bulkHubEndpoint } from "../../routes/api/admin/hub-requests.bulk-update-status.ts";
import { action as bulkWarehousesEndpoint } from "../../routes/api/admin/warehouses.bulk-toggle-deactivated.ts";
import { action as bulkUsersEndpoint } from "../../routes/api/admin/users.bulk-toggle-active.ts";
import { loader as hubIdsEndpoint } from "../../routes/api/admin/hub-requests.ids.ts";
import { loader as warehouseIdsEndpoint } from "../../routes/api/admin/warehouses.ids.ts";
import { loader as stockerIdsEndpoint } from "../../routes/api/admin/stockers.ids.ts";
import { loader as hunterIdsEndpoint } from "../../routes/api/admin/stock-hunters.ids.ts";
import { BULK_MAX_IDS } from "../../schemas/admin-bulk.ts";

const t = useTestDatabase();
let admin: User;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
});

type Fn = Parameters<typeof callJson>[0];
const post = (fn: Fn, path: string, body: unknown, actor: User | null = admin) => callJson(fn, t.db, { path, body, actor: actor ? actorOf(actor) : null });
const get = (fn: Fn, path: string, actor: User | null = admin) => callJson(fn, t.db, { method: "GET", path, actor: actor ? actorOf(actor) : null });

const auditOf = (type: string, ids: number[]) =>
  t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", type).where("entity_id", "in", ids).orderBy("id").execute();
const mailsTo = (emails: string[]) => t.db.selectFrom("mail_outbox").selectAll().where("to_address", "in", emails).execute();

async function hubRequest(name: string) {
  const owner = await makeUser(t.db, { role: "stocker", first_name: "Gianna", lang: "it" });
  const warehouse = await makeWarehouse(t.db, { user_id: owner.id, name, is_hub: true, to_approve: true, status: "pending" });
  return { owner, warehouse };
}

/** 401 for a visitor, 403 for a stocker, a hunter and a referent. */
async function expectAdminOnly(call: (actor: User | null) => Promise<{ status: number }>) {
  expect((await call(null)).status).toBe(401);
  for (const role of ["stocker", "stock_hunter", "referent"] as const) {
    const user = await makeUser(t.db, { role });
    expect((await call(user)).status, role).toBe(403);
  }
}

const BAD_IDS: unknown[] = [[], [0], [-3], [1.5], ["abc"], [7, 7], "1,2", null, Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1)];

describe("POST /api/admin/hub-requests/bulk-update-status", () => {
  const path = "/api/admin/hub-requests/bulk-update-status";

  it("refuses 10 hub requests with one note: 10 refused, 10 audit rows, 10 e-mails", async () => {
    const rows = await Promise.all(Array.from({ length: 10 }, (_, i) => hubRequest(`Hub Rifiuto ${i}`)));
    const ids = rows.map((r) => r.warehouse.id);
    const res = await post(bulkHubEndpoint, path, { ids, status: "refused", note: "Foto mancanti" });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual(ids.map((id) => ({ id, ok: true, changed: true })));
    const after = await t.db.selectFrom("warehouses").select(["status", "to_approve", "status_note"]).where("id", "in", ids).execute();
    expect(after).toHaveLength(10);
    for (const w of after) expect(w).toEqual({ status: "refused", to_approve: false, status_note: "Foto mancanti" });
    const audit = await auditOf("warehouse", ids);
    expect(audit).toHaveLength(10);
    for (const row of audit)
      expect(row).toMatchObject({ admin_id: admin.id, action: "warehouse.hub_decision", details: { decision: "refused", note: "Foto mancanti" } });
    const mails = await mailsTo(rows.map((r) => r.owner.email));
    expect(mails).toHaveLength(10);
    for (const mail of mails) {
      expect(mail).toMatchObject({ template: "hub_decision", lang: "it" });
      expect(mail.text).toContain("Foto mancanti");
    }
  });

  it("answers each id: approved, unknown (not_found), already decided (not_waiting); the others go on", async () => {
    const a = await hubRequest("Hub Misto A");
    const b = await hubRequest("Hub Misto B");
    const decided = await makeWarehouse(t.db, { is_hub: true, to_approve: false, status: "approved" });
    const res = await post(bulkHubEndpoint, path, { ids: [a.warehouse.id, 999_999_991, decided.id, b.warehouse.id], status: "approved", note: null });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { id: a.warehouse.id, ok: true, changed: true },
      { id: 999_999_991, ok: false, error: "not_found" },
      { id: decided.id, ok: false, error: "not_waiting" },
      { id: b.warehouse.id, ok: true, changed: true },
    ]);
    expect(await auditOf("warehouse", [a.warehouse.id, b.warehouse.id, decided.id])).toHaveLength(2);
    expect(await mailsTo([a.owner.email, b.owner.email])).toHaveLength(2);
  });

  it("refuses bad bodies (422) and changes nothing; a refusal needs its note", async () => {
    const { owner, warehouse } = await hubRequest("Hub Intatto");
    for (const body of [
      ...BAD_IDS.map((ids) => ({ ids, status: "approved" })),
      { ids: [warehouse.id], status: "refused" },
      { ids: [warehouse.id], status: "refused", note: "   " },
      { ids: [warehouse.id], status: "pending" },
      { ids: [warehouse.id] },
      {},
    ]) {
      const res = await post(bulkHubEndpoint, path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const tooMany = await post(bulkHubEndpoint, path, { ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1), status: "approved" });
    expect(tooMany.json.errors).toMatchObject({ ids: "too_big" });
    expect((await post(bulkHubEndpoint, path, { ids: [warehouse.id], status: "refused" })).json.errors).toMatchObject({ note: "required" });
    expect(await t.db.selectFrom("warehouses").select(["status", "to_approve"]).where("id", "=", warehouse.id).executeTakeFirst()).toEqual({
      status: "pending",
      to_approve: true,
    });
    expect(await auditOf("warehouse", [warehouse.id])).toHaveLength(0);
    expect(await mailsTo([owner.email])).toHaveLength(0);
  });

  it("is the administrators' only: 401, 403, nothing decided", async () => {
    const { warehouse } = await hubRequest("Hub Vietato");
    await expectAdminOnly((actor) => post(bulkHubEndpoint, path, { ids: [warehouse.id], status: "approved" }, actor));
    expect(await auditOf("warehouse", [warehouse.id])).toHaveLength(0);
  });
});

describe("POST /api/admin/warehouses/bulk-toggle-deactivated", () => {
  const path = "/api/admin/warehouses/bulk-toggle-deactivated";
  const deactivatedOf = async (ids: number[]) =>
    Object.fromEntries((await t.db.selectFrom("warehouses").select(["id", "deactivated"]).where("id", "in", ids).execute()).map((r) => [r.id, r.deactivated]));

  it("switches off the rows picked (audited each), says which already were and which are unknown, then back on", async () => {
    const on1 = await makeWarehouse(t.db, { deactivated: false });
    const on2 = await makeWarehouse(t.db, { deactivated: false });
    const off = await makeWarehouse(t.db, { deactivated: true });
    const res = await post(bulkWarehousesEndpoint, path, { ids: [on1.id, off.id, 999_999_992, on2.id], deactivated: 1 });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { id: on1.id, ok: true, changed: true },
      { id: off.id, ok: true, changed: false },
      { id: 999_999_992, ok: false, error: "not_found" },
      { id: on2.id, ok: true, changed: true },
    ]);
    expect(await deactivatedOf([on1.id, on2.id, off.id])).toEqual({ [on1.id]: true, [on2.id]: true, [off.id]: true });
    const audit = await auditOf("warehouse", [on1.id, on2.id, off.id]);
    expect(audit.map((a) => [a.entity_id, a.action, a.details])).toEqual([
      [on1.id, "warehouse.toggle_deactivated", { before: { deactivated: false }, after: { deactivated: true } }],
      [on2.id, "warehouse.toggle_deactivated", { before: { deactivated: false }, after: { deactivated: true } }],
    ]);
    // The undo: the inverse call on exactly the rows that changed.
    const undo = await post(bulkWarehousesEndpoint, path, { ids: [on1.id, on2.id], deactivated: false });
    expect(undo.json.results).toEqual([
      { id: on1.id, ok: true, changed: true },
      { id: on2.id, ok: true, changed: true },
    ]);
    expect(await deactivatedOf([on1.id, on2.id])).toEqual({ [on1.id]: false, [on2.id]: false });
    expect(await auditOf("warehouse", [on1.id, on2.id])).toHaveLength(4);
  });

  it("refuses bad bodies (422) and other roles (401, 403), changing nothing", async () => {
    const w = await makeWarehouse(t.db, { deactivated: false });
    for (const body of [
      ...BAD_IDS.map((ids) => ({ ids, deactivated: true })),
      { ids: [w.id] },
      { ids: [w.id], deactivated: "yes" },
      { ids: [w.id], deactivated: 2 },
    ]) {
      expect((await post(bulkWarehousesEndpoint, path, body)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    await expectAdminOnly((actor) => post(bulkWarehousesEndpoint, path, { ids: [w.id], deactivated: true }, actor));
    expect(await deactivatedOf([w.id])).toEqual({ [w.id]: false });
    expect(await auditOf("warehouse", [w.id])).toHaveLength(0);
  });
});

describe("POST /api/admin/users/bulk-toggle-active", () => {
  const path = "/api/admin/users/bulk-toggle-active";
  const activeOf = async (ids: number[]) =>
    Object.fromEntries((await t.db.selectFrom("users").select(["id", "active"]).where("id", "in", ids).execute()).map((r) => [r.id, r.active]));

  it("switches accounts off (their sessions end), audited each; an administrator's account and unknown ids are not_found", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const already = await makeUser(t.db, { role: "stock_hunter", active: false });
    const otherAdmin = await makeUser(t.db, { role: "admin" });
    await insertSession(t.db, {
      id: randomBytes(32).toString("hex"),
      userId: hunter.id,
      remember: false,
      expiresAt: new Date(Date.now() + 3_600_000),
      ip: "127.0.0.1",
      userAgent: "test",
    });
    const res = await post(bulkUsersEndpoint, path, { ids: [stocker.id, hunter.id, already.id, otherAdmin.id, 999_999_993], active: 0 });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { id: stocker.id, ok: true, changed: true },
      { id: hunter.id, ok: true, changed: true },
      { id: already.id, ok: true, changed: false },
      { id: otherAdmin.id, ok: false, error: "not_found" },
      { id: 999_999_993, ok: false, error: "not_found" },
    ]);
    expect(await activeOf([stocker.id, hunter.id, otherAdmin.id])).toEqual({ [stocker.id]: false, [hunter.id]: false, [otherAdmin.id]: true });
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", hunter.id).execute()).toHaveLength(0);
    const audit = await auditOf("user", [stocker.id, hunter.id, already.id, otherAdmin.id]);
    expect(audit.map((a) => [a.entity_id, a.action, a.details])).toEqual([
      [stocker.id, "user.toggle_active", { before: true, after: false }],
      [hunter.id, "user.toggle_active", { before: true, after: false }],
    ]);
    const undo = await post(bulkUsersEndpoint, path, { ids: [stocker.id, hunter.id], active: true });
    expect(undo.json.results.every((r: { changed: boolean }) => r.changed)).toBe(true);
    expect(await activeOf([stocker.id, hunter.id])).toEqual({ [stocker.id]: true, [hunter.id]: true });
  });

  it("refuses bad bodies (422) and other roles (401, 403), changing nothing", async () => {
    const u = await makeUser(t.db, { role: "stock_hunter" });
    for (const body of [...BAD_IDS.map((ids) => ({ ids, active: 0 })), { ids: [u.id] }, { ids: [u.id], active: "no" }]) {
      expect((await post(bulkUsersEndpoint, path, body)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    await expectAdminOnly((actor) => post(bulkUsersEndpoint, path, { ids: [u.id], active: 0 }, actor));
    expect(await activeOf([u.id])).toEqual({ [u.id]: true });
    expect(await auditOf("user", [u.id])).toHaveLength(0);
  });
});

describe("GET /api/admin/{list}/ids: every row the list's query matches", () => {
  it("warehouses: the same search and filter as the list, newest first, with the total", async () => {
    const old = await makeWarehouse(t.db, { name: "Selezione Tutti Vecchio", created_at: new Date("2024-01-01") });
    const recent = await makeWarehouse(t.db, { name: "Selezione Tutti Nuovo", created_at: new Date("2025-01-01") });
    const off = await makeWarehouse(t.db, { name: "Selezione Tutti Spento", deactivated: true });
    const all = await get(warehouseIdsEndpoint, "/api/admin/warehouses/ids?search_term=Selezione%20Tutti");
    expect(all.status).toBe(200);
    expect(all.json).toEqual({ ids: [off.id, recent.id, old.id], total: 3 });
    const active = await get(warehouseIdsEndpoint, "/api/admin/warehouses/ids?search_term=Selezione%20Tutti&filters[deactivated]=act&offset=3&limit=1");
    expect(active.json).toEqual({ ids: [recent.id, old.id], total: 2 });
    expect((await get(warehouseIdsEndpoint, "/api/admin/warehouses/ids?filters[deactivated]=nope")).status).toBe(422);
    await expectAdminOnly((actor) => get(warehouseIdsEndpoint, "/api/admin/warehouses/ids", actor));
  });

  it("hub requests: the waiting ones the search matches, longest waiting first", async () => {
    const first = await hubRequest("Tutti Hub Uno");
    const second = await hubRequest("Tutti Hub Due");
    await makeWarehouse(t.db, { name: "Tutti Hub Deciso", is_hub: true, to_approve: false, status: "approved" });
    const res = await get(hubIdsEndpoint, "/api/admin/hub-requests/ids?search_term=Tutti%20Hub");
    expect(res.json).toEqual({ ids: [first.warehouse.id, second.warehouse.id], total: 2 });
    await expectAdminOnly((actor) => get(hubIdsEndpoint, "/api/admin/hub-requests/ids", actor));
  });

  it("stockers and stock hunters: the role's list, searched", async () => {
    const stocker = await makeUser(t.db, { role: "stocker", company: "Zeta Selezionabile" });
    const hunter = await makeUser(t.db, { role: "stock_hunter", company: "Zeta Selezionabile" });
    expect((await get(stockerIdsEndpoint, "/api/admin/stockers/ids?search_term=Zeta%20Selezionabile&filters[sub_type]=all")).json).toEqual({
      ids: [stocker.id],
      total: 1,
    });
    expect((await get(stockerIdsEndpoint, "/api/admin/stockers/ids?search_term=Zeta%20Selezionabile&filters[sub_type]=active")).json).toEqual({
      ids: [],
      total: 0,
    });
    expect((await get(hunterIdsEndpoint, "/api/admin/stock-hunters/ids?search_term=Zeta%20Selezionabile")).json).toEqual({ ids: [hunter.id], total: 1 });
    await expectAdminOnly((actor) => get(stockerIdsEndpoint, "/api/admin/stockers/ids", actor));
    await expectAdminOnly((actor) => get(hunterIdsEndpoint, "/api/admin/stock-hunters/ids", actor));
  });
});
