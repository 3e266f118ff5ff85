// The production start as an operator runs it, `npm run serve`, as a process: what it refuses to
// start without.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../tests/support/app-process.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-serve-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Only what a login shell has: nothing of the test run's own configuration leaks in. */
const BARE_ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? os.homedir() };

/** `npm run serve` in the project, with this environment. */
function serve(env: Record<string, string>) {
  const child = spawn("npm", ["run", "serve"], { cwd: ROOT, env: { ...BARE_ENV, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("npm run serve with NODE_ENV=production", () => {
  it("refuses to start without the settings production needs, naming each one missing", async () => {
    const app = serve({ NODE_ENV: "production", DATA_DIR: path.join(work, "refused"), PORT: "0" });
    expect(await app.exited).toBe(1);
    const output = app.output();
    expect(output).toContain("could not start: Invalid configuration:");
    for (const name of ["ORIGIN", "DATABASE_URL", "SMTP_URL", "MAIL_FROM", "OPERATOR_NAME", "OPERATOR_VAT", "OPERATOR_ADDRESS", "OPERATOR_EMAIL"]) {
      expect(output).toContain(`  ${name}: required in production`);
    }
    // Refused before anything started: no database was made under DATA_DIR.
    expect(fs.existsSync(path.join(work, "refused", "postgres"))).toBe(false);
  });

  it("names only what is still missing once the rest is given or waived", async () => {
    const app = serve({
      NODE_ENV: "production",
      DATA_DIR: path.join(work, "refused"),
      ORIGIN: "https://www.example.com",
      ALLOW_EMBEDDED_DATABASE: "1",
      MAIL_TRANSPORT: "file",
      MAIL_FROM: "Stockspace <no-reply@example.com>",
      OPERATOR_NAME: "Stockspace S.r.l.",
      OPERATOR_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
    });
    expect(await app.exited).toBe(1);
    const named = [...app.output().matchAll(/^ {2}([A-Z_]+): required in production/gm)].map((m) => m[1]);
    expect(named).toEqual(["OPERATOR_VAT", "OPERATOR_EMAIL"]);
  });
});
