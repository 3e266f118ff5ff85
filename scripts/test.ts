// `npm test`: the whole suite, as CI runs it. Builds the app as in production, then runs
// unit and integration tests (on the embedded PostgreSQL, or on DATABASE_URL when set)
// and the browser journeys (Debian's Chromium, installed with apt when missing).
// Extra arguments go to Vitest, e.g. `npm test -- --project app`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureChromium } from "../tests/support/chromium.ts";
import { ROOT } from "../tests/support/app-process.ts";
import { buildIfChanged } from "./build-if-changed.ts";

const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: process.env }).status ?? 1;

const extra = process.argv.slice(2);
const wantsBrowser = extra.length === 0 || extra.join(" ").includes("e2e");

if (wantsBrowser) {
  ensureChromium();
  // The journeys run against the production build: rebuilt when the sources changed (scripts/build-if-changed.ts).
  buildIfChanged();
}

const report = path.join(ROOT, "test-results", "vitest.json");
fs.rmSync(report, { force: true });
const status = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra]);

// A plain closing line that any CI reads: "tests: N passed, N failed".
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  // A file whose set-up fails reports its tests as skipped, not failed: it counts as one failure
  // here, so the closing line never reads "0 failed" on a red run.
  const failedSetUps = r.numFailedTests === 0 ? r.numFailedTestSuites : 0;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests + failedSetUps} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  if (r.numPassedTests === 0 && status === 0) process.exit(1);
}
process.exit(status);
