// `npm test`: every test lane, as the README says (tests/support/lanes.ts): the fast lane, the
// integration lane (on the embedded PostgreSQL, or on DATABASE_URL when set) and the browser
// journeys (Debian's Chromium, installed with apt when missing, against the production build,
// rebuilt first when the sources changed).
//
//   npm test                               all three lanes, side by side (see below)
//   npm test -- <paths> / -t <name>        the same, the arguments given to each lane's Vitest
//   npm test -- --project <lane> [args]    one lane, one Vitest run (npm run test:fast, test:integration, test:browser)
//   TEST_LANES=integration,browser npm test   those lanes only, side by side
//
// Vitest runs one file at a time on two cores (a worker per core but one), and a project that
// runs its files one by one (the browser lane) only after every other project's files. So the
// lanes run as Vitest runs of their own, at the same time: the browser lane waits on Chromium
// and the app much of its time, which the integration lane uses. Each lane's output is shown
// whole when it ends (and kept in test-results/<lane>.log).
//
// Every run ends with one plain line that any CI reads: "tests: N passed, N failed, N skipped"
// (with all lanes, one line per lane first, then the totals). TEST_REPORT names the JSON report
// of a one-lane run (default test-results/vitest-<lane>.json), so that runs side by side do not
// write the same file.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureChromium } from "../tests/support/chromium.ts";
import { ROOT } from "../tests/support/app-process.ts";
import { buildIfChanged } from "./build-if-changed.ts";
import { journeyGroups, LANES, type Lane } from "../tests/support/lanes.ts";

type Counts = { passed: number; failed: number; skipped: number };
type JsonReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };

const vitest = path.join(ROOT, "node_modules/.bin", "vitest");
const results = path.join(ROOT, "test-results");
const line = (c: Counts) => `tests: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;

/** The counts of a run from Vitest's JSON report; null when it wrote none (it did not start). */
function countsOf(report: string): Counts | null {
  if (!fs.existsSync(report)) return null;
  const r = JSON.parse(fs.readFileSync(report, "utf8")) as JsonReport;
  // A file whose set-up fails reports its tests as skipped, not failed: it counts as one failure
  // here, so the closing line never reads "0 failed" on a red run.
  const failedSetUps = r.numFailedTests === 0 ? r.numFailedTestSuites : 0;
  return { passed: r.numPassedTests, failed: r.numFailedTests + failedSetUps, skipped: r.numPendingTests + r.numTodoTests };
}

/** A run's outcome: its counts, and whether it failed (a run that passed nothing has failed). */
function outcome(status: number, counts: Counts | null): { counts: Counts; ok: boolean } {
  if (!counts) return { counts: { passed: 0, failed: 1, skipped: 0 }, ok: false };
  return { counts, ok: status === 0 && counts.failed === 0 && counts.passed > 0 };
}

const vitestArgs = (report: string, extra: string[]) => ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra];

const extra = process.argv.slice(2);
const projects = extra.flatMap((arg, i) => (arg === "--project" ? [extra[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : []));
fs.mkdirSync(results, { recursive: true });

// TEST_LANES=integration,browser runs those lanes only: CI runs the fast lane in `npm run check`
// just before, on the same tree, and does not run it a second time.
const allLanes = Object.keys(LANES) as Lane[];
const chosen = (process.env.TEST_LANES ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const unknownLanes = chosen.filter((name) => !allLanes.includes(name as Lane));
if (unknownLanes.length > 0) {
  console.error(`TEST_LANES: no lane ${unknownLanes.join(", ")} (the lanes: ${allLanes.join(", ")})`);
  process.exit(2);
}
const lanes = chosen.length > 0 ? allLanes.filter((lane) => chosen.includes(lane)) : allLanes;

if (projects.length === 0 ? lanes.includes("browser") : projects.some((p) => p.includes("browser"))) {
  ensureChromium();
  // The journeys run against the production build: rebuilt when the sources changed (scripts/build-if-changed.ts).
  buildIfChanged();
}

if (projects.length > 0) {
  // One Vitest run, its output as it comes.
  const report = path.resolve(ROOT, process.env.TEST_REPORT || path.join("test-results", `vitest-${projects.join("+").replace(/[^\w+-]/g, "_")}.json`));
  fs.rmSync(report, { force: true });
  const status = spawnSync(vitest, vitestArgs(report, extra), { cwd: ROOT, stdio: "inherit", env: process.env }).status ?? 1;
  const { counts, ok } = outcome(status, countsOf(report));
  console.log(line(counts));
  process.exit(ok ? 0 : status || 1);
}

// Every lane, each a Vitest run of its own, at the same time.
// BROWSER_SHARDS=n splits the browser lane into n runs side by side, each with an app, a mail
// catcher and a browser of its own: the journeys in groups of about the same length
// (journeyGroups), or, when the arguments pick tests themselves, Vitest's --shard. 1, the
// default, is one run.
const browserShards = Math.max(1, Number(process.env.BROWSER_SHARDS) || 1);
const journeys = fs
  .readdirSync(path.join(ROOT, "tests/e2e"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => path.join(ROOT, "tests/e2e", file));
const groups = browserShards > 1 && extra.length === 0 ? journeyGroups(journeys, browserShards) : null;

function runLane(lane: Lane, shard?: { index: number; count: number }): Promise<{ lane: string; counts: Counts; ok: boolean; seconds: number }> {
  const name = shard ? `${lane}-${shard.index}of${shard.count}` : lane;
  const report = path.join(results, `vitest-${name}.json`);
  const log = path.join(results, `${name}.log`);
  fs.rmSync(report, { force: true });
  const started = performance.now();
  const out = fs.openSync(log, "w");
  // --passWithNoTests: arguments that pick files of one lane leave the others nothing to run.
  const shardArgs = !shard ? [] : groups ? groups[shard.index - 1]! : [`--shard=${shard.index}/${shard.count}`];
  const child = spawn(vitest, vitestArgs(report, ["--project", lane, "--passWithNoTests", ...shardArgs, ...extra]), {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env: process.env,
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      fs.closeSync(out);
      const seconds = (performance.now() - started) / 1000;
      const counts = countsOf(report);
      // A lane the arguments left without files (they named another lane's) has passed; with no
      // arguments, a lane that passed nothing has failed.
      const emptyByChoice = extra.length > 0 && code === 0 && counts !== null && counts.passed + counts.failed + counts.skipped === 0;
      const result = emptyByChoice ? { counts: counts!, ok: true } : outcome(code ?? 1, counts);
      console.log(`\n===== ${name} lane (${seconds.toFixed(0)} s) =====\n${fs.readFileSync(log, "utf8").trimEnd()}\n${name} lane: ${line(result.counts)}`);
      resolve({ lane: name, ...result, seconds });
    });
  });
}

console.log(`running the ${lanes.join(", ")} lanes side by side; each lane's output comes when it ends (as it runs: test-results/<lane>.log)`);
const runs = lanes.flatMap((lane) =>
  lane === "browser" && browserShards > 1
    ? Array.from({ length: browserShards }, (_, i) => runLane(lane, { index: i + 1, count: browserShards }))
    : [runLane(lane)],
);
const done = await Promise.all(runs);
const total = done.reduce(
  (sum, r) => ({ passed: sum.passed + r.counts.passed, failed: sum.failed + r.counts.failed, skipped: sum.skipped + r.counts.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log("");
for (const r of done) console.log(`${r.lane} lane: ${line(r.counts)} in ${r.seconds.toFixed(0)} s${r.ok ? "" : " (FAILED)"}`);
console.log(line(total));
process.exit(done.every((r) => r.ok) ? 0 : 1);
