// Browser code (app/components, app/lib, app/schemas) must never reach server code: a module
// under app/server/, a *.server.ts file or a Node built-in. Nothing in the build stops it (the
// server folder is app/server, not React Router's guarded app/.server), and one value import
// would put server code, and whatever secrets it holds, in the client bundle. So every import
// of every browser file is followed here, transitively, and any path to server code fails the
// test with its chain. Type-only imports count too: the rule is simpler with no exception, and
// a type import is one edit away from a value import.
//
// Imports are read from the syntax tree (Vite's own parser, oxc), not with a regular expression,
// so a commented-out import or a path in a string is not an import, and a multi-line one is.
// Test files are not roots: they run in Node and never enter a bundle (this one reads the disk);
// nor are *.server.ts files, which are server code wherever they sit (importing one is the fault).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

const BROWSER_DIRS = ["app/components", "app/lib", "app/schemas"];
const CODE = /\.(?:[cm]?[jt]sx?)$/;
const TEST_FILE = /\.test\.[jt]sx?$/;
const SERVER_FILE = /\.server\.[cm]?[jt]sx?$/;
const RESOLVE_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs"];

type Edge = { specifier: string; target: string | null };
type Problem = { root: string; chain: string[]; specifier: string; reason: string };

/** Every module specifier a file names: static imports (type-only too), re-exports, import(), typeof import(), require(). */
function specifiersOf(file: string, source: string): { specifiers: string[]; errors: string[] } {
  const lang = file.endsWith(".tsx") ? "tsx" : /\.[cm]?ts$/.test(file) ? "ts" : "jsx";
  const parsed = parseSync(file, source, { lang, astType: lang.startsWith("ts") ? "ts" : "js" });
  const specifiers: string[] = [];
  const errors = parsed.errors.map((e) => `parse error: ${e.message}`);
  const literal = (node: unknown): string | null => {
    const n = node as { type?: string; value?: unknown; quasis?: { value: { cooked: string } }[]; expressions?: unknown[] } | null;
    if (n?.type === "Literal" && typeof n.value === "string") return n.value;
    if (n?.type === "TemplateLiteral" && n.expressions?.length === 0) return n.quasis![0]!.value.cooked;
    return null;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const n = node as Record<string, unknown>;
    switch (n.type) {
      case "ImportDeclaration":
      case "ExportAllDeclaration":
      case "ExportNamedDeclaration":
      case "TSImportType":
      case "ImportExpression": {
        if (n.source == null) break; // export { x } / export const x: no module
        const value = literal(n.source);
        // A computed import() could load anything; it cannot be checked, so it is refused.
        if (value === null) errors.push("import() with a computed path");
        else specifiers.push(value);
        break;
      }
      case "CallExpression": {
        const callee = n.callee as { type?: string; name?: string };
        const value = literal((n.arguments as unknown[])[0]);
        if (callee.type === "Identifier" && callee.name === "require" && value !== null) specifiers.push(value);
        break;
      }
      case "TSExternalModuleReference": {
        const value = literal(n.expression);
        if (value !== null) specifiers.push(value);
        break;
      }
    }
    for (const [key, child] of Object.entries(n)) if (key !== "type" && child && typeof child === "object") visit(child);
  };
  visit(parsed.program);
  return { specifiers, errors };
}

/**
 * tsconfig.json's "paths" as prefix → folders ("~/*": ["./app/*"] → "~/" → [<root>/app/]). The
 * project has none today and vite.config.ts no resolve.alias; one added later must be in
 * tsconfig too for the type-checker, so reading it here keeps the test honest.
 */
function aliasesOf(root: string): [string, string[]][] {
  const tsconfig = join(root, "tsconfig.json");
  if (!existsSync(tsconfig)) return [];
  const options = (JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } }).compilerOptions;
  const base = resolve(root, options?.baseUrl ?? ".");
  return Object.entries(options?.paths ?? {}).map(([pattern, targets]) => [
    pattern.replace(/\*$/, ""),
    targets.map((t) => resolve(base, t.replace(/\*$/, "")) + sep),
  ]);
}

function resolveFile(candidate: string): string | null {
  const tries = [candidate, ...RESOLVE_EXTENSIONS.map((ext) => candidate + ext), ...RESOLVE_EXTENSIONS.map((ext) => join(candidate, "index" + ext))];
  // TypeScript's convention: "./x.js" may name x.ts.
  if (/\.[cm]?js$/.test(candidate)) tries.push(...[".ts", ".tsx"].map((ext) => candidate.replace(/\.[cm]?js$/, ext)));
  return tries.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The file a specifier names: null for a package, or { missing } when it should be ours but is not found. */
function resolveSpecifier(root: string, aliases: [string, string[]][], from: string, specifier: string): string | null | { missing: true } {
  const path = specifier.replace(/[?#].*$/, ""); // Vite's ?raw, ?url…
  if (path.startsWith("./") || path.startsWith("../")) return resolveFile(resolve(dirname(from), path)) ?? { missing: true };
  if (path.startsWith("/")) return resolveFile(join(root, path)) ?? { missing: true };
  for (const [prefix, targets] of aliases) {
    if (path === prefix.replace(/\/$/, "") || path.startsWith(prefix)) {
      for (const target of targets) {
        const found = resolveFile(join(target, path.slice(prefix.length)));
        if (found) return found;
      }
      return { missing: true };
    }
  }
  return null;
}

function serverReason(root: string, specifier: string, file: string | null): string | null {
  if (specifier.startsWith("node:") || isBuiltin(specifier)) return "a Node built-in";
  if (file === null) return null;
  const path = relative(root, file).split(sep).join("/");
  if (path.startsWith("app/server/")) return "a module under app/server/";
  if (SERVER_FILE.test(path) || path.split("/").includes(".server")) return "a server-only file";
  return null;
}

function codeFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => CODE.test(path) && !TEST_FILE.test(path) && !SERVER_FILE.test(path) && !path.endsWith(".d.ts") && statSync(path).isFile())
    .sort();
}

/** Every path from a browser file to server code (one chain per root and target), and every import that could not be checked. */
function findBrowserBoundaryProblems(root: string, browserDirs = BROWSER_DIRS): { roots: string[]; problems: Problem[] } {
  const aliases = aliasesOf(root);
  const rel = (path: string) => relative(root, path).split(sep).join("/");
  const roots = browserDirs.flatMap((dir) => codeFilesUnder(join(root, dir)));
  const edgeCache = new Map<string, { edges: Edge[]; errors: string[] }>();
  const edgesOf = (file: string) => {
    let cached = edgeCache.get(file);
    if (!cached) {
      const { specifiers, errors } = specifiersOf(file, readFileSync(file, "utf8"));
      const edges: Edge[] = [];
      for (const specifier of specifiers) {
        const target = resolveSpecifier(root, aliases, file, specifier);
        if (target !== null && typeof target === "object") errors.push(`"${specifier}" does not resolve to a file`);
        else edges.push({ specifier, target });
      }
      cached = { edges, errors };
      edgeCache.set(file, cached);
    }
    return cached;
  };

  const problems: Problem[] = [];
  for (const start of roots) {
    const via = new Map<string, string | null>([[start, null]]);
    const chainTo = (file: string) => {
      const chain: string[] = [];
      for (let at: string | null = file; at !== null; at = via.get(at) ?? null) chain.unshift(rel(at));
      return chain;
    };
    const reported = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const { edges, errors } = edgesOf(file);
      for (const reason of errors) problems.push({ root: rel(start), chain: chainTo(file), specifier: "", reason });
      for (const { specifier, target } of edges) {
        const reason = serverReason(root, specifier, target);
        if (reason) {
          const key = target ?? specifier;
          if (!reported.has(key)) problems.push({ root: rel(start), chain: [...chainTo(file), target ? rel(target) : specifier], specifier, reason });
          reported.add(key);
          continue;
        }
        // Packages are not followed (their browser builds are their authors' business); our
        // own files are, whatever their folder, and only code files have imports.
        if (target === null || via.has(target) || !CODE.test(target)) continue;
        via.set(target, file);
        queue.push(target);
      }
    }
  }
  return { roots: roots.map(rel), problems };
}

const describeProblem = (p: Problem) =>
  p.specifier ? `${p.root}: ${p.chain.join(" → ")} (${JSON.stringify(p.specifier)} is ${p.reason})` : `${p.root}: ${p.chain.join(" → ")}: ${p.reason}`;

describe("browser code and server code", () => {
  it("the detector finds every kind of path to server code, and nothing else (self-check)", () => {
    const root = mkdtempSync(join(tmpdir(), "browser-boundary-"));
    try {
      const files: Record<string, string> = {
        "tsconfig.json": JSON.stringify({ compilerOptions: { paths: { "~/*": ["./app/*"] } } }),
        "app/server/rows.ts": "export type Row = { id: number };",
        "app/server/secret.ts": "export const secret = 1;",
        "app/server/db.ts": "export const db = 1;",
        "app/server/m.ts": "export const m = 1;",
        "app/server/never.ts": "export const never = 1;",
        "app/routes/page.tsx": 'import { db } from "../server/db.ts";\nexport const page = db;',
        // Clean: a package, a sibling, an import in a comment and a path in a string.
        "app/components/Clean.tsx": [
          'import { useState } from "react";',
          'import { ok } from "../lib/util.ts";',
          '// import { never } from "../server/never.ts";',
          'const text = "../server/never.ts";',
          "export const Clean = () => <p>{ok}{text}{String(useState)}</p>;",
        ].join("\n"),
        "app/lib/util.ts": 'export const ok = "ok";\nexport { cycle } from "./cycle-a.ts";',
        "app/lib/cycle-a.ts": 'export { b } from "./cycle-b.ts";\nexport const cycle = 1;',
        "app/lib/cycle-b.ts": 'import { cycle } from "./cycle-a.ts";\nexport const b = cycle;',
        // Bad: a type-only re-export two steps away, over several lines.
        "app/components/Card.tsx": 'import type {\n  Row,\n} from "../lib/types.ts";\nexport const Card = (r: Row) => r.id;',
        "app/lib/types.ts": 'export type { Row } from "../server/rows.ts";',
        "app/lib/lazy.ts": 'export const load = () => import("../server/secret.ts");',
        "app/lib/typeof.ts": 'export type M = typeof import("../server/m.ts");',
        "app/schemas/alias.ts": 'import { db } from "~/server/db.ts";\nexport const x = db;',
        "app/lib/fs.ts": 'import { readFileSync } from "node:fs";\nexport const r = readFileSync;',
        "app/lib/path.ts": 'import path from "path";\nexport const p = path;',
        "app/components/Session.tsx": 'import { s } from "./session.server.ts";\nexport const S = s;',
        "app/components/session.server.ts": 'import { readFileSync } from "node:fs";\nexport const s = readFileSync;',
        // Through a route module: any of our files is followed.
        "app/components/ViaRoute.tsx": 'import { page } from "../routes/page.tsx";\nexport const V = page;',
        "app/lib/missing.ts": 'import "./nowhere.ts";',
        // eslint-disable-next-line no-template-curly-in-string -- the source of a module with a template literal
        "app/lib/computed.ts": "export const load = (name: string) => import(`./${name}.ts`);",
        // Not a root: tests run in Node.
        "app/components/Clean.test.tsx": 'import { never } from "../server/never.ts";',
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }

      const { roots, problems } = findBrowserBoundaryProblems(root);

      expect(roots).toContain("app/components/Clean.tsx");
      expect(roots).not.toContain("app/components/Clean.test.tsx");
      expect(roots).not.toContain("app/components/session.server.ts");
      expect(problems.map(describeProblem).sort()).toEqual(
        [
          'app/components/Card.tsx: app/components/Card.tsx → app/lib/types.ts → app/server/rows.ts ("../server/rows.ts" is a module under app/server/)',
          'app/lib/types.ts: app/lib/types.ts → app/server/rows.ts ("../server/rows.ts" is a module under app/server/)',
          'app/lib/lazy.ts: app/lib/lazy.ts → app/server/secret.ts ("../server/secret.ts" is a module under app/server/)',
          'app/lib/typeof.ts: app/lib/typeof.ts → app/server/m.ts ("../server/m.ts" is a module under app/server/)',
          'app/schemas/alias.ts: app/schemas/alias.ts → app/server/db.ts ("~/server/db.ts" is a module under app/server/)',
          'app/lib/fs.ts: app/lib/fs.ts → node:fs ("node:fs" is a Node built-in)',
          'app/lib/path.ts: app/lib/path.ts → path ("path" is a Node built-in)',
          'app/components/Session.tsx: app/components/Session.tsx → app/components/session.server.ts ("./session.server.ts" is a server-only file)',
          'app/components/ViaRoute.tsx: app/components/ViaRoute.tsx → app/routes/page.tsx → app/server/db.ts ("../server/db.ts" is a module under app/server/)',
          'app/lib/missing.ts: app/lib/missing.ts: "./nowhere.ts" does not resolve to a file',
          "app/lib/computed.ts: app/lib/computed.ts: import() with a computed path",
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("no browser file reaches app/server, a *.server.ts file or a Node built-in", () => {
    const root = resolve(import.meta.dirname, "../..");
    const { roots, problems } = findBrowserBoundaryProblems(root);
    // The scan saw the real tree (a wrong root would find nothing and pass).
    expect(roots.length).toBeGreaterThan(40);
    expect(roots).toEqual(expect.arrayContaining(["app/components/warehouse/OpeningStatus.tsx", "app/lib/opening-hours.ts", "app/lib/search-form.ts"]));
    expect(problems.map(describeProblem), "browser code reaching server code").toEqual([]);
  });
});
