import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfoContext, routeManifestContext, servicesContext, type AppServices, type RequestInfo } from "../context.ts";
import * as openApiRoute from "../../routes/api/openapi.ts";
import routes from "../../routes.ts";
import { buildOpenApiDocument, tagOf } from "./openapi.ts";
import { docsAsset } from "./docs-viewer.ts";
import { openApiDocumentAnswer } from "../../schemas/public-answers.ts";

type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type Module = { loader?: unknown; action?: unknown };

// The build's route manifest as React Router makes it from app/routes.ts: each route with
// its own path part, its parent and its module.
async function manifestOfRouteTable(): Promise<ServerBuild["routes"]> {
  const manifest: Record<string, unknown> = {};
  const add = async (entries: RouteEntry[], parentId: string | undefined) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = entry.file.startsWith("routes/api/") ? ((await import(`../../${entry.file}`)) as Module) : {};
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  };
  await add(routes as RouteEntry[], undefined);
  return manifest as ServerBuild["routes"];
}

const contractOf = (fn: unknown) => (typeof fn === "function" && "contract" in fn ? fn.contract : undefined);

/** Every route of app/routes.ts, its full path and its module file. */
function flat(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const own = e.index ? parent : [parent, e.path ?? ""].filter(Boolean).join("/");
    return [{ path: own, file: e.file }, ...flat(e.children ?? [], own)];
  });
}

describe("the API description", async () => {
  const manifest = await manifestOfRouteTable();
  const doc = buildOpenApiDocument({ origin: "https://stockspace.example", manifest });
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;

  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("groups the operations by the part after /api/, the top-level calls as account", () => {
    expect(tagOf("api/admin/export-transfers")).toBe("admin");
    expect(tagOf("api/stock_hunter/reviews")).toBe("stock-hunter");
    expect(tagOf("api/stock-hunter/requests")).toBe("stock-hunter");
    expect(tagOf("api/openapi.json")).toBe("openapi");
    expect(tagOf("login")).toBe("account");
    expect((doc.paths as Record<string, Record<string, { tags: string[] }>>)["/api/tokens/create"]!.post!.tags).toEqual(["tokens"]);
  });

  it("says the lists' one vocabulary once, and the other names a parameter is read by", () => {
    expect((doc.info as { description: string }).description).toContain("limit (rows per page, at most 100), offset (the page, from 0), search_term");
    const parameters = (doc.paths as Record<string, Record<string, { parameters: { name: string; description?: string }[] }>>)[
      "/api/admin/location-search-warehouses"
    ]!.get!.parameters;
    expect(parameters.find((p) => p.name === "wh_limit")!.description).toBe("Also read as `limit`.");
    const audit = (doc.paths as Record<string, Record<string, { parameters: { name: string; description?: string }[] }>>)["/api/admin/export-audit-log"]!.get!
      .parameters;
    expect(audit.find((p) => p.name === "search_term")!.description).toBe("Also read as `search`.");
  });

  it("serves the viewer's three files and nothing else, whatever the name", () => {
    expect(docsAsset("start.js")!.type).toMatch(/javascript/);
    expect(docsAsset("swagger-ui.css")!.body.length).toBeGreaterThan(1000);
    for (const name of ["__proto__", "constructor", "toString", "../package.json", "package.json", "index.html", ""]) expect(docsAsset(name), name).toBeNull();
  });

  it("is made once per build", () => {
    expect(buildOpenApiDocument({ origin: "https://stockspace.example", manifest })).toBe(doc);
  });

  it("has every /api route with the methods its module answers", async () => {
    // Not a call of the API: the payment provider's webhook.
    const NOT_JSON = ["api/stripe/webhook"];
    const apiRoutes = flat(routes as RouteEntry[]).filter((r) => r.path.startsWith("api/") && r.path !== "api/*");
    expect(apiRoutes.length).toBeGreaterThan(100);
    for (const route of apiRoutes) {
      const module = (await import(`../../${route.file}`)) as Module;
      const key = `/${route.path}`.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const expected = [contractOf(module.loader) && "get", contractOf(module.action) && "post"].filter(Boolean);
      const described = Object.keys(paths[key] ?? {});
      // A route whose module has no contract at all (the health checks, the payment provider's
      // webhook) is not part of the described API; every one with a contract is.
      expect({ route: route.path, methods: described }).toEqual({ route: route.path, methods: expected });
      if (!NOT_JSON.includes(route.path)) expect({ route: route.path, described: described.length > 0 }).toEqual({ route: route.path, described: true });
    }
    // The spec's top-level calls (POST /login, /register…) are endpoints too.
    expect(Object.keys(paths["/login"] ?? {})).toEqual(["post"]);
  });

  it("describes the 200 answer of every call that answers JSON", async () => {
    // Files, not JSON: the exports (CSV or XLSX) and the viewer's page and its scripts.
    const FILES = /export|^api\/docs/;
    const undescribed: string[] = [];
    // Every module under routes/api/: the /api calls and the spec's top-level ones (/login…).
    for (const route of flat(routes as RouteEntry[]).filter((r) => r.file.startsWith("routes/api/") && !FILES.test(r.path))) {
      const module = (await import(`../../${route.file}`)) as Module;
      for (const [method, fn] of [
        ["get", module.loader],
        ["post", module.action],
      ] as const) {
        const contract = contractOf(fn) as { response?: unknown } | undefined;
        if (contract && !contract.response) undescribed.push(`${method} /${route.path}`);
      }
    }
    expect(undescribed).toEqual([]);
    // And the document carries it: an answer's properties, not "any JSON".
    const me = paths["/api/me"]!.get!.responses as Record<string, { content: Record<string, { schema: { properties?: object } }> }>;
    expect(Object.keys(me["200"]!.content["application/json"]!.schema.properties ?? {})).toEqual(["user"]);
    // Integers without JavaScript's safe bound, which viewers would show as every count's example.
    expect(JSON.stringify(doc)).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  it("says who may call, what a body needs and what a query takes", () => {
    const toggle = paths["/api/admin/warehouses/bulk-toggle-deactivated"]!.post!;
    expect(toggle["x-roles"]).toEqual(["admin"]);
    const body = (toggle.requestBody as { content: Record<string, { schema: { required?: string[] } }> }).content["application/json"]!.schema;
    // `deactivated` is a checkbox: absent means false, so only `ids` is required of the input.
    expect(body.required).toEqual(["ids"]);
    expect(Object.keys((body as { properties: object }).properties)).toEqual(["ids", "deactivated"]);
    expect(toggle.responses).toHaveProperty("419");

    const exportTransfers = paths["/api/admin/export-transfers"]!.get!;
    const parameters = exportTransfers.parameters as { name: string; in: string; style?: string; schema: { enum?: string[] } }[];
    expect(parameters.find((p) => p.name === "format")?.schema.enum).toEqual(["csv", "xlsx"]);
    expect(parameters.find((p) => p.name === "filters")).toMatchObject({ in: "query", style: "deepObject" });
    expect(Object.keys((exportTransfers.responses as Record<string, { content?: object }>)["200"]!.content!)).toContain("text/csv");

    expect(paths["/api/markets"]!.get!["x-roles"]).toBe("public");
    const renew = paths["/api/requests/{token}/renew"]!.post!;
    expect(renew.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "token", in: "path", required: true })]));
  });

  describe("GET /api/openapi.json", () => {
    const call = (method: string, withManifest = true) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, { config: { origin: "https://stockspace.example" } } as unknown as AppServices);
      context.set(requestInfoContext, { id: "t", ip: "", userAgent: "", nonce: "", secure: true } as RequestInfo);
      if (withManifest) context.set(routeManifestContext, async () => manifest);
      const request = new Request("https://stockspace.example/api/openapi.json", { method, ...(method === "POST" ? { body: "{}" } : {}) });
      const args = { request, params: {}, context };
      return method === "GET" ? openApiRoute.loader(args) : openApiRoute.action(args as never);
    };

    it("answers the document as JSON to anyone", async () => {
      const response = await call("GET");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      const body = (await response.json()) as typeof doc;
      expect(body).toEqual(JSON.parse(JSON.stringify(doc)));
      expect(openApiDocumentAnswer.safeParse(body).error).toBeUndefined();
      expect((body.servers as { url: string }[])[0]!.url).toBe("https://stockspace.example");
      // It describes itself too.
      expect(paths["/api/openapi.json"]!.get!["x-roles"]).toBe("public");
    });

    it("answers 405 to POST, and 404 where no build's routes are known", async () => {
      expect((await call("POST")).status).toBe(405);
      expect((await call("GET", false)).status).toBe(404);
    });
  });
});
