import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_TOOLS, buildToolsProblem, sourcesFingerprint } from "./build-if-changed.ts";

let root = "";
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-build-"));
  write("app/root.tsx", "export default 1;");
  write("app/lib/format.ts", "export const a = 1;");
  write("messages/it.json", '{"a":"b"}');
  write("package-lock.json", "{}");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the sources' fingerprint", () => {
  it("changes with any byte the build reads, and with a file added, moved or removed", () => {
    const first = sourcesFingerprint(root);
    expect(sourcesFingerprint(root)).toBe(first);
    write("app/lib/format.ts", "export const a = 2;");
    const edited = sourcesFingerprint(root);
    expect(edited).not.toBe(first);
    write("messages/it.json", '{"a":"c"}');
    expect(sourcesFingerprint(root)).not.toBe(edited);
    const before = sourcesFingerprint(root);
    write("public/robots.txt", "User-agent: *");
    expect(sourcesFingerprint(root)).not.toBe(before);
    fs.renameSync(path.join(root, "public/robots.txt"), path.join(root, "public/robots2.txt"));
    expect(sourcesFingerprint(root)).not.toBe(before);
    fs.rmSync(path.join(root, "public"), { recursive: true });
    expect(sourcesFingerprint(root)).toBe(before);
    write("package-lock.json", '{"lockfileVersion":3}');
    expect(sourcesFingerprint(root)).not.toBe(before);
  });

  it("ignores what the build does not read: tests, and what it generates itself", () => {
    const first = sourcesFingerprint(root);
    write("app/lib/format.test.ts", "it('x', () => {});");
    write("app/components/x.test.tsx", "it('x', () => {});");
    write("app/paraglide/messages.js", "export const m = {};");
    write("app/.react-router/types/x.ts", "export {};");
    write("tests/e2e/x.test.ts", "it('x', () => {});");
    write("docs/notes.md", "# notes");
    expect(sourcesFingerprint(root)).toBe(first);
  });
});

describe("the build tools", () => {
  it("are named with the way to install them when NODE_ENV=production left them out", () => {
    const problem = buildToolsProblem(root);
    expect(problem).toContain("The build tools are not installed (@react-router/dev, vite, @tailwindcss/vite, tailwindcss, @inlang/paraglide-js)");
    expect(problem).toContain("NODE_ENV=production");
    expect(problem).toContain("npm ci --include=dev");
    for (const name of BUILD_TOOLS) write(`node_modules/${name}/package.json`, "{}");
    expect(buildToolsProblem(root)).toBeNull();
  });

  it("are installed in this checkout", () => {
    expect(buildToolsProblem()).toBeNull();
  });
});
