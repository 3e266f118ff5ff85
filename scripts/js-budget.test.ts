import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { budgetReport, checkJsBudget, JS_BUDGET_BYTES, measurePages, pageScripts, readClientManifest, type ClientManifest } from "./js-budget.ts";

/** A manifest as React Router writes it: root → locale layout → two pages, one with the map. */
function fakeManifest(): ClientManifest {
  return {
    entry: { module: "/build/entry.client.js", imports: ["/build/react.js"] },
    routes: {
      root: { id: "root", path: "", hasDefaultExport: true, module: "/build/root.js", imports: ["/build/react.js", "/build/shell.js"] },
      "routes/locale-layout": {
        id: "routes/locale-layout",
        parentId: "root",
        path: ":locale",
        hasDefaultExport: true,
        module: "/build/layout.js",
        imports: [],
      },
      "routes/home": {
        id: "routes/home",
        parentId: "routes/locale-layout",
        index: true,
        hasDefaultExport: true,
        module: "/build/home.js",
        imports: ["/build/shell.js"],
      },
      "routes/stocks": {
        id: "routes/stocks",
        parentId: "routes/locale-layout",
        path: "stocks",
        hasDefaultExport: true,
        module: "/build/stocks.js",
        imports: ["/build/maplibre-gl-abc123.js", "/build/maplibre-gl-worker-def456.mjs", "/build/filters.js", "/build/stocks.css"],
      },
      "routes/api/health": { id: "routes/api/health", parentId: "root", path: "api/health", module: "/build/health.js", imports: [] },
    },
  };
}

const KB = 1000;
const sizes: Record<string, number> = {
  "/build/entry.client.js": 60 * KB,
  "/build/react.js": 30 * KB,
  "/build/root.js": 1 * KB,
  "/build/shell.js": 9 * KB,
  "/build/layout.js": 1 * KB,
  "/build/home.js": 5 * KB,
  "/build/stocks.js": 20 * KB,
  "/build/filters.js": 40 * KB,
  "/build/maplibre-gl-abc123.js": 280 * KB,
  "/build/maplibre-gl-worker-def456.mjs": 160 * KB,
};
const sizeOf = (url: string) => sizes[url] ?? 0;

describe("what a page loads at first", () => {
  it("is the entry, then every route from the root down to the page with their static imports, scripts only, each once", () => {
    const manifest = fakeManifest();
    expect(pageScripts(manifest, manifest.routes["routes/home"]!).sort()).toEqual(
      ["/build/entry.client.js", "/build/react.js", "/build/root.js", "/build/shell.js", "/build/layout.js", "/build/home.js"].sort(),
    );
  });

  it("counts pages only (a component, no child route), MapLibre and its worker aside", () => {
    const pages = measurePages(fakeManifest(), sizeOf);
    expect(pages.map((page) => [page.routeId, page.path, page.bytes])).toEqual([
      ["routes/stocks", "/:locale/stocks", 161 * KB],
      ["routes/home", "/:locale", 106 * KB],
    ]);
  });
});

describe("the budget", () => {
  it("passes when every page is within 150 kB and fails when one is over", () => {
    expect(JS_BUDGET_BYTES).toBe(150 * KB);
    const over = budgetReport(measurePages(fakeManifest(), sizeOf));
    expect(over.ok).toBe(false);
    expect(over.text).toMatch(/routes\/stocks\s+\/:locale\/stocks\s+161\.0 kB {2}OVER BUDGET/);
    expect(over.text).toContain("1 of 2 pages load more JavaScript at first than allowed: the build fails");

    const lighter: Record<string, number> = { ...sizes, "/build/filters.js": 25 * KB };
    const under = budgetReport(measurePages(fakeManifest(), (url) => lighter[url] ?? 0));
    expect(under.ok).toBe(true);
    expect(under.text).toContain("All 2 pages are within the budget.");
  });
});

describe("a build on disk", () => {
  let dir = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-budget-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  /** Writes build/client/build/… with incompressible files of the given sizes and React Router's manifest script. */
  function writeBuild(fileSizes: Record<string, number>) {
    const assets = path.join(dir, "client", "build");
    fs.mkdirSync(assets, { recursive: true });
    for (const [url, bytes] of Object.entries(fileSizes)) fs.writeFileSync(path.join(dir, "client", url), randomBytes(bytes));
    fs.writeFileSync(path.join(assets, "manifest-0a1b2c3d.js"), `window.__reactRouterManifest=${JSON.stringify(fakeManifest())};`);
  }

  it("reads React Router's manifest script and gzips the files: a tiny build over the budget fails, under it passes", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    writeBuild({ ...sizes, "/build/stocks.css": 1 * KB });
    expect(readClientManifest(path.join(dir, "client")).routes["routes/home"]?.module).toBe("/build/home.js");
    expect(checkJsBudget(dir)).toBe(false);
    expect(error.mock.calls.join("\n")).toMatch(/routes\/stocks .* OVER BUDGET/);

    writeBuild({ ...sizes, "/build/filters.js": 20 * KB, "/build/stocks.css": 1 * KB });
    expect(checkJsBudget(dir)).toBe(true);
    expect(log.mock.calls.join("\n")).toContain("All 2 pages are within the budget.");
  });
});
