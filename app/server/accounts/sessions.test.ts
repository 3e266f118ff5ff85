import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { endAllSessions, endSession, hashToken, resolveSession, startSession } from "./sessions.service.ts";
import { login } from "./auth.service.ts";
import { hashPassword } from "./passwords.ts";

const t = useTestDatabase();

async function user(email: string, opts: { active?: boolean } = {}) {
  const row = await t.db
    .insertInto("users")
    .values({ email, role: "stock_hunter", password_hash: await hashPassword("correct horse 1"), invite_code: email.slice(0, 8).toUpperCase().replace(/[^A-Z0-9]/g, "X").padEnd(8, "X"), active: opts.active ?? true, lang: "en" })
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
    await t.db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", hashToken(token)).execute();
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
});

describe("login", () => {
  it("checks the password (e-mail in any case) and opens a new session, replacing the previous one", async () => {
    const id = await user("eve@example.com");
    const first = await login(t.db, { email: "EVE@example.com ", password: "correct horse 1", remember: false, ip: "", userAgent: "" });
    expect(first.userId).toBe(id);
    const second = await login(t.db, { email: "eve@example.com", password: "correct horse 1", remember: false, ip: "", userAgent: "", previousSessionId: hashToken(first.token) });
    expect(second.token).not.toBe(first.token);
    expect(await resolveSession(t.db, first.token)).toBeNull();
  });
  it("refuses a wrong password, an unknown address and a deactivated account alike", async () => {
    await user("fay@example.com", { active: false });
    for (const [email, password] of [["eve@example.com", "wrong password"], ["nobody@example.com", "correct horse 1"], ["fay@example.com", "correct horse 1"]]) {
      await expect(login(t.db, { email: email!, password: password!, remember: false, ip: "", userAgent: "" })).rejects.toMatchObject({ status: 401, code: "invalid_credentials" });
    }
  });
});
