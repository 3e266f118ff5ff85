// The lanes keep to their rule (tests/support/lanes.ts): a fast-lane file reaches neither the
// database helper nor the browser's set-up, through any chain of imports, so the fast lane needs
// no PostgreSQL and no Chromium; an integration file does reach the database, so no fast test
// waits in the slow lane; every test file is in exactly one lane.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BROWSER_MODULES, DATABASE_MODULES, LANES, STARTS_A_SERVER, type Lane } from "../tests/support/lanes.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function laneFiles(lane: Lane): string[] {
  const { include, exclude } = LANES[lane];
  const excluded = new Set(fs.globSync([...exclude], { cwd: ROOT }));
  return [...new Set(fs.globSync([...include], { cwd: ROOT }))].filter((file) => !excluded.has(file)).sort();
}

// Every import a module makes at run time: static imports and re-exports (not those of types
// only, which the compiler removes) and dynamic import() of a literal path.
const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT)) if (!m[1]) found.push(m[2]!);
  for (const m of source.matchAll(DYNAMIC_IMPORT)) found.push(m[1]!);
  return found;
}

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.join(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    const full = path.join(ROOT, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return path.normalize(candidate);
  }
  return null;
}

const importsOf = new Map<string, string[]>();
function modulesImportedBy(file: string): string[] {
  let found = importsOf.get(file);
  if (!found) {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    found = runtimeImports(source).flatMap((specifier) => resolveRelative(file, specifier) ?? []);
    importsOf.set(file, found);
  }
  return found;
}

/** The modules of the repository a file reaches through its imports, with the chain to each. */
function reachable(file: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[file, [file]]]);
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const next of modulesImportedBy(current)) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(current)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

const startsAServer = (file: string) => STARTS_A_SERVER.test(fs.readFileSync(path.join(ROOT, file), "utf8"));

function reaches(file: string, targets: string[]): string[] | null {
  const chains = reachable(file);
  for (const target of targets) if (chains.has(target)) return chains.get(target)!;
  return null;
}

describe("reading a module's imports", () => {
  it("keeps run-time imports and re-exports, drops those of types only", () => {
    const source = [
      'import fs from "node:fs";',
      'import { a,\n  b } from "./a.ts";',
      'import type { T } from "./types.ts";',
      'export { c } from "./c.ts";',
      'export type { U } from "./u.ts";',
      'import "./side-effect.ts";',
      'const lazy = await import("./lazy.ts");',
    ].join("\n");
    expect(runtimeImports(source)).toEqual(["node:fs", "./a.ts", "./c.ts", "./side-effect.ts", "./lazy.ts"]);
  });
});

describe("the test lanes", () => {
  const fast = laneFiles("fast");
  const integration = laneFiles("integration");
  const browser = laneFiles("browser");

  it("put every test file in exactly one lane", () => {
    const all = fs.globSync(["{app,server,scripts,tests}/**/*.{test,spec}.{ts,tsx}"], { cwd: ROOT });
    const lanes = [...fast, ...integration, ...browser];
    expect(new Set(lanes).size, "a file in two lanes").toBe(lanes.length);
    expect(
      all.filter((file) => !lanes.includes(file)).sort(),
      "test files in no lane (name them *.test.ts or *.db.test.ts under app/, server/ or scripts/)",
    ).toEqual([]);
    expect(fast.length).toBeGreaterThan(0);
    expect(integration.length).toBeGreaterThan(0);
    expect(browser.length).toBeGreaterThan(0);
  });

  it("keep the fast lane away from the database helper and the browser's set-up", () => {
    const offending = fast.flatMap((file) => {
      const chain = reaches(file, [...DATABASE_MODULES, ...BROWSER_MODULES]);
      if (chain)
        return [`${file} reaches ${chain.at(-1)} (${chain.join(" → ")}): a test that needs PostgreSQL is named *.db.test.ts, a journey goes in tests/e2e/`];
      return startsAServer(file) ? [`${file} starts an embedded PostgreSQL: name it *.db.test.ts`] : [];
    });
    expect(offending).toEqual([]);
  });

  it("keep only tests that need PostgreSQL in the integration lane", () => {
    const needless = integration.filter((file) => reaches(file, DATABASE_MODULES) === null && !startsAServer(file));
    expect(needless, "*.db.test.ts files that never reach the database: name them *.test.ts").toEqual([]);
  });
});
