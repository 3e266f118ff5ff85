// `npm run check` bites: the project's own ESLint config, Prettier config and type check each
// refuse a small sample of what they are there to catch, and pass its corrected twin (so a
// failure is the sample's, not the set-up's). No database, no browser.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const eslint = new ESLint({ cwd: ROOT });

/** The rules that fire on `code` as if it were the file at `file` (relative to the root). */
async function lintRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => `${message.ruleId ?? "parse"}:${message.severity === 2 ? "error" : "warning"}`);
}

describe("the lint", () => {
  it("refuses an unused variable", async () => {
    expect(await lintRules("app/lib/check-bite.ts", "export function twice(n: number) {\n  const unused = n;\n  return n * 2;\n}\n")).toEqual([
      "@typescript-eslint/no-unused-vars:error",
    ]);
    expect(await lintRules("app/lib/check-bite.ts", "export function twice(n: number) {\n  return n * 2;\n}\n")).toEqual([]);
  });

  it("refuses an effect that misses a dependency", async () => {
    const component = (deps: string) =>
      `import { useEffect, useState } from "react";\n\nexport function Counter({ step }: { step: number }) {\n  const [n, setN] = useState(0);\n  useEffect(() => {\n    setN(step);\n  }, ${deps});\n  return <p>{n}</p>;\n}\n`;
    expect(await lintRules("app/components/CheckBite.tsx", component("[]"))).toEqual(["react-hooks/exhaustive-deps:error"]);
    expect(await lintRules("app/components/CheckBite.tsx", component("[step]"))).toEqual([]);
  });

  it("runs the accessibility rules on the components (jsx-a11y on this ESLint)", async () => {
    expect(await lintRules("app/components/CheckBite.tsx", 'export const Logo = () => <img src="/logo.svg" />;\n')).toEqual(["jsx-a11y/alt-text:error"]);
    expect(await lintRules("app/components/CheckBite.tsx", 'export const Logo = () => <img src="/logo.svg" alt="Stockspace" />;\n')).toEqual([]);
  });

  it("leaves generated code and build output alone", async () => {
    expect(await eslint.isPathIgnored(path.join(ROOT, "app/paraglide/messages.js"))).toBe(true);
    expect(await eslint.isPathIgnored(path.join(ROOT, "build/server/index.js"))).toBe(true);
    expect(await eslint.isPathIgnored(path.join(ROOT, "app/lib/format.ts"))).toBe(false);
  });

  it("keeps a reason on every disable comment in the tree", () => {
    const directive = /\/[/*]\s*eslint-disable[\w-]*/;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!["node_modules", "build", "paraglide", ".react-router"].includes(entry.name)) walk(file);
        } else if (/\.(?:ts|tsx|js)$/.test(entry.name)) {
          fs.readFileSync(path.join(ROOT, file), "utf8")
            .split("\n")
            .forEach((line, i) => {
              if (directive.test(line) && !/\s--\s\S/.test(line)) found.push(`${file}:${i + 1}`);
            });
        }
      }
    };
    for (const dir of ["app", "server", "scripts", "tests"]) walk(dir);
    expect(found).toEqual([]);
  });
});

describe("the format check", () => {
  const file = path.join(ROOT, "app/lib/check-bite.ts");

  it("refuses a misformatted file and passes it formatted, with the project's settings", async () => {
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    const messy = "export const limits = {min:1,max : 2}\n";
    expect(await prettier.check(messy, options)).toBe(false);
    const tidy = await prettier.format(messy, options);
    expect(tidy).toBe("export const limits = { min: 1, max: 2 };\n");
    expect(await prettier.check(tidy, options)).toBe(true);
    // The project's width, not Prettier's 80: a line of 150 characters stays one line.
    const long = `export const text = "${"x".repeat(127)}";\n`;
    expect(long.length).toBe(151);
    expect(await prettier.check(long, options)).toBe(true);
  });

  it("leaves the lock file and generated code alone", async () => {
    const ignored = async (name: string) =>
      (await prettier.getFileInfo(path.join(ROOT, name), { ignorePath: [path.join(ROOT, ".prettierignore"), path.join(ROOT, ".gitignore")] })).ignored;
    expect(await ignored("package-lock.json")).toBe(true);
    expect(await ignored("app/paraglide/messages.js")).toBe(true);
    expect(await ignored("app/lib/format.ts")).toBe(false);
  });
});

describe("the type check", () => {
  // Inside the project, so the type packages resolve from its node_modules (whose .cache a fresh
  // install does not have yet).
  const cache = path.join(ROOT, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, "check-bite-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The type check's own compiler (the last step of `npm run typecheck`) on one file, under the
   * project's tsconfig; `include: []`, or the project's own include would come along. */
  function typecheck(source: string): { ok: boolean; output: string } {
    fs.writeFileSync(path.join(dir, "bite.ts"), source);
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ extends: path.join(ROOT, "tsconfig.json"), files: ["bite.ts"], include: [] }));
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    const [command, ...args] = scripts.typecheck!.split("&&").at(-1)!.trim().split(/\s+/);
    expect(command).toBe("node");
    try {
      const output = execFileSync(process.execPath, [...args, "-p", dir], { cwd: ROOT, encoding: "utf8", stdio: "pipe" });
      return { ok: true, output };
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      return { ok: false, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
    }
  }

  it("refuses a type error, with the project's compiler options", () => {
    // An error only under noUncheckedIndexedAccess: `xs[0]` may be undefined.
    const bad = typecheck("const xs: number[] = [];\nexport const first: number = xs[0];\n");
    expect(bad.ok).toBe(false);
    expect(bad.output).toMatch(/bite\.ts\(2,14\): error TS2322/);
    const good = typecheck("const xs: number[] = [];\nexport const first: number = xs[0] ?? 0;\n");
    expect(good).toEqual({ ok: true, output: "" });
  });
});
