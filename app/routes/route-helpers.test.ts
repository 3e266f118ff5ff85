// Every route module's server side is written one way: its `loader` and `action` are built with
// pageLoader / pageAction (pages, server/http/page.ts) or apiLoader / apiAction (JSON endpoints,
// server/http/api.ts), or are one of those two modules' ready answers (methodNotAllowed,
// apiNotFound), directly or through a builder that returns one (an area's
// `dataPageLoader(role)`, a shared endpoint's `updateCredentialsEndpoint(area)`), or re-exported
// from a module that does. So the role check, the shared schema's parse and the error
// vocabulary cannot be skipped by a page written by hand.
//
// Read from the sources (no database, no build): each module under app/routes that exports a
// loader or an action is parsed, and each export is followed through its imports to a helper.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

/**
 * The only exports allowed to be written otherwise, each with its reason. Keep it tiny: a page
 * that needs something the helpers lack gets it in page.ts, once, with a test.
 */
const ALLOWED: Record<string, { exports: string[]; why: string }> = {
  // Stripe's webhook reads the raw body to check its signature before anything parses it, and
  // answers Stripe (no user, no role, its own 400s), which apiAction's parse would get in the way of.
  "app/routes/api/stripe.webhook.ts": { exports: ["action"], why: "raw body for the Stripe-Signature check" },
};

/** The helpers' modules and what they export that a route may use. */
const HELPER_MODULES: Record<string, string[]> = {
  "app/server/http/page.ts": ["pageLoader", "pageAction"],
  "app/server/http/api.ts": ["apiLoader", "apiAction", "methodNotAllowed", "apiNotFound"],
};
/** Of those, the ones that build a route function when called (the others are one already). */
const BUILDERS = new Set(["pageLoader", "pageAction", "apiLoader", "apiAction"]);

type Node = { type: string; [key: string]: unknown };
type Module = { body: Node[] };
type Found = { file: string; node: Node | null; helper?: string };

const ROUTE_EXPORTS = ["loader", "action"] as const;
const CODE = /\.(?:ts|tsx)$/;
const SKIP = /\.test\.tsx?$|\.d\.ts$/;

function parse(file: string): Module {
  const lang = file.endsWith(".tsx") ? "tsx" : "ts";
  const parsed = parseSync(file, readFileSync(file, "utf8"), { lang, astType: "ts" });
  if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors.map((e) => e.message).join("; ")}`);
  return parsed.program as unknown as Module;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** A checker over one source tree (the project, or a test's fixture). */
function routeChecker(root: string) {
  const modules = new Map<string, Module>();
  const moduleOf = (file: string) => {
    let parsed = modules.get(file);
    if (!parsed) modules.set(file, (parsed = parse(file)));
    return parsed;
  };
  const rel = (file: string) => relative(root, file).split(sep).join("/");
  const helperOf = (file: string, name: string) => (HELPER_MODULES[rel(file)]?.includes(name) ? name : undefined);

  /** What `name` is at the top level of `file`: its definition, followed through imports and re-exports. */
  function lookup(file: string, name: string, exportedOnly: boolean, depth = 0): Found {
    if (depth > 20) return { file, node: null };
    const helper = helperOf(file, name);
    if (helper) return { file, node: null, helper };
    for (const statement of moduleOf(file).body) {
      const declaration = statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : exportedOnly ? null : statement;
      if (declaration?.type === "VariableDeclaration") {
        for (const d of declaration.declarations as Node[]) if ((d.id as Node).name === name) return { file, node: (d.init as Node | null) ?? null };
      }
      if ((declaration?.type === "FunctionDeclaration" || declaration?.type === "TSDeclareFunction") && (declaration.id as Node | null)?.name === name)
        return { file, node: declaration };
      if (statement.type === "ExportNamedDeclaration" && !statement.declaration) {
        for (const s of statement.specifiers as Node[]) {
          if (((s.exported as Node).name ?? (s.exported as Node).value) !== name) continue;
          const local = (s.local as Node).name as string;
          if (statement.source) {
            const target = resolveImport(file, (statement.source as Node).value as string);
            return target ? lookup(target, local, true, depth + 1) : { file, node: null };
          }
          return lookup(file, local, false, depth + 1);
        }
      }
      if (!exportedOnly && statement.type === "ImportDeclaration") {
        for (const s of statement.specifiers as Node[]) {
          if (s.type !== "ImportSpecifier" || (s.local as Node).name !== name) continue;
          const target = resolveImport(file, (statement.source as Node).value as string);
          const imported = ((s.imported as Node).name ?? (s.imported as Node).value) as string;
          return target ? lookup(target, imported, true, depth + 1) : { file, node: null };
        }
      }
    }
    return { file, node: null };
  }

  /** The value an arrow or function returns, when it is one expression. */
  function returned(fn: Node): Node | null {
    const body = fn.body as Node | null;
    if (!body) return null;
    if (body.type !== "BlockStatement") return body;
    const statements = body.body as Node[];
    const last = statements.at(-1);
    return statements.length === 1 && last?.type === "ReturnStatement" ? ((last.argument as Node | null) ?? null) : null;
  }

  /** Whether an expression of `file` is a route function built with the helpers (`called`: the expression is called to get it). */
  function built(file: string, node: Node | null, depth = 0, called = false): boolean {
    if (!node || depth > 20) return false;
    if (node.type === "TSAsExpression" || node.type === "TSSatisfiesExpression" || node.type === "ParenthesizedExpression")
      return built(file, node.expression as Node, depth + 1, called);
    if (node.type === "CallExpression") return built(file, node.callee as Node, depth + 1, true);
    if (node.type === "Identifier") {
      const found = lookup(file, node.name as string, false);
      if (found.helper) return called ? BUILDERS.has(found.helper) : !BUILDERS.has(found.helper);
      return built(found.file, found.node, depth + 1, called);
    }
    // A builder (role) => pageLoader(…): what it returns, when it is called.
    if (called && (node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression" || node.type === "FunctionDeclaration"))
      return built(file, returned(node), depth + 1, false);
    return false;
  }

  /** The loader and action a route module exports, each with whether it is built with the helpers. */
  function routeExports(file: string): Record<string, boolean> {
    const out: Record<string, boolean> = {};
    for (const name of ROUTE_EXPORTS) {
      const found = lookup(file, name, true);
      if (!found.node && !found.helper && !exportsName(file, name)) continue;
      out[name] = found.helper ? !BUILDERS.has(found.helper) : built(found.file, found.node);
    }
    return out;
  }

  function exportsName(file: string, name: string): boolean {
    return moduleOf(file).body.some(
      (s) =>
        s.type === "ExportNamedDeclaration" &&
        ((s.specifiers as Node[]).some((sp) => ((sp.exported as Node).name ?? (sp.exported as Node).value) === name) ||
          ((s.declaration as Node | null)?.type === "VariableDeclaration" &&
            ((s.declaration as Node).declarations as Node[]).some((d) => (d.id as Node).name === name)) ||
          ((s.declaration as Node | null)?.id as Node | undefined)?.name === name),
    );
  }

  return { routeExports, rel };
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => CODE.test(path) && !SKIP.test(path) && statSync(path).isFile())
    .sort();
}

describe("every route module's loader and action", () => {
  it("is built with pageLoader/pageAction or apiLoader/apiAction (or re-exports one that is)", () => {
    const root = resolve(import.meta.dirname, "../..");
    const checker = routeChecker(root);
    const handWritten: string[] = [];
    let checked = 0;
    for (const file of routeFiles(join(root, "app/routes"))) {
      const path = checker.rel(file);
      for (const [name, ok] of Object.entries(checker.routeExports(file))) {
        checked++;
        if (!ok && !ALLOWED[path]?.exports.includes(name)) handWritten.push(`${path}: ${name}`);
      }
    }
    expect(handWritten).toEqual([]);
    // The walk saw the routes (a broken walk would pass with nothing checked).
    expect(checked).toBeGreaterThan(150);
  });

  it("keeps the allow-list true: each module listed still needs it", () => {
    const root = resolve(import.meta.dirname, "../..");
    const checker = routeChecker(root);
    for (const [path, { exports }] of Object.entries(ALLOWED)) {
      const found = checker.routeExports(join(root, path));
      for (const name of exports) expect({ path, name, built: found[name] }).toEqual({ path, name, built: false });
    }
  });

  it("tells a built export from a hand-written one, through imports, builders and re-exports", () => {
    const root = mkdtempSync(join(tmpdir(), "route-helpers-"));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write("app/server/http/page.ts", "export const pageLoader = (o: unknown, h: unknown) => h;\nexport const pageAction = pageLoader;\n");
      write("app/server/http/api.ts", "export const apiAction = (o: unknown, h: unknown) => h;\nexport function methodNotAllowed() {}\n");
      write(
        "app/routes/shared/kind.server.ts",
        'import { pageLoader } from "../../server/http/page.ts";\nexport const kindLoader = (role: string) => pageLoader({ access: { area: role } }, () => 1);\nexport function handLoader() { return 1; }\nexport const aliasLoader = kindLoader;\n',
      );
      write(
        "app/routes/direct.tsx",
        'import { pageLoader, pageAction } from "../server/http/page.ts";\nexport const loader = pageLoader({ access: "public" }, () => null);\nexport const action = pageAction({ access: ["admin"] }, () => null);\n',
      );
      write("app/routes/by-role.tsx", 'import { kindLoader } from "./shared/kind.server.ts";\nexport const loader = kindLoader("stocker");\n');
      write("app/routes/alias.tsx", 'import { aliasLoader } from "./shared/kind.server.ts";\nexport const loader = aliasLoader("stocker");\n');
      write("app/routes/reexport.tsx", 'export { loader } from "./direct.tsx";\n');
      write(
        "app/routes/api/x.ts",
        'import { apiAction, methodNotAllowed } from "../../server/http/api.ts";\nexport const action = apiAction({ access: "public" }, () => 1);\nexport const loader = methodNotAllowed;\n',
      );
      write("app/routes/hand.tsx", "export async function loader() {\n  return 1;\n}\nexport const action = (args: unknown) => args;\n");
      write(
        "app/routes/wrapped.tsx",
        'import { handLoader, kindLoader } from "./shared/kind.server.ts";\nexport const loader = handLoader;\nexport const action = kindLoader;\n',
      );
      const checker = routeChecker(root);
      const verdicts = Object.fromEntries(
        routeFiles(join(root, "app/routes"))
          .filter((f) => !f.includes("/shared/"))
          .map((f) => [checker.rel(f), checker.routeExports(f)]),
      );
      expect(verdicts).toEqual({
        "app/routes/alias.tsx": { loader: true },
        "app/routes/api/x.ts": { loader: true, action: true },
        "app/routes/by-role.tsx": { loader: true },
        "app/routes/direct.tsx": { loader: true, action: true },
        "app/routes/hand.tsx": { loader: false, action: false },
        "app/routes/reexport.tsx": { loader: true },
        // A builder not called is not a route function; a hand-written function is not one either.
        "app/routes/wrapped.tsx": { loader: false, action: false },
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
