// Each user's choice of notification e-mails (decision 038): GET and POST
// /api/{stocker|referent|stock-hunter}/profile/email-preferences and the same form on the data
// page, for every role; the refusals (a visitor, another role, an administrator in a user's area);
// always the session's own address, whatever the body says; a kind unsubscribed by one click
// shows as off; and an e-mail change that takes effect carries the opt-outs to the new address.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { lastMailTo, linkIn } from "../../../tests/support/accounts.ts";
import type { User } from "../db/types.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import * as stockerCall from "../../routes/api/stocker/profile.email-preferences.ts";
import * as referentCall from "../../routes/api/referent/profile.email-preferences.ts";
import * as hunterCall from "../../routes/api/stock-hunter/profile.email-preferences.ts";
import { dataPageAction, dataPageLoader } from "../../routes/shared/profile-pages.server.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { confirmEmailChange, updateCredentials } from "../accounts/profile.service.ts";
import { resolveSession, startSession } from "../accounts/sessions.service.ts";
import { queueMail } from "./outbox.service.ts";

const t = useTestDatabase();
const CALLS = { stocker: stockerCall, referent: referentCall, stock_hunter: hunterCall } as const;
const PATHS = { stocker: "stocker", referent: "referent", stock_hunter: "stock-hunter" } as const;
const ROLES: AreaRole[] = ["stocker", "referent", "stock_hunter"];
const ALL_ON = { requests: true, deal: true, reminders: true, alerts: true, news: true };
const PASSWORD = "old-password-1";
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const optOutsOf = async (email: string) =>
  (await t.db.selectFrom("email_opt_outs").select(["kind", "via"]).where("email", "=", email.toLowerCase()).orderBy("kind").execute()).map(
    (r) => `${r.kind}:${r.via}`,
  );
const getPrefs = (role: AreaRole, user: User | null) =>
  callJson(CALLS[role].loader, t.db, { method: "GET", path: `/api/${PATHS[role]}/profile/email-preferences`, actor: user ? actorOf(user) : null });
const postPrefs = (role: AreaRole, user: User | null, body: unknown) =>
  callJson(CALLS[role].action, t.db, { path: `/api/${PATHS[role]}/profile/email-preferences`, body, actor: user ? actorOf(user) : null });

describe("GET and POST /api/{area}/profile/email-preferences", () => {
  it.each(ROLES)("a %s reads and sets which kinds its own address gets", async (role) => {
    const user = await makeUser(t.db, { role, email: `Prefs.${role}@Example.com` });
    expect(await getPrefs(role, user)).toMatchObject({ status: 200, json: { email: user.email, email_preferences: ALL_ON } });
    const choice = { requests: true, deal: false, reminders: true, alerts: false, news: false };
    expect(await postPrefs(role, user, { email_preferences: choice })).toMatchObject({ status: 200, json: { user_id: user.id, email_preferences: choice } });
    expect(await optOutsOf(user.email)).toEqual(["alerts:preferences", "deal:preferences", "news:preferences"]);
    expect((await getPrefs(role, user)).json.email_preferences).toEqual(choice);
    // Turned on again: its opt-out goes; a kind left out of the body is off.
    expect((await postPrefs(role, user, { email_preferences: { requests: true, deal: true } })).json.email_preferences).toEqual({
      requests: true,
      deal: true,
      reminders: false,
      alerts: false,
      news: false,
    });
    expect(await optOutsOf(user.email)).toEqual(["alerts:preferences", "news:preferences", "reminders:preferences"]);
  });

  it("refuses a visitor (401), every other role (403) and bad input (422), changing nothing", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter" });
    const admin = await makeUser(t.db, { role: "admin" });
    const body = { email_preferences: { requests: false } };
    for (const role of ROLES) {
      expect((await getPrefs(role, null)).status).toBe(401);
      expect((await postPrefs(role, null, body)).status).toBe(401);
      expect((await getPrefs(role, admin)).status).toBe(403);
      expect((await postPrefs(role, admin, body)).status).toBe(403);
      const other = await makeUser(t.db, { role: role === "stocker" ? "referent" : "stocker" });
      expect((await getPrefs(role, other)).status).toBe(403);
      expect((await postPrefs(role, other, body)).status).toBe(403);
      expect(await optOutsOf(other.email)).toEqual([]);
    }
    for (const bad of [{}, { email_preferences: "none" }, { email_preferences: { requests: "maybe" } }, { email_preferences: { news: 2 } }]) {
      const res = await postPrefs("stock_hunter", hunter, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect(await optOutsOf(hunter.email)).toEqual([]);
    expect(await optOutsOf(admin.email)).toEqual([]);
  });

  it("acts on the session's user only: an id or address in the body changes nobody else", async () => {
    const me = await makeUser(t.db, { role: "stock_hunter" });
    const victim = await makeUser(t.db, { role: "stock_hunter" });
    const res = await postPrefs("stock_hunter", me, {
      user_id: victim.id,
      email: victim.email,
      email_preferences: { requests: false, deal: false, reminders: false, alerts: false, news: false },
    });
    expect(res).toMatchObject({ status: 200, json: { user_id: me.id } });
    expect(await optOutsOf(me.email)).toHaveLength(5);
    expect(await optOutsOf(victim.email)).toEqual([]);
    expect((await getPrefs("stock_hunter", victim)).json.email_preferences).toEqual(ALL_ON);
  });

  it("shows a kind unsubscribed by one click as off, and turning it on removes that opt-out", async () => {
    const user = await makeUser(t.db, { role: "stocker" });
    await t.db.insertInto("email_opt_outs").values({ email: user.email.toLowerCase(), kind: "alerts", via: "one_click" }).execute();
    expect((await getPrefs("stocker", user)).json.email_preferences).toEqual({ ...ALL_ON, alerts: false });
    // Left off, it keeps how it was made.
    await postPrefs("stocker", user, { email_preferences: { ...ALL_ON, alerts: false, news: false } });
    expect(await optOutsOf(user.email)).toEqual(["alerts:one_click", "news:preferences"]);
    await postPrefs("stocker", user, { email_preferences: ALL_ON });
    expect(await optOutsOf(user.email)).toEqual([]);
  });
});

describe("the data page's preferences", () => {
  type PageCall = Parameters<ReturnType<typeof dataPageLoader>>[0];
  const page = (role: AreaRole, user: User, path: string, params: Record<string, string> = {}) =>
    dataPageLoader(role)({
      params,
      context: testContext(t.db, { actor: actorOf(user), locale: "en" }),
      request: new Request(`http://stockspace.test${path}`),
    } as PageCall);
  const submit = (role: AreaRole, user: User, path: string, fields: [string, string][], params: Record<string, string> = {}) =>
    dataPageAction(role)({
      params,
      context: testContext(t.db, { actor: actorOf(user) }),
      request: new Request(`http://stockspace.test${path}`, { method: "POST", body: new URLSearchParams(fields) }),
    } as PageCall);

  it.each(ROLES)("a %s's page shows the choice and its form saves it: ticked boxes are on, the rest off", async (role) => {
    const user = await makeUser(t.db, { role });
    const path = `/en/${PATHS[role]}/profile/data`;
    expect((await page(role, user, path)).emailPreferences).toEqual(ALL_ON);
    const saved = await submit(role, user, path, [
      ["intent", "email_preferences"],
      ["email_preferences[requests]", "on"],
      ["email_preferences[alerts]", "on"],
    ]);
    expect(saved).toEqual({ ok: true, intent: "email_preferences" });
    expect((await page(role, user, path)).emailPreferences).toEqual({ requests: true, deal: false, reminders: false, alerts: true, news: false });
    // Nothing ticked: every kind off.
    expect(await submit(role, user, path, [["intent", "email_preferences"]])).toEqual({ ok: true, intent: "email_preferences" });
    expect(await optOutsOf(user.email)).toHaveLength(5);
    // A value no checkbox posts comes back to the form.
    expect(
      await submit(role, user, path, [
        ["intent", "email_preferences"],
        ["email_preferences[news]", "perhaps"],
      ]),
    ).toMatchObject({
      ok: false,
      intent: "email_preferences",
      error: "invalid",
    });
    expect(await optOutsOf(user.email)).toHaveLength(5);
  });

  it("an administrator in a user's area sees the choice but cannot change it (403)", async () => {
    const stocker = await makeUser(t.db, { role: "stocker" });
    await t.db.insertInto("email_opt_outs").values({ email: stocker.email.toLowerCase(), kind: "news", via: "one_click" }).execute();
    const admin = await makeUser(t.db, { role: "admin" });
    const path = `/admin/stocker/${stocker.id}/data`;
    expect((await page("stocker", admin, path, { userId: String(stocker.id) })).emailPreferences).toEqual({ ...ALL_ON, news: false });
    const refused = await submit(
      "stocker",
      admin,
      path,
      [
        ["intent", "email_preferences"],
        ["email_preferences[news]", "on"],
      ],
      { userId: String(stocker.id) },
    ).catch((err: unknown) => err);
    expect(refused).toMatchObject({ init: { status: 403 } });
    expect(await optOutsOf(stocker.email)).toEqual(["news:one_click"]);
    expect(await optOutsOf(admin.email)).toEqual([]);
  });
});

describe("an e-mail change", () => {
  it("carries the opt-outs to the new address when it takes effect, in the same transaction", async () => {
    const user = await makeUser(t.db, { role: "stock_hunter", password_hash: passwordHash, has_confirmed_code: true, email: "before.change@example.com" });
    const { token } = await startSession(t.db, { userId: user.id, remember: false, ip: "198.51.100.1", userAgent: "vitest" });
    const actor = (await resolveSession(t.db, token))!;
    await postPrefs("stock_hunter", user, { email_preferences: { ...ALL_ON, requests: false, news: false } });
    // The new address had opted out of alerts by itself (a visitor's saved search): that stays.
    await t.db.insertInto("email_opt_outs").values({ email: "after.change@example.com", kind: "alerts", via: "one_click" }).execute();
    const ctx = { origin: "http://stockspace.test", supportEmail: "support@stockspace.test", currentSessionId: actor.sessionId };
    await updateCredentials(
      t.db,
      { actor, owner: { id: user.id, role: "stock_hunter" }, asAdmin: false },
      { email: "After.Change@Example.com", current_password: PASSWORD },
      ctx,
    );
    // Nothing moves before the link is followed.
    expect(await optOutsOf("before.change@example.com")).toEqual(["news:preferences", "requests:preferences"]);
    const link = linkIn((await lastMailTo(t.db, "after.change@example.com")).text, /\/confirm-email\//);
    await confirmEmailChange(t.db, user.id, link.searchParams.get("token")!, { origin: ctx.origin, supportEmail: ctx.supportEmail, ip: "203.0.113.9" });
    expect(await optOutsOf("before.change@example.com")).toEqual([]);
    expect(await optOutsOf("after.change@example.com")).toEqual(["alerts:one_click", "news:preferences", "requests:preferences"]);
    const moved = await getPrefs("stock_hunter", { ...user, email: "after.change@example.com" });
    expect(moved.json).toEqual({ email: "after.change@example.com", email_preferences: { ...ALL_ON, requests: false, news: false, alerts: false } });
    // And the outbox obeys them at the new address.
    const mail = {
      lang: "it" as const,
      template: "referent_assigned" as const,
      origin: ctx.origin,
      data: { firstName: null, warehouse: { name: "N", city: "C" }, link: ctx.origin },
    };
    expect(await queueMail(t.db, { ...mail, to: "after.change@example.com" })).toBeNull();
  });
});
