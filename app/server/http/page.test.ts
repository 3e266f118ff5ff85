// pageLoader and pageAction: the role check, the shared schema's parse, and the errors mapped
// to the JSON API's codes (a failure the form shows, or the error page with its status).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isRouteErrorResponse, redirect } from "react-router";
import { listQuery, pageAction, pageLoader, readListQuery, typedValues } from "./page.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import type { Actor } from "../context.ts";
import type { Database } from "../db/database.ts";
import { testContext } from "../../../tests/support/endpoint.ts";
import { idNumber, numeric } from "../../schemas/common.ts";

const actor = (role: Actor["role"]): Actor => ({
  id: 7,
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
const db = {} as Database;

function post(fields: Record<string, string | string[]>, url = "http://stockspace.test/admin/x"): Request {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  return new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
}

/** The status of the error page a loader or action threw. */
async function thrownStatus(work: Promise<unknown>): Promise<number> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (isRouteErrorResponse(err)) return err.status;
  if (err && typeof err === "object" && "init" in err) return (err as { init: { status: number } }).init.status;
  throw new Error(`no error page: ${String(err)}`);
}

const body = z.object({ user_id: idNumber, tags: z.array(z.string()).optional(), note: z.string().min(1) });

describe("pageAction", () => {
  const action = pageAction({ access: ["admin"], body }, ({ body, actor, intent }) => {
    if (body.note === "gone") throw new NotFoundError();
    if (body.note === "taken") throw new ConflictError("not_pending");
    if (body.note === "place") throw new ValidationError({ city: "not_found" });
    if (body.note === "forbidden") throw new ForbiddenError();
    return { ok: true as const, intent, user_id: body.user_id, by: actor.id, tags: body.tags ?? [] };
  });

  it("checks the role before reading anything: no user is 401, another role 403", async () => {
    expect(await thrownStatus(action({ request: post({ user_id: "1", note: "x" }), params: {}, context: testContext(db) }))).toBe(401);
    expect(await thrownStatus(action({ request: post({ user_id: "1", note: "x" }), params: {}, context: testContext(db, { actor: actor("stocker") }) }))).toBe(
      403,
    );
  });

  it("parses the form with the schema (bracketed names and repeated fields as the JSON twin reads them)", async () => {
    const result = await action({
      request: post({ intent: "approve", user_id: "12", "tags[]": ["a", "b"], note: "ok" }),
      params: {},
      context: testContext(db, { actor: actor("admin") }),
    });
    expect(result).toEqual({ ok: true, intent: "approve", user_id: 12, by: 7, tags: ["a", "b"] });
  });

  it("answers bad input to the form with the field codes, the intent and the sentence", async () => {
    const result = await action({
      request: post({ intent: "refuse", user_id: "abc" }),
      params: {},
      context: testContext(db, { actor: actor("admin"), locale: "en" }),
    });
    expect(result).toMatchObject({ ok: false, intent: "refuse", error: "invalid", errors: { user_id: "invalid", note: "required" } });
    expect((result as { message: string }).message).toMatch(/\w/);
  });

  it("maps the domain errors once: 404, 409 and 422 to the form with their codes, 403 to its error page", async () => {
    const run = (note: string) => action({ request: post({ user_id: "1", note }), params: {}, context: testContext(db, { actor: actor("admin") }) });
    expect(await run("gone")).toMatchObject({ ok: false, intent: null, error: "not_found", errors: {} });
    expect(await run("taken")).toMatchObject({ ok: false, error: "not_pending", errors: {} });
    expect(await run("place")).toMatchObject({ ok: false, error: "invalid", errors: { city: "not_found" } });
    expect(await thrownStatus(run("forbidden"))).toBe(403);
  });

  it("refuses a form name that reaches a prototype as a bad request, never a 500", async () => {
    expect(
      await thrownStatus(
        action({ request: post({ "__proto__[x]": "1", user_id: "1", note: "x" }), params: {}, context: testContext(db, { actor: actor("admin") }) }),
      ),
    ).toBe(422);
  });

  it("answers a path that names nothing (params that do not pass) with the 404 page, before reading the form", async () => {
    const withId = pageAction({ access: ["admin"], params: z.object({ id: idNumber }) }, ({ params }) => ({ ok: true as const, id: params.id }));
    const run = (id: string) => withId({ request: post({}), params: { id }, context: testContext(db, { actor: actor("admin") }) });
    expect(await run("12")).toEqual({ ok: true, id: 12 });
    expect(await thrownStatus(run("abc"))).toBe(404);
  });

  it("lets a handler go elsewhere on success (a redirect returned or thrown passes through)", async () => {
    const returned = pageAction({ access: ["admin"] }, () => redirect("/admin/list"));
    const thrown = pageAction({ access: ["admin"] }, () => {
      throw redirect("/admin/list");
    });
    const context = testContext(db, { actor: actor("admin") });
    expect(((await returned({ request: post({}), params: {}, context })) as Response).headers.get("Location")).toBe("/admin/list");
    const err = await thrown({ request: post({}), params: {}, context }).catch((e: unknown) => e);
    expect((err as Response).headers.get("Location")).toBe("/admin/list");
  });

  it("gives a form that works without JavaScript what was typed back with its failure, never a password or the CSRF token", async () => {
    const kept = pageAction({ access: ["admin"], body: z.object({ item_data: z.object({ note: z.string().min(3) }) }), keepValues: true }, () => ({
      ok: true as const,
    }));
    const result = await kept({
      request: post({ "item_data[note]": "ab", current_password: "secret", _xsrf: "token", intent: "save" }),
      params: {},
      context: testContext(db, { actor: actor("admin") }),
    });
    expect(result).toMatchObject({ ok: false, error: "invalid", errors: { note: "too_small" }, values: { note: "ab", intent: "save" } });
    expect(JSON.stringify(result)).not.toMatch(/secret|token/);
    // Without keepValues nothing is echoed.
    expect(await action({ request: post({ user_id: "x" }), params: {}, context: testContext(db, { actor: actor("admin") }) })).not.toHaveProperty("values");
    const form = new FormData();
    form.append("password", "x");
    form.append("specification_data[value]", "Cella");
    expect(typedValues(form)).toEqual({ value: "Cella" });
  });

  it("lets an unexpected error through to the error boundary", async () => {
    const broken = pageAction({ access: "user" }, () => {
      throw new Error("bug");
    });
    await expect(broken({ request: post({}), params: {}, context: testContext(db, { actor: actor("stocker") }) })).rejects.toThrow("bug");
  });
});

describe("pageLoader", () => {
  const query = z.object({ search_term: z.string().optional(), offset: idNumber.optional(), filters: z.object({ date: z.string() }).partial().optional() });
  const loader = pageLoader({ access: ["admin"], query, params: z.object({ id: idNumber }) }, ({ query, params, actor }) => {
    if (params.id === 404) throw new NotFoundError();
    return { query, id: params.id, by: actor.id };
  });
  const get = (url: string, id = "3", who: Actor | null = actor("admin")) =>
    loader({ request: new Request(url), params: { id }, context: testContext(db, { actor: who }) });

  it("parses the query with the API twin's schema and the params", async () => {
    expect(await get("http://stockspace.test/admin/x?search_term=rossi&offset=2&filters[date]=2026-01-02")).toEqual({
      query: { search_term: "rossi", offset: 2, filters: { date: "2026-01-02" } },
      id: 3,
      by: 7,
    });
  });

  it("answers a role refused, a thing missing and a bad query with their error pages", async () => {
    expect(await thrownStatus(get("http://stockspace.test/admin/x", "3", null))).toBe(401);
    expect(await thrownStatus(get("http://stockspace.test/admin/x", "3", actor("stock_hunter")))).toBe(403);
    expect(await thrownStatus(get("http://stockspace.test/admin/x", "404"))).toBe(404);
    expect(await thrownStatus(get("http://stockspace.test/admin/x?offset=abc"))).toBe(422);
    // A path that names nothing is not found.
    expect(await thrownStatus(get("http://stockspace.test/admin/x", "abc"))).toBe(404);
  });

  it("leaves an area page open to everyone when its access says so", async () => {
    const open = pageLoader({ access: "public" }, ({ actor }) => ({ visitor: actor === null }));
    expect(await open({ request: new Request("http://stockspace.test/"), params: {}, context: testContext(db) })).toEqual({ visitor: true });
  });
});

describe("a list page's URL read with its JSON twin's query schema", () => {
  const query = z.object({
    offset: numeric(z.number().int().min(0).max(100_000)).optional(),
    search_term: z.string().max(120).nullish(),
    filters: z.object({ approved: z.enum(["pending", "refused"]).optional() }).optional(),
  });
  const names = { search: "search_term", status: "filters.approved", page: "offset" };
  const read = (search: string) => listQuery(query, new URL(`http://stockspace.test/admin/x${search}`), names);

  it("maps the page's names to the API's: ?page= from 1 is the offset from 0, ?search= trimmed", () => {
    expect(read("?search=%20rossi%20&status=refused&page=3")).toEqual({ search_term: "rossi", filters: { approved: "refused" }, offset: 2 });
    expect(read("")).toEqual({ offset: 0 });
  });

  it("says which URL values it left out, by their URL name, with a refinement's own code", () => {
    const ranged = z.object({
      filters: z
        .object({
          from: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .optional(),
          to: z.string().optional(),
        })
        .superRefine((f, ctx) => {
          if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: "custom", path: ["to"], message: "before_start" });
        }),
    });
    const read = (search: string) => readListQuery(ranged, new URL(`http://stockspace.test/x${search}`), { from: "filters.from", to: "filters.to" });
    expect(read("?from=2025-13&to=2026-01-01")).toEqual({ query: { filters: { to: "2026-01-01" } }, errors: { from: "invalid" } });
    expect(read("?from=2026-02-01&to=2026-01-01")).toEqual({ query: { filters: { from: "2026-02-01" } }, errors: { to: "before_start" } });
  });

  it("leaves out what a hand-edited URL gets wrong instead of answering an error page", () => {
    expect(read("?status=approved&page=abc")).toEqual({ offset: 0, filters: {} });
    expect(read(`?search=${"a".repeat(500)}`)).toEqual({ search_term: "a".repeat(120), offset: 0 });
  });
});
