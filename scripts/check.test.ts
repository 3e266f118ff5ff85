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
import { CHECK_STEPS, runSteps, type Step, type StepResult } from "./check.ts";

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
    // Plain diagnostics (file(line,col): error …) whatever the environment says of colours (FORCE_COLOR).
    try {
      const output = execFileSync(process.execPath, [...args, "-p", dir, "--pretty", "false"], { cwd: ROOT, encoding: "utf8", stdio: "pipe" });
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

describe("the check (scripts/check.ts)", () => {
  /** A step that prints when it starts and ends (ms since the epoch), sleeps, and exits with `code`. */
  const step = (name: string, { code = 0, ms = 200, after }: { code?: number; ms?: number; after?: string[] } = {}): Step => ({
    name,
    command: process.execPath,
    args: [
      "-e",
      `console.log("start", Date.now()); setTimeout(() => { console.log("end", Date.now()); console.error("${name} says hello"); process.exit(${code}); }, ${ms});`,
    ],
    after,
  });
  const at = (r: StepResult, what: "start" | "end") => Number(new RegExp(`${what} (\\d+)`).exec(r.output)![1]);

  it("runs the project's four steps, the package.json scripts, from npm run check", () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.check).toBe("node scripts/check.ts");
    expect(CHECK_STEPS.map((s) => s.name).sort()).toEqual(["format:check", "lint", "test:fast", "typecheck"]);
    for (const s of CHECK_STEPS) {
      expect(scripts[s.name], s.name).toBeTruthy();
      expect(s.args.slice(-2)).toEqual(["run", s.name]);
    }
    // The fast lane's Vite plugin rewrites the messages the type check reads: never at the same time.
    expect(CHECK_STEPS.find((s) => s.name === "test:fast")!.after).toContain("typecheck");
  });

  it("runs every step, two at a time, and a failed one fails the check with its output, the others still run", async () => {
    const ended: string[] = [];
    const results = await runSteps([step("a", { ms: 3000 }), step("b", { code: 3 }), step("c"), step("d")], { onEnd: (r) => ended.push(r.name) });
    expect(results.map((r) => [r.name, r.ok, r.code])).toEqual([
      ["a", true, 0],
      ["b", false, 3],
      ["c", true, 0],
      ["d", true, 0],
    ]);
    expect(results[1]!.output).toContain("b says hello");
    expect(ended.sort()).toEqual(["a", "b", "c", "d"]);
    const [a, b, c] = results as [StepResult, StepResult, StepResult];
    // a and b side by side; c waits for a free place (b's), not for a.
    expect(at(b, "start")).toBeLessThan(at(a, "end"));
    expect(at(c, "start")).toBeGreaterThanOrEqual(at(b, "end"));
    expect(at(c, "start")).toBeLessThan(at(a, "end"));
  });

  it("starts a step only after the steps it comes after, even with a place free", async () => {
    const results = await runSteps([step("first", { ms: 3000 }), step("then", { after: ["first"] }), step("beside")]);
    const [first, then, beside] = results as [StepResult, StepResult, StepResult];
    expect(results.every((r) => r.ok)).toBe(true);
    expect(at(then, "start")).toBeGreaterThanOrEqual(at(first, "end"));
    expect(at(beside, "start")).toBeLessThan(at(first, "end"));
  });

  it("reports a step that cannot start, and steps waiting on each other, as failures", async () => {
    const results = await runSteps([
      { name: "missing", command: path.join(ROOT, "no-such-command"), args: [] },
      step("x", { after: ["y"] }),
      step("y", { after: ["x"] }),
    ]);
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ["missing", false],
      ["x", false],
      ["y", false],
    ]);
    expect(results[0]!.output).toMatch(/could not start/);
    await expect(runSteps([step("z", { after: ["nowhere"] })])).rejects.toThrow(/not a step/);
  });
});
