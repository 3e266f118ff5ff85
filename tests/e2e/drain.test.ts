// Stopping an instance under load: two app processes on one database behind a load balancer
// (tests/support/load-balancer.ts: round-robin, a ready check every 200 ms, no retry), eight
// clients of mixed traffic (pages, a search, JSON calls, logins); one instance gets SIGTERM,
// exits 0, is started again on its port and rejoins. Not one request may fail: no connection
// error, no 5xx, every answer the usual one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../../app/server/db/database.ts";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { embeddedDatabaseUrl, freePort, startAppProcess, type AppProcess } from "../support/app-process.ts";
import { startLoadBalancer, type LoadBalancer } from "../support/load-balancer.ts";
import { makeUser } from "../support/factories.ts";
import { fetchSender, mixedTrafficClient, TRAFFIC_KINDS, type TrafficResult } from "../support/mixed-traffic.ts";

const CLIENTS = 8;
const PASSWORD = "drain-test-password";
const GRACE_MS = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` (a busy machine serves fewer requests a second), at most `timeoutMs`. */
async function until(what: string, done: () => boolean, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; !done(); await sleep(50)) if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-drain-"));
fs.chmodSync(work, 0o755);
// A database of its own on the run's embedded PostgreSQL, shared by both instances.
const name = `stockspace_drain_${randomBytes(4).toString("hex")}`;
const adminUrl = () => embeddedDatabaseUrl(inject("e2eDataDir"));
const databaseUrl = () => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

let balancer: LoadBalancer | null = null;
const instances: (AppProcess | null)[] = [null, null];
const ports: number[] = [];
/** Each instance's whole log (its output() keeps only the end). */
const logFiles: string[] = [];

/** Instance `i` (0 or 1), on its port and data folder, its log in the work folder. */
function startInstance(i: number): Promise<AppProcess> {
  logFiles[i] = path.join(work, `instance-${i}-${Date.now()}.log`);
  return startAppProcess({
    port: ports[i],
    dataDir: path.join(work, `data-${i}`),
    logFile: logFiles[i],
    env: {
      DATABASE_URL: databaseUrl(),
      // The public address is the balancer's; the instances stand behind it on this machine.
      ORIGIN: balancer!.url,
      TRUST_PROXY: "loopback",
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      SHUTDOWN_TIMEOUT_MS: "10000",
      LOG_LEVEL: "info",
    },
  });
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  ports.push(await freePort(), await freePort());
  balancer = await startLoadBalancer({ upstreams: ports });
  // One after the other: the first migrates the new database.
  instances[0] = await startInstance(0);
  instances[1] = await startInstance(1);
}, 300_000);

afterAll(async () => {
  for (const instance of instances) await instance?.stop("SIGTERM");
  await balancer?.close();
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("SIGTERM to one of two instances under load", () => {
  it("fails not one request: the instance drains, exits 0, starts again and rejoins", async () => {
    const db = createDb(databaseUrl(), 2).db;
    const passwordHash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: CLIENTS }, (_, i) => `drain-${i}@example.com`);
    for (const email of emails) await makeUser(db, { email, password_hash: passwordHash });
    await db.destroy();
    const lb = balancer!;
    await lb.waitFor(ports[0]!, true);
    await lb.waitFor(ports[1]!, true);

    const results: TrafficResult[] = [];
    let running = true;
    const send = fetchSender(lb.url);
    const clients = emails.map((email, n) => mixedTrafficClient({ n, email, password: PASSWORD, send, results, running: () => running }));
    const [, second] = lb.upstreams;
    let stoppedAt = 0;
    let handedBeforeRejoin = 0;
    try {
      await until("both instances serving", () => lb.upstreams.every((u) => u.handed > 25));

      stoppedAt = Date.now();
      const exitCode = await instances[1]!.stop("SIGTERM");
      instances[1] = null;
      const log = () => fs.readFileSync(logFiles[1]!, "utf8");
      await until("the stopped instance's last log line", () => log().includes('"msg":"stopped"'), 5_000);
      const stopOutput = log();
      expect(exitCode, stopOutput).toBe(0);
      expect(stopOutput).toContain(`draining: ready answers 503, new connections still taken for ${GRACE_MS} ms`);
      expect(stopOutput).not.toContain("their connections are cut");
      // The balancer took it out while it still took connections: ready's 503, not a refusal.
      const out = second!.changes.find((c) => c.at >= stoppedAt && !c.inRotation);
      expect(out?.why).toBe("ready answered 503");
      expect(out!.at - stoppedAt).toBeLessThan(GRACE_MS);

      instances[1] = await startInstance(1);
      await lb.waitFor(ports[1]!, true);
      handedBeforeRejoin = second!.handed;
      await until("the restarted instance serving", () => second!.handed - handedBeforeRejoin > 25);
    } finally {
      running = false;
      await Promise.all(clients);
    }

    const failed = results.filter((r) => r.error).map((r) => `${r.what} at +${r.at - stoppedAt} ms: ${r.error}`);
    expect(failed.slice(0, 20), `${failed.length} of ${results.length} requests failed`).toEqual([]);
    expect(lb.failures).toEqual([]);
    // Load all along, every kind of request, and the restarted instance took its share again.
    expect(results.length).toBeGreaterThan(100);
    expect(new Set(results.map((r) => r.what))).toEqual(new Set(TRAFFIC_KINDS));
    expect(results.filter((r) => r.what === "login" && r.at > stoppedAt).length).toBeGreaterThan(0);
    expect(second!.handed - handedBeforeRejoin).toBeGreaterThan(25);
  }, 300_000);
});
