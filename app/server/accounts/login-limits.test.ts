// Abuse limits on POST /login: wrong logins counted per address and per IP over a sliding
// 15 minutes, in PostgreSQL; past the limit, 429 in the user's language before any password
// check. And a stocker awaiting approval cannot log in.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { action as loginAction } from "../../routes/api/login.ts";
import { hashPassword } from "./passwords.ts";
import { login } from "./auth.service.ts";
import { recordFailure, refuseAfterFailures } from "../security/rate-limit.ts";

const t = useTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const post = (body: unknown, opts: { ip?: string; locale?: "it" | "en" } = {}) => callJson(loginAction, t.db, { path: "/login", body, ip: opts.ip, locale: opts.locale });

describe("wrong logins", () => {
  it("30 wrong logins in a row get 429, with Retry-After and a message in the user's language", async () => {
    await makeUser(t.db, { email: "target@example.com", password_hash: await hashPassword("the-right-one-1") });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post({ email: "target@example.com", password: `guess-${i}` }, { locale: "en" })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    const last = await post({ email: "target@example.com", password: "the-right-one-1" }, { locale: "it" });
    expect(last.status).toBe(429);
    expect(last.json).toMatchObject({ error: "too_many_requests" });
    expect(last.json.message).toMatch(/Troppi tentativi/);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The counters live in PostgreSQL (shared by every app instance).
    const rows = await t.db.selectFrom("rate_limits").select(["key", "hits"]).execute();
    expect(rows.some((r) => r.key === "login-fail:email:email:target@example.com")).toBe(true);
  });

  it("one IP trying many addresses gets 429 too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post({ email: `user${i}@example.com`, password: "whatever-1" }, { ip: "192.0.2.9" })).status);
    expect(statuses.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(statuses.slice(25)).toEqual(Array(5).fill(429));
    // Another IP is not affected.
    expect((await post({ email: "user0@example.com", password: "whatever-1" }, { ip: "192.0.2.10" })).status).toBe(401);
  });

  it("a successful login ends the streak of its address", async () => {
    await makeUser(t.db, { email: "forgetful@example.com", password_hash: await hashPassword("the-right-one-1") });
    for (let i = 0; i < 9; i++) expect((await post({ email: "forgetful@example.com", password: "nope" })).status).toBe(401);
    expect((await post({ email: "forgetful@example.com", password: "the-right-one-1" })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await post({ email: "forgetful@example.com", password: "nope" })).status).toBe(401);
  });

  it("old failures age out of the sliding window", async () => {
    const limit = { name: "test-fail", max: 3, windowSeconds: 900 };
    await recordFailure(t.db, limit, ["k"]);
    await recordFailure(t.db, limit, ["k"]);
    await recordFailure(t.db, limit, ["k"]);
    await expect(refuseAfterFailures(t.db, limit, ["k"])).rejects.toMatchObject({ status: 429 });
    await t.db.updateTable("rate_limits").set({ window_start: new Date(Date.now() - 901_000) }).where("key", "=", "test-fail:k").execute();
    await expect(refuseAfterFailures(t.db, limit, ["k"])).resolves.toBeUndefined();
  });
});

describe("who may log in", () => {
  it("a stocker awaiting approval is told so (after the right password only)", async () => {
    await makeUser(t.db, { role: "stocker", account_type: null, approval_status: "pending", email: "queue@example.com", password_hash: await hashPassword("the-right-one-1") });
    await expect(login(t.db, { email: "queue@example.com", password: "wrong-one", remember: false, ip: "", userAgent: "" })).rejects.toMatchObject({ code: "invalid_credentials" });
    const res = await post({ email: "queue@example.com", password: "the-right-one-1" }, { locale: "en" });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: "account_pending" });
    expect(res.json.message).toMatch(/being reviewed/);
  });
  it("keeps the response shape { user_id, role } and refuses missing fields with 422", async () => {
    const user = await makeUser(t.db, { email: "shape@example.com", password_hash: await hashPassword("the-right-one-1") });
    const ok = await post({ email: "shape@example.com", password: "the-right-one-1", remember: true });
    expect(ok.json).toEqual({ user_id: user.id, role: "stock_hunter" });
    expect((await post({})).json.errors).toEqual({ email: "required", password: "required" });
  });
});
