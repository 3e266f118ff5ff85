// Personal access tokens: made, listed and revoked in a session; a call with
// `Authorization: Bearer` through the root middleware acts as the owner with the token's scope,
// needs no CSRF token, and is refused once the token is revoked, expired or its owner switched
// off; an administrator's token leaves a row in the audit log for each call.
import { beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, checkDescribedAnswer, testContext } from "../../../tests/support/endpoint.ts";
import { actorOf, makeRequest, makeUser, makeWarehouse, subscribeWarehouses } from "../../../tests/support/factories.ts";
import type { User } from "../db/types.ts";
import { rootMiddleware } from "../http/middleware.ts";
import { todayInItaly } from "../../lib/format.ts";
import { API_TOKEN_CALLS } from "./api-tokens.service.ts";
import { API_TOKENS_PER_OWNER } from "../../lib/api-tokens.ts";
import { action as createToken } from "../../routes/api/tokens.create.ts";
import { loader as listTokens } from "../../routes/api/tokens.ts";
import { action as revokeToken } from "../../routes/api/tokens.revoke.ts";
import { loader as stockerRequests } from "../../routes/api/stocker/requests.ts";
import { action as stockerOffer } from "../../routes/api/stocker/warehouse-requests.offers.ts";
import { loader as adminDashboard } from "../../routes/api/admin/dashboard.ts";
import { eraseUser, exportUserData } from "../accounts/user-data.service.ts";

const t = useTestDatabase();

type RouteFn = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}) => Promise<Response> | Response;

/** A call as the server makes it: the root middleware (session or token, CSRF, area rules), then the endpoint. */
async function viaMiddleware(
  endpoint: RouteFn,
  path: string,
  opts: { token?: string; method?: string; body?: unknown; params?: Record<string, string>; language?: string } = {},
) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (opts.language) headers["Accept-Language"] = opts.language;
  if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
  const request = new Request(`http://stockspace.test${path}`, {
    method: opts.method ?? "GET",
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const context = testContext(t.db);
  const params = opts.params ?? {};
  const response = (await rootMiddleware({ request, context, params, unstable_pattern: path } as never, async () =>
    endpoint({ request, params, context }),
  )) as Response;
  const text = await response.text();
  checkDescribedAnswer(endpoint, response, text);
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

async function makeToken(user: User, scope: "read" | "read_write" = "read_write", name = "Gestionale") {
  const res = await callJson(createToken, t.db, { actor: actorOf(user), body: { name, scope, expires_in_days: 30 } });
  expect(res.status).toBe(200);
  return res.json as { token: string; item: { id: number; token_hint: string; state: string; scope: string } };
}

const TODAY = todayInItaly();
const inDays = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let stocker: User, otherStocker: User, hunter: User, referent: User, admin: User;
let linkId: number, otherLinkId: number;

beforeAll(async () => {
  stocker = await makeUser(t.db, { role: "stocker" });
  otherStocker = await makeUser(t.db, { role: "stocker" });
  hunter = await makeUser(t.db, { role: "stock_hunter" });
  referent = await makeUser(t.db, { role: "referent" });
  admin = await makeUser(t.db, { role: "admin" });
  const mine = await makeWarehouse(t.db, { user_id: stocker.id, name: "Deposito del token" });
  const theirs = await makeWarehouse(t.db, { user_id: otherStocker.id });
  await subscribeWarehouses(t.db, stocker.id, [mine.id]);
  await subscribeWarehouses(t.db, otherStocker.id, [theirs.id]);
  const made = await makeRequest(t.db, { userId: hunter.id, warehouseIds: [mine.id, theirs.id] });
  linkId = made.links.find((l) => l.warehouse_id === mine.id)!.id;
  otherLinkId = made.links.find((l) => l.warehouse_id === theirs.id)!.id;
});

describe("making, listing and revoking tokens", () => {
  it("shows the token once and stores only its SHA-256 and last four characters", async () => {
    const { token, item } = await makeToken(stocker, "read", "Sola lettura ERP");
    expect(token).toMatch(/^ssp_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({ name: "Sola lettura ERP", scope: "read", state: "active", token_hint: token.slice(-4), last_used_at: null, revoked_at: null });
    const row = await t.db.selectFrom("api_tokens").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(Object.values(row)).not.toContain(token);
    const days = (row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const list = await callJson(listTokens, t.db, { method: "GET", actor: actorOf(stocker) });
    expect(list.status).toBe(200);
    expect(list.json.tokens.map((x: { id: number }) => x.id)).toContain(item.id);
    expect(JSON.stringify(list.json)).not.toContain(token);
    expect(JSON.stringify(list.json)).not.toContain(row.token_hash);
  });

  it("refuses bad input in the user's language and writes nothing", async () => {
    const before = await t.db
      .selectFrom("api_tokens")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    for (const body of [
      { name: "  ", scope: "read", expires_in_days: 30 },
      { name: "x".repeat(61), scope: "read", expires_in_days: 30 },
      { name: "ERP", scope: "admin", expires_in_days: 30 },
      { name: "ERP", scope: "read", expires_in_days: 10 },
      { name: "ERP", scope: "read", expires_in_days: "mai" },
    ]) {
      const res = await callJson(createToken, t.db, { actor: actorOf(stocker), body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const en = await callJson(createToken, t.db, { actor: actorOf(stocker), body: { name: "", scope: "read" }, locale: "en" });
    expect(en.json).toMatchObject({ error: "invalid", errors: { name: "required" } });
    const after = await t.db
      .selectFrom("api_tokens")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("is for stockers, referents and administrators: 401 for visitors, 403 for hunters; an administrator's is audited", async () => {
    expect((await callJson(createToken, t.db, { actor: null, body: { name: "x", scope: "read" } })).status).toBe(401);
    expect((await callJson(createToken, t.db, { actor: actorOf(hunter), body: { name: "x", scope: "read" } })).status).toBe(403);
    expect((await callJson(listTokens, t.db, { method: "GET", actor: actorOf(hunter) })).status).toBe(403);
    await makeToken(referent, "read");
    const made = await makeToken(admin, "read_write", "Script del back office");
    const audit = await t.db.selectFrom("audit_log").selectAll().where("admin_id", "=", admin.id).where("action", "=", "api_token.create").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ token_id: made.item.id, token_name: "Script del back office", token_scope: "read_write" });
    expect(JSON.stringify(audit[0]!.details)).not.toContain(made.token);
  });

  it("caps the live tokens per owner; revoked ones do not count", async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    const made = [];
    for (let i = 0; i < API_TOKENS_PER_OWNER; i++) made.push(await makeToken(owner, "read", `T${i}`));
    const over = await callJson(createToken, t.db, { actor: actorOf(owner), body: { name: "Uno di troppo", scope: "read" } });
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ error: "api_token_limit" });
    expect(over.json.message).toContain(String(API_TOKENS_PER_OWNER));
    expect((await callJson(revokeToken, t.db, { actor: actorOf(owner), params: { id: String(made[0]!.item.id) } })).status).toBe(200);
    await makeToken(owner, "read", "Al posto del primo");
  });

  it("revokes one's own token once; another owner's is 404 and stays live", async () => {
    const mine = await makeToken(stocker, "read");
    const theirs = await makeToken(otherStocker, "read");
    const refused = await callJson(revokeToken, t.db, { actor: actorOf(stocker), params: { id: String(theirs.item.id) } });
    expect(refused.status).toBe(404);
    expect((await callJson(revokeToken, t.db, { actor: actorOf(hunter), params: { id: String(theirs.item.id) } })).status).toBe(403);
    expect((await t.db.selectFrom("api_tokens").select("revoked_at").where("id", "=", theirs.item.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
    const first = await callJson(revokeToken, t.db, { actor: actorOf(stocker), params: { id: String(mine.item.id) } });
    expect(first.json).toEqual({ id: mine.item.id, already_revoked: false });
    const again = await callJson(revokeToken, t.db, { actor: actorOf(stocker), params: { id: String(mine.item.id) } });
    expect(again.json).toEqual({ id: mine.item.id, already_revoked: true });
    const list = await callJson(listTokens, t.db, { method: "GET", actor: actorOf(stocker) });
    expect(list.json.tokens.find((x: { id: number }) => x.id === mine.item.id).state).toBe("revoked");
  });
});

describe("a call with Authorization: Bearer", () => {
  it("lists the owner's requests and sends an offer without a cookie or a CSRF token", async () => {
    const { token, item } = await makeToken(stocker, "read_write");
    const list = await viaMiddleware(stockerRequests, "/api/stocker/requests", { token });
    expect(list.status).toBe(200);
    expect(list.headers.getSetCookie()).toEqual([]);
    expect(JSON.stringify(list.json)).toContain("Deposito del token");
    const offer = {
      offer_data: {
        m2_type: "m2",
        quantity: 500,
        price_month: 450,
        handling_in: null,
        handling_out: null,
        one_off_fee: null,
        start_date: inDays(30),
        end_date: inDays(120),
        min_term_months: 3,
        included: "",
        notes: "Inviata dal gestionale",
        valid_until: inDays(14),
      },
    };
    const sent = await viaMiddleware(stockerOffer, `/api/stocker/warehouse-requests/${linkId}/offers`, {
      token,
      method: "POST",
      body: offer,
      params: { id: String(linkId) },
    });
    expect(sent.status).toBe(200);
    const stored = await t.db.selectFrom("request_offers").select(["notes"]).where("link_id", "=", linkId).execute();
    expect(stored.map((o) => o.notes)).toContain("Inviata dal gestionale");
    // Another owner's link: refused as it is to that owner's session (403), nothing stored.
    const other = await viaMiddleware(stockerOffer, `/api/stocker/warehouse-requests/${otherLinkId}/offers`, {
      token,
      method: "POST",
      body: offer,
      params: { id: String(otherLinkId) },
    });
    expect(other.status).toBe(403);
    expect(await t.db.selectFrom("request_offers").select("id").where("link_id", "=", otherLinkId).execute()).toEqual([]);
    const used = await t.db.selectFrom("api_tokens").select(["last_used_at", "last_used_ip"]).where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toBe("203.0.113.7");
  });

  it("refuses a read token's write (403) and reads with it", async () => {
    const { token } = await makeToken(stocker, "read");
    expect((await viaMiddleware(stockerRequests, "/api/stocker/requests", { token })).status).toBe(200);
    const write = await viaMiddleware(stockerOffer, `/api/stocker/warehouse-requests/${linkId}/offers`, {
      token,
      method: "POST",
      body: {},
      params: { id: String(linkId) },
    });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ error: "token_read_only" });
  });

  it("answers 401 invalid_token for a revoked, expired, unknown or switched-off owner's token", async () => {
    const revoked = await makeToken(stocker, "read");
    await callJson(revokeToken, t.db, { actor: actorOf(stocker), params: { id: String(revoked.item.id) } });
    const expired = await makeToken(stocker, "read");
    await t.db
      .updateTable("api_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", expired.item.id)
      .execute();
    const offUser = await makeUser(t.db, { role: "stocker" });
    const off = await makeToken(offUser, "read");
    await t.db.updateTable("users").set({ active: false }).where("id", "=", offUser.id).execute();
    for (const token of [revoked.token, expired.token, off.token, "ssp_nonexistent", "not-a-token", ""]) {
      const res = await viaMiddleware(stockerRequests, "/api/stocker/requests", { token });
      expect(res.status, token).toBe(401);
      expect(res.json).toMatchObject({ error: "invalid_token", message: "The API token is not valid, has expired or was revoked." });
      expect(res.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
    }
    // In the caller's language.
    const it = await viaMiddleware(stockerRequests, "/api/stocker/requests", { token: revoked.token, language: "it-IT,it;q=0.9" });
    expect(it.json.message).toBe("Il token API non è valido, è scaduto o è stato revocato.");
  });

  it("keeps the owner's role: a stocker's token is refused the back office and another area", async () => {
    const { token } = await makeToken(stocker, "read_write");
    expect((await viaMiddleware(adminDashboard, "/api/admin/dashboard", { token })).status).toBe(403);
  });

  it("cannot make, list or revoke tokens (403 token_not_allowed)", async () => {
    const { token, item } = await makeToken(stocker, "read_write");
    const made = await viaMiddleware(createToken, "/api/tokens/create", { token, method: "POST", body: { name: "Figlio", scope: "read_write" } });
    expect(made.status).toBe(403);
    expect(made.json).toMatchObject({ error: "token_not_allowed" });
    expect((await viaMiddleware(listTokens, "/api/tokens", { token })).status).toBe(403);
    const revoke = await viaMiddleware(revokeToken, `/api/tokens/${item.id}/revoke`, { token, method: "POST", params: { id: String(item.id) } });
    expect(revoke.status).toBe(403);
  });

  it("writes every call of an administrator's token to the audit log, and none of a stocker's", async () => {
    const { token, item } = await makeToken(admin, "read");
    const res = await viaMiddleware(adminDashboard, "/api/admin/dashboard", { token });
    expect(res.status).toBe(200);
    await viaMiddleware(adminDashboard, "/api/admin/dashboard", { token });
    const rows = await t.db.selectFrom("audit_log").selectAll().where("admin_id", "=", admin.id).where("action", "=", "api_token.use").execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.details).toMatchObject({ token_id: item.id, method: "GET", path: "/api/admin/dashboard" });
    const stockerToken = await makeToken(stocker, "read");
    await viaMiddleware(stockerRequests, "/api/stocker/requests", { token: stockerToken.token });
    const all = await t.db.selectFrom("audit_log").select("id").where("action", "=", "api_token.use").execute();
    expect(all).toHaveLength(2);
  });

  it("limits each token's calls per minute (429 with Retry-After), other tokens untouched", async () => {
    const busy = await makeToken(stocker, "read");
    const calm = await makeToken(stocker, "read");
    const windowStart = new Date(Math.floor(Date.now() / (API_TOKEN_CALLS.windowSeconds * 1000)) * API_TOKEN_CALLS.windowSeconds * 1000);
    await t.db
      .insertInto("rate_limits")
      .values({ key: `${API_TOKEN_CALLS.name}:token:${busy.item.id}`, window_start: windowStart, hits: API_TOKEN_CALLS.max })
      .execute();
    const over = await viaMiddleware(stockerRequests, "/api/stocker/requests", { token: busy.token });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await viaMiddleware(stockerRequests, "/api/stocker/requests", { token: calm.token })).status).toBe(200);
  });
});

describe("the GDPR requests", () => {
  it("export the person's tokens without their hashes, and the erasure deletes them", async () => {
    const person = await makeUser(t.db, { role: "referent" });
    const { token } = await makeToken(person, "read", "Da cancellare");
    const exported = await exportUserData(t.db, actorOf(admin), person.id, { format: "json", reason: "Richiesta dell'interessato" });
    const text = JSON.stringify(exported);
    expect(text).toContain("Da cancellare");
    expect(text).not.toContain(createHash("sha256").update(token).digest("hex"));
    await eraseUser(t.db, actorOf(admin), person.id, { reason: "Richiesta dell'interessato" });
    expect(await t.db.selectFrom("api_tokens").select("id").where("user_id", "=", person.id).execute()).toEqual([]);
    expect((await viaMiddleware(stockerRequests, "/api/stocker/requests", { token })).status).toBe(401);
  });
});
