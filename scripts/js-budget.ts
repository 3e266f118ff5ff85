// The JavaScript budget: no page loads more than 150 kB of JavaScript (gzip) at first,
// MapLibre and its worker aside (they load on the map pages only, when a map is about to be
// seen). What a page loads at first is what React Router's client manifest names for it: the
// entry module and its imports, then the module and the static imports of every route from the
// root down to the page (the manifest lists them transitively; chunks reached only through
// import() load later and are not counted). Sizes are gzip at zlib's default level, as the app's
// compression middleware sends them; 1 kB = 1,000 bytes.
//
// scripts/build-if-changed.ts runs the check after every build and fails the build when a page is
// over the budget. By hand:
//
//   node scripts/js-budget.ts           the heaviest pages and any over the budget
//   node scripts/js-budget.ts --all     every page
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const JS_BUDGET_BYTES = 150_000;

/** Chunks the budget leaves out: MapLibre and its worker (loaded on demand by the map pages). */
export const EXCLUDED_CHUNK = /(^|\/)maplibre-gl[^/]*\.m?js$/;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  clientLoaderModule?: string;
  clientActionModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
};

/** The part of React Router's client manifest (build/client/<assetsDir>/manifest-*.js) the budget reads. */
export type ClientManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

export type PageWeight = {
  routeId: string;
  /** The page's URL pattern, e.g. /:locale/stocks. */
  path: string;
  /** gzip bytes of the JavaScript the page loads at first, excluded chunks aside. */
  bytes: number;
  files: number;
};

/** Reads the client manifest React Router writes beside the assets (`window.__reactRouterManifest={…};`). */
export function readClientManifest(clientDir: string): ClientManifest {
  const candidates: string[] = [];
  for (const dir of [
    clientDir,
    ...fs
      .readdirSync(clientDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(clientDir, e.name)),
  ]) {
    for (const name of fs.readdirSync(dir)) if (/^manifest-[\w-]+\.js$/.test(name)) candidates.push(path.join(dir, name));
  }
  if (candidates.length !== 1) throw new Error(`Expected one React Router client manifest under ${clientDir}, found ${candidates.length}`);
  const text = fs.readFileSync(candidates[0]!, "utf8").trim();
  const json = text.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;$/, "");
  return JSON.parse(json) as ClientManifest;
}

/** The routes a visitor can land on: modules with a component and no child route below them. */
export function pageRoutes(manifest: ClientManifest): ManifestRoute[] {
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.values(manifest.routes).filter((route) => route.hasDefaultExport && !parents.has(route.id));
}

/** The route and its ancestors, root first. */
function chain(manifest: ClientManifest, route: ManifestRoute): ManifestRoute[] {
  const out: ManifestRoute[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined)
    out.unshift(current);
  return out;
}

/** The script URLs a page loads at first (entry + each route's module, split modules and static imports). */
export function pageScripts(manifest: ClientManifest, route: ManifestRoute): string[] {
  const urls = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain(manifest, route)) {
    for (const url of [r.module, r.clientLoaderModule, r.clientActionModule, r.clientMiddlewareModule, r.hydrateFallbackModule, ...(r.imports ?? [])]) {
      if (url) urls.add(url);
    }
  }
  return [...urls].filter((url) => /\.m?js$/.test(url));
}

function routePath(manifest: ClientManifest, route: ManifestRoute): string {
  const parts = chain(manifest, route)
    .map((r) => r.path ?? "")
    .filter(Boolean);
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** Every page's weight, heaviest first. `sizeOf` answers a script URL's gzip bytes. */
export function measurePages(manifest: ClientManifest, sizeOf: (url: string) => number): PageWeight[] {
  return pageRoutes(manifest)
    .map((route) => {
      const scripts = pageScripts(manifest, route).filter((url) => !EXCLUDED_CHUNK.test(url));
      const bytes = scripts.reduce((sum, url) => sum + sizeOf(url), 0);
      return { routeId: route.id, path: routePath(manifest, route), bytes, files: scripts.length };
    })
    .sort((a, b) => b.bytes - a.bytes || a.routeId.localeCompare(b.routeId));
}

/** gzip sizes of the built files, read once each; URLs are relative to build/client (/build/x.js). */
export function gzipSizer(clientDir: string): (url: string) => number {
  const cache = new Map<string, number>();
  return (url) => {
    let size = cache.get(url);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(clientDir, url))).length;
      cache.set(url, size);
    }
    return size;
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The table printed after a build: the heaviest pages (every page with `all`) and every page over the budget. */
export function budgetReport(pages: PageWeight[], opts: { limit?: number; all?: boolean; budget?: number } = {}): { ok: boolean; text: string } {
  const budget = opts.budget ?? JS_BUDGET_BYTES;
  const over = pages.filter((page) => page.bytes > budget);
  const shown = opts.all ? pages : pages.filter((page, i) => i < (opts.limit ?? 8) || page.bytes > budget);
  const idWidth = Math.max(...shown.map((page) => page.routeId.length), 4);
  const pathWidth = Math.max(...shown.map((page) => page.path.length), 4);
  const row = (page: PageWeight) => {
    const note = page.bytes > budget ? "  OVER BUDGET" : "";
    return `  ${page.routeId.padEnd(idWidth)}  ${page.path.padEnd(pathWidth)}  ${kB(page.bytes).padStart(9)}${note}`;
  };
  const lines = [`JavaScript loaded at first per page (gzip, MapLibre aside); budget ${kB(budget)}:`, ...shown.map(row)];
  if (!opts.all && shown.length < pages.length) {
    lines.push(`  … ${pages.length - shown.length} more (node scripts/js-budget.ts --all lists them)`);
  }
  lines.push(
    over.length === 0
      ? `All ${pages.length} pages are within the budget.`
      : `${over.length} of ${pages.length} pages load more JavaScript at first than allowed: the build fails. Load what is not needed at first with import() / React.lazy (see docs/benchmarks.md, "JavaScript budget").`,
  );
  return { ok: over.length === 0, text: lines.join("\n") };
}

/** Checks the build in `buildDir` (build/client inside it), prints the table and answers whether it is within the budget. */
export function checkJsBudget(buildDir: string, opts: { all?: boolean } = {}): boolean {
  const clientDir = path.join(buildDir, "client");
  const report = budgetReport(measurePages(readClientManifest(clientDir), gzipSizer(clientDir)), opts);
  (report.ok ? console.log : console.error)(report.text);
  return report.ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const buildDir = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."), "build");
  process.exit(checkJsBudget(buildDir, { all: process.argv.includes("--all") }) ? 0 : 1);
}
