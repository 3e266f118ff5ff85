// No component module takes values from a module that takes values from it, directly or through
// others (a cycle): the shared value belongs in a third module both import. A cycle makes what a
// module sees at its first evaluation depend on which one loads first, and ties the two chunks
// together. Type-only imports do not count (they vanish from the bundle); import() does (a lazy
// popup that imports values back from its loader is still a cycle). Imports are read from the
// syntax tree (Vite's parser), as in lib/browser-boundary.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

const ROOT = "app/components";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

type Node = Record<string, unknown>;

/** The relative modules a file takes values from: static imports and re-exports that are not type-only, and import(). */
export function valueImports(file: string, source: string): string[] {
  const parsed = parseSync(file, source, { lang: file.endsWith(".tsx") ? "tsx" : "ts", astType: "ts" });
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const n = node as Node;
    const source = (n.source as { value?: unknown } | null | undefined)?.value;
    if (typeof source === "string") {
      const specifiers = (n.specifiers as Node[] | undefined) ?? [];
      const typeOnly =
        n.importKind === "type" ||
        n.exportKind === "type" ||
        (n.type === "ImportDeclaration" && specifiers.length > 0 && specifiers.every((s) => s.importKind === "type")) ||
        (n.type === "ExportNamedDeclaration" && specifiers.length > 0 && specifiers.every((s) => s.exportKind === "type"));
      if (
        n.type === "ImportExpression" ||
        ((n.type === "ImportDeclaration" || n.type === "ExportNamedDeclaration" || n.type === "ExportAllDeclaration") && !typeOnly)
      )
        found.push(source);
    }
    for (const value of Object.values(n)) if (value && typeof value === "object") visit(value);
  };
  visit(parsed.program);
  return found.filter((s) => s.startsWith("."));
}

/** The groups of modules that reach each other through value imports (Tarjan's strongly connected components of two or more). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

function graphOf(files: Map<string, string>): Map<string, string[]> {
  return new Map(
    [...files].map(([file, source]) => [
      file,
      valueImports(file, source)
        .map((s) => resolve(dirname(file), s))
        .filter((target) => files.has(target)),
    ]),
  );
}

describe("component imports", () => {
  it("finds a cycle through import() and ignores type-only imports (the check itself)", () => {
    const a = resolve("/x/A.tsx");
    const b = resolve("/x/B.tsx");
    const c = resolve("/x/C.tsx");
    const lazyBack = new Map([
      [a, `const B = import("./B.tsx");`],
      [b, `import { value } from "./A.tsx"; export const other = value;`],
    ]);
    expect(cycles(graphOf(lazyBack))).toEqual([[a, b].sort()]);
    const typesOnly = new Map([
      [a, `import { B } from "./B.tsx"; import type { T } from "./C.tsx";`],
      [b, `import { type U } from "./A.tsx"; export { type V } from "./A.tsx"; export const B = 1;`],
      [c, `import { B } from "./B.tsx"; export type T = typeof B;`],
    ]);
    expect(cycles(graphOf(typesOnly))).toEqual([]);
  });

  it("never go round: no component takes values from a module that takes values from it", () => {
    const files = new Map(filesUnder(ROOT).map((file) => [resolve(file), readFileSync(file, "utf8")]));
    expect(files.size).toBeGreaterThan(50);
    expect(existsSync(resolve(ROOT, "warehouse-manage/ReferentCard.tsx"))).toBe(true);
    expect(cycles(graphOf(files)).map((group) => group.map((file) => relative(process.cwd(), file)))).toEqual([]);
  });
});
