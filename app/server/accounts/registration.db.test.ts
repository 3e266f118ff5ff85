// Registration (POST /register) for stock hunters and stockers, through the endpoint: the
// form's required fields again on the server, the stored consents, the invite code, the
// approval queue, the e-mails, and hostile input that must change nothing.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { codeIn, cookieHeader, lastMailTo, linkIn, mailsTo, tableCounts } from "../../../tests/support/accounts.ts";
import { action as registerAction } from "../../routes/api/register.ts";
import { action as confirmAction } from "../../routes/api/confirm-code.ts";
import { action as loginAction } from "../../routes/api/login.ts";
import { action as completeAction } from "../../routes/api/users.complete-account.ts";
import { createReferentForWarehouse } from "../warehouses/warehouse-referents.service.ts";
import { invitationFor } from "./invitations.service.ts";
import { PENDING_COOKIE, readPendingRegistration } from "./pending-registration.ts";
import { confirmationCodeHash } from "./tokens.ts";
import { resendConfirmationCode } from "./confirm-code.service.ts";
import { accountContext } from "./account-context.ts";
import { testServices } from "../../../tests/support/endpoint.ts";

const t = useTestDatabase();
beforeAll(async () => {
  await t.db
    .insertInto("markets")
    .values({ id: 1, label: "Alimentare", label_en: "Food" })
    .onConflict((oc) => oc.doNothing())
    .execute();
});
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

const hunter = (over: Record<string, unknown> = {}) => ({
  role: "stock_hunter",
  first_name: "  Giulia ",
  last_name: "Bianchi",
  email: "  Giulia.Bianchi@Example.COM ",
  telephone: "+39 333 1234567",
  country: "Italia",
  address: "Via Roma 1, Milano",
  company: "Bianchi Moda Srl",
  market_id: 1,
  website: "www.bianchimoda.it",
  conditions: true,
  privacy: true,
  data_f: true,
  data_g: false,
  ...over,
});

const stocker = (over: Record<string, unknown> = {}) => ({
  role: "stocker",
  email: "info@logistica-verdi.it",
  request_business_name: "Logistica Verdi Srl",
  request_vat: "01234567890",
  request_country: "Italia",
  request_address: "Via dell'Industria 5",
  request_cap: "20090",
  request_city: "Segrate",
  request_province: "MI",
  conditions: "1",
  privacy: "on",
  ...over,
});

const register = (user_data: unknown, opts: { lang?: string; locale?: "it" | "en"; actor?: ReturnType<typeof actorOf> | null } = {}) =>
  callJson(registerAction, t.db, { path: "/register", body: { user_data, lang: opts.lang ?? "it" }, locale: opts.locale, actor: opts.actor ?? null });

describe("stock hunter registration", () => {
  it("creates the account without a password, stores the consents with their time and e-mails a code", async () => {
    const before = Date.now();
    const res = await register(hunter());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_id: expect.any(Number), role: "stock_hunter" });
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", res.json.user_id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: "giulia.bianchi@example.com",
      first_name: "Giulia",
      role: "stock_hunter",
      password_hash: null,
      has_confirmed_code: false,
      lang: "it",
      data_f: true,
      data_g: false,
      data_g_at: null,
      approval_status: null,
      market_id: 1,
    });
    for (const at of [user.conditions_at, user.privacy_at, user.data_f_at]) expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(user.invite_code).toMatch(/^[A-Z2-9]{8}$/);

    // The browser holds a signed pointer to the pending account.
    expect(readPendingRegistration(testServices(t.db).secret, res.cookies[PENDING_COOKIE])).toBe(user.id);

    // One code e-mail in Italian; the code is stored only as a keyed hash, expiring in 15 minutes.
    const mail = await lastMailTo(t.db, "giulia.bianchi@example.com");
    expect(mail).toMatchObject({ template: "confirm_code", lang: "it", status: "pending" });
    expect(mail.subject).toMatch(/codice di conferma/i);
    const code = codeIn(mail.text);
    expect(mail.html).toContain(code);
    expect(mail.text).toContain("/it/confirm-code?email=giulia.bianchi%40example.com");
    const token = await t.db.selectFrom("user_tokens").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(token).toMatchObject({ kind: "confirm_code", used_at: null, attempts: 0 });
    expect(token.token_hash).not.toContain(code);
    expect(token.token_hash).toBe(confirmationCodeHash(testServices(t.db).secret, user.id, code));
    const minutes = (token.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it("speaks the language of the registration (lang) in the e-mail", async () => {
    const res = await register(hunter({ email: "english@example.com" }), { lang: "en", locale: "en" });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(t.db, "english@example.com");
    expect(mail.lang).toBe("en");
    expect(mail.subject).toMatch(/confirmation code/i);
  });

  it("credits the inviter of a valid invite code; an unknown code is ignored", async () => {
    const inviter = await makeUser(t.db, { role: "stocker", invite_code: "INVITE42" });
    const res = await register(hunter({ email: "invited@example.com", reg_invite_code: "invite42" }));
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom("users").select(["invited_by"]).where("id", "=", res.json.user_id).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.id);
    expect((await t.db.selectFrom("users").select("invite_count").where("id", "=", inviter.id).executeTakeFirstOrThrow()).invite_count).toBe(1);

    const other = await register(hunter({ email: "stale-link@example.com", reg_invite_code: "NOSUCHCODE" }));
    expect(other.status).toBe(200);
    expect((await t.db.selectFrom("users").select("invited_by").where("id", "=", other.json.user_id).executeTakeFirstOrThrow()).invited_by).toBeNull();
  });

  it("answers errors.email when the address is taken (any case) or invalid, and writes nothing", async () => {
    await makeUser(t.db, { email: "taken@example.com" });
    const before = await tableCounts(t.db);
    const taken = await register(hunter({ email: "TAKEN@example.com" }));
    expect(taken.status).toBe(422);
    expect(taken.json).toMatchObject({ error: "email_taken", errors: { email: "taken" } });
    expect(taken.json.message).toMatch(/indirizzo e-mail non è valido o ha già un account/);
    const invalid = await register(hunter({ email: "not-an-address" }));
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toEqual({ email: "email" });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("requires every required field after trimming, and the two ticks", async () => {
    const before = await tableCounts(t.db);
    const res = await register(
      hunter({ first_name: "   ", last_name: undefined, telephone: "", country: null, address: " ", conditions: false, privacy: 0, email: "" }),
    );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      email: "required",
      first_name: "required",
      last_name: "required",
      telephone: "required",
      country: "required",
      address: "required",
      conditions: "required",
      privacy: "required",
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("refuses wrong types, huge strings, unknown roles and broken bodies with a 4xx, writing nothing", async () => {
    const before = await tableCounts(t.db);
    const cases: [unknown, Record<string, string>][] = [
      [hunter({ first_name: 42 }), { first_name: "invalid" }],
      [hunter({ first_name: ["a"] }), { first_name: "invalid" }],
      [hunter({ address: "x".repeat(10_000) }), { address: "too_long" }],
      [hunter({ email: `${"a".repeat(10_000)}@example.com` }), { email: "too_long" }],
      [hunter({ role: "admin" }), { role: "invalid" }],
      [hunter({ market_id: "abc" }), { market_id: "invalid" }],
      [hunter({ telephone: "<script>" }), { telephone: "invalid" }],
      [hunter({ conditions: { yes: true } }), { conditions: "invalid" }],
    ];
    for (const [data, errors] of cases) {
      const res = await register(data);
      expect(res.status, JSON.stringify(errors)).toBe(422);
      expect(res.json.errors).toMatchObject(errors);
    }
    expect((await register("just a string")).status).toBe(422);
    const junk = await callJson(registerAction, t.db, { path: "/register", rawBody: "{not json" });
    expect(junk.status).toBe(422);
    const nothing = await callJson(registerAction, t.db, { path: "/register", body: {} });
    expect(nothing.status).toBe(422);
    expect(nothing.json.errors).toMatchObject({ user_data: "required" });
    const unknownMarket = await register(hunter({ email: "market@example.com", market_id: 99999 }));
    expect(unknownMarket.status).toBe(422);
    expect(unknownMarket.json.errors).toEqual({ market_id: "invalid" });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("is refused to a logged-in user", async () => {
    const user = await makeUser(t.db);
    const res = await register(hunter({ email: "second@example.com" }), { actor: actorOf(user) });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("already_logged_in");
  });

  it("limits registrations per address and per IP (429 in the user's language)", async () => {
    for (let i = 0; i < 5; i++) await register(hunter({ email: "repeat@example.com" }));
    const limited = await register(hunter({ email: "repeat@example.com" }), { locale: "en" });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/Too many attempts/);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    await t.db.deleteFrom("rate_limits").execute();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await register(hunter({ email: `ip-${i}@example.com` }))).status;
    expect(last).toBe(429);
  });
});

describe("stocker registration", () => {
  it("enters the approval queue with the business data and the claimed warehouse, and tells stocker and operator", async () => {
    const warehouse = await makeWarehouse(t.db);
    const res = await register(stocker({ request_warehouse_id: warehouse.id, first_name: "Luca", telephone: "02 1234567" }), { lang: "en", locale: "en" });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe("stocker");
    expect(res.cookies[PENDING_COOKIE]).toBeUndefined();
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", res.json.user_id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      role: "stocker",
      account_type: null,
      approval_status: "pending",
      password_hash: null,
      request_business_name: "Logistica Verdi Srl",
      request_vat: "01234567890",
      request_cap: "20090",
      request_city: "Segrate",
      request_province: "MI",
      request_warehouse_id: warehouse.id,
      company: "Logistica Verdi Srl",
      lang: "en",
    });
    expect(user.stockspace_code).toMatch(/^SS-[A-Z2-9]{6}$/);
    expect(user.conditions_at).not.toBeNull();
    // No code: the stocker sets a password from the approval e-mail (invitation).
    expect(await t.db.selectFrom("user_tokens").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    const toStocker = await mailsTo(t.db, "info@logistica-verdi.it");
    expect(toStocker.map((m) => [m.template, m.lang])).toEqual([["stocker_request_received", "en"]]);
    expect(toStocker[0]!.text).toContain(`Stocker ${warehouse.id}`);
    const toOperator = await mailsTo(t.db, "support@stockspace.local");
    expect(toOperator.map((m) => [m.template, m.lang, m.reply_to])).toEqual([["stocker_request_admin", "it", "info@logistica-verdi.it"]]);
    expect(toOperator[0]!.text).toContain("01234567890");
  });

  it("requires the request's required fields", async () => {
    const res = await register({ role: "stocker", email: "x@example.com", conditions: true, privacy: true });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual([
      "request_address",
      "request_business_name",
      "request_cap",
      "request_city",
      "request_country",
      "request_province",
      "request_vat",
    ]);
  });

  it("refuses a warehouse that is claimed or does not exist, writing nothing", async () => {
    const owner = await makeUser(t.db, { role: "stocker" });
    const claimed = await makeWarehouse(t.db, { user_id: owner.id });
    const before = await tableCounts(t.db);
    for (const id of [claimed.id, 987654]) {
      const res = await register(stocker({ email: `claim-${id}@example.com`, request_warehouse_id: id }));
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ request_warehouse_id: "unavailable" });
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe("mail to an address nobody has proved yet", () => {
  const spam = "Prize at win.spam.example";
  it("the code e-mail, first or resent, carries no text the registration typed", async () => {
    const res = await register(hunter({ email: "someone-else@example.com", first_name: spam, last_name: spam, company: spam }), { lang: "en" });
    expect(res.status).toBe(200);
    await resendConfirmationCode(
      t.db,
      { userId: res.json.user_id, email: null },
      accountContext(testServices(t.db), { id: "t", ip: "192.0.2.1", userAgent: "", nonce: "", secure: false }, "en"),
    );
    const mails = await mailsTo(t.db, "someone-else@example.com");
    expect(mails.map((m) => m.template)).toEqual(["confirm_code", "confirm_code"]);
    for (const mail of mails) {
      expect(mail.subject + mail.text + mail.html).not.toContain("spam");
      expect(mail.text.split("\n")[0]).toBe("Hello,");
    }
  });

  it("the stocker's \"request received\" e-mail names neither the person nor the business; the operator's still does", async () => {
    const res = await register(stocker({ email: "not-mine@example.com", first_name: spam, request_business_name: spam }));
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(t.db, "not-mine@example.com");
    expect(mail!.template).toBe("stocker_request_received");
    expect(mail!.subject + mail!.text + mail!.html).not.toContain("spam");
    expect(mail!.text).toContain("la tua azienda");
    expect((await lastMailTo(t.db, "support@stockspace.local")).text).toContain(spam);
  });
});

describe("an address with a pending referent invitation", () => {
  const origin = { origin: "http://stockspace.test" };

  /** A stocker gives its warehouse a new referent (the invitation), who never completes the account. */
  async function pendingReferent(email: string) {
    const owner = await makeUser(t.db, { role: "stocker", first_name: "Paolo", last_name: "Verdi" });
    const w = await makeWarehouse(t.db, { user_id: owner.id, name: "Polo Nord", city: "Milano" });
    const { userId } = await createReferentForWarehouse(
      t.db,
      actorOf(owner),
      w.id,
      { first_name: "Anna", last_name: "Neri", email, telephone: "+39 333 1234567" },
      origin,
    );
    const token = linkIn((await lastMailTo(t.db, email)).text, /complete-account/).searchParams.get("u_token")!;
    expect((await invitationFor(t.db, userId, token)).status).toBe("valid");
    return { owner, warehouseId: w.id, invitedId: userId, token };
  }

  it("yields to the owner's registration as a stock hunter, who confirms the code and logs in; the invitation link is dead", async () => {
    const { owner, warehouseId, invitedId, token } = await pendingReferent("anna@example.com");
    const res = await register(hunter({ email: " Anna@Example.com ", first_name: "Anna", last_name: "Neri" }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ user_id: expect.any(Number), role: "stock_hunter" });
    const accounts = await t.db.selectFrom("users").selectAll().where("email", "=", "anna@example.com").execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ id: res.json.user_id, role: "stock_hunter", created_by: null, password_hash: null });
    expect(res.json.user_id).not.toBe(invitedId);

    // The invitation is gone: its link no longer works, and the warehouse has no referent again.
    expect((await invitationFor(t.db, invitedId, token)).status).toBe("invalid");
    const completed = await callJson(completeAction, t.db, {
      path: `/api/users/${invitedId}/complete-account`,
      params: { id: String(invitedId) },
      body: {
        u_token: token,
        user_data: { first_name: "X", last_name: "Y", telephone: "333 1234567", password: "scaffali-alti-9", confirm_password: "scaffali-alti-9" },
      },
    });
    expect(completed.json.error).toBe("token_invalid");
    expect((await t.db.selectFrom("warehouses").select("referent_id").where("id", "=", warehouseId).executeTakeFirstOrThrow()).referent_id).toBeNull();

    // The stocker is told, with its warehouse.
    const notes = await t.db.selectFrom("notifications").selectAll().where("user_id", "=", owner.id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "invitation_withdrawn", data: { warehouse_ids: [warehouseId] } });
    expect((notes[0]!.message as Record<string, string>).it).toBe(
      "Il titolare dell'indirizzo anna@example.com si è registrato su Stockspace con un proprio account: l'invito come referente non vale più. Non è più il referente di Polo Nord (Milano): finché non ne scegli un altro, le richieste arrivano a te.",
    );

    // The person confirms the address with the code and logs in like any new hunter.
    const code = codeIn((await lastMailTo(t.db, "anna@example.com")).text);
    const confirm = await callJson(confirmAction, t.db, {
      path: "/confirm-code",
      body: { code, password: "mare-di-sardegna", confirm_password: "mare-di-sardegna" },
      headers: { Cookie: cookieHeader({ [PENDING_COOKIE]: res.cookies[PENDING_COOKIE]! }) },
    });
    expect(confirm.status, JSON.stringify(confirm.json)).toBe(200);
    const login = await callJson(loginAction, t.db, { path: "/login", body: { email: "anna@example.com", password: "mare-di-sardegna" } });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ user_id: res.json.user_id });
  });

  it("yields to a stocker's registration too", async () => {
    const { invitedId } = await pendingReferent("office@magazzini-neri.it");
    const res = await register(stocker({ email: "office@magazzini-neri.it" }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await t.db.selectFrom("users").select("id").where("id", "=", invitedId).executeTakeFirst()).toBeUndefined();
    expect(
      await t.db.selectFrom("users").select(["role", "approval_status"]).where("email", "=", "office@magazzini-neri.it").executeTakeFirstOrThrow(),
    ).toEqual({ role: "stocker", approval_status: "pending" });
  });

  it("does not yield once the invitation was completed, nor for any other account without a password", async () => {
    const { invitedId } = await pendingReferent("done@example.com");
    await t.db.updateTable("users").set({ password_hash: "$argon2id$set" }).where("id", "=", invitedId).execute();
    const otherStocker = await makeUser(t.db, { email: "invited-stocker@example.com", role: "stocker", password_hash: null });
    const selfRegistered = await makeUser(t.db, { email: "unconfirmed@example.com", role: "stock_hunter", password_hash: null });
    for (const email of ["done@example.com", "invited-stocker@example.com", "unconfirmed@example.com"]) {
      const before = await tableCounts(t.db);
      const res = await register(hunter({ email }));
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ error: "email_taken", errors: { email: "taken" } });
      expect(await tableCounts(t.db)).toEqual(before);
    }
    expect(await t.db.selectFrom("users").select("id").where("id", "in", [invitedId, otherStocker.id, selfRegistered.id]).execute()).toHaveLength(3);
  });
});
