// Invited accounts: the service the stocker and admin areas call (inviteUser,
// sendInvitation), the invitation e-mail, and POST /api/users/{id}/complete-account.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { lastMailTo, linkIn, mailsTo, tableCounts } from "../../../tests/support/accounts.ts";
import { action as completeAction } from "../../routes/api/users.complete-account.ts";
import { action as stockerCreateReferent } from "../../routes/api/stocker/warehouses.create-referent.ts";
import { action as referentCreateReferent } from "../../routes/api/referent/warehouses.create-referent.ts";
import { action as adminCreateReferent } from "../../routes/api/admin/warehouses.create-referent.ts";
import type { User } from "../db/types.ts";
import { invitationFor, inviteUser, sendInvitation } from "./invitations.service.ts";
import { resolveSession, SESSION_COOKIE, startSession } from "./sessions.service.ts";
import { login } from "./auth.service.ts";

const t = useTestDatabase();
const ctx = { origin: "http://stockspace.test" };
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const profile = (over: Record<string, unknown> = {}) => ({
  first_name: "Marta",
  last_name: "Galli",
  telephone: "+39 347 5551234",
  company: "Logistica Galli",
  market_id: null,
  website: "https://galli.example.com",
  password: "scaffali-alti-9",
  confirm_password: "scaffali-alti-9",
  has_confirmed_code: 1,
  ...over,
});

const complete = (id: number, body: unknown, locale: "it" | "en" = "it") =>
  callJson(completeAction, t.db, { path: `/api/users/${id}/complete-account`, params: { id: String(id) }, body, locale });

async function inviteReferent(email: string) {
  const owner = await makeUser(t.db, { role: "stocker", first_name: "Paolo", last_name: "Verdi", company: "Verdi Srl" });
  const { userId } = await inviteUser(t.db, actorOf(owner), { role: "referent", email, first_name: "Marta", last_name: "Galli" }, ctx);
  const link = linkIn((await lastMailTo(t.db, email)).text, /\/complete-account\//);
  return { owner, userId, link, token: link.searchParams.get("u_token")! };
}

describe("inviteUser", () => {
  it("creates a referent without a password and e-mails a complete-account link valid 7 days", async () => {
    const { owner, userId, link, token } = await inviteReferent("marta@example.com");
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "referent", created_by: owner.id, password_hash: null, has_confirmed_code: false, lang: "it" });
    expect(link.pathname).toBe(`/it/complete-account/${userId}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = await lastMailTo(t.db, "marta@example.com");
    expect(mail.template).toBe("invitation");
    expect(mail.text).toContain("Paolo Verdi (Verdi Srl)");
    const stored = await t.db.selectFrom("user_tokens").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect(stored.kind).toBe("complete_account");
    expect(stored.token_hash).not.toContain(token);
    expect(stored.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(await invitationFor(t.db, userId, token)).toMatchObject({
      status: "valid",
      user: { email: "marta@example.com", role: "referent", first_name: "Marta" },
    });
  });

  it("lets an administrator create an approved stocker; stockers and referents create only referents", async () => {
    const admin = await makeUser(t.db, { role: "admin" });
    const { userId } = await inviteUser(t.db, actorOf(admin), { role: "stocker", email: "new-stocker@example.com", account_type: 1, lang: "en" }, ctx);
    const stocker = await t.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    expect(stocker).toMatchObject({ role: "stocker", account_type: 1, approval_status: "approved", lang: "en" });
    expect(stocker.stockspace_code).toMatch(/^SS-/);
    expect((await lastMailTo(t.db, "new-stocker@example.com")).lang).toBe("en");

    const owner = await makeUser(t.db, { role: "stocker" });
    const referent = await makeUser(t.db, { role: "referent" });
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    await expect(inviteUser(t.db, actorOf(owner), { role: "stocker", email: "x1@example.com" }, ctx)).rejects.toMatchObject({ status: 403 });
    await expect(inviteUser(t.db, actorOf(hunter), { role: "referent", email: "x2@example.com" }, ctx)).rejects.toMatchObject({ status: 403 });
    await expect(inviteUser(t.db, actorOf(referent), { role: "referent", email: "x3@example.com" }, ctx)).resolves.toMatchObject({
      userId: expect.any(Number),
    });
    await expect(inviteUser(t.db, actorOf(owner), { role: "referent", email: "NEW-STOCKER@example.com" }, ctx)).rejects.toMatchObject({
      status: 422,
      errors: { email: "taken" },
    });
  });

  it("runs inside the caller's transaction: a rollback leaves neither user nor e-mail", async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    const before = await tableCounts(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await inviteUser(trx, actorOf(owner), { role: "referent", email: "rolled-back@example.com" }, ctx);
        throw new Error("the warehouse update failed");
      }),
    ).rejects.toThrow("the warehouse update failed");
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("sendInvitation sends a new link and retires the old one; only the creator or an admin may", async () => {
    const { owner, userId, token } = await inviteReferent("again@example.com");
    const stranger = await makeUser(t.db, { role: "stocker" });
    await expect(sendInvitation(t.db, actorOf(stranger), userId, ctx)).rejects.toMatchObject({ status: 403 });
    await sendInvitation(t.db, actorOf(owner), userId, ctx);
    expect(await mailsTo(t.db, "again@example.com")).toHaveLength(2);
    expect((await invitationFor(t.db, userId, token)).status).toBe("used");
    const fresh = linkIn((await lastMailTo(t.db, "again@example.com")).text, /complete-account/).searchParams.get("u_token");
    expect((await invitationFor(t.db, userId, fresh)).status).toBe("valid");
  });
});

describe("the invitation e-mail", () => {
  it("opens with our words: the typed names are neither in the subject nor before them, and are escaped", async () => {
    const owner = await makeUser(t.db, { role: "stocker", first_name: "<b>Saldi</b>", last_name: "http://evil.example/win", company: null });
    const typed = "WIN 1000€ → http://evil.example/claim";
    await inviteUser(t.db, actorOf(owner), { role: "referent", email: "relay@example.com", first_name: typed, last_name: "Buy now" }, ctx);
    const mail = await lastMailTo(t.db, "relay@example.com");
    expect(mail.subject).toBe("Sei stato invitato su Stockspace");
    // The invited person's name, typed by the inviter, is nowhere: not even in the greeting.
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("WIN 1000");
      expect(part).not.toContain("evil.example/claim");
      expect(part).not.toContain("Buy now");
    }
    // The text: our greeting, our sentences, and only then the inviter's name on its own line.
    const lines = mail.text.split("\n").filter(Boolean);
    expect(lines.slice(0, 3)).toEqual([
      "Buongiorno,",
      "È stato creato un account per te su Stockspace.",
      "Come referente riceverai e gestirai le richieste di preventivo dei magazzini che ti sono affidati. Completa il profilo e scegli una password per iniziare.",
    ]);
    expect(lines[3]).toBe("Invito inviato da: <b>Saldi</b> http://evil.example/win");
    // The HTML: the same order, the inviter's name escaped.
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(mail.html)![1];
    expect(heading).toBe("Buongiorno,");
    expect(mail.html.indexOf("È stato creato un account per te su Stockspace.")).toBeGreaterThan(mail.html.indexOf("</h1>"));
    expect(mail.html.indexOf("Invito inviato da: &lt;b&gt;Saldi&lt;/b&gt; http://evil.example/win")).toBeGreaterThan(
      mail.html.indexOf("Completa il profilo e scegli una password"),
    );
    expect(mail.html).not.toContain("<b>Saldi");
  });

  it("reads the same in English", async () => {
    const owner = await makeUser(t.db, { role: "stocker", first_name: "Paolo", last_name: "Verdi", company: "Verdi Srl" });
    await inviteUser(t.db, actorOf(owner), { role: "referent", email: "english@example.com", first_name: "Typed", lang: "en" }, ctx);
    const mail = await lastMailTo(t.db, "english@example.com");
    expect(mail.subject).toBe("You have been invited to Stockspace");
    const lines = mail.text.split("\n").filter(Boolean);
    expect(lines.slice(0, 2)).toEqual(["Hello,", "An account has been created for you on Stockspace."]);
    expect(lines[3]).toBe("Invitation sent by: Paolo Verdi (Verdi Srl)");
    expect(mail.text).not.toContain("Typed");
  });
});

describe("invitation limits", () => {
  // A fixed clock in the middle of an hour and of a day, so no window ends during the test.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T10:30:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let n = 0;
  const invite = (fn: typeof stockerCreateReferent, who: User, warehouseId: number, email = `invited-${++n}@example.com`, locale: "it" | "en" = "it") =>
    callJson(fn, t.db, {
      actor: actorOf(who),
      locale,
      params: { id: String(warehouseId) },
      body: { user_data: { first_name: "Giulia", last_name: "Neri", email, telephone: "+39 333 1234567" } },
    });

  it("refuses a stocker's 11th invitation in an hour with 429 too_many_invitations, writing and sending nothing", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    for (let i = 0; i < 10; i++) expect((await invite(stockerCreateReferent, stocker, w.id)).status).toBe(200);
    const referentBefore = (await t.db.selectFrom("warehouses").select("referent_id").where("id", "=", w.id).executeTakeFirstOrThrow()).referent_id;
    const before = await tableCounts(t.db);

    const refused = await invite(stockerCreateReferent, stocker, w.id, "eleventh@example.com");
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: "too_many_invitations",
      message:
        "Hai inviato troppi inviti: se ne possono inviare 10 all'ora e 20 al giorno. Riprova più tardi, o affida il magazzino a un referente che hai già.",
    });
    expect(Number(refused.headers.get("Retry-After"))).toBe(30 * 60);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await mailsTo(t.db, "eleventh@example.com")).toEqual([]);
    expect((await t.db.selectFrom("warehouses").select("referent_id").where("id", "=", w.id).executeTakeFirstOrThrow()).referent_id).toBe(referentBefore);

    const english = await invite(stockerCreateReferent, stocker, w.id, "twelfth@example.com", "en");
    expect(english.status).toBe(429);
    expect(english.json.message).toBe(
      "You have sent too many invitations: you can send 10 an hour and 20 a day. Try again later, or give the warehouse one of the referents you already have.",
    );

    // Another stocker has its own count.
    const other = await makeUser(t.db, { role: "stocker" });
    const theirs = await makeWarehouse(t.db, { user_id: other.id });
    expect((await invite(stockerCreateReferent, other, theirs.id)).status).toBe(200);
  });

  it("refuses the 21st in a day, even spread over hours", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const w = await makeWarehouse(t.db, { user_id: stocker.id });
    for (let i = 0; i < 10; i++) expect((await invite(stockerCreateReferent, stocker, w.id)).status).toBe(200);
    vi.setSystemTime(new Date("2026-11-20T11:30:00Z"));
    for (let i = 0; i < 10; i++) expect((await invite(stockerCreateReferent, stocker, w.id)).status).toBe(200);
    vi.setSystemTime(new Date("2026-11-20T12:30:00Z"));
    const refused = await invite(stockerCreateReferent, stocker, w.id, "twenty-first@example.com");
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("too_many_invitations");
    expect(Number(refused.headers.get("Retry-After"))).toBe(11.5 * 3600);
    expect(await mailsTo(t.db, "twenty-first@example.com")).toEqual([]);
    // The next day counts afresh.
    vi.setSystemTime(new Date("2026-11-21T08:00:00Z"));
    expect((await invite(stockerCreateReferent, stocker, w.id)).status).toBe(200);
  });

  it("counts a referent's invitations as theirs; an administrator's are not counted", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    const referent = await makeUser(t.db, { role: "referent", created_by: stocker.id, password_hash: "x" });
    const w = await makeWarehouse(t.db, { user_id: stocker.id, referent_id: referent.id });
    // Each new referent takes the warehouse over: give it back to the inviting referent every time.
    const asReferent = async () => {
      await t.db.updateTable("warehouses").set({ referent_id: referent.id }).where("id", "=", w.id).execute();
      return invite(referentCreateReferent, referent, w.id);
    };
    for (let i = 0; i < 10; i++) expect((await asReferent()).status).toBe(200);
    expect((await asReferent()).json.error).toBe("too_many_invitations");
    // The stocker's own count is untouched.
    expect((await invite(stockerCreateReferent, stocker, w.id)).status).toBe(200);

    const admin = await makeUser(t.db, { role: "admin" });
    for (let i = 0; i < 25; i++) expect((await invite(adminCreateReferent, admin, w.id)).status).toBe(200);
  });
});

describe("POST /api/users/{id}/complete-account", () => {
  it("saves the profile and the password, logs in, and the link works once", async () => {
    const { userId, token } = await inviteReferent("complete@example.com");
    const res = await complete(userId, { user_data: profile(), u_token: token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_id: userId, role: "referent", warehouse_id: null });
    expect(await resolveSession(t.db, res.cookies[SESSION_COOKIE])).toMatchObject({ id: userId, role: "referent", firstName: "Marta" });
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ telephone: "+39 347 5551234", company: "Logistica Galli", website: "https://galli.example.com", has_confirmed_code: true });
    await expect(
      login(t.db, { email: "complete@example.com", password: "scaffali-alti-9", remember: false, ip: "", userAgent: "", secret: "test-secret" }),
    ).resolves.toMatchObject({ userId });

    const again = await complete(userId, { user_data: profile({ password: "another-one-22", confirm_password: "another-one-22" }), u_token: token });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ error: "token_invalid", errors: { u_token: "invalid" } });
  });

  it("sends a stocker to the warehouse they were given", async () => {
    const admin = await makeUser(t.db, { role: "admin" });
    const { userId } = await inviteUser(t.db, actorOf(admin), { role: "stocker", email: "given@example.com" }, ctx);
    const warehouse = await makeWarehouse(t.db, { user_id: userId });
    const token = linkIn((await lastMailTo(t.db, "given@example.com")).text, /complete-account/).searchParams.get("u_token");
    const res = await complete(userId, { user_data: { ...profile(), u_token: token } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_id: userId, role: "stocker", warehouse_id: warehouse.id });
  });

  it("refuses wrong, expired and other users' tokens, changing nothing", async () => {
    const a = await inviteReferent("a@example.com");
    const b = await inviteReferent("b@example.com");
    const before = await t.db.selectFrom("users").selectAll().where("id", "in", [a.userId, b.userId]).orderBy("id").execute();
    // A's token on B's id, a made-up token, no token, a huge token, an id that does not exist.
    expect((await complete(b.userId, { user_data: profile(), u_token: a.token })).json.error).toBe("token_invalid");
    expect((await complete(b.userId, { user_data: profile(), u_token: "A".repeat(43) })).json.error).toBe("token_invalid");
    expect((await complete(b.userId, { user_data: profile() })).json.errors).toEqual({ u_token: "required" });
    expect((await complete(b.userId, { user_data: profile(), u_token: "A".repeat(10_000) })).status).toBe(422);
    expect((await complete(999999, { user_data: profile(), u_token: a.token })).json.error).toBe("token_invalid");
    const badId = await callJson(completeAction, t.db, { params: { id: "abc" }, body: { user_data: profile(), u_token: a.token } });
    expect(badId.status).toBe(422);
    await t.db
      .updateTable("user_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", a.userId)
      .execute();
    const expired = await complete(a.userId, { user_data: profile(), u_token: a.token }, "en");
    expect(expired.status).toBe(422);
    expect(expired.json).toMatchObject({ error: "token_expired", errors: { u_token: "expired" } });
    expect(expired.json.message).toMatch(/expired/);
    const after = await t.db.selectFrom("users").selectAll().where("id", "in", [a.userId, b.userId]).orderBy("id").execute();
    expect(after).toEqual(before);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "in", [a.userId, b.userId]).execute()).toEqual([]);
  });

  it("checks the fields: required after trimming, password rules, confirmation, types and sizes", async () => {
    const { userId, token } = await inviteReferent("fields@example.com");
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { first_name: " ", last_name: "", telephone: null },
        { first_name: "required", last_name: "required", telephone: "required" },
      ],
      [{ password: "", confirm_password: "" }, { password: "required" }],
      [{ password: "1234", confirm_password: "1234" }, { password: "too_short" }],
      [{ password: "qwertyuiop", confirm_password: "qwertyuiop" }, { password: "password_common" }],
      [{ confirm_password: "something-else" }, { confirm_password: "mismatch" }],
      [{ first_name: { a: 1 } }, { first_name: "invalid" }],
      [{ company: "c".repeat(10_000) }, { company: "too_long" }],
      [{ website: "not a website" }, { website: "invalid" }],
      [{ market_id: 424242 }, { market_id: "invalid" }],
    ];
    for (const [over, errors] of cases) {
      const res = await complete(userId, { user_data: profile(over), u_token: token });
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(422);
      expect(res.json.errors).toEqual(errors);
    }
    expect((await invitationFor(t.db, userId, token)).status).toBe("valid");
  });

  it("ends sessions the account may have had and starts a new one", async () => {
    const { userId, token } = await inviteReferent("sessions@example.com");
    const old = await startSession(t.db, { userId, remember: true, ip: "", userAgent: "" });
    const res = await complete(userId, { user_data: profile(), u_token: token });
    expect(res.status).toBe(200);
    expect(await resolveSession(t.db, old.token)).toBeNull();
  });
});
