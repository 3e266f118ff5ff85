import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkCsrf, csrfBinding, isValidCsrfToken, newCsrfToken, XSRF_FIELD } from "./csrf.ts";
import { areaRoles, checkArea } from "./guard.ts";
import { checkInput, formToObject, MAX_INPUT_DEPTH, queryToObject, readFormData } from "./input.ts";
import { redactHeaders, redactUrl, logSerializers } from "./redact.ts";
import { trustProxySetting } from "./proxy.ts";
import { contentSecurityPolicy } from "./headers.ts";
import { isOneClickUnsubscribe } from "./middleware.ts";
import { loadConfig } from "../config.ts";
import { errorToResponse, fieldErrors } from "./respond.ts";
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../errors.ts";
import type { Actor } from "../context.ts";
import { checkDescribedAnswer } from "../../../tests/support/endpoint.ts";

const actor = (role: Actor["role"]): Actor => ({
  id: 1,
  role,
  accountType: null,
  email: "a@b.it",
  firstName: null,
  lastName: null,
  company: null,
  telephone: null,
  lang: "it",
  sessionId: "x",
});

describe("CSRF", () => {
  const secret = "test-secret-test-secret";
  const visitor = csrfBinding(null);
  const session = csrfBinding("abc123");
  const post = (headers: Record<string, string>, body?: BodyInit) => new Request("http://x/api/y", { method: "POST", headers, body });
  const pair = (token: string) => ({ Cookie: `XSRF-TOKEN=${token}`, "X-XSRF-TOKEN": token });

  it("lets safe methods through without a token", async () => {
    await expect(checkCsrf(new Request("http://x/"), secret, visitor)).resolves.toBeUndefined();
  });
  it("refuses a POST without cookie or header", async () => {
    const token = newCsrfToken(secret, visitor);
    await expect(checkCsrf(post({}), secret, visitor)).rejects.toMatchObject({ status: 419 });
    await expect(checkCsrf(post({ Cookie: `XSRF-TOKEN=${token}` }), secret, visitor)).rejects.toMatchObject({ status: 419 });
    await expect(checkCsrf(post({ "X-XSRF-TOKEN": token }), secret, visitor)).rejects.toMatchObject({ status: 419 });
  });
  it("refuses a header that does not match the cookie", async () => {
    const token = newCsrfToken(secret, visitor);
    await expect(checkCsrf(post({ Cookie: `XSRF-TOKEN=${token}`, "X-XSRF-TOKEN": newCsrfToken(secret, visitor) }), secret, visitor)).rejects.toMatchObject({
      status: 419,
    });
  });
  it("refuses tokens the client chose, even when cookie and header agree", async () => {
    for (const forged of ["x", "abc", "x.y", ".", "a.", `${"a".repeat(24)}.${"b".repeat(43)}`, newCsrfToken("another-secret-entirely", visitor)]) {
      await expect(checkCsrf(post(pair(forged)), secret, visitor), forged).rejects.toMatchObject({ status: 419 });
    }
  });
  it("binds the token to the session: a visitor's token or another session's fails once logged in, and back", async () => {
    const visitorToken = newCsrfToken(secret, visitor);
    const sessionToken = newCsrfToken(secret, session);
    await expect(checkCsrf(post(pair(visitorToken)), secret, visitor)).resolves.toBeUndefined();
    await expect(checkCsrf(post(pair(visitorToken)), secret, session)).rejects.toMatchObject({ status: 419 });
    await expect(checkCsrf(post(pair(sessionToken)), secret, session)).resolves.toBeUndefined();
    await expect(checkCsrf(post(pair(sessionToken)), secret, csrfBinding("another-session"))).rejects.toMatchObject({ status: 419 });
    await expect(checkCsrf(post(pair(sessionToken)), secret, visitor)).rejects.toMatchObject({ status: 419 });
    expect(isValidCsrfToken(sessionToken, secret, session)).toBe(true);
    expect(isValidCsrfToken(sessionToken.slice(0, -1), secret, session)).toBe(false);
  });
  it("accepts the hidden form field for plain form posts, and leaves the body readable", async () => {
    const tok = newCsrfToken(secret, visitor);
    const request = post({ Cookie: `XSRF-TOKEN=${tok}`, "Content-Type": "application/x-www-form-urlencoded" }, `${XSRF_FIELD}=${tok}&email=a%40b.it`);
    await expect(checkCsrf(request, secret, visitor)).resolves.toBeUndefined();
    expect((await request.formData()).get("email")).toBe("a@b.it");
    const wrong = post({ Cookie: `XSRF-TOKEN=${tok}`, "Content-Type": "application/x-www-form-urlencoded" }, `${XSRF_FIELD}=nope`);
    await expect(checkCsrf(wrong, secret, visitor)).rejects.toMatchObject({ status: 419 });
  });
  it("exempts only a mail provider's one-click unsubscribe: a POST to the unsubscribe page whose whole body is List-Unsubscribe=One-Click", async () => {
    const token = "YWRhQGV4YW1wbGUuY29t.alerts.c2lnbmF0dXJlc2lnbmF0dXJl";
    const oneClick = (path: string, body: BodyInit, type: string | null = "application/x-www-form-urlencoded", method = "POST") => {
      const request = new Request(`http://stockspace.test${path}`, { method, body, headers: type ? { "Content-Type": type } : {} });
      return isOneClickUnsubscribe(request, new URL(request.url).pathname);
    };
    expect(await oneClick(`/it/unsubscribe/${token}`, "List-Unsubscribe=One-Click")).toBe(true);
    expect(await oneClick(`/en/unsubscribe/${token}`, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded; charset=utf-8")).toBe(true);
    const multipart = new FormData();
    multipart.append("List-Unsubscribe", "One-Click");
    expect(await oneClick(`/en/unsubscribe/${token}`, multipart, null)).toBe(true);
    // Anything else keeps the check: another body, more fields, JSON, another path, another method.
    expect(await oneClick(`/it/unsubscribe/${token}`, "intent=resubscribe")).toBe(false);
    expect(await oneClick(`/it/unsubscribe/${token}`, "List-Unsubscribe=One-Click&intent=resubscribe")).toBe(false);
    expect(await oneClick(`/it/unsubscribe/${token}`, "List-Unsubscribe=Other")).toBe(false);
    expect(await oneClick(`/it/unsubscribe/${token}`, JSON.stringify({ "List-Unsubscribe": "One-Click" }), "application/json")).toBe(false);
    expect(await oneClick(`/it/unsubscribe/${token}/more`, "List-Unsubscribe=One-Click")).toBe(false);
    expect(await oneClick("/api/stock-hunter/profile/email-preferences", "List-Unsubscribe=One-Click")).toBe(false);
    expect(await oneClick(`/de/unsubscribe/${token}`, "List-Unsubscribe=One-Click")).toBe(false);
    expect(await oneClick(`/it/unsubscribe/${token}`, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded", "PUT")).toBe(false);
  });
});

describe("area guard", () => {
  it("reserves the admin area and API to administrators, whether or not a route exists", () => {
    expect(() => checkArea("/api/admin/does-not-exist", null)).toThrow(UnauthorizedError);
    expect(() => checkArea("/admin", actor("stock_hunter"))).toThrow(ForbiddenError);
    expect(() => checkArea("/admin/warehouses", actor("stocker"))).toThrow(ForbiddenError);
    expect(() => checkArea("/api/admin/dashboard", actor("admin"))).not.toThrow();
  });
  it("reserves each profile area and API prefix to its role", () => {
    expect(areaRoles("/api/stocker/requests")).toEqual(["stocker"]);
    expect(areaRoles("/api/referent/requests")).toEqual(["referent"]);
    expect(areaRoles("/api/stock_hunter/reviews")).toEqual(["stock_hunter"]);
    expect(areaRoles("/it/stocker/profile/data")).toEqual(["stocker"]);
    expect(areaRoles("/en/stock-hunter/profile")).toEqual(["stock_hunter"]);
    expect(() => checkArea("/api/referent/requests", actor("stocker"))).toThrow(ForbiddenError);
    expect(() => checkArea("/api/stock-hunter/notifications", actor("stocker"))).not.toThrow();
    expect(() => checkArea("/api/stock-hunter/requests", actor("stocker"))).toThrow(ForbiddenError);
  });
  it("guards a path however it is spelled: case, encoding, doubled or trailing slashes", () => {
    for (const path of [
      "/API/admin/x",
      "/Api/Admin",
      "/api/ADMIN/",
      "/api/%61dmin/x",
      "/api/%41DMIN",
      "//api/admin/x",
      "/api//admin",
      "/api%2fadmin/x",
      "/ADMIN",
      "/Admin/warehouses",
      "/%61dmin",
    ]) {
      expect(areaRoles(path), path).toEqual(["admin"]);
      expect(() => checkArea(path, null), path).toThrow(UnauthorizedError);
      expect(() => checkArea(path, actor("stocker")), path).toThrow(ForbiddenError);
    }
    expect(areaRoles("/API/Stocker/requests")).toEqual(["stocker"]);
    expect(areaRoles("/IT/Stocker/Profile/data")).toEqual(["stocker"]);
    expect(areaRoles("/api/stock-hunter/%6Eotifications")).toEqual(["stock_hunter", "stocker"]);
  });
  it("leaves public paths open", () => {
    expect(areaRoles("/it/stocks")).toBeNull();
    expect(areaRoles("/api/warehouses/search")).toBeNull();
    expect(areaRoles("/administrator")).toBeNull();
  });
});

describe("request bodies", () => {
  it("turns bracketed form fields into nested objects and arrays", () => {
    const form = new FormData();
    form.append("user_data[email]", "a@b.it");
    form.append("user_data[first_name]", "Ada");
    form.append("warehouse_ids[]", "1");
    form.append("warehouse_ids[]", "2");
    form.append("lang", "it");
    expect(formToObject(form.entries())).toEqual({ user_data: { email: "a@b.it", first_name: "Ada" }, warehouse_ids: ["1", "2"], lang: "it" });
  });
  it("reads repeated query keys as arrays", () => {
    expect(queryToObject(new URL("http://x/?service[]=1&service[]=3&radius=10"))).toEqual({ service: ["1", "3"], radius: "10" });
  });
});

describe("hostile input", () => {
  const polluted = () => (({}) as Record<string, unknown>).polluted ?? (Object.prototype as Record<string, unknown>).polluted;
  const form = (pairs: [string, string][]) => pairs as [string, FormDataEntryValue][];

  it("never writes to a prototype, whatever the field names", () => {
    const names = [
      "__proto__[polluted]",
      "__proto__.polluted",
      "constructor[prototype][polluted]",
      "a[__proto__][polluted]",
      "a[constructor][prototype][polluted]",
      "__proto__[]",
      "prototype[polluted]",
      "a[b][__proto__][polluted]",
      "__proto__",
      "constructor",
    ];
    for (const name of names) {
      expect(() => formToObject(form([[name, "yes"]])), name).toThrow(ValidationError);
      expect(() => queryToObject(new URL(`http://x/?${encodeURIComponent(name).replace(/%5B/g, "[").replace(/%5D/g, "]")}=yes`)), name).toThrow(
        ValidationError,
      );
    }
    expect(polluted()).toBeUndefined();
    expect(Object.getPrototypeOf(formToObject(form([["a[b]", "1"]])))).toBeNull();
    expect(Object.getPrototypeOf(formToObject(form([["a[b]", "1"]])).a)).toBeNull();
  });
  it("refuses JSON bodies that carry prototype keys at any depth", () => {
    for (const text of [
      '{"__proto__":{"polluted":1}}',
      '{"a":{"constructor":{"prototype":{"polluted":1}}}}',
      '{"list":[{"__proto__":{"x":1}}]}',
      '{"prototype":1}',
    ]) {
      expect(() => checkInput(JSON.parse(text)), text).toThrow(ValidationError);
    }
    expect(polluted()).toBeUndefined();
  });
  it("refuses nesting deeper than the limit without recursion (no stack overflow at a million levels)", () => {
    const deep = JSON.parse("[".repeat(1_000_000) + "]".repeat(1_000_000));
    expect(() => checkInput(deep)).toThrow(ValidationError);
    expect(() => checkInput(JSON.parse(`{"a":${'{"a":'.repeat(MAX_INPUT_DEPTH)}1${"}".repeat(MAX_INPUT_DEPTH)}}`))).toThrow(ValidationError);
    expect(() => checkInput({ a: { b: { c: [1, 2, { d: "ok" }] } } })).not.toThrow();
    expect(() => formToObject(form([["a[b][c][d][e][f][g]", "1"]]))).toThrow(ValidationError);
  });
  it("refuses NUL characters and lone surrogates in keys and values, as 422 naming the field", () => {
    const cases: [unknown, string][] = [
      [{ request_data: { message: "a\u0000b" } }, "message"],
      [{ message: "\ud800" }, "message"],
      [{ message: "x\udfffy" }, "message"],
      [{ "bad\u0000key": 1 }, "body"],
      [{ ["\ud83d"]: "x" }, "body"],
      [{ list: ["ok", "\udc00"] }, "list.1"],
    ];
    for (const [input, field] of cases) {
      try {
        checkInput(input);
        expect.unreachable(JSON.stringify(input));
      } catch (err) {
        expect(err).toBeInstanceOf(ValidationError);
        expect(Object.keys((err as ValidationError).errors)).toEqual([field]);
      }
    }
    expect(() => checkInput({ message: "emoji \ud83d\ude00 and à è" })).not.toThrow();
  });
  it("refuses a name that is both a value and an object, and too many fields", () => {
    expect(() =>
      formToObject(
        form([
          ["a", "1"],
          ["a[b]", "2"],
        ]),
      ),
    ).toThrow(ValidationError);
    expect(() => formToObject(form(Array.from({ length: 1001 }, (_, i) => [`f${i}`, "1"] as [string, string])))).toThrow(ValidationError);
  });
  it("checks page forms (Conform names) the same way", async () => {
    const post = (body: string) => new Request("http://x/", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
    for (const body of ["__proto__.polluted=1", "a.constructor.prototype.x=1", "list[0].__proto__=1", "message=a%00b", "message=%ED%A0%80"]) {
      if (body === "message=%ED%A0%80") continue; // URL decoding turns an invalid UTF-8 sequence into U+FFFD: nothing to refuse
      await expect(readFormData(post(body)), body).rejects.toBeInstanceOf(ValidationError);
    }
    expect((await readFormData(post("full_name=Ada&rating=5"))).get("full_name")).toBe("Ada");
  });
});

describe("logs", () => {
  it("redact token parameters from URLs and keep the rest", () => {
    expect(redactUrl("/it/reset-password/5?rpt_token=abc123&x=1")).toBe("/it/reset-password/5?rpt_token=[redacted]&x=1");
    expect(redactUrl("/it/complete-account/7?u_token=s3cr3t")).toBe("/it/complete-account/7?u_token=[redacted]");
    expect(redactUrl("/x?token=a&code=123456&password=p&api_key=k&location=Milano")).toBe(
      "/x?token=[redacted]&code=[redacted]&password=[redacted]&api_key=[redacted]&location=Milano",
    );
    expect(redactUrl("/x?%72pt_token=abc")).toBe("/x?%72pt_token=[redacted]");
    expect(redactUrl("/it/stocks?location=Roma")).toBe("/it/stocks?location=Roma");
    // The one-click unsubscribe token is a path segment (and spells the address it is for).
    expect(redactUrl("/en/unsubscribe/YWRhQGV4YW1wbGUuY29t.alerts.c2lnbmF0dXJl")).toBe("/en/unsubscribe/[redacted]");
    expect(redactUrl("/it/unsubscribe/YWRhQGV4YW1wbGUuY29t.news.c2ln.data?_routes=x")).toBe("/it/unsubscribe/[redacted]?_routes=x");
  });
  it("redact cookies, authorization, CSRF headers and Set-Cookie", () => {
    const headers = redactHeaders({ cookie: "sid=abc", Authorization: "Bearer x", "x-xsrf-token": "t", "set-cookie": ["sid=new"], "user-agent": "ua" });
    expect(headers).toEqual({
      cookie: "[redacted]",
      Authorization: "[redacted]",
      "x-xsrf-token": "[redacted]",
      "set-cookie": "[redacted]",
      "user-agent": "ua",
    });
    const req = logSerializers.req({
      id: 1,
      method: "GET",
      url: "/it/reset-password/1?rpt_token=zzz",
      headers: { cookie: "sid=abc" },
      remoteAddress: "1.2.3.4",
    });
    expect(JSON.stringify(req)).not.toMatch(/zzz|sid=abc/);
    expect(JSON.stringify(logSerializers.res({ statusCode: 200, headers: { "set-cookie": "sid=secret-token" } }))).not.toContain("secret-token");
  });
});

describe("errors", () => {
  it("names fields without the spec's *_data wrapper and says what is wrong", () => {
    const schema = z.object({ user_data: z.object({ email: z.email(), first_name: z.string().trim().min(1), bio: z.string().max(5) }) });
    const input = { user_data: { email: "nope", first_name: "", bio: "far too long" } };
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!, input)).toEqual({ email: "email", first_name: "required", bio: "too_long" });
    const missing = { user_data: {} };
    expect(fieldErrors(schema.safeParse(missing).error!, missing)).toEqual({ email: "required", first_name: "required", bio: "required" });
  });
  it("answers validation errors with 422 and the errors map, in the user's language", async () => {
    const res = errorToResponse(new ValidationError({ email: "taken" }), "it");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual({ email: "taken" });
    expect(body.message).toMatch(/campi/);
  });
  it("gives each refusal its own sentence in both languages; a code without one gets its status's, never the bad-input one", async () => {
    const invalid = {
      it: (await errorToResponse(new ValidationError({ x: "required" }), "it").json()).message,
      en: (await errorToResponse(new ValidationError({ x: "required" }), "en").json()).message,
    };
    const refusals = [
      new ConflictError("already_reviewed"),
      new ConflictError("not_confirmed"),
      new ValidationError({ warehouse_id: "not_claimed" }, "not_claimed"),
      new ConflictError("not_pending"),
      new ConflictError("not_waiting"),
      new ConflictError("already_approved"),
      new ConflictError("warehouse_owned"),
      new UnauthorizedError("account_suspended"),
      new ConflictError("a_code_without_a_sentence"),
      new NotFoundError("another_code_without_one"),
    ];
    const seen = new Set<string>();
    for (const locale of ["it", "en"] as const) {
      for (const err of refusals) {
        const body = await errorToResponse(err, locale).json();
        expect(body.error).toBe(err.code);
        expect(body.message, `${err.code} (${locale})`).not.toBe(invalid[locale]);
        seen.add(body.message);
      }
    }
    // Eight codes with their own sentence, plus the generic 409 and 404 ones, in two languages.
    expect(seen.size).toBe(20);
    expect((await errorToResponse(new ConflictError("a_code_without_a_sentence"), "it").json()).message).toMatch(/in conflitto con i dati attuali/);
    expect((await errorToResponse(new ConflictError("a_code_without_a_sentence"), "en").json()).message).toMatch(/conflicts with the current data/);
  });
  it("never leaks an unexpected error: 500 with a generic message", async () => {
    const res = errorToResponse(new Error("secret stack"), "en");
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("secret");
  });
});

describe("trusted proxies", () => {
  it("believes a hop count only from loopback and private networks", () => {
    const trust = trustProxySetting(1) as (address: string, hop: number) => boolean;
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "172.20.0.5", "192.168.1.10", "fd12::1", "::ffff:10.0.0.1"])
      expect(trust(address, 0), address).toBe(true);
    for (const address of ["203.0.113.9", "8.8.8.8", "::ffff:8.8.8.8", "2001:db8::1", "172.32.0.1", "not-an-ip"])
      expect(trust(address, 0), address).toBe(false);
    // One proxy: the second hop is the client, whatever its address.
    expect(trust("10.0.0.2", 1)).toBe(false);
    expect(trustProxySetting(0)).toBe(false);
    expect(trustProxySetting(["10.0.0.5", "loopback"])).toEqual(["10.0.0.5", "loopback"]);
  });
  it("reads TRUST_PROXY as a hop count or addresses, and refuses 'trust everything'", () => {
    const trustOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trustOf(undefined)).toBe(0);
    expect(trustOf("0")).toBe(0);
    expect(trustOf("1")).toBe(1);
    expect(trustOf("2")).toBe(2);
    expect(trustOf("10.0.0.5, 10.0.1.0/24,loopback")).toEqual(["10.0.0.5", "10.0.1.0/24", "loopback"]);
    expect(trustOf("::1,fd00::/8")).toEqual(["::1", "fd00::/8"]);
    for (const bad of ["true", "yes", "*", "10.0.0.0/33", "proxy.example.com", "1.2.3"]) expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe("content security policy", () => {
  it("lets pages load uploaded images from S3_PUBLIC_URL's origin, and only with S3", () => {
    const imgSrc = (env: NodeJS.ProcessEnv) => /img-src [^;]*/.exec(contentSecurityPolicy("n", loadConfig(env)))?.[0];
    const s3 = { S3_BUCKET: "photos", S3_ENDPOINT: "https://s3.eu-south-1.amazonaws.com", S3_ACCESS_KEY_ID: "AKID", S3_SECRET_ACCESS_KEY: "secret" };
    expect(imgSrc({ ...s3, S3_PUBLIC_URL: "https://cdn.example.com/stockspace/" })).toBe(
      "img-src 'self' data: blob: https://tiles.openfreemap.org https://cdn.example.com",
    );
    expect(imgSrc({})).toBe("img-src 'self' data: blob: https://tiles.openfreemap.org");
  });

  it("allows Stripe.js, its frames and its API only when Stripe is configured", () => {
    const directives = (env: NodeJS.ProcessEnv) =>
      Object.fromEntries(
        contentSecurityPolicy("n", loadConfig(env))
          .split("; ")
          .map((d) => [d.split(" ")[0], d]),
      );
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const on = directives(stripe);
    expect(on["script-src"]).toBe("script-src 'self' 'nonce-n' https://js.stripe.com");
    expect(on["frame-src"]).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(on["connect-src"]).toContain(" https://api.stripe.com");
    const off = directives({});
    expect(off["script-src"]).toBe("script-src 'self' 'nonce-n'");
    expect(off["frame-src"]).toBeUndefined();
    expect(contentSecurityPolicy("n", loadConfig({}))).not.toContain("stripe");
  });
});

describe("described answers", () => {
  it("fails a test whose 200 answer does not match the endpoint's description, and only then", () => {
    const fn = Object.assign(() => null, { contract: { response: z.object({ id: z.number() }) } });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    expect(() => checkDescribedAnswer(fn, json(200, { id: 1 }), '{"id":1}')).not.toThrow();
    expect(() => checkDescribedAnswer(fn, json(200, { id: "1" }), '{"id":"1"}')).toThrow(/does not match its description/);
    // An error answer has the shared error shape, not the success's.
    expect(() => checkDescribedAnswer(fn, json(422, { error: "invalid" }), '{"error":"invalid"}')).not.toThrow();
    // An endpoint without a description is not checked.
    expect(() => checkDescribedAnswer(() => null, json(200, { id: "1" }), '{"id":"1"}')).not.toThrow();
  });

  it("reads a query's other names before its schema; the schema's own name wins", async () => {
    const { apiLoader } = await import("./api.ts");
    const { testContext } = await import("../../../tests/support/endpoint.ts");
    const loader = apiLoader(
      { access: "public", query: z.object({ limit: z.string().optional() }), queryAliases: { wh_limit: "limit" } },
      ({ query }) => query,
    );
    const ask = async (qs: string) =>
      (await loader({ request: new Request(`http://x.test/api/x?${qs}`), params: {}, context: testContext(null as never) })).json();
    expect(await ask("wh_limit=5")).toEqual({ limit: "5" });
    expect(await ask("wh_limit=5&limit=7")).toEqual({ limit: "7" });
  });
});
