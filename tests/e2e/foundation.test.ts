// The platform over HTTP, against the built app started as in production: pages in both
// languages, the demo accounts, CSRF, the area guard, the API's error conventions and the
// security headers.
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { inject } from "vitest";
import { baseUrl, call, DEMO, DEMO_PASSWORD, jar, jsonHeaders, loggedIn } from "./support.ts";

describe("pages", () => {
  it("serves /it and /en, server-rendered, with the language set", async () => {
    for (const locale of ["it", "en"]) {
      const res = await call(jar(), `/${locale}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${locale}"`);
      expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
    }
  });
  it("sends / to a locale and answers 404 for a language we do not speak", async () => {
    const root = await call(jar(), "/", { headers: { "Accept-Language": "it-IT,it;q=0.9" } });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/it");
    expect((await call(jar(), "/de")).status).toBe(404);
    expect((await call(jar(), "/it/no-such-page")).status).toBe(404);
  });
  it("leads an area's address without /profile to the area, keeping the query", async () => {
    for (const [from, to] of [
      ["/it/stocker", "/it/stocker/profile"],
      ["/en/referent/", "/en/referent/profile"],
      ["/it/stock-hunter?page=2", "/it/stock-hunter/profile?page=2"],
    ]) {
      const res = await call(jar(), from!);
      expect(res.status, from).toBe(302);
      expect(res.headers.get("location"), from).toBe(to);
    }
    // The area's own guard answers at the end of the redirect: a visitor is asked to log in.
    expect((await call(jar(), "/it/stocker/profile")).status).toBe(401);
  });
});

describe("login and CSRF", () => {
  it("logs every demo account in through POST /login with the CSRF header", async () => {
    for (const email of Object.values(DEMO)) {
      const j = await loggedIn(email);
      const me = await (await call(j, "/api/me")).json();
      expect(me.user.email).toBe(email);
    }
  });
  it("answers 419 with a JSON error to a POST without the CSRF header, and logs nobody in", async () => {
    const j = jar();
    await call(j, "/it");
    const res = await call(j, "/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: DEMO.hunter, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(419);
    expect((await res.json()).error).toBe("csrf_token_mismatch");
    expect(j.cookies.has("sid")).toBe(false);
    const wrong = await call(j, "/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": "forged" },
      body: JSON.stringify({ email: DEMO.hunter, password: DEMO_PASSWORD }),
    });
    expect(wrong.status).toBe(419);
  });
  it("refuses wrong credentials (401, error1) and missing fields (422)", async () => {
    const j = jar();
    await call(j, "/en");
    const headers = { "Content-Type": "application/json", "X-XSRF-TOKEN": j.cookies.get("XSRF-TOKEN")! };
    const wrong = await call(j, "/login", { method: "POST", headers, body: JSON.stringify({ email: DEMO.hunter, password: "nope-nope" }) });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toMatch(/not correct/);
    const missing = await call(j, "/login", { method: "POST", headers, body: JSON.stringify({ email: "" }) });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toMatchObject({ email: "required", password: "required" });
    const junk = await call(j, "/login", { method: "POST", headers, body: "{not json" });
    expect(junk.status).toBe(422);
    const huge = await call(j, "/login", {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "a".repeat(10_000) + "@x.it", password: "x".repeat(10_000) }),
    });
    expect(huge.status).toBe(422);
  });
  it("logout ends the session", async () => {
    const j = await loggedIn(DEMO.hunter);
    const out = await call(j, "/logout", { method: "POST", headers: { "X-XSRF-TOKEN": j.cookies.get("XSRF-TOKEN")! } });
    expect(out.status).toBe(200);
    expect((await (await call(j, "/api/me")).json()).user).toBeNull();
  });
});

describe("the area guard", () => {
  it("answers 401 to visitors and 403 to other roles on admin pages and endpoints, existing or not", async () => {
    const visitor = jar();
    expect((await call(visitor, "/admin")).status).toBe(401);
    expect((await call(visitor, "/api/admin/dashboard")).status).toBe(401);
    const hunter = await loggedIn(DEMO.hunter);
    for (const path of ["/admin", "/admin/warehouses", "/api/admin/dashboard", "/api/admin/not-yet-built"]) {
      expect((await call(hunter, path)).status, path).toBe(403);
    }
    const forbidden = await call(hunter, "/api/admin/dashboard");
    expect((await forbidden.json()).error).toBe("forbidden");
    expect((await call(hunter, "/api/stocker/requests")).status).toBe(403);
    expect((await call(hunter, "/api/referent/requests")).status).toBe(403);
  });
  it("lets each role into its own area", async () => {
    const admin = await loggedIn(DEMO.admin);
    expect((await call(admin, "/api/admin/not-yet-built")).status).toBe(404);
    const stocker = await loggedIn(DEMO.stocker);
    expect((await call(stocker, "/api/stocker/not-yet-built")).status).toBe(404);
    expect((await call(stocker, "/api/referent/requests")).status).toBe(403);
  });
  it("refuses NUL characters with a 4xx, in the query and in a JSON body", async () => {
    const j = jar();
    await call(j, "/it");
    expect((await call(j, "/api/places?location=%00%01")).status).toBe(400);
    expect((await call(j, "/it/stocks?location=Mi%00lano")).status).toBe(400);
    const res = await call(j, "/api/send-support-requests", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": j.cookies.get("XSRF-TOKEN")! },
      body: JSON.stringify({
        support_data: { first_name: "A\u0000", last_name: "B", business_name: "C", email: "a@example.com", message: "m", privacy: true },
      }),
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ first_name: "invalid" });
  });
  it("answers unknown API paths with a JSON 404", async () => {
    const res = await call(jar(), "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/json/);
  });
});

describe("hardening", () => {
  it("rotates the CSRF token at login and logout: a token from before the session no longer works", async () => {
    const j = jar();
    await call(j, "/it");
    const before = j.cookies.get("XSRF-TOKEN")!;
    const login = await call(j, "/login", { method: "POST", headers: jsonHeaders(j), body: JSON.stringify({ email: DEMO.hunter, password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const during = j.cookies.get("XSRF-TOKEN")!;
    expect(during).not.toBe(before);
    const stale = {
      "Content-Type": "application/json",
      "X-XSRF-TOKEN": decodeURIComponent(before),
      Cookie: `sid=${j.cookies.get("sid")}; XSRF-TOKEN=${before}`,
    };
    expect((await fetch(`${baseUrl()}/api/send-support-requests`, { method: "POST", headers: stale, body: "{}" })).status).toBe(419);
    expect((await call(j, "/api/send-support-requests", { method: "POST", headers: jsonHeaders(j), body: "{}" })).status).toBe(422);
    expect((await call(j, "/logout", { method: "POST", headers: jsonHeaders(j), body: "{}" })).status).toBe(200);
    expect(j.cookies.get("XSRF-TOKEN")).not.toBe(during);
  });
  it("marks personal answers no-store and sends HSTS only over https", async () => {
    const hunter = await loggedIn(DEMO.hunter);
    for (const path of ["/api/me", "/it", "/it/stocks"]) expect((await call(hunter, path)).headers.get("cache-control"), path).toBe("no-store");
    expect((await call(jar(), "/api/me")).headers.get("cache-control")).toBe("no-store");
    expect((await call(jar(), "/it")).headers.get("strict-transport-security")).toBeNull();
    const https = await call(jar(), "/it", { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    const csp = https.headers.get("content-security-policy")!;
    expect(csp).not.toMatch(/unsafe-eval|https:(?!\/\/)/);
  });
  it("takes the client's address from the trusted proxy's entry, not from what the client wrote", async () => {
    const j = jar();
    await call(j, "/it");
    const email = `nobody-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // A client rotates the left-most entry; the proxy (here, the test on loopback) appends the real one.
      const res = await call(j, "/login", {
        method: "POST",
        headers: { ...jsonHeaders(j), "X-Forwarded-For": `10.9.${i}.1, 198.51.100.77` },
        body: JSON.stringify({ email, password: "wrong-password" }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
  it("keeps credentials out of the request logs", async () => {
    const hunter = await loggedIn(DEMO.hunter);
    const sid = hunter.cookies.get("sid")!;
    const xsrf = hunter.cookies.get("XSRF-TOKEN")!;
    await call(hunter, "/it/reset-password/1?rpt_token=rpt-secret-value-123");
    await call(hunter, "/it/complete-account/1?u_token=u-secret-value-456");
    await call(hunter, "/api/send-support-requests", { method: "POST", headers: jsonHeaders(hunter), body: "{}" });
    await new Promise((r) => setTimeout(r, 300));
    const log = fs.readFileSync(inject("e2eLogFile"), "utf8");
    expect(log).toContain("/it/reset-password/1?rpt_token=[redacted]");
    for (const secret of [sid, xsrf, decodeURIComponent(xsrf), "rpt-secret-value-123", "u-secret-value-456"])
      expect(log.includes(secret), secret.slice(0, 6)).toBe(false);
  });
});
