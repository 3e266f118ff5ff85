// Profile data and credentials of the three areas: the JSON calls
// /api/{area}/profile/update-profile-data and …/update-credentials, the data page's action
// (an administrator's view included), and the e-mail change confirmed by its link.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { lastMailTo, linkIn, mailsTo, tableCounts } from "../../../tests/support/accounts.ts";
import type { User } from "../db/types.ts";
import type { Actor } from "../context.ts";
import { action as stockerProfileAction } from "../../routes/api/stocker/profile.update-profile-data.ts";
import { action as stockerCredentialsAction } from "../../routes/api/stocker/profile.update-credentials.ts";
import { action as referentProfileAction } from "../../routes/api/referent/profile.update-profile-data.ts";
import { action as referentCredentialsAction } from "../../routes/api/referent/profile.update-credentials.ts";
import { action as hunterProfileAction } from "../../routes/api/stock-hunter/profile.update-profile-data.ts";
import { action as hunterCredentialsAction } from "../../routes/api/stock-hunter/profile.update-credentials.ts";
import { action as confirmPageAction, loader as confirmPageLoader } from "../../routes/account/confirm-email.tsx";
import { dataPageAction, dataPageLoader } from "../../routes/shared/profile-pages.server.ts";
import { invitePageLoader as loadInvitePage } from "../../routes/shared/invite-page.server.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import { loader as indexRedirect } from "../../routes/index-redirect.ts";
import { profileDataSchema } from "../../schemas/profile.ts";
import { hashPassword } from "./passwords.ts";
import { login } from "./auth.service.ts";
import { resolveSession, startSession } from "./sessions.service.ts";
import { confirmEmailChange, emailChangeLinkStatus, updateCredentials, updateProfileData, CHANGE_EMAIL_TTL_HOURS } from "./profile.service.ts";
import { linkTokenHash } from "./tokens.ts";

// The page's loader and action for one role, called as the route calls them.
type PageCall = Parameters<ReturnType<typeof dataPageLoader>>[0];
const loadDataPage = (args: PageCall, role: AreaRole) => dataPageLoader(role)(args);
const dataAction = (args: PageCall, role: AreaRole) => dataPageAction(role)(args);

const t = useTestDatabase();
const PASSWORD = "old-password-1";
let passwordHash: string;
let marketId: number;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  const market = await t.db.insertInto("markets").values({ label: "Alimentare", label_en: "Food" }).returning("id").executeTakeFirstOrThrow();
  marketId = market.id;
});
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const PROFILE_ENDPOINTS = { stocker: stockerProfileAction, referent: referentProfileAction, stock_hunter: hunterProfileAction } as const;
const CREDENTIAL_ENDPOINTS = { stocker: stockerCredentialsAction, referent: referentCredentialsAction, stock_hunter: hunterCredentialsAction } as const;
type Role = keyof typeof PROFILE_ENDPOINTS;
const ROLES: Role[] = ["stocker", "referent", "stock_hunter"];

const person = (role: Role, fields: Parameters<typeof makeUser>[1] = {}) =>
  makeUser(t.db, { role, password_hash: passwordHash, has_confirmed_code: true, ...fields });

/** A user with a real session, as the root middleware would resolve it. */
async function loggedIn(user: User): Promise<Actor> {
  const { token } = await startSession(t.db, { userId: user.id, remember: false, ip: "198.51.100.1", userAgent: "vitest" });
  return (await resolveSession(t.db, token))!;
}

const userRow = (id: number) => t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sessionsOf = async (id: number) => (await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute()).map((s) => s.id);
const canLogin = (email: string, password: string) =>
  login(t.db, { email, password, remember: false, ip: "198.51.100.9", userAgent: "", secret: "test-secret" }).then(
    () => true,
    () => false,
  );

const ctxFor = (actor: Actor) => ({ origin: "http://stockspace.test", supportEmail: "support@stockspace.test", currentSessionId: actor.sessionId });
const self = (actor: Actor, role: Role) => ({ actor, owner: { id: actor.id, role }, asAdmin: false });

const fullProfile = {
  first_name: "Ada",
  last_name: "Lovelace",
  telephone: "+39 02 555 1234",
  company: "Analytical Srl",
  market_id: 0,
  website: "www.analytical.example",
};

describe("profileDataSchema", () => {
  it("requires first name, last name and telephone for every role; company, market and website are optional", () => {
    for (const role of ROLES) {
      const empty = profileDataSchema(role).safeParse({ first_name: " ", last_name: "", telephone: "", company: "", market_id: "", website: "" });
      expect(empty.success).toBe(false);
      const fields = new Set(empty.error!.issues.map((i) => i.path[0]));
      expect(fields, role).toEqual(new Set(["first_name", "last_name", "telephone"]));
      const minimal = profileDataSchema(role).parse({ first_name: "Ada", last_name: "L", telephone: "02 1234567" });
      expect(minimal).toEqual({ first_name: "Ada", last_name: "L", telephone: "02 1234567", company: null, market_id: null, website: null });
    }
  });

  it("checks the registration's rules: telephone, website, lengths, market as a number", () => {
    const schema = profileDataSchema("stocker");
    const base = { first_name: "Ada", last_name: "L", telephone: "02 1234567" };
    expect(schema.safeParse({ ...base, telephone: "call me" }).success).toBe(false);
    expect(schema.safeParse({ ...base, website: "not a site" }).success).toBe(false);
    expect(schema.safeParse({ ...base, first_name: "x".repeat(101) }).success).toBe(false);
    for (const market of ["abc", true, [1], -1, 1.5]) expect(schema.safeParse({ ...base, market_id: market }).success, String(market)).toBe(false);
    expect(schema.parse({ ...base, market_id: "7" }).market_id).toBe(7);
  });
});

describe("POST /api/{area}/profile/update-profile-data", () => {
  it("saves each role's own profile and answers { user_id }", async () => {
    for (const role of ROLES) {
      const user = await person(role);
      const res = await callJson(PROFILE_ENDPOINTS[role], t.db, { body: { ...fullProfile, market_id: marketId }, actor: actorOf(user) });
      expect(res, role).toMatchObject({ status: 200, json: { user_id: user.id } });
      expect(await userRow(user.id)).toMatchObject({
        first_name: "Ada",
        last_name: "Lovelace",
        telephone: "+39 02 555 1234",
        company: "Analytical Srl",
        market_id: marketId,
        website: "www.analytical.example",
      });
      // Blank optional fields clear them.
      await callJson(PROFILE_ENDPOINTS[role], t.db, {
        body: { first_name: "Ada", last_name: "Lovelace", telephone: "02 12345", company: "", market_id: "", website: "" },
        actor: actorOf(user),
      });
      expect(await userRow(user.id)).toMatchObject({ telephone: "02 12345", company: null, market_id: null, website: null });
    }
  });

  it("answers 422 with field codes for missing required fields, and changes nothing", async () => {
    for (const role of ROLES) {
      const user = await person(role, { first_name: "Before" });
      const res = await callJson(PROFILE_ENDPOINTS[role], t.db, { body: { first_name: "", last_name: "", telephone: "" }, actor: actorOf(user) });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ first_name: "required", last_name: "required", telephone: "required" });
      expect((await userRow(user.id)).first_name).toBe("Before");
    }
  });

  it("refuses a market that does not exist (422 market_id)", async () => {
    const user = await person("stock_hunter", { market_id: null });
    const res = await callJson(hunterProfileAction, t.db, { body: { ...fullProfile, market_id: 999_999 }, actor: actorOf(user) });
    expect(res).toMatchObject({ status: 422, json: { errors: { market_id: "invalid" } } });
    expect((await userRow(user.id)).market_id).toBeNull();
  });

  it("is for the area's role only: another role gets 403, a visitor 401", async () => {
    const hunter = await person("stock_hunter");
    expect((await callJson(stockerProfileAction, t.db, { body: fullProfile, actor: actorOf(hunter) })).status).toBe(403);
    expect((await callJson(referentProfileAction, t.db, { body: fullProfile, actor: actorOf(hunter) })).status).toBe(403);
    expect((await callJson(hunterProfileAction, t.db, { body: fullProfile, actor: null })).status).toBe(401);
  });
});

describe("updateProfileData: who may change whose profile", () => {
  it("lets an administrator in a stocker's area change the profile, audited with the changed fields", async () => {
    const stocker = await person("stocker", { first_name: "Old", telephone: "02 111111" });
    const admin = actorOf(await makeUser(t.db, { role: "admin" }));
    await updateProfileData(
      t.db,
      { actor: admin, owner: { id: stocker.id, role: "stocker" }, asAdmin: true },
      {
        first_name: "New",
        last_name: stocker.last_name,
        telephone: "02 111111",
        company: null,
        market_id: null,
        website: null,
      },
    );
    expect((await userRow(stocker.id)).first_name).toBe("New");
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("admin_id", "=", admin.id)
      .where("action", "=", "user.update_profile")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity_type: "user", entity_id: stocker.id });
    expect(audit.details).toEqual({ area: "stocker", changedFields: { first_name: { before: "Old", after: "New" } } });
  });

  it("refuses anyone else: another stocker, a non-administrator claiming the admin view, a wrong role", async () => {
    const stocker = await person("stocker", { first_name: "Mine" });
    const other = actorOf(await person("stocker"));
    const input = { first_name: "Hacked", last_name: "X", telephone: "02 1234567", company: null, market_id: null, website: null };
    await expect(updateProfileData(t.db, { actor: other, owner: { id: stocker.id, role: "stocker" }, asAdmin: false }, input)).rejects.toMatchObject({
      status: 403,
    });
    await expect(updateProfileData(t.db, { actor: other, owner: { id: stocker.id, role: "stocker" }, asAdmin: true }, input)).rejects.toMatchObject({
      status: 403,
    });
    const hunter = await person("stock_hunter");
    await expect(updateProfileData(t.db, { actor: actorOf(hunter), owner: { id: hunter.id, role: "stocker" }, asAdmin: false }, input)).rejects.toMatchObject({
      status: 403,
    });
    // An administrator naming a user of another role than the area's: not found.
    const admin = actorOf(await makeUser(t.db, { role: "admin" }));
    await expect(updateProfileData(t.db, { actor: admin, owner: { id: hunter.id, role: "stocker" }, asAdmin: true }, input)).rejects.toMatchObject({
      status: 404,
    });
    expect((await userRow(stocker.id)).first_name).toBe("Mine");
    expect(await t.db.selectFrom("audit_log").select("id").where("admin_id", "=", admin.id).execute()).toEqual([]);
  });
});

describe("POST /api/{area}/profile/update-credentials", () => {
  it("changes nothing on a wrong current password (422 current_password), and counts it: the 11th try in an hour is 429", async () => {
    const user = await person("referent");
    const actor = await loggedIn(user);
    const other = await startSession(t.db, { userId: user.id, remember: false, ip: "198.51.100.2", userAgent: "phone" });
    const before = await tableCounts(t.db);
    const res = await callJson(referentCredentialsAction, t.db, {
      body: { email: "new@example.com", password: "brand-new-secret-9", current_password: "wrong-password" },
      actor,
    });
    expect(res).toMatchObject({ status: 422, json: { errors: { current_password: "invalid" } } });
    const after = await userRow(user.id);
    expect(after.email).toBe(user.email);
    expect(after.password_hash).toBe(user.password_hash);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await resolveSession(t.db, other.token)).not.toBeNull();
    for (let i = 0; i < 9; i++)
      expect(
        (
          await callJson(referentCredentialsAction, t.db, {
            body: { email: user.email, password: "brand-new-secret-9", current_password: `wrong-${i}` },
            actor,
          })
        ).status,
      ).toBe(422);
    // Even the right password is refused now: the limit is checked first.
    const limited = await callJson(referentCredentialsAction, t.db, {
      body: { email: user.email, password: "brand-new-secret-9", current_password: PASSWORD },
      actor,
    });
    expect(limited.status).toBe(429);
    expect((await userRow(user.id)).password_hash).toBe(user.password_hash);
  });

  it("asks for the current password only when something changes; the same address and no password is a no-op", async () => {
    const user = await person("stock_hunter");
    const actor = await loggedIn(user);
    const before = await tableCounts(t.db);
    expect(await callJson(hunterCredentialsAction, t.db, { body: { email: user.email.toUpperCase(), password: "" }, actor })).toMatchObject({
      status: 200,
      json: { user_id: user.id, email_change_pending: false },
    });
    expect(await tableCounts(t.db)).toEqual(before);
    const missing = await callJson(hunterCredentialsAction, t.db, { body: { email: user.email, password: "brand-new-secret-9" }, actor });
    expect(missing).toMatchObject({ status: 422, json: { errors: { current_password: "required" } } });
    const blankEmail = await callJson(hunterCredentialsAction, t.db, { body: { email: "", password: "", current_password: PASSWORD }, actor });
    expect(blankEmail).toMatchObject({ status: 422, json: { errors: { email: "required" } } });
  });

  it("refuses a weak new password before checking the current one (nothing counted)", async () => {
    const user = await person("stocker");
    const actor = await loggedIn(user);
    const short = await callJson(stockerCredentialsAction, t.db, { body: { email: user.email, password: "short", current_password: "wrong" }, actor });
    expect(short).toMatchObject({ status: 422, json: { errors: { password: "too_short" } } });
    const common = await callJson(stockerCredentialsAction, t.db, { body: { email: user.email, password: "password123", current_password: PASSWORD }, actor });
    expect(common).toMatchObject({ status: 422, json: { errors: { password: "password_common" } } });
    expect(await t.db.selectFrom("rate_limits").select("key").execute()).toEqual([]);
  });

  it("changes the password: the new one logs in, every other session ends (not this one), earlier reset links die, the account is told", async () => {
    const user = await person("stocker", { lang: "en" });
    const actor = await loggedIn(user);
    const phone = await startSession(t.db, { userId: user.id, remember: true, ip: "198.51.100.2", userAgent: "phone" });
    const bystander = await person("stocker");
    const bystanderSession = await startSession(t.db, { userId: bystander.id, remember: false, ip: "198.51.100.3", userAgent: "x" });
    await t.db
      .insertInto("user_tokens")
      .values({ user_id: user.id, kind: "reset_password", token_hash: linkTokenHash("old-reset"), expires_at: new Date(Date.now() + 3_600_000) })
      .execute();

    const res = await callJson(stockerCredentialsAction, t.db, {
      body: { email: user.email, password: "brand-new-secret-9", current_password: PASSWORD },
      actor,
    });
    expect(res).toMatchObject({ status: 200, json: { user_id: user.id, email_change_pending: false } });
    expect(await canLogin(user.email, "brand-new-secret-9")).toBe(true);
    expect(await canLogin(user.email, PASSWORD)).toBe(false);
    expect(await resolveSession(t.db, phone.token)).toBeNull();
    expect((await sessionsOf(user.id)).includes(actor.sessionId)).toBe(true);
    expect(await resolveSession(t.db, bystanderSession.token)).not.toBeNull();
    const reset = await t.db
      .selectFrom("user_tokens")
      .select("used_at")
      .where("user_id", "=", user.id)
      .where("kind", "=", "reset_password")
      .executeTakeFirstOrThrow();
    expect(reset.used_at).not.toBeNull();
    const mail = await lastMailTo(t.db, user.email);
    expect(mail).toMatchObject({ template: "password_changed", lang: "en" });
    expect(mail.text).toContain("support@");
  });

  it("refuses an address another account has (422 email taken) and writes nothing", async () => {
    const user = await person("stock_hunter");
    const taken = await person("stocker");
    const actor = await loggedIn(user);
    const before = await tableCounts(t.db);
    const res = await callJson(hunterCredentialsAction, t.db, { body: { email: taken.email.toUpperCase(), password: "", current_password: PASSWORD }, actor });
    expect(res).toMatchObject({ status: 422, json: { error: "email_taken", errors: { email: "taken" } } });
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

/** Asks for a change of address and returns the link sent to the new one. */
async function askEmailChange(user: User, newEmail: string, actor?: Actor) {
  const who = actor ?? (await loggedIn(user));
  const res = await callJson(CREDENTIAL_ENDPOINTS[user.role as Role], t.db, {
    body: { email: newEmail, password: "", current_password: PASSWORD },
    actor: who,
  });
  expect(res).toMatchObject({ status: 200, json: { user_id: user.id, email_change_pending: true } });
  const link = linkIn((await lastMailTo(t.db, newEmail.toLowerCase())).text, /\/confirm-email\//);
  return { link, token: link.searchParams.get("token")!, actor: who };
}

const confirmCtx = { origin: "http://stockspace.test", supportEmail: "support@stockspace.test", ip: "203.0.113.50" };

describe("changing the e-mail address", () => {
  it("takes effect only after the link: the token holds the address, the new address gets the link, the old one is told", async () => {
    const user = await person("stock_hunter", { first_name: "Zeta", lang: "en" });
    const { link, token, actor } = await askEmailChange(user, "Fresh.Address@Example.com");
    expect(link.pathname).toBe(`/en/confirm-email/${user.id}`);
    expect(link.origin).toBe("http://stockspace.test");
    // Nothing changed yet: the account keeps its address and logs in with it.
    expect((await userRow(user.id)).email).toBe(user.email);
    expect(await canLogin(user.email, PASSWORD)).toBe(true);
    const row = await t.db.selectFrom("user_tokens").selectAll().where("user_id", "=", user.id).where("kind", "=", "change_email").executeTakeFirstOrThrow();
    expect(row.new_email).toBe("fresh.address@example.com");
    expect(row.token_hash).toBe(linkTokenHash(token));
    expect(row.token_hash).not.toContain(token);
    const hours = (row.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(CHANGE_EMAIL_TTL_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(CHANGE_EMAIL_TTL_HOURS);
    // The unproven address gets no text anyone typed (not even the account's first name).
    const confirmMail = await lastMailTo(t.db, "fresh.address@example.com");
    expect(confirmMail).toMatchObject({ template: "email_change_confirm", lang: "en" });
    expect(confirmMail.text).not.toContain("Zeta");
    const oldMail = await lastMailTo(t.db, user.email);
    expect(oldMail.template).toBe("email_change_requested_old");
    expect(oldMail.text).toContain("fresh.address@example.com");
    expect(oldMail.text).toContain("support@");

    // Opening the page (GET) changes nothing: mail scanners follow links.
    expect(await emailChangeLinkStatus(t.db, user.id, token)).toEqual({ status: "valid", newEmail: "fresh.address@example.com" });
    expect((await userRow(user.id)).email).toBe(user.email);

    const otherSession = await startSession(t.db, { userId: user.id, remember: false, ip: "198.51.100.4", userAgent: "tablet" });
    expect(await confirmEmailChange(t.db, user.id, token, confirmCtx)).toEqual({ user_id: user.id, email: "fresh.address@example.com" });
    expect((await userRow(user.id)).email).toBe("fresh.address@example.com");
    expect(await canLogin("fresh.address@example.com", PASSWORD)).toBe(true);
    expect(await canLogin(user.email, PASSWORD)).toBe(false);
    // Sessions belong to the user, not to the address: they stay.
    expect(await resolveSession(t.db, otherSession.token)).not.toBeNull();
    expect((await sessionsOf(user.id)).includes(actor.sessionId)).toBe(true);
    const changed = await lastMailTo(t.db, user.email);
    expect(changed).toMatchObject({ template: "email_changed", lang: "en" });
    expect(changed.text).toContain("fresh.address@example.com");
    // Used once.
    await expect(confirmEmailChange(t.db, user.id, token, confirmCtx)).rejects.toMatchObject({ status: 422, code: "token_invalid", errors: { token: "used" } });
  });

  it("changes the address and the password in one call: the password at once, the address after the link", async () => {
    const user = await person("referent");
    const actor = await loggedIn(user);
    const res = await callJson(referentCredentialsAction, t.db, {
      body: { email: "both@example.com", password: "brand-new-secret-9", current_password: PASSWORD },
      actor,
    });
    expect(res).toMatchObject({ status: 200, json: { email_change_pending: true } });
    expect(await canLogin(user.email, "brand-new-secret-9")).toBe(true);
    expect((await mailsTo(t.db, user.email)).map((m) => m.template)).toEqual(["password_changed", "email_change_requested_old"]);
    expect((await mailsTo(t.db, "both@example.com")).map((m) => m.template)).toEqual(["email_change_confirm"]);
  });

  it("refuses expired, forged, another user's and superseded links, and counts them against the IP", async () => {
    const user = await person("stocker");
    const first = await askEmailChange(user, "first@example.com");
    const second = await askEmailChange(user, "second@example.com", first.actor);
    // A newer request retires the earlier link.
    await expect(confirmEmailChange(t.db, user.id, first.token, confirmCtx)).rejects.toMatchObject({ code: "token_invalid" });
    await expect(confirmEmailChange(t.db, user.id, "forged-token-forged-token-forged-token-abcd", confirmCtx)).rejects.toMatchObject({
      code: "token_invalid",
      errors: { token: "invalid" },
    });
    const stranger = await person("stocker");
    await expect(confirmEmailChange(t.db, stranger.id, second.token, confirmCtx)).rejects.toMatchObject({ code: "token_invalid" });
    await t.db
      .updateTable("user_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("token_hash", "=", linkTokenHash(second.token))
      .execute();
    await expect(confirmEmailChange(t.db, user.id, second.token, confirmCtx)).rejects.toMatchObject({ code: "token_expired", errors: { token: "expired" } });
    expect((await userRow(user.id)).email).toBe(user.email);
    expect((await userRow(stranger.id)).email).toBe(stranger.email);
    const failures = await t.db.selectFrom("rate_limits").select(["key", "hits"]).where("key", "like", "token-fail:ip:%").execute();
    expect(failures.reduce((n, r) => n + r.hits, 0)).toBe(4);
  });

  it("refuses the change when the address was taken meanwhile, and retires the link", async () => {
    const user = await person("stock_hunter");
    const { token } = await askEmailChange(user, "wanted@example.com");
    await person("stock_hunter", { email: "wanted@example.com" });
    await expect(confirmEmailChange(t.db, user.id, token, confirmCtx)).rejects.toMatchObject({ status: 422, code: "email_taken", errors: { email: "taken" } });
    expect((await userRow(user.id)).email).toBe(user.email);
    expect((await emailChangeLinkStatus(t.db, user.id, token)).status).toBe("used");
    expect((await mailsTo(t.db, user.email)).map((m) => m.template)).toEqual(["email_change_requested_old"]);
  });

  it("limits address changes to 5 an hour per user (each one e-mails an unproven address)", async () => {
    const user = await person("stock_hunter");
    const actor = await loggedIn(user);
    for (let i = 0; i < 5; i++) await askEmailChange(user, `n${i}@example.com`, actor);
    const res = await callJson(hunterCredentialsAction, t.db, { body: { email: "n6@example.com", current_password: PASSWORD }, actor });
    expect(res.status).toBe(429);
    expect(await mailsTo(t.db, "n6@example.com")).toEqual([]);
  });

  it("the confirmation page: GET shows the address and changes nothing; POST confirms; errors are shown, not thrown", async () => {
    const user = await person("stock_hunter");
    const { token } = await askEmailChange(user, "page@example.com");
    const context = testContext(t.db, { actor: null });
    const get = (tok: string) =>
      confirmPageLoader({
        request: new Request(`http://stockspace.test/it/confirm-email/${user.id}?token=${tok}`),
        params: { locale: "it", id: String(user.id) },
        context,
      } as never);
    expect(await get(token)).toMatchObject({ status: "valid", newEmail: "page@example.com", token });
    expect(await get("nope")).toMatchObject({ status: "invalid", newEmail: null, token: null });
    expect((await userRow(user.id)).email).toBe(user.email);

    const post = (tok: string) =>
      confirmPageAction({
        request: new Request(`http://stockspace.test/it/confirm-email/${user.id}`, { method: "POST", body: new URLSearchParams({ token: tok }) }),
        params: { locale: "it", id: String(user.id) },
        context,
      } as never);
    // The page action's failure (pageAction): the code the page turns into its notice, and the sentence.
    expect(await post("bad token!")).toMatchObject({ ok: false, error: "invalid", errors: { token: "invalid" } });
    expect(await post(token)).toEqual({ ok: true, email: "page@example.com" });
    expect((await userRow(user.id)).email).toBe("page@example.com");
    expect(await post(token)).toMatchObject({ ok: false, error: "token_invalid", errors: {}, message: expect.stringMatching(/\w/) });
    // A path that is not a user's id names nothing.
    const odd = confirmPageLoader({
      request: new Request("http://stockspace.test/it/confirm-email/x?token=a"),
      params: { locale: "it", id: "x" },
      context,
    } as never);
    await expect(odd).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("credentials: only the user", () => {
  it("refuses an administrator in the user's area and anyone acting for another user (403), changing nothing", async () => {
    const stocker = await person("stocker");
    const admin = await makeUser(t.db, { role: "admin", password_hash: passwordHash });
    const adminActor = await loggedIn(admin);
    const input = { email: "admin-set@example.com", password: "brand-new-secret-9", current_password: PASSWORD };
    const ctx = ctxFor(adminActor);
    await expect(updateCredentials(t.db, { actor: adminActor, owner: { id: stocker.id, role: "stocker" }, asAdmin: true }, input, ctx)).rejects.toMatchObject({
      status: 403,
    });
    const other = await loggedIn(await person("stocker"));
    await expect(
      updateCredentials(t.db, { actor: other, owner: { id: stocker.id, role: "stocker" }, asAdmin: false }, input, ctxFor(other)),
    ).rejects.toMatchObject({ status: 403 });
    expect(await userRow(stocker.id)).toMatchObject({ email: stocker.email, password_hash: stocker.password_hash });
    expect((await userRow(admin.id)).password_hash).toBe(admin.password_hash);
    expect(await mailsTo(t.db, "admin-set@example.com")).toEqual([]);
    // The user themself may.
    const own = await loggedIn(stocker);
    await expect(
      updateCredentials(t.db, self(own, "stocker"), { email: stocker.email, password: "brand-new-secret-9", current_password: PASSWORD }, ctxFor(own)),
    ).resolves.toMatchObject({ user_id: stocker.id });
  });
});

describe("the data page ({prefix}/data) and its action", () => {
  const formRequest = (path: string, fields: Record<string, string>) =>
    new Request(`http://stockspace.test${path}`, { method: "POST", body: new URLSearchParams(fields) });

  it("loads the owner's profile, the markets and the pending address change", async () => {
    const user = await person("stock_hunter", { market_id: marketId, company: "Acme" });
    const actor = await loggedIn(user);
    await askEmailChange(user, "pending@example.com", actor);
    const page = await loadDataPage(
      { params: {}, context: testContext(t.db, { actor, locale: "en" }), request: new Request("http://stockspace.test/en/stock-hunter/profile/data") },
      "stock_hunter",
    );
    expect(page.profile).toMatchObject({ email: user.email, company: "Acme", market_id: marketId, market: "Food" });
    expect(page.markets.some((mk) => mk.id === marketId)).toBe(true);
    expect(page.pendingEmail?.email).toBe("pending@example.com");
    expect(page.required).toEqual(["first_name", "last_name", "telephone"]);
    expect(page.frame).toMatchObject({ asAdmin: false, role: "stock_hunter", ownerId: user.id });
  });

  it("saves the profile and the credentials from the popups, and answers field codes", async () => {
    const user = await person("referent");
    const actor = await loggedIn(user);
    const args = (fields: Record<string, string>) => ({
      params: {},
      context: testContext(t.db, { actor }),
      request: formRequest("/it/referent/profile/data", fields),
    });
    expect(await dataAction(args({ intent: "profile", first_name: "", last_name: "Rossi", telephone: "02 1234567" }), "referent")).toMatchObject({
      ok: false,
      intent: "profile",
      errors: { first_name: "required" },
    });
    expect(
      await dataAction(args({ intent: "profile", first_name: "Mario", last_name: "Rossi", telephone: "02 1234567", market_id: String(marketId) }), "referent"),
    ).toEqual({ ok: true, intent: "profile" });
    expect(await userRow(user.id)).toMatchObject({ first_name: "Mario", market_id: marketId });
    expect(
      await dataAction(args({ intent: "credentials", email: user.email, password: "brand-new-secret-9", current_password: "nope" }), "referent"),
    ).toMatchObject({
      ok: false,
      errors: { current_password: "invalid" },
    });
    expect(await dataAction(args({ intent: "credentials", email: "via-page@example.com", password: "", current_password: PASSWORD }), "referent")).toEqual({
      ok: true,
      intent: "credentials",
      email_change_pending: true,
    });
    expect(await dataAction(args({ intent: "other" }), "referent")).toMatchObject({ ok: false, errors: { intent: "invalid" } });
  });

  it("in an administrator's view: the profile is saved (audited), credentials answer 403", async () => {
    const stocker = await person("stocker", { first_name: "Before" });
    const admin = await loggedIn(await makeUser(t.db, { role: "admin" }));
    const args = (fields: Record<string, string>) => ({
      params: { userId: String(stocker.id) },
      context: testContext(t.db, { actor: admin }),
      request: formRequest(`/admin/stocker/${stocker.id}/data`, fields),
    });
    expect(await dataAction(args({ intent: "profile", first_name: "After", last_name: "X", telephone: "02 1234567" }), "stocker")).toEqual({
      ok: true,
      intent: "profile",
    });
    expect((await userRow(stocker.id)).first_name).toBe("After");
    expect(await t.db.selectFrom("audit_log").select("action").where("admin_id", "=", admin.id).where("entity_id", "=", stocker.id).execute()).toEqual([
      { action: "user.update_profile" },
    ]);
    const refused = await dataAction(args({ intent: "credentials", email: "x@example.com", password: "", current_password: PASSWORD }), "stocker").catch(
      (err) => err,
    );
    expect(refused).toMatchObject({ init: { status: 403 } });
    expect((await userRow(stocker.id)).email).toBe(stocker.email);
    // A stocker cannot use the admin prefix for someone else's area.
    const intruder = await loggedIn(await person("stocker"));
    const intrusion = await dataAction(
      { ...args({ intent: "profile", first_name: "Hacked", last_name: "X", telephone: "02 1234567" }), context: testContext(t.db, { actor: intruder }) },
      "stocker",
    ).catch((err) => err);
    expect(intrusion).toMatchObject({ init: { status: 403 } });
    expect((await userRow(stocker.id)).first_name).toBe("After");
  });
});

describe("the invite page ({stocker_prefix}/invite)", () => {
  it("gives the stocker its code, the registration link and the count; other roles are refused", async () => {
    const stocker = await person("stocker", { invite_code: "INVITE7", invite_count: 6 });
    const request = new Request("http://stockspace.test/it/stocker/profile/invite");
    const page = await loadInvitePage({ params: {}, context: testContext(t.db, { actor: actorOf(stocker) }), request });
    expect(page).toMatchObject({ code: "INVITE7", link: "http://stockspace.test?serr=1&ic=INVITE7", count: 6, tier: 2 });
    const hunter = await person("stock_hunter");
    await expect(loadInvitePage({ params: {}, context: testContext(t.db, { actor: actorOf(hunter) }), request })).rejects.toMatchObject({
      init: { status: 403 },
    });
    // "/" keeps the query on its way to /{locale}, where the popups read serr and ic.
    const redirect = (await indexRedirect({ request: new Request(page.link), params: {}, context: testContext(t.db) } as never)) as Response;
    expect(redirect.headers.get("Location")).toBe("/it?serr=1&ic=INVITE7");
  });
});
