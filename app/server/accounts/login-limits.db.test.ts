// Abuse limits on POST /login (limits.ts, auth.service.ts), in PostgreSQL: wrong logins slow
// an attacker without locking out the owner. Untrusted clients are counted per account+IP,
// per account (all untrusted together) and per IP; a browser with a device cookie from an
// earlier login of the account is counted by that cookie alone. Past a limit, 429 in the
// user's language before any password check. And a stocker awaiting approval cannot log in, nor
// a switched-off account (told so only after the right password).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, testServices } from "../../../tests/support/endpoint.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { action as loginAction } from "../../routes/api/login.ts";
import { deviceCookie } from "../http/cookies.ts";
import { hashPassword } from "./passwords.ts";
import { login } from "./auth.service.ts";
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS, readDeviceCookie, signDeviceCookie } from "./device-cookie.ts";
import { LOGIN_FAILURES_PER_ACCOUNT_IP, LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED, LOGIN_FAILURES_PER_DEVICE, LOGIN_FAILURES_PER_IP } from "./limits.ts";
import { recordFailure, refuseAfterFailures } from "../security/rate-limit.ts";

const t = useTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("rate_limits").execute();
});

/** The secret the endpoint signs device cookies with in tests. */
const secret = () => testServices(t.db).secret;
const PASSWORD = "the-right-one-1";

const post = (body: unknown, opts: { ip?: string; locale?: "it" | "en"; device?: string } = {}) =>
  callJson(loginAction, t.db, {
    path: "/login",
    body,
    ip: opts.ip,
    locale: opts.locale,
    headers: opts.device ? { Cookie: `${DEVICE_COOKIE}=${opts.device}` } : undefined,
  });

async function owner(email: string) {
  return makeUser(t.db, { email, password_hash: await hashPassword(PASSWORD) });
}

/** The owner logs in once from their browser and keeps the device cookie it gets. */
async function trustedBrowser(email: string, ip = "198.51.100.1"): Promise<string> {
  const res = await post({ email, password: PASSWORD }, { ip });
  expect(res.status).toBe(200);
  const device = res.cookies[DEVICE_COOKIE];
  expect(device).toBeTruthy();
  return device!;
}

const attackerIp = (i: number) => `203.0.113.${(i % 200) + 1}`;

describe("the numbers", () => {
  it("are the documented ones", () => {
    expect([LOGIN_FAILURES_PER_ACCOUNT_IP.max, LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED.max, LOGIN_FAILURES_PER_IP.max, LOGIN_FAILURES_PER_DEVICE.max]).toEqual([
      5, 100, 25, 10,
    ]);
  });
});

describe("an attacker", () => {
  it("from one IP is slowed after 5 wrong passwords for one account: 429 with Retry-After in the user's language, right password included", async () => {
    await owner("target@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post({ email: "target@example.com", password: `guess-${i}` }, { ip: "192.0.2.1", locale: "en" })).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const last = await post({ email: "target@example.com", password: PASSWORD }, { ip: "192.0.2.1", locale: "it" });
    expect(last.status).toBe(429);
    expect(last.json).toMatchObject({ error: "too_many_requests" });
    expect(last.json.message).toMatch(/Troppi tentativi/);
    const retryAfter = Number(last.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(last.cookies[DEVICE_COOKIE]).toBeUndefined();
    // The counters live in PostgreSQL (shared by every app instance); refused attempts are not counted.
    const rows = await t.db.selectFrom("rate_limits").select(["key", "hits"]).where("key", "like", "login-fail:account-ip:%").execute();
    expect(rows.map((r) => [r.key, r.hits])).toEqual([["login-fail:account-ip:email:target@example.com|ip:192.0.2.1", 5]]);
  });

  it("with wrong passwords from a few addresses does not lock out the owner, even from a new browser elsewhere", async () => {
    const user = await owner("traveller@example.com");
    const statuses: number[] = [];
    for (const ip of ["192.0.2.31", "192.0.2.32", "192.0.2.33"]) {
      for (let i = 0; i < 10; i++) statuses.push((await post({ email: "traveller@example.com", password: `guess-${i}` }, { ip })).status);
    }
    // Each address is slowed after 5…
    expect(statuses.filter((s) => s === 401)).toHaveLength(15);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // …and the owner, on a browser that never logged in before, from another address, gets in.
    const res = await post({ email: "traveller@example.com", password: PASSWORD }, { ip: "198.51.100.9" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_id: user.id, role: "stock_hunter" });
  });

  it("with 120 wrong passwords from many IPs locks out untrusted clients, but not the owner's browser with its device cookie", async () => {
    const user = await owner("victim@example.com");
    const device = await trustedBrowser("victim@example.com");

    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await post({ email: "victim@example.com", password: `guess-${i}` }, { ip: attackerIp(i) })).status);
    // 100 guesses in all, then every untrusted client is refused for this account.
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(20).fill(429));
    // Even a valid password from an attacker's fresh address is refused.
    expect((await post({ email: "victim@example.com", password: PASSWORD }, { ip: "192.0.2.200" })).status).toBe(429);

    // The owner's browser, from home or from one of the attacker's own addresses, still gets in.
    const home = await post({ email: "victim@example.com", password: PASSWORD }, { ip: "198.51.100.1", device });
    expect(home.status).toBe(200);
    expect(home.json).toEqual({ user_id: user.id, role: "stock_hunter" });
    // …with a renewed cookie (a new id, still for this account).
    const renewed = home.cookies[DEVICE_COOKIE]!;
    expect(renewed).not.toBe(device);
    expect(readDeviceCookie(secret(), renewed)).toMatchObject({ userId: user.id });
    expect((await post({ email: "victim@example.com", password: PASSWORD }, { ip: attackerIp(3), device: renewed })).status).toBe(200);

    // The documented trade-off: the owner on a new browser waits like any untrusted client.
    const newBrowser = await post({ email: "victim@example.com", password: PASSWORD }, { ip: "198.51.100.77", locale: "en" });
    expect(newBrowser.status).toBe(429);
    expect(Number(newBrowser.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("trying many accounts from one IP gets 429 after 25 (untrusted clients); another IP is not affected", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post({ email: `user${i}@example.com`, password: "whatever-1" }, { ip: "192.0.2.9" })).status);
    expect(statuses.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(statuses.slice(25)).toEqual(Array(5).fill(429));
    expect((await post({ email: "user0@example.com", password: "whatever-1" }, { ip: "192.0.2.10" })).status).toBe(401);
  });

  it("behind the owner's IP (one office NAT) does not lock out the owner's trusted browser", async () => {
    await owner("office@example.com");
    const device = await trustedBrowser("office@example.com", "192.0.2.50");
    for (let i = 0; i < 30; i++) await post({ email: `colleague${i}@example.com`, password: "nope-nope" }, { ip: "192.0.2.50" });
    for (let i = 0; i < 6; i++) await post({ email: "office@example.com", password: "nope-nope" }, { ip: "192.0.2.50" });
    expect((await post({ email: "office@example.com", password: PASSWORD }, { ip: "192.0.2.50" })).status).toBe(429);
    expect((await post({ email: "office@example.com", password: PASSWORD }, { ip: "192.0.2.50", device })).status).toBe(200);
  });

  it("holding a stolen device cookie gets 10 wrong passwords, then that cookie is locked; other clients are not charged for them", async () => {
    await owner("stolen@example.com");
    const device = await trustedBrowser("stolen@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await post({ email: "stolen@example.com", password: `guess-${i}` }, { ip: attackerIp(i), device })).status);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
    expect((await post({ email: "stolen@example.com", password: PASSWORD }, { device })).status).toBe(429);
    // The owner on another browser is not locked out by the stolen cookie's failures.
    expect((await post({ email: "stolen@example.com", password: PASSWORD }, { ip: "198.51.100.9" })).status).toBe(200);
  });
});

describe("device cookies that are not trusted", () => {
  it("forged, expired, from the future, another account's, signed with another secret or malformed: treated as no cookie", async () => {
    const user = await owner("careful@example.com");
    const other = await owner("someone-else@example.com");
    const good = await trustedBrowser("careful@example.com");
    const otherDevice = await trustedBrowser("someone-else@example.com");
    // Five wrong from this address: an untrusted client from it is now refused.
    for (let i = 0; i < 5; i++) await post({ email: "careful@example.com", password: `guess-${i}` }, { ip: "198.51.100.2" });

    const [id, uid, issued, mac] = good.split(".");
    const now = Date.now();
    const untrusted = {
      tampered: `${id}.${uid}.${issued}.${mac!.slice(0, -2)}${mac!.endsWith("AA") ? "BB" : "AA"}`,
      otherUserId: `${id}.${other.id}.${issued}.${mac}`,
      expired: signDeviceCookie(secret(), user.id, now - (DEVICE_TTL_SECONDS + 60) * 1000),
      future: signDeviceCookie(secret(), user.id, now + 3600_000),
      otherSecret: signDeviceCookie("another-secret-entirely", user.id),
      otherAccount: otherDevice,
      garbage: "x".repeat(150),
      huge: "a".repeat(5000),
    };
    for (const [name, value] of Object.entries(untrusted)) {
      const res = await post({ email: "careful@example.com", password: PASSWORD }, { ip: "198.51.100.2", device: value });
      expect([name, res.status]).toEqual([name, 429]);
    }
    // A year minus a minute old is still good; the genuine one too.
    expect(readDeviceCookie(secret(), signDeviceCookie(secret(), user.id, now - (DEVICE_TTL_SECONDS - 60) * 1000))).toMatchObject({ userId: user.id });
    expect((await post({ email: "careful@example.com", password: PASSWORD }, { ip: "198.51.100.2", device: good })).status).toBe(200);
  });

  it("is set httpOnly, SameSite=Lax, for /login only, for a year, Secure under https; not on a failed login", async () => {
    await owner("attrs@example.com");
    const ok = await post({ email: "attrs@example.com", password: PASSWORD });
    const line = ok.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/login(;|$)/);
    expect(line).toMatch(new RegExp(`Max-Age=${DEVICE_TTL_SECONDS}`));
    expect(line).not.toMatch(/Secure/i);
    expect(deviceCookie(DEVICE_COOKIE, "v", { maxAgeSeconds: DEVICE_TTL_SECONDS, secure: true })).toMatch(/; Secure/i);
    const bad = await post({ email: "attrs@example.com", password: "wrong-one-1" });
    expect(bad.status).toBe(401);
    expect(bad.headers.getSetCookie()).toEqual([]);
  });
});

describe("streaks", () => {
  it("a successful login ends its own source's streak", async () => {
    await owner("forgetful@example.com");
    for (let i = 0; i < 4; i++) expect((await post({ email: "forgetful@example.com", password: "nope" }, { ip: "192.0.2.3" })).status).toBe(401);
    expect((await post({ email: "forgetful@example.com", password: PASSWORD }, { ip: "192.0.2.3" })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await post({ email: "forgetful@example.com", password: "nope" }, { ip: "192.0.2.3" })).status).toBe(401);
  });

  it("old failures age out of the sliding window", async () => {
    const limit = { name: "test-fail", max: 3, windowSeconds: 900 };
    await recordFailure(t.db, limit, ["k"]);
    await recordFailure(t.db, limit, ["k"]);
    await recordFailure(t.db, limit, ["k"]);
    await expect(refuseAfterFailures(t.db, limit, ["k"])).rejects.toMatchObject({ status: 429 });
    await t.db
      .updateTable("rate_limits")
      .set({ window_start: new Date(Date.now() - 901_000) })
      .where("key", "=", "test-fail:k")
      .execute();
    await expect(refuseAfterFailures(t.db, limit, ["k"])).resolves.toBeUndefined();
  });
});

describe("who may log in", () => {
  it("a stocker awaiting approval is told so (after the right password only)", async () => {
    await makeUser(t.db, {
      role: "stocker",
      account_type: null,
      approval_status: "pending",
      email: "queue@example.com",
      password_hash: await hashPassword(PASSWORD),
    });
    await expect(
      login(t.db, { email: "queue@example.com", password: "wrong-one", remember: false, ip: "", userAgent: "", secret: secret() }),
    ).rejects.toMatchObject({ code: "invalid_credentials" });
    const res = await post({ email: "queue@example.com", password: PASSWORD }, { locale: "en" });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: "account_pending" });
    expect(res.json.message).toMatch(/being reviewed/);
    expect(res.cookies[DEVICE_COOKIE]).toBeUndefined();
  });
  it("a switched-off account is told it is suspended and how to reach support, in its language, after the right password only", async () => {
    const user = await makeUser(t.db, { email: "switched-off@example.com", password_hash: await hashPassword(PASSWORD), active: false });
    // A wrong password: the ordinary answer, word for word, as for any account or none.
    const wrong = await post({ email: "switched-off@example.com", password: "wrong-one-1" }, { locale: "it" });
    const stranger = await post({ email: "nobody-here@example.com", password: "wrong-one-1" }, { locale: "it" });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(stranger.json);
    expect(wrong.json).toMatchObject({ error: "invalid_credentials", message: "L'e-mail o la password non sono corrette." });
    // The right password: suspended, with the way to support, and no session or device cookie.
    const it = await post({ email: "switched-off@example.com", password: PASSWORD }, { locale: "it" });
    expect(it.status).toBe(401);
    expect(it.json).toMatchObject({ error: "account_suspended" });
    expect(it.json.message).toMatch(/account è sospeso/);
    expect(it.json.message).toMatch(/Contatta l'assistenza/);
    const en = await post({ email: "switched-off@example.com", password: PASSWORD }, { locale: "en" });
    expect(en.json).toMatchObject({ error: "account_suspended" });
    expect(en.json.message).toMatch(/account is suspended/);
    expect(en.json.message).toMatch(/Contact support/);
    expect(Object.keys(en.cookies)).toEqual([]);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });
  it("keeps the response shape { user_id, role } and refuses missing fields with 422", async () => {
    const user = await makeUser(t.db, { email: "shape@example.com", password_hash: await hashPassword(PASSWORD) });
    const ok = await post({ email: "shape@example.com", password: PASSWORD, remember: true });
    expect(ok.json).toEqual({ user_id: user.id, role: "stock_hunter" });
    expect((await post({})).json.errors).toEqual({ email: "required", password: "required" });
  });
});
