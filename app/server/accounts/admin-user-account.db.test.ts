// The back office's corrections to one account: the profile (a new e-mail waits for its owner's
// link, the account type is a stocker's once approved), the password-reset e-mail, the sessions
// listed and ended; each audited; and every call refused to everyone but an administrator.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { lastMailTo, linkIn, mailsTo } from "../../../tests/support/accounts.ts";
import type { User } from "../db/types.ts";
import { action as updateProfileAction } from "../../routes/api/admin/users.update-profile.ts";
import { action as resetAction } from "../../routes/api/admin/users.send-password-reset.ts";
import { loader as sessionsLoader } from "../../routes/api/admin/users.sessions.ts";
import { action as endSessionsAction } from "../../routes/api/admin/users.sessions.end.ts";
import { dataPageAction, dataPageLoader } from "../../routes/shared/profile-pages.server.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import { confirmEmailChange } from "./profile.service.ts";
import { resetLinkStatus } from "./password-reset.service.ts";
import { resolveSession, startSession } from "./sessions.service.ts";

const t = useTestDatabase();
let admin: User;
let stocker: User;
let keeper: User;
let referent: User;
let hunter: User;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: "admin" });
  stocker = await makeUser(t.db, { role: "stocker", approval_status: "approved", password_hash: "x", has_confirmed_code: true });
  keeper = await makeUser(t.db, { role: "stocker", account_type: 1, approval_status: "approved", password_hash: "x", has_confirmed_code: true });
  referent = await makeUser(t.db, { role: "referent", password_hash: "x", has_confirmed_code: true });
  hunter = await makeUser(t.db, { role: "stock_hunter", password_hash: "x", has_confirmed_code: true, first_name: "Ugo", lang: "en" });
});

const userRow = (id: number) => t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const auditOf = (action: string, id: number) =>
  t.db.selectFrom("audit_log").select(["admin_id", "details"]).where("action", "=", action).where("entity_id", "=", id).orderBy("id").execute();

const profileOf = (u: User, changes: Record<string, unknown> = {}) => ({
  user_data: { first_name: u.first_name, last_name: u.last_name, telephone: u.telephone, company: u.company ?? "", email: u.email, ...changes },
});

const update = (id: number, body: unknown, actor: User | null = admin) =>
  callJson(updateProfileAction, t.db, { actor: actor ? actorOf(actor) : null, params: { id: String(id) }, body });

describe("an administrator corrects a user's profile", () => {
  it("changes names, company and telephone at once, audited with before and after", async () => {
    const res = await update(hunter.id, profileOf(hunter, { first_name: "Ugolino", company: "Magazzini Ugo", telephone: "+39 06 7654321" }));
    expect(res).toMatchObject({ status: 200, json: { user_id: hunter.id, email_change_pending: false } });
    expect(await userRow(hunter.id)).toMatchObject({ first_name: "Ugolino", company: "Magazzini Ugo", telephone: "+39 06 7654321", email: hunter.email });
    expect(await auditOf("user.update_profile", hunter.id)).toEqual([
      {
        admin_id: admin.id,
        details: {
          area: "stock_hunter",
          changedFields: {
            first_name: { before: "Ugo", after: "Ugolino" },
            company: { before: null, after: "Magazzini Ugo" },
            telephone: { before: "+39 02 1234567", after: "+39 06 7654321" },
          },
        },
      },
    ]);
    // The same values again change nothing and write no audit row.
    hunter = await userRow(hunter.id);
    expect((await update(hunter.id, profileOf(hunter))).status).toBe(200);
    expect(await auditOf("user.update_profile", hunter.id)).toHaveLength(1);
  });

  it("does not apply a new e-mail: the new address gets the link, the change applies when its owner follows it", async () => {
    const before = await userRow(hunter.id);
    const res = await update(hunter.id, profileOf(before, { email: "Ugo.New@Example.com" }));
    expect(res).toMatchObject({ status: 200, json: { email_change_pending: true } });
    expect((await userRow(hunter.id)).email).toBe(before.email);
    const confirm = await lastMailTo(t.db, "ugo.new@example.com");
    expect(confirm).toMatchObject({ template: "email_change_confirm", lang: "en" });
    expect((await lastMailTo(t.db, before.email)).template).toBe("email_change_requested_old");
    const audit = await auditOf("user.update_profile", hunter.id);
    expect(audit.at(-1)?.details).toEqual({
      area: "stock_hunter",
      changedFields: {},
      emailChangePending: { before: before.email, after: "ugo.new@example.com" },
    });
    const token = linkIn(confirm.text, /\/confirm-email\//).searchParams.get("token")!;
    await confirmEmailChange(t.db, hunter.id, token, { origin: "http://stockspace.test", supportEmail: "support@stockspace.test", ip: "203.0.113.9" });
    expect((await userRow(hunter.id)).email).toBe("ugo.new@example.com");
    hunter = await userRow(hunter.id);
  });

  it("refuses an address another account has, and bad input, in the user's language", async () => {
    const taken = await update(hunter.id, profileOf(hunter, { email: stocker.email.toUpperCase() }));
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ email: "taken" });
    const bad = await update(hunter.id, profileOf(hunter, { first_name: "  ", telephone: "call me", email: "nobody" }), admin);
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toMatchObject({ first_name: "required", telephone: "invalid", email: "email" });
    expect(bad.json.message).toMatch(/\S/);
    expect(await mailsTo(t.db, stocker.email.toUpperCase())).toHaveLength(0);
  });

  it("changes a stocker's account type, audited; refuses it on other roles and on a request not approved", async () => {
    expect((await update(stocker.id, profileOf(stocker, { account_type: 1 }))).status).toBe(200);
    expect((await userRow(stocker.id)).account_type).toBe(1);
    expect((await auditOf("user.update_profile", stocker.id)).at(-1)?.details).toEqual({
      area: "stocker",
      changedFields: { account_type: { before: 0, after: 1 } },
    });
    // Absent, it stays as it is.
    expect((await update(keeper.id, profileOf(keeper))).status).toBe(200);
    expect((await userRow(keeper.id)).account_type).toBe(1);
    const onHunter = await update(hunter.id, profileOf(hunter, { account_type: 1 }));
    expect(onHunter).toMatchObject({ status: 422, json: { errors: { account_type: "not_stocker" } } });
    expect((await update(hunter.id, profileOf(hunter, { account_type: 7 }))).status).toBe(422);
    const pending = await makeUser(t.db, { role: "stocker", approval_status: "pending" });
    const res = await update(pending.id, profileOf(pending, { account_type: 1 }));
    expect(res).toMatchObject({ status: 409, json: { error: "user_not_approved" } });
    expect((await userRow(pending.id)).account_type).toBe(0);
  });

  it("is refused to everyone but an administrator, and on an unknown or administrator's account", async () => {
    const body = profileOf(referent, { first_name: "Hacked" });
    expect((await update(referent.id, body, null)).status).toBe(401);
    for (const who of [stocker, keeper, referent, hunter]) expect((await update(referent.id, body, who)).status).toBe(403);
    expect((await update(999_999_999, body)).status).toBe(404);
    expect((await update(admin.id, profileOf(admin))).status).toBe(404);
    expect((await userRow(referent.id)).first_name).toBe(referent.first_name);
  });
});

describe("an administrator sends a password reset", () => {
  const send = (id: number, actor: User | null = admin) => callJson(resetAction, t.db, { actor: actor ? actorOf(actor) : null, params: { id: String(id) } });

  it("sends the recovery's e-mail with a working link, audited; within the recovery's limit per address", async () => {
    const user = await makeUser(t.db, { role: "stocker", approval_status: "approved", password_hash: "x" });
    expect(await send(user.id)).toMatchObject({ status: 200, json: { user_id: user.id, sent: "reset_link" } });
    const mail = await lastMailTo(t.db, user.email);
    expect(mail.template).toBe("password_reset");
    const link = linkIn(mail.text, /\/reset-password\//);
    expect(await resetLinkStatus(t.db, user.id, link.searchParams.get("rpt_token"))).toBe("valid");
    expect(await auditOf("user.send_password_reset", user.id)).toEqual([{ admin_id: admin.id, details: { sent: "reset_link" } }]);
    for (let i = 1; i < 5; i++) expect((await send(user.id)).status).toBe(200);
    expect((await send(user.id)).status).toBe(429);
    expect(await auditOf("user.send_password_reset", user.id)).toHaveLength(5);
  });

  it("sends an invited account never completed its invitation; refuses an account switched off or not approved", async () => {
    const invited = await makeUser(t.db, { role: "referent", created_by: admin.id });
    expect((await send(invited.id)).json).toEqual({ user_id: invited.id, sent: "invitation" });
    expect((await lastMailTo(t.db, invited.email)).template).not.toBe("password_reset");
    const off = await makeUser(t.db, { role: "stock_hunter", password_hash: "x", active: false });
    expect(await send(off.id)).toMatchObject({ status: 409, json: { error: "user_inactive" } });
    const pending = await makeUser(t.db, { role: "stocker", approval_status: "pending" });
    expect(await send(pending.id)).toMatchObject({ status: 409, json: { error: "user_not_approved" } });
    expect(await mailsTo(t.db, off.email)).toHaveLength(0);
  });

  it("is refused to everyone but an administrator, and on an unknown account", async () => {
    expect((await send(hunter.id, null)).status).toBe(401);
    for (const who of [stocker, keeper, referent, hunter]) expect((await send(referent.id, who)).status).toBe(403);
    expect((await send(999_999_999)).status).toBe(404);
    expect(await mailsTo(t.db, referent.email)).toHaveLength(0);
  });
});

describe("an administrator sees a user's sessions and ends them", () => {
  const list = (id: number, actor: User | null = admin) =>
    callJson(sessionsLoader, t.db, {
      method: "GET",
      path: `/api/admin/users/${id}/sessions`,
      actor: actor ? actorOf(actor) : null,
      params: { id: String(id) },
    });
  const end = (id: number, body: unknown, actor: User | null = admin) =>
    callJson(endSessionsAction, t.db, { actor: actor ? actorOf(actor) : null, params: { id: String(id) }, body });

  it("lists them as stored, ends one, then all; each end audited without the session's id", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter", password_hash: "x" });
    const phone = await startSession(t.db, { userId: user.id, remember: true, ip: "203.0.113.7", userAgent: "Phone browser" });
    const laptop = await startSession(t.db, { userId: user.id, remember: false, ip: "198.51.100.8", userAgent: "Laptop browser" });
    const res = await list(user.id);
    expect(res.status).toBe(200);
    const sessions = res.json.sessions as { id: string; ip: string; user_agent: string; created_at: string; last_seen_at: string; remember: boolean }[];
    expect(sessions.map((s) => s.user_agent).sort()).toEqual(["Laptop browser", "Phone browser"]);
    const phoneRow = sessions.find((s) => s.user_agent === "Phone browser")!;
    expect(phoneRow).toMatchObject({ ip: "203.0.113.7", remember: true });
    expect(Date.parse(phoneRow.created_at)).not.toBeNaN();
    expect(Date.parse(phoneRow.last_seen_at)).not.toBeNaN();
    // The listed id is the stored hash: it is not a token that opens a session.
    expect(await resolveSession(t.db, phoneRow.id)).toBeNull();

    expect(await end(user.id, { session_id: phoneRow.id })).toMatchObject({ status: 200, json: { user_id: user.id, ended: 1 } });
    expect(await resolveSession(t.db, phone.token)).toBeNull();
    expect(await resolveSession(t.db, laptop.token)).not.toBeNull();
    // Ended already: nothing to end.
    expect((await end(user.id, { session_id: phoneRow.id })).status).toBe(404);
    expect(await end(user.id, {})).toMatchObject({ status: 200, json: { ended: 1 } });
    expect(await resolveSession(t.db, laptop.token)).toBeNull();
    expect((await list(user.id)).json).toEqual({ sessions: [] });
    expect((await auditOf("user.end_sessions", user.id)).map((a) => a.details)).toEqual([
      { scope: "one", ended: 1 },
      { scope: "all", ended: 1 },
    ]);
  });

  it("does not end another user's session by its id", async () => {
    const other = await makeUser(t.db, { role: "stock_hunter", password_hash: "x" });
    const session = await startSession(t.db, { userId: other.id, remember: false, ip: "203.0.113.1", userAgent: "x" });
    const id = ((await list(other.id)).json.sessions as { id: string }[])[0]!.id;
    expect((await end(hunter.id, { session_id: id })).status).toBe(404);
    expect(await resolveSession(t.db, session.token)).not.toBeNull();
  });

  it("is refused to everyone but an administrator, and on an unknown or administrator's account", async () => {
    const session = await startSession(t.db, { userId: referent.id, remember: false, ip: "203.0.113.2", userAgent: "x" });
    expect((await list(referent.id, null)).status).toBe(401);
    expect((await end(referent.id, {}, null)).status).toBe(401);
    for (const who of [stocker, keeper, referent, hunter]) {
      expect((await list(referent.id, who)).status).toBe(403);
      expect((await end(referent.id, {}, who)).status).toBe(403);
    }
    expect((await list(999_999_999)).status).toBe(404);
    expect((await end(999_999_999, {})).status).toBe(404);
    expect((await list(admin.id)).status).toBe(404);
    expect((await end(referent.id, { session_id: 42 })).status).toBe(422);
    expect(await resolveSession(t.db, session.token)).not.toBeNull();
  });
});

describe("the tools on the user's data page in the back office", () => {
  type PageCall = Parameters<ReturnType<typeof dataPageLoader>>[0];
  // The administrator's view is /admin/{area}/{id}/data; the owner's own page is /it/{area}/profile/data.
  const area = (role: AreaRole) => (role === "stock_hunter" ? "stock-hunter" : role);
  const pageOf = (role: AreaRole, user: User, actor: User) =>
    actor.role === "admin"
      ? { params: { userId: String(user.id) }, path: `/admin/${area(role)}/${user.id}/data` }
      : { params: {}, path: `/it/${area(role)}/profile/data` };
  const load = (role: AreaRole, user: User, actor: User) => {
    const { params, path } = pageOf(role, user, actor);
    return dataPageLoader(role)({
      params,
      context: testContext(t.db, { actor: actorOf(actor) }),
      request: new Request(`http://stockspace.test${path}`),
    } as PageCall);
  };
  const post = (role: AreaRole, user: User, fields: Record<string, string>, actor: User = admin) => {
    const { params, path } = pageOf(role, user, actor);
    return dataPageAction(role)({
      params,
      context: testContext(t.db, { actor: actorOf(actor) }),
      request: new Request(`http://stockspace.test${path}`, { method: "POST", body: new URLSearchParams(fields) }),
    } as PageCall);
  };

  it("shows the administrator the account type and the sessions; the owner's own page has none of it", async () => {
    const user = await makeUser(t.db, { role: "stocker", approval_status: "approved", password_hash: "x" });
    await startSession(t.db, { userId: user.id, remember: false, ip: "203.0.113.30", userAgent: "Page browser" });
    const page = await load("stocker", user, admin);
    expect(page.adminAccount).toMatchObject({ role: "stocker", account_type: 0, account_type_editable: true, active: true });
    expect(page.adminAccount?.sessions.map((s) => [s.user_agent, s.ip])).toEqual([["Page browser", "203.0.113.30"]]);
    const own = await load("stocker", user, user);
    expect(own.adminAccount).toBeNull();
    const huntersPage = await load("stock_hunter", hunter, admin);
    expect(huntersPage.adminAccount).toMatchObject({ account_type: null, account_type_editable: false });
  });

  it("changes the e-mail alone (confirmed by its owner) and the account type alone, leaving the rest as it is", async () => {
    const user = await makeUser(t.db, { role: "stocker", approval_status: "approved", password_hash: "x", first_name: "Resta", company: "Uguale" });
    expect(await post("stocker", user, { intent: "admin_email", email: "nuova.casella@example.com" })).toEqual({ ok: true, intent: "admin_email" });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, first_name: "Resta", company: "Uguale" });
    expect((await lastMailTo(t.db, "nuova.casella@example.com")).template).toBe("email_change_confirm");
    expect((await load("stocker", user, admin)).pendingEmail?.email).toBe("nuova.casella@example.com");
    expect(await post("stocker", user, { intent: "admin_account_type", account_type: "1" })).toEqual({ ok: true, intent: "admin_account_type" });
    expect(await userRow(user.id)).toMatchObject({ account_type: 1, first_name: "Resta", company: "Uguale", email: user.email });
    expect(await post("stocker", user, { intent: "admin_email", email: stocker.email })).toMatchObject({ ok: false, errors: { email: "taken" } });
    expect(await post("stocker", user, { intent: "admin_email", email: "" })).toMatchObject({ ok: false, errors: { email: "required" } });
    expect(await post("stocker", user, { intent: "admin_account_type", account_type: "2" })).toMatchObject({ ok: false, errors: { account_type: "invalid" } });
    expect((await auditOf("user.update_profile", user.id)).map((a) => Object.keys(a.details as object).sort())).toEqual([
      ["area", "changedFields", "emailChangePending"],
      ["area", "changedFields"],
    ]);
  });

  it("sends the reset and ends the sessions, answering what was done", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter", password_hash: "x" });
    const one = await startSession(t.db, { userId: user.id, remember: false, ip: "203.0.113.31", userAgent: "a" });
    await startSession(t.db, { userId: user.id, remember: false, ip: "203.0.113.32", userAgent: "b" });
    expect(await post("stock_hunter", user, { intent: "admin_password_reset" })).toEqual({ ok: true, intent: "admin_password_reset", sent: "reset_link" });
    expect((await lastMailTo(t.db, user.email)).template).toBe("password_reset");
    const sessions = (await load("stock_hunter", user, admin)).adminAccount!.sessions;
    const first = sessions.find((s) => s.user_agent === "a")!;
    expect(await post("stock_hunter", user, { intent: "admin_end_sessions", session_id: first.id })).toEqual({
      ok: true,
      intent: "admin_end_sessions",
      ended: 1,
    });
    expect(await resolveSession(t.db, one.token)).toBeNull();
    expect(await post("stock_hunter", user, { intent: "admin_end_sessions" })).toEqual({ ok: true, intent: "admin_end_sessions", ended: 1 });
    expect((await load("stock_hunter", user, admin)).adminAccount!.sessions).toEqual([]);
  });

  it("refuses the tools to the account's owner (403), changing nothing", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter", password_hash: "x" });
    const session = await startSession(t.db, { userId: user.id, remember: false, ip: "203.0.113.33", userAgent: "own" });
    const attempts: Record<string, string>[] = [
      { intent: "admin_email", email: "mine@example.com" },
      { intent: "admin_password_reset" },
      { intent: "admin_end_sessions" },
      { intent: "admin_account_type", account_type: "1" },
    ];
    for (const fields of attempts) {
      const refused = await post("stock_hunter", user, fields, user).catch((err: unknown) => err);
      expect(refused).toMatchObject({ init: { status: 403 } });
    }
    // The same page takes the owner's own forms: the refusal is the tools', not the page's.
    expect(await post("stock_hunter", user, { intent: "profile", first_name: "Mia", last_name: "Pagina", telephone: "02 1234567" }, user)).toEqual({
      ok: true,
      intent: "profile",
    });
    expect(await resolveSession(t.db, session.token)).not.toBeNull();
    expect(await mailsTo(t.db, "mine@example.com")).toHaveLength(0);
    expect(await mailsTo(t.db, user.email)).toHaveLength(0);
  });
});
