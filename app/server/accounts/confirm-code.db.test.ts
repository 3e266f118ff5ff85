// The confirmation code (POST /confirm-code, POST /send-code): 6 digits, hashed at rest,
// single use, 15 minutes, 5 wrong tries per code; the code and a new password log the
// stock hunter in.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testServices } from "../../../tests/support/endpoint.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { codeIn, cookieHeader, lastMailTo, mailsTo, tableCounts } from "../../../tests/support/accounts.ts";
import { action as registerAction } from "../../routes/api/register.ts";
import { action as confirmAction } from "../../routes/api/confirm-code.ts";
import { action as sendCodeAction } from "../../routes/api/send-code.ts";
import { action as loginAction } from "../../routes/api/login.ts";
import { PENDING_COOKIE, signPendingRegistration } from "./pending-registration.ts";
import { resolveSession, SESSION_COOKIE } from "./sessions.service.ts";

const t = useTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

let n = 0;
async function registerHunter(lang: "it" | "en" = "it") {
  const email = `hunter-${++n}@example.com`;
  const res = await callJson(registerAction, t.db, {
    path: "/register",
    locale: lang,
    body: {
      lang,
      user_data: {
        role: "stock_hunter",
        email,
        first_name: "Anna",
        last_name: "Neri",
        telephone: "333 1234567",
        country: "Italia",
        address: "Via Po 3",
        conditions: true,
        privacy: true,
      },
    },
  });
  expect(res.status).toBe(200);
  const code = codeIn((await lastMailTo(t.db, email)).text);
  return { email, userId: res.json.user_id as number, code, cookie: cookieHeader({ [PENDING_COOKIE]: res.cookies[PENDING_COOKIE]! }) };
}

const confirm = (body: unknown, cookie?: string, locale: "it" | "en" = "it") =>
  callJson(confirmAction, t.db, { path: "/confirm-code", body, headers: cookie ? { Cookie: cookie } : {}, locale });
const sendCode = (body: unknown, cookie?: string) => callJson(sendCodeAction, t.db, { path: "/send-code", body, headers: cookie ? { Cookie: cookie } : {} });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /confirm-code", () => {
  it("sets the password, confirms the account and logs in; the code works once", async () => {
    const r = await registerHunter();
    const res = await confirm(
      { code: ` ${r.code.slice(0, 3)} ${r.code.slice(3)} `, password: "mare-di-sardegna", confirm_password: "mare-di-sardegna" },
      r.cookie,
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_id: r.userId, role: "stock_hunter" });
    expect(res.cookies[PENDING_COOKIE]).toBe(""); // cleared
    expect(await resolveSession(t.db, res.cookies[SESSION_COOKIE])).toMatchObject({ id: r.userId, role: "stock_hunter" });
    const user = await t.db.selectFrom("users").select(["has_confirmed_code", "password_hash"]).where("id", "=", r.userId).executeTakeFirstOrThrow();
    expect(user.has_confirmed_code).toBe(true);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const again = await confirm({ code: r.code, password: "another-password-1" }, r.cookie);
    expect(again.status).toBe(422);
    expect(again.json.error).toBe("invalid_code");
    const login = await callJson(loginAction, t.db, { path: "/login", body: { email: r.email, password: "mare-di-sardegna" } });
    expect(login.status).toBe(200);
  });

  it("counts wrong codes: 5 per code, then even the right one is refused until a new code is sent", async () => {
    const r = await registerHunter();
    for (let i = 1; i <= 4; i++) {
      const res = await confirm({ code: wrong(r.code), password: "mare-di-sardegna" }, r.cookie);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ error: "invalid_code", errors: { code: "invalid" } });
    }
    const fifth = await confirm({ code: wrong(r.code), password: "mare-di-sardegna" }, r.cookie);
    expect(fifth.json.error).toBe("code_locked");
    const right = await confirm({ code: r.code, password: "mare-di-sardegna" }, r.cookie, "en");
    expect(right.status).toBe(422);
    expect(right.json.error).toBe("code_locked");
    expect(right.json.message).toMatch(/Too many wrong attempts/);
    expect((await t.db.selectFrom("users").select("password_hash").where("id", "=", r.userId).executeTakeFirstOrThrow()).password_hash).toBeNull();

    const resent = await sendCode({}, r.cookie);
    expect(resent.status).toBe(200);
    expect(resent.json).toEqual({ user_id: r.userId });
    const mails = await mailsTo(t.db, r.email);
    expect(mails).toHaveLength(2);
    const newCode = codeIn(mails[1]!.text);
    if (newCode !== r.code) {
      const old = await confirm({ code: r.code, password: "mare-di-sardegna" }, r.cookie);
      expect(old.json.error).toBe("invalid_code");
    }
    const ok = await confirm({ code: newCode, password: "mare-di-sardegna" }, r.cookie);
    expect(ok.status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const r = await registerHunter();
    await t.db
      .updateTable("user_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", r.userId)
      .execute();
    const res = await confirm({ code: r.code, password: "mare-di-sardegna" }, r.cookie);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "code_expired", errors: { code: "expired" } });
  });

  it("checks the new password first, without spending a try: length, common list, confirmation", async () => {
    const r = await registerHunter();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ password: "short" }, { password: "too_short" }],
      [{ password: "x".repeat(129) }, { password: "too_long" }],
      [{ password: "x".repeat(10_000) }, { password: "too_long" }],
      [{ password: "Password1" }, { password: "password_common" }],
      [{ password: "juventus1897" }, { password: "password_common" }],
      [{ password: "mare-di-sardegna", confirm_password: "mare-di-corsica" }, { confirm_password: "mismatch" }],
      [{ password: "        " }, { password: "required" }],
    ];
    for (const [body, errors] of cases) {
      const res = await confirm({ code: r.code, ...body }, r.cookie);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json.errors).toEqual(errors);
    }
    const token = await t.db.selectFrom("user_tokens").select(["attempts", "used_at"]).where("user_id", "=", r.userId).executeTakeFirstOrThrow();
    expect(token).toEqual({ attempts: 0, used_at: null });
    // 64 characters are fine.
    expect((await confirm({ code: r.code, password: "p".repeat(40) + "-passphrase-of-64-chars!" }, r.cookie)).status).toBe(200);
  });

  it("refuses missing fields, malformed codes and wrong types with 422", async () => {
    const r = await registerHunter();
    const before = await tableCounts(t.db);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { code: "required", password: "required" }],
      [
        { code: "", password: "" },
        { code: "required", password: "required" },
      ],
      [{ code: "12345", password: "mare-di-sardegna" }, { code: "invalid" }],
      [{ code: "abcdef", password: "mare-di-sardegna" }, { code: "invalid" }],
      [{ code: 123456, password: "mare-di-sardegna" }, { code: "invalid" }],
      [{ code: "1".repeat(10_000), password: "mare-di-sardegna" }, { code: "too_long" }],
      [{ code: r.code, password: ["x"] }, { password: "invalid" }],
    ];
    for (const [body, errors] of cases) {
      const res = await confirm(body, r.cookie);
      expect(res.status).toBe(422);
      expect(res.json.errors).toMatchObject(errors);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("works on another device with the address instead of the cookie; a forged cookie counts for nothing", async () => {
    const r = await registerHunter("en");
    const noWho = await confirm({ code: r.code, password: "mare-di-sardegna" });
    expect(noWho.status).toBe(422);
    expect(noWho.json.errors).toEqual({ email: "required" });
    // A cookie naming another account, signed with another key.
    const victim = await registerHunter();
    const forged = cookieHeader({ [PENDING_COOKIE]: signPendingRegistration("not-the-secret", victim.userId) });
    expect((await confirm({ code: victim.code, password: "mare-di-sardegna" }, forged)).json.errors).toEqual({ email: "required" });
    const res = await confirm({ code: r.code, password: "mare-di-sardegna", email: r.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(r.userId);
  });

  it("gives nothing away for an address that is confirmed, unknown or a stocker's", async () => {
    const confirmed = await makeUser(t.db, { email: "done@example.com", has_confirmed_code: true });
    const pendingStocker = await makeUser(t.db, { role: "stocker", email: "queue@example.com", approval_status: "pending", account_type: null });
    for (const email of [confirmed.email, pendingStocker.email, "nobody@example.com"]) {
      const res = await confirm({ code: "123456", password: "mare-di-sardegna", email });
      expect(res.status).toBe(422);
      expect(res.json.error).toBe("invalid_code");
    }
  });

  it("stops an IP guessing across accounts after 30 wrong codes", async () => {
    const accounts = await Promise.all(Array.from({ length: 7 }, () => registerHunter()));
    let status = 0;
    let count = 0;
    for (const a of accounts) {
      for (let i = 0; i < 5 && status !== 429; i++) {
        status = (await confirm({ code: wrong(a.code), password: "mare-di-sardegna" }, a.cookie)).status;
        count++;
      }
    }
    expect(status).toBe(429);
    expect(count).toBe(31);
  });
});

describe("POST /send-code", () => {
  it("sends a new code to the pending account and retires the old one", async () => {
    const r = await registerHunter();
    const res = await sendCode({}, r.cookie);
    expect(res.status).toBe(200);
    const tokens = await t.db.selectFrom("user_tokens").select(["used_at"]).where("user_id", "=", r.userId).orderBy("id").execute();
    expect(tokens.map((x) => x.used_at !== null)).toEqual([true, false]);
  });

  it("answers the same for any address without the cookie, sending only to a pending one", async () => {
    const r = await registerHunter();
    const unknown = await sendCode({ email: "nobody@example.com" });
    expect(unknown).toMatchObject({ status: 200, json: { success: true } });
    expect(await mailsTo(t.db, "nobody@example.com")).toEqual([]);
    const known = await sendCode({ email: r.email });
    expect(known).toMatchObject({ status: 200, json: { success: true } });
    expect(await mailsTo(t.db, r.email)).toHaveLength(2);
    expect((await sendCode({})).status).toBe(422);
    expect((await sendCode({ email: "x".repeat(10_000) })).status).toBe(422);
  });

  it("answers 409 once the account is confirmed", async () => {
    const r = await registerHunter();
    expect((await confirm({ code: r.code, password: "mare-di-sardegna" }, r.cookie)).status).toBe(200);
    const res = await sendCode({}, r.cookie);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("no_pending_registration");
  });

  it("limits new codes: 5 an hour per account", async () => {
    const r = await registerHunter();
    for (let i = 0; i < 5; i++) expect((await sendCode({}, r.cookie)).status).toBe(200);
    const limited = await sendCode({}, r.cookie);
    expect(limited.status).toBe(429);
    expect(await mailsTo(t.db, r.email)).toHaveLength(6);
  });
});

describe("the pending-registration cookie", () => {
  it("is signed and expires", async () => {
    const { readPendingRegistration } = await import("./pending-registration.ts");
    const secret = testServices(t.db).secret;
    const value = signPendingRegistration(secret, 42);
    expect(readPendingRegistration(secret, value)).toBe(42);
    expect(readPendingRegistration(secret, value.replace(/^42\./, "43."))).toBeNull();
    expect(readPendingRegistration(secret, value, Date.now() + 25 * 3600 * 1000)).toBeNull();
    expect(readPendingRegistration(secret, "garbage")).toBeNull();
    expect(readPendingRegistration(secret, undefined)).toBeNull();
  });
});
