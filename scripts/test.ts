// `npm test`: every lane, as the README says (tests/support/lanes.ts): the fast lane, the
// integration lane (on the embedded PostgreSQL, or on DATABASE_URL when set) and the browser
// journeys (Debian's Chromium, installed with apt when missing, against the production build,
// rebuilt first when the sources changed). Extra arguments go to Vitest: one lane is
// `npm test -- --project fast` (also `npm run test:fast`, `test:integration`, `test:browser`).
//
// It ends with one plain line that any CI reads: "tests: N passed, N failed, N skipped".
// TEST_REPORT names the JSON report (default test-results/vitest-<lanes>.json), so that runs
// side by side do not write the same file.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureChromium } from "../tests/support/chromium.ts";
import { ROOT } from "../tests/support/app-process.ts";
import { buildIfChanged } from "./build-if-changed.ts";

const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: process.env }).status ?? 1;

const extra = process.argv.slice(2);
const projects = extra.flatMap((arg, i) => (arg === "--project" ? [extra[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : []));
const wantsBrowser = projects.length === 0 || projects.some((p) => p.includes("browser"));

if (wantsBrowser) {
  ensureChromium();
  // The journeys run against the production build: rebuilt when the sources changed (scripts/build-if-changed.ts).
  buildIfChanged();
}

const report = path.resolve(ROOT, process.env.TEST_REPORT || path.join("test-results", `vitest-${projects.length ? projects.join("+").replace(/[^\w+-]/g, "_") : "all"}.json`));
fs.rmSync(report, { force: true });
const status = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra]);

if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  // A file whose set-up fails reports its tests as skipped, not failed: it counts as one failure
  // here, so the closing line never reads "0 failed" on a red run.
  const failedSetUps = r.numFailedTests === 0 ? r.numFailedTestSuites : 0;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests + failedSetUps} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  if (r.numPassedTests === 0 && status === 0) process.exit(1);
} else {
  console.log("tests: 0 passed, 1 failed, 0 skipped (Vitest wrote no report)");
  process.exit(status === 0 ? 1 : status);
}
process.exit(status);
