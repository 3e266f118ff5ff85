// Password recovery: POST /api/recover-password (same answer for any address) and
// POST /api/users/{id}/reset-password (single-use token, 60 minutes, every session ends).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { lastMailTo, linkIn, mailsTo } from "../../../tests/support/accounts.ts";
import { action as recoverAction } from "../../routes/api/recover-password.ts";
import { action as resetAction } from "../../routes/api/users.reset-password.ts";
import { hashPassword } from "./passwords.ts";
import { login } from "./auth.service.ts";
import { resolveSession, startSession } from "./sessions.service.ts";
import { inviteUser } from "./invitations.service.ts";
import { resetLinkStatus } from "./password-reset.service.ts";

const t = useTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const recover = (email: unknown, locale: "it" | "en" = "it") =>
  callJson(recoverAction, t.db, { path: "/api/recover-password", body: { user_data: { email } }, locale });
const reset = (id: number | string, user_data: unknown, opts: { actor?: ReturnType<typeof actorOf> } = {}) =>
  callJson(resetAction, t.db, { path: `/api/users/${id}/reset-password`, params: { id: String(id) }, body: { user_data }, actor: opts.actor ?? null });

async function userWithPassword(email: string, lang: "it" | "en" = "it") {
  return makeUser(t.db, { email, lang, password_hash: await hashPassword("old-password-1"), has_confirmed_code: true });
}

async function resetLink(email: string) {
  const link = linkIn((await lastMailTo(t.db, email)).text, /\/reset-password\//);
  return { link, token: link.searchParams.get("rpt_token")! };
}

const canLogin = (email: string, password: string) =>
  login(t.db, { email, password, remember: false, ip: "198.51.100.1", userAgent: "", secret: "test-secret" }).then(
    () => true,
    () => false,
  );

describe("POST /api/recover-password", () => {
  it("answers the same for a known and an unknown address; only the known one gets a link (60 minutes)", async () => {
    const user = await userWithPassword("known@example.com", "en");
    const known = await recover("  KNOWN@example.com ");
    const unknown = await recover("unknown@example.com");
    expect(known).toMatchObject({ status: 200, json: { success: true } });
    expect(unknown).toMatchObject({ status: 200, json: known.json });
    expect(await mailsTo(t.db, "unknown@example.com")).toEqual([]);
    const mail = await lastMailTo(t.db, "known@example.com");
    expect(mail).toMatchObject({ template: "password_reset", lang: "en" });
    const { link, token } = await resetLink("known@example.com");
    expect(link.pathname).toBe(`/en/reset-password/${user.id}`);
    const stored = await t.db.selectFrom("user_tokens").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.kind).toBe("reset_password");
    expect(stored.token_hash).not.toContain(token);
    const minutes = (stored.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("sends nothing to a stocker awaiting approval or a deactivated account; an invited person gets the invitation again", async () => {
    await makeUser(t.db, { role: "stocker", email: "queue@example.com", approval_status: "pending", account_type: null });
    await makeUser(t.db, { email: "off@example.com", active: false, password_hash: await hashPassword("old-password-1") });
    const owner = await makeUser(t.db, { role: "stocker" });
    await inviteUser(t.db, actorOf(owner), { role: "referent", email: "invited@example.com" }, { origin: "http://stockspace.test" });
    for (const email of ["queue@example.com", "off@example.com", "invited@example.com"]) expect((await recover(email)).json).toEqual({ success: true });
    expect(await mailsTo(t.db, "queue@example.com")).toEqual([]);
    expect(await mailsTo(t.db, "off@example.com")).toEqual([]);
    expect((await mailsTo(t.db, "invited@example.com")).map((m) => m.template)).toEqual(["invitation", "invitation"]);
  });

  it("requires a valid address (422) and limits requests per address and per IP (429)", async () => {
    expect((await recover("")).json.errors).toEqual({ email: "required" });
    expect((await recover("nope")).json.errors).toEqual({ email: "email" });
    expect((await recover(["a@b.it"])).status).toBe(422);
    expect((await recover("x".repeat(10_000))).status).toBe(422);
    await userWithPassword("flood@example.com");
    for (let i = 0; i < 5; i++) expect((await recover("flood@example.com")).status).toBe(200);
    const limited = await recover("flood@example.com");
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/Troppi tentativi/);
    expect(await mailsTo(t.db, "flood@example.com")).toHaveLength(5);
  });
});

describe("POST /api/users/{id}/reset-password", () => {
  it("changes the password once, ends every session, and the old password stops working", async () => {
    const user = await userWithPassword("reset@example.com");
    const phone = await startSession(t.db, { userId: user.id, remember: true, ip: "", userAgent: "phone" });
    const laptop = await startSession(t.db, { userId: user.id, remember: false, ip: "", userAgent: "laptop" });
    await recover("reset@example.com");
    const { token } = await resetLink("reset@example.com");
    expect(await resetLinkStatus(t.db, user.id, token)).toBe("valid");
    const res = await reset(user.id, {
      rpt_token: token,
      rpt_token_expire_at: "2030-01-01 00:00:00",
      password: "nuova-password-7",
      confirm_password: "nuova-password-7",
    });
    expect(res).toMatchObject({ status: 200, json: { user_id: user.id } });
    expect(await resolveSession(t.db, phone.token)).toBeNull();
    expect(await resolveSession(t.db, laptop.token)).toBeNull();
    expect(await canLogin("reset@example.com", "old-password-1")).toBe(false);
    expect(await canLogin("reset@example.com", "nuova-password-7")).toBe(true);
    const again = await reset(user.id, { rpt_token: token, password: "third-password-8" });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ error: "token_invalid", errors: { rpt_token: "invalid" } });
    expect(await resetLinkStatus(t.db, user.id, token)).toBe("used");
  });

  it("clears the browser's own cookie when it was logged in as that account", async () => {
    const user = await userWithPassword("self@example.com");
    await recover("self@example.com");
    const { token } = await resetLink("self@example.com");
    const res = await reset(user.id, { rpt_token: token, password: "nuova-password-7" }, { actor: actorOf(user) });
    expect(res.status).toBe(200);
    expect(res.cookies.sid).toBe("");
  });

  it("refuses expired tokens, made-up tokens and another user's id, changing nothing", async () => {
    const a = await userWithPassword("a@example.com");
    const b = await userWithPassword("b@example.com");
    await recover("a@example.com");
    const { token } = await resetLink("a@example.com");
    const bSession = await startSession(t.db, { userId: b.id, remember: false, ip: "", userAgent: "" });
    const before = await t.db.selectFrom("users").select(["id", "password_hash"]).orderBy("id").execute();

    expect((await reset(b.id, { rpt_token: token, password: "takeover-password-1" })).json.error).toBe("token_invalid");
    expect((await reset(a.id, { rpt_token: "B".repeat(43), password: "takeover-password-1" })).json.error).toBe("token_invalid");
    expect((await reset(a.id, { rpt_token: "B".repeat(10_000), password: "takeover-password-1" })).status).toBe(422);
    expect((await reset(a.id, { rpt_token: "../../etc", password: "takeover-password-1" })).json.errors).toEqual({ rpt_token: "invalid" });
    expect((await reset("12abc", { rpt_token: token, password: "takeover-password-1" })).status).toBe(422);
    expect((await reset(a.id, { password: "takeover-password-1" })).json.errors).toEqual({ rpt_token: "required" });
    expect((await reset(a.id, { rpt_token: token, password: "" })).json.errors).toEqual({ password: "required" });
    expect((await reset(a.id, { rpt_token: token, password: "iloveyou" })).json.errors).toEqual({ password: "password_common" });
    expect((await reset(a.id, { rpt_token: token, password: "nuova-password-7", confirm_password: "x" })).json.errors).toEqual({
      confirm_password: "mismatch",
    });
    expect((await callJson(resetAction, t.db, { params: { id: String(a.id) }, rawBody: "[]" })).status).toBe(422);

    expect(await t.db.selectFrom("users").select(["id", "password_hash"]).orderBy("id").execute()).toEqual(before);
    expect(await resolveSession(t.db, bSession.token)).not.toBeNull();
    expect(await resetLinkStatus(t.db, a.id, token)).toBe("valid");

    await t.db
      .updateTable("user_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", a.id)
      .execute();
    const expired = await reset(a.id, { rpt_token: token, password: "nuova-password-7" });
    expect(expired.json).toMatchObject({ error: "token_expired", errors: { rpt_token: "expired" } });
    expect(await canLogin("a@example.com", "old-password-1")).toBe(true);
  });

  it("a newer link retires the older one", async () => {
    const user = await userWithPassword("twice@example.com");
    await recover("twice@example.com");
    const first = await resetLink("twice@example.com");
    await recover("twice@example.com");
    const second = await resetLink("twice@example.com");
    expect(await resetLinkStatus(t.db, user.id, first.token)).toBe("used");
    expect((await reset(user.id, { rpt_token: second.token, password: "nuova-password-7" })).status).toBe(200);
  });

  it("greets by name only an account whose address is proven (not a name typed by whoever registered it)", async () => {
    await makeUser(t.db, {
      email: "squatted@example.com",
      first_name: "Prize at win.spam.example",
      has_confirmed_code: false,
      password_hash: null,
      lang: "en",
    });
    await recover("squatted@example.com");
    const squatted = await lastMailTo(t.db, "squatted@example.com");
    expect(squatted.text + squatted.html).not.toContain("spam");
    expect(squatted.text.split("\n")[0]).toBe("Hello,");
    await makeUser(t.db, {
      email: "proven@example.com",
      first_name: "Ada",
      has_confirmed_code: true,
      password_hash: await hashPassword("old-password-1"),
      lang: "en",
    });
    await recover("proven@example.com");
    expect((await lastMailTo(t.db, "proven@example.com")).text.split("\n")[0]).toBe("Hello Ada,");
  });

  it("confirms an unconfirmed stock hunter who proves the address this way", async () => {
    const user = await makeUser(t.db, { email: "never-confirmed@example.com", has_confirmed_code: false, password_hash: null });
    await recover("never-confirmed@example.com");
    const { token } = await resetLink("never-confirmed@example.com");
    expect((await reset(user.id, { rpt_token: token, password: "nuova-password-7" })).status).toBe(200);
    expect((await t.db.selectFrom("users").select("has_confirmed_code").where("id", "=", user.id).executeTakeFirstOrThrow()).has_confirmed_code).toBe(true);
  });
});
