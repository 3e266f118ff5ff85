import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf } from "../../../tests/support/factories.ts";
import {
  BROWSER_SESSION_MAX_MS,
  endAllSessions,
  endSession,
  hashToken,
  IDLE_MS,
  MAX_SESSIONS_PER_USER,
  REMEMBER_MS,
  resolveSession,
  SESSION_COOKIE,
  startSession,
} from "./sessions.service.ts";
import { login } from "./auth.service.ts";
import { hashPassword } from "./passwords.ts";
import { action as logoutAction } from "../../routes/api/logout.ts";

const t = useTestDatabase();
const SECRET = "test-secret-test-secret";

async function user(email: string, opts: { active?: boolean } = {}) {
  const row = await t.db
    .insertInto("users")
    .values({
      email,
      role: "stock_hunter",
      password_hash: await hashPassword("correct horse 1"),
      invite_code: email
        .slice(0, 8)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, "X")
        .padEnd(8, "X"),
      active: opts.active ?? true,
      lang: "en",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("sessions", () => {
  it("stores only the hash of a 256-bit token and resolves the user from the cookie value", async () => {
    const id = await user("ada@example.com");
    const { token, maxAgeSeconds } = await startSession(t.db, { userId: id, remember: false, ip: "127.0.0.1", userAgent: "test" });
    expect(Buffer.from(token, "base64url").length).toBe(32);
    expect(maxAgeSeconds).toBeNull(); // a browser-session cookie
    const stored = await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute();
    expect(stored.map((s) => s.id)).toEqual([hashToken(token)]);
    expect(stored[0]!.id).not.toContain(token);
    const actor = await resolveSession(t.db, token);
    expect(actor).toMatchObject({ id, role: "stock_hunter", email: "ada@example.com" });
    expect(await resolveSession(t.db, token + "x")).toBeNull();
  });

  it("remember lasts 30 days", async () => {
    const id = await user("bob@example.com");
    const { maxAgeSeconds, token } = await startSession(t.db, { userId: id, remember: true, ip: "", userAgent: "" });
    expect(maxAgeSeconds).toBe(30 * 24 * 3600);
    const row = await t.db.selectFrom("sessions").select("expires_at").where("id", "=", hashToken(token)).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("an expired session or a deactivated account resolves to nobody", async () => {
    const id = await user("carl@example.com");
    const { token } = await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    await t.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", hashToken(token))
      .execute();
    expect(await resolveSession(t.db, token)).toBeNull();
    const other = await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    await t.db.updateTable("users").set({ active: false }).where("id", "=", id).execute();
    expect(await resolveSession(t.db, other.token)).toBeNull();
  });

  it("logout ends one session; a password change ends them all", async () => {
    const id = await user("dora@example.com");
    const a = await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    const b = await startSession(t.db, { userId: id, remember: true, ip: "", userAgent: "" });
    await endSession(t.db, hashToken(a.token));
    expect(await resolveSession(t.db, a.token)).toBeNull();
    expect(await resolveSession(t.db, b.token)).not.toBeNull();
    await endAllSessions(t.db, id);
    expect(await resolveSession(t.db, b.token)).toBeNull();
  });

  it("POST /logout ends the caller's session and clears its cookie", async () => {
    const id = await user("eliot@example.com");
    const session = await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    const other = await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    const row = await t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const actor = { ...actorOf(row), sessionId: hashToken(session.token) };
    const res = await callJson(logoutAction, t.db, { path: "/logout", actor });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(res.cookies[SESSION_COOKIE]).toBe("");
    expect(await resolveSession(t.db, session.token)).toBeNull();
    expect(await resolveSession(t.db, other.token)).not.toBeNull();
  });
});

describe("session lifetime and count", () => {
  const HOUR = 3600_000;
  const row = (token: string) => t.db.selectFrom("sessions").selectAll().where("id", "=", hashToken(token)).executeTakeFirst();
  const age = (token: string, fields: { created_at?: Date; last_seen_at?: Date; expires_at?: Date }) =>
    t.db.updateTable("sessions").set(fields).where("id", "=", hashToken(token)).execute();

  it("a browser session in constant use still ends 7 days after login: the idle expiry never slides past it", async () => {
    const id = await user("gil@example.com");
    const { token } = await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    // Started 7 days minus one hour ago, used 10 minutes ago: still valid, and its next idle
    // expiry is the absolute end (in 1 hour), not 12 hours from now.
    const created = new Date(Date.now() - BROWSER_SESSION_MAX_MS + HOUR);
    await age(token, { created_at: created, last_seen_at: new Date(Date.now() - 10 * 60_000), expires_at: new Date(Date.now() + HOUR) });
    expect(await resolveSession(t.db, token)).toMatchObject({ id });
    const touched = (await row(token))!;
    expect(touched.last_seen_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(touched.expires_at.getTime()).toBe(created.getTime() + BROWSER_SESSION_MAX_MS);
    expect(touched.expires_at.getTime()).toBeLessThan(Date.now() + IDLE_MS / 2);
    // One minute past the end, even with a later expires_at (a row written before the rule), it is over and removed.
    await age(token, {
      created_at: new Date(Date.now() - BROWSER_SESSION_MAX_MS - 60_000),
      last_seen_at: new Date(),
      expires_at: new Date(Date.now() + IDLE_MS),
    });
    expect(await resolveSession(t.db, token)).toBeNull();
    expect(await row(token)).toBeUndefined();
  });

  it("a remembered session ends 30 days after login whatever its expires_at says", async () => {
    const id = await user("hal@example.com");
    const { token } = await startSession(t.db, { userId: id, remember: true, ip: "", userAgent: "" });
    await age(token, { created_at: new Date(Date.now() - REMEMBER_MS + HOUR), expires_at: new Date(Date.now() + 5 * 24 * HOUR) });
    expect(await resolveSession(t.db, token)).toMatchObject({ id });
    await age(token, { created_at: new Date(Date.now() - REMEMBER_MS - 60_000) });
    expect(await resolveSession(t.db, token)).toBeNull();
  });

  it(`a user holds at most ${MAX_SESSIONS_PER_USER} sessions: one more ends the oldest, other users untouched`, async () => {
    const id = await user("ivy@example.com");
    const other = await user("jon@example.com");
    const theirs = await startSession(t.db, { userId: other, remember: true, ip: "", userAgent: "" });
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) tokens.push((await startSession(t.db, { userId: id, remember: i % 2 === 0, ip: "", userAgent: "" })).token);
    for (const token of tokens) expect(await resolveSession(t.db, token)).not.toBeNull();
    const eleventh = await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    expect(await resolveSession(t.db, tokens[0])).toBeNull();
    for (const token of [...tokens.slice(1), eleventh.token]) expect(await resolveSession(t.db, token)).not.toBeNull();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute()).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(await resolveSession(t.db, theirs.token)).not.toBeNull();
    // Expired sessions are cleared at the next login rather than counted.
    await t.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", hashToken(tokens[1]!))
      .execute();
    await startSession(t.db, { userId: id, remember: false, ip: "", userAgent: "" });
    expect(await row(tokens[1]!)).toBeUndefined();
    expect(await resolveSession(t.db, tokens[2])).not.toBeNull();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute()).toHaveLength(MAX_SESSIONS_PER_USER);
  });
});

describe("login", () => {
  it("checks the password (e-mail in any case) and opens a new session, replacing the previous one", async () => {
    const id = await user("eve@example.com");
    const first = await login(t.db, { email: "EVE@example.com ", password: "correct horse 1", remember: false, ip: "", userAgent: "", secret: SECRET });
    expect(first.userId).toBe(id);
    const second = await login(t.db, {
      email: "eve@example.com",
      password: "correct horse 1",
      remember: false,
      ip: "",
      userAgent: "",
      previousSessionId: hashToken(first.token),
      secret: SECRET,
    });
    expect(second.token).not.toBe(first.token);
    expect(await resolveSession(t.db, first.token)).toBeNull();
  });
  it("refuses a wrong password, an unknown address and a deactivated account's wrong password alike", async () => {
    await user("fay@example.com", { active: false });
    for (const [email, password] of [
      ["eve@example.com", "wrong password"],
      ["nobody@example.com", "correct horse 1"],
      ["fay@example.com", "wrong password"],
    ]) {
      await expect(login(t.db, { email: email!, password: password!, remember: false, ip: "", userAgent: "", secret: SECRET })).rejects.toMatchObject({
        status: 401,
        code: "invalid_credentials",
      });
    }
  });
  it("tells a deactivated account it is suspended only after its right password, and opens no session", async () => {
    const id = await user("suspended@example.com", { active: false });
    await expect(
      login(t.db, { email: "suspended@example.com", password: "correct horse 1", remember: false, ip: "", userAgent: "", secret: SECRET }),
    ).rejects.toMatchObject({ status: 401, code: "account_suspended" });
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute()).toEqual([]);
  });
});
