// The API description as the production build answers it: the route manifest the Node server
// hands the routes is the real one (every endpoint there, the document valid OpenAPI 3.1).
// POST 405 (with a CSRF token) is a row of the route matrix.
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { baseUrl, useAppDatabase } from "./support.ts";

useAppDatabase();

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
