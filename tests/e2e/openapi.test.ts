// The API description as the production build answers it: the route manifest the Node server
// hands the routes is the real one (every endpoint there, the document valid OpenAPI 3.1); and
// its viewer at /api/docs, served from the app, drawn in Chromium under its own strict policy.
// POST 405 (with a CSRF token) is a row of the route matrix.
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { baseUrl, call, DEMO, loggedIn, newPage, useAppDatabase, useBrowser } from "./support.ts";
import { describedAnswerChecker } from "../support/described-answers.ts";

useAppDatabase();
const b = useBrowser();

describe("GET /api/openapi.json", () => {
  it("describes the built app's endpoints, for anyone", async () => {
    const res = await fetch(baseUrl() + "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const doc = (await res.json()) as Record<string, unknown>;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    const paths = doc.paths as Record<string, Record<string, { "x-roles"?: unknown }>>;
    expect(Object.keys(paths).length).toBeGreaterThan(140);
    expect(Object.keys(paths["/login"]!)).toEqual(["post"]);
    expect(paths["/api/admin/export-transfers"]!.get!["x-roles"]).toEqual(["admin"]);
    expect(Object.keys(paths["/api/openapi.json"]!)).toEqual(["get"]);
  });
});

describe("GET /api/docs", () => {
  it("shows every operation of the document with Swagger UI from the app itself, nothing from elsewhere", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    const outside: string[] = [];
    const problems: string[] = [];
    page.on("request", (req) => {
      if (!req.url().startsWith(baseUrl())) outside.push(req.url());
    });
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(msg.text());
    });
    const res = await page.goto("/api/docs");
    expect(res!.status()).toBe(200);
    expect(res!.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.locator(".opblock").first().waitFor({ timeout: 30_000 });
    // Grouped by the part after /api/ (admin, stocker, tokens…). Swagger UI draws the list as it
    // scrolls into view, so what it read is asked of the viewer itself.
    const read = await page.evaluate(() => {
      const tagged = (
        window as unknown as { ui: { specSelectors: { taggedOperations(): Map<string, Map<string, { size: number }>> } } }
      ).ui.specSelectors.taggedOperations();
      return { tags: [...tagged.keys()], operations: [...tagged.values()].reduce((n, tag) => n + tag.get("operations")!.size, 0) };
    });
    expect(read.tags).toEqual(expect.arrayContaining(["admin", "stocker", "referent", "stock-hunter", "tokens", "account"]));
    expect(read.operations).toBeGreaterThan(140);
    await expect.poll(() => page.locator(".opblock").count()).toBeGreaterThan(5);
    // The bearer scheme is offered under "Authorize".
    await page.locator(".btn.authorize").click();
    await expect.poll(() => page.getByText("bearer", { exact: false }).count()).toBeGreaterThan(0);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the described answers", () => {
  it("match the served document for a visitor, a stock hunter and a stocker", async () => {
    const check = await describedAnswerChecker(baseUrl());
    const get = async (path: string, session?: Awaited<ReturnType<typeof loggedIn>>) => {
      const res = session ? await call(session, path) : await fetch(baseUrl() + path);
      expect(res.status, path).toBe(200);
      return res.json();
    };
    check("/api/me", "get", await get("/api/me"));
    for (const who of [DEMO.hunter, DEMO.stocker]) {
      const session = await loggedIn(who);
      const me = (await get("/api/me", session)) as { user: { email: string } };
      expect(me.user.email).toBe(who);
      check("/api/me", "get", me);
    }
    check("/api/markets", "get", await get("/api/markets"));
    check("/api/health/live", "get", await get("/api/health/live"));
    check("/api/health/ready", "get", await get("/api/health/ready"));
    // A document that says otherwise fails the check (the check itself).
    expect(() => check("/api/markets", "get", { markets: [{ id: "1" }] })).toThrow(/markets/);
  });
});
