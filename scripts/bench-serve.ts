// What one instance serves: `npm run bench:serve [-- --seconds 30 --clients 1,8,16]`.
//
// 1. The production build (built if its sources changed) started as in production on the
//    embedded PostgreSQL in a scratch data folder, with the demo data (SEED_DEMO_DATA=1): one
//    app process and its database on this machine, as a one-machine deployment runs them.
// 2. For each number of clients, that many clients of the mixed traffic the stop-under-load tests
//    send (tests/support/mixed-traffic.ts: each its own account, logged in; the home page, the
//    search page for Milano, the privacy page, two JSON calls, a login again now and then), for
//    the given seconds, one after the other.
// 3. Requests per second, and p50/p95/p99 per kind of request; any error is counted and shown.
// The figures go to docs/benchmarks.md ("What one instance serves") by hand.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfChanged } from "./build-if-changed.ts";
import { embeddedDatabaseUrl, startAppProcess } from "../tests/support/app-process.ts";
import { fetchSender, mixedTrafficClient, TRAFFIC_KINDS, type TrafficResult } from "../tests/support/mixed-traffic.ts";
import { createDb } from "../app/server/db/database.ts";
import { hashPassword } from "../app/server/accounts/passwords.ts";
import { makeUser } from "../tests/support/factories.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "30" }, clients: { type: "string", default: "1,8,16" } } });
const seconds = Number(values.seconds);
const levels = values.clients.split(",").map(Number);
const PASSWORD = "bench-serve-password";

buildIfChanged();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-bench-serve-"));
// The embedded server runs as the system user postgres when we are root: it must enter the folder.
fs.chmodSync(dataDir, 0o755);
console.log(`starting the app (production build, embedded PostgreSQL, demo data) in ${dataDir}…`);
const app = await startAppProcess({ dataDir, env: { SEED_DEMO_DATA: "1", LOG_LEVEL: "warn" }, timeoutMs: 600_000 });
try {
  const db = createDb(embeddedDatabaseUrl(dataDir), 2).db;
  const passwordHash = await hashPassword(PASSWORD);
  const emails: string[] = [];
  for (let i = 0; i < Math.max(...levels); i++) emails.push((await makeUser(db, { password_hash: passwordHash })).email);
  await db.destroy();

  const send = fetchSender(app.url);
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  console.log(`\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${seconds} s per level\n`);
  for (const clients of levels) {
    const results: TrafficResult[] = [];
    let running = true;
    // A short warm-up per level (logins, first renders), not counted.
    const warm: TrafficResult[] = [];
    let warming = true;
    await Promise.all(
      emails
        .slice(0, clients)
        .map((email, n) => mixedTrafficClient({ n, email, password: PASSWORD, send, results: warm, running: () => warming && warm.length < clients * 10 })),
    );
    warming = false;
    const started = Date.now();
    const stop = setTimeout(() => (running = false), seconds * 1000);
    await Promise.all(emails.slice(0, clients).map((email, n) => mixedTrafficClient({ n, email, password: PASSWORD, send, results, running: () => running })));
    clearTimeout(stop);
    const elapsed = (Date.now() - started) / 1000;
    const errors = results.filter((r) => r.error);
    console.log(
      `${clients} client(s): ${results.length} requests in ${elapsed.toFixed(1)} s, ${(results.length / elapsed).toFixed(1)} requests/s, ${errors.length} errors`,
    );
    for (const kind of TRAFFIC_KINDS) {
      const ms = results
        .filter((r) => r.what === kind)
        .map((r) => r.ms)
        .sort((a, b) => a - b);
      if (ms.length)
        console.log(`  ${kind.padEnd(20)} n=${String(ms.length).padStart(5)}  p50 ${pct(ms, 50)} ms  p95 ${pct(ms, 95)} ms  p99 ${pct(ms, 99)} ms`);
    }
    for (const e of errors.slice(0, 5)) console.log(`  error: ${e.what}: ${e.error}`);
  }
} finally {
  await app.stop("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
