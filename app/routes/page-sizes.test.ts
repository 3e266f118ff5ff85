// One page size per list, in app/lib (lib/list-params.ts for the back office's lists, beside
// their options for the others), read by the page, its JSON twin and the service alike: no route
// or server module declares a page size of its own or defaults ?limit to a bare number, so a
// page and its API cannot drift apart.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import * as listParams from "../lib/list-params.ts";

const ROOTS = ["app/routes", "app/server"];
const OWN_SIZE = /\b(?:const|let)\s+[A-Z_]*PAGE_SIZE\s*=\s*\d+|\blimit\s*\?\?\s*\d+/;

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(process.cwd(), path).split("\\").join("/")] : [];
  });
}

export function ownPageSizes(source: string): string[] {
  return source.split("\n").flatMap((line, i) => (OWN_SIZE.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("page sizes", () => {
  it("recognises a page size of a module's own (the check itself)", () => {
    expect(ownPageSizes("const PAGE_SIZE = 20;")).toHaveLength(1);
    expect(ownPageSizes("export const AUDIT_PAGE_SIZE = 20;")).toHaveLength(1);
    expect(ownPageSizes("  listStockers(db, actor, { limit: query.limit ?? 20, page: 0 }),")).toHaveLength(1);
    expect(ownPageSizes("  listStockers(db, actor, { limit: query.limit ?? STOCKERS_PAGE_SIZE, page: 0 }),")).toEqual([]);
  });

  it("are each declared once, in app/lib, never in a route or a server module", () => {
    const found = ROOTS.flatMap(modules).flatMap((file) => ownPageSizes(readFileSync(file, "utf8")).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
    expect(Object.keys(listParams).filter((name) => name.endsWith("_PAGE_SIZE")).length).toBeGreaterThanOrEqual(8);
  });
});
