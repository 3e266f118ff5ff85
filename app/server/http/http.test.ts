import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkCsrf, XSRF_FIELD } from "./csrf.ts";
import { areaRoles, checkArea } from "./guard.ts";
import { formToObject, queryToObject } from "./api.ts";
import { errorToResponse, fieldErrors } from "./respond.ts";
import { ForbiddenError, UnauthorizedError, ValidationError } from "../errors.ts";
import type { Actor } from "../context.ts";

const actor = (role: Actor["role"]): Actor => ({ id: 1, role, accountType: null, email: "a@b.it", firstName: null, lastName: null, company: null, telephone: null, lang: "it", sessionId: "x" });

describe("CSRF", () => {
  const post = (headers: Record<string, string>, body?: BodyInit) => new Request("http://x/api/y", { method: "POST", headers, body });

  it("lets safe methods through without a token", async () => {
    await expect(checkCsrf(new Request("http://x/"))).resolves.toBeUndefined();
  });
  it("refuses a POST without cookie or header", async () => {
    await expect(checkCsrf(post({}))).rejects.toMatchObject({ status: 419 });
    await expect(checkCsrf(post({ Cookie: "XSRF-TOKEN=abc" }))).rejects.toMatchObject({ status: 419 });
    await expect(checkCsrf(post({ "X-XSRF-TOKEN": "abc" }))).rejects.toMatchObject({ status: 419 });
  });
  it("refuses a header that does not match the cookie", async () => {
    await expect(checkCsrf(post({ Cookie: "XSRF-TOKEN=abc", "X-XSRF-TOKEN": "abd" }))).rejects.toMatchObject({ status: 419 });
  });
  it("accepts the header equal to the cookie", async () => {
    await expect(checkCsrf(post({ Cookie: "XSRF-TOKEN=abc", "X-XSRF-TOKEN": "abc" }))).resolves.toBeUndefined();
  });
  it("accepts the hidden form field for plain form posts, and leaves the body readable", async () => {
    const request = post({ Cookie: "XSRF-TOKEN=tok", "Content-Type": "application/x-www-form-urlencoded" }, `${XSRF_FIELD}=tok&email=a%40b.it`);
    await expect(checkCsrf(request)).resolves.toBeUndefined();
    expect((await request.formData()).get("email")).toBe("a@b.it");
    const wrong = post({ Cookie: "XSRF-TOKEN=tok", "Content-Type": "application/x-www-form-urlencoded" }, `${XSRF_FIELD}=nope`);
    await expect(checkCsrf(wrong)).rejects.toMatchObject({ status: 419 });
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
    expect(formToObject(form)).toEqual({ user_data: { email: "a@b.it", first_name: "Ada" }, warehouse_ids: ["1", "2"], lang: "it" });
  });
  it("reads repeated query keys as arrays", () => {
    expect(queryToObject(new URL("http://x/?service[]=1&service[]=3&radius=10"))).toEqual({ service: ["1", "3"], radius: "10" });
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
  it("never leaks an unexpected error: 500 with a generic message", async () => {
    const res = errorToResponse(new Error("secret stack"), "en");
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("secret");
  });
});
