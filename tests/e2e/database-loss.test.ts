// Losing the database under load: every app connection cut (pg_terminate_backend, as a
// managed database's failover or an operator does) and the embedded server killed (kill -9).
// The app must live through both: what is in flight answers 200 or 503 (our JSON error for
// the API, the error page for pages), never a 500 or a dropped connection; /api/health/ready
// says 503 while the database is away and /api/health/live 200 throughout; the app restarts
// its embedded server itself and serves again. Each scenario starts its own app process;
// every loop is bounded in count and time.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabaseUrl, NODE, productionTestEnv, ROOT, startAppProcess, type AppProcess } from "../support/app-process.ts";

const ADMIN = "dbloss-admin@example.com";
const PASSWORD = "dbloss-test-password";
const EXTERNAL_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";
/** The error page's and the JSON error's words while the database is away (the pages asked for are Italian). */
const UNAVAILABLE_IT = "Il servizio non è disponibile in questo momento.";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The PostgreSQL at 127.0.0.1:5432 answers (CI's external-server run has one; a bare machine may not). */
async function externalServerAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: EXTERNAL_SERVER, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

type Answer = { probe: string; status: number; type: string; body: string } | { probe: string; failed: string };

/**
 * What the load asks for: the health check, public and logged-in API calls, pages (with a
 * session and without), each with its answer when the database is there (`ok`, 200 unless said).
 */
function probes(sid: string): { name: string; path: string; cookie?: string; page: boolean; ok?: number }[] {
  return [
    { name: "health", path: "/api/health/ready", page: false },
    { name: "live", path: "/api/health/live", page: false },
    { name: "markets (API, public)", path: "/api/markets", page: false },
    { name: "me (API, session)", path: "/api/me", cookie: `sid=${sid}`, page: false },
    { name: "search (page, public)", path: "/it/stocks?location=Milano", page: true },
    // No warehouse in this database: its loader's first query answers 404.
    { name: "warehouse sheet (page, public)", path: "/it/warehouses/1", page: true, ok: 404 },
    { name: "back office (page, session)", path: "/admin", cookie: `sid=${sid}`, page: true },
    { name: "new warehouse form (page, session)", path: "/admin/warehouses/new", cookie: `sid=${sid}`, page: true },
  ];
}

async function ask(url: string, probe: ReturnType<typeof probes>[number]): Promise<Answer> {
  try {
    const res = await fetch(`${url}${probe.path}`, {
      headers: probe.cookie ? { Cookie: probe.cookie } : {},
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    return { probe: probe.name, status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
  } catch (err) {
    return { probe: probe.name, failed: String((err as Error).cause ?? err) };
  }
}

/**
 * Concurrent requests (round robin over the probes) while `during` runs, and a moment after
 * it: at most `maxRequests` in all and never past `maxMs`.
 */
async function underLoad(
  url: string,
  sid: string,
  during: () => Promise<void>,
  opts = { workers: 6, maxRequests: 3000, maxMs: 90_000, minAnswers: 60 },
): Promise<Answer[]> {
  const list = probes(sid);
  const answers: Answer[] = [];
  const deadline = Date.now() + opts.maxMs;
  let stop = false;
  let sent = 0;
  const workers = Array.from({ length: opts.workers }, async (_, w) => {
    while (!stop && sent < opts.maxRequests && Date.now() < deadline) {
      const probe = list[(sent++ + w) % list.length]!;
      answers.push(await ask(url, probe));
    }
  });
  try {
    await during();
    await sleep(500);
    // A busy machine answers fewer requests in the same time: the load goes on until enough came back.
    while (answers.length < opts.minAnswers && Date.now() < deadline) await sleep(100);
  } finally {
    stop = true;
    await Promise.all(workers);
  }
  return answers;
}

/** Every answer was the usual one (200) or a proper 503: JSON with our error for the API, the error page for pages. */
function expectOnly200Or503(answers: Answer[], sid: string) {
  const pages = new Set(
    probes(sid)
      .filter((p) => p.page)
      .map((p) => p.name),
  );
  const usual = new Map(probes(sid).map((p) => [p.name, p.ok ?? 200]));
  const wrong = answers.filter((a) => {
    if ("failed" in a) return true;
    if (a.status === usual.get(a.probe)) return false;
    if (a.status !== 503) return true;
    if (a.probe === "health") return !a.type.includes("application/json");
    if (pages.has(a.probe)) return !a.type.includes("text/html") || !a.body.includes(UNAVAILABLE_IT);
    if (!a.type.includes("application/json")) return true;
    const body = JSON.parse(a.body) as { error?: string; message?: string };
    return body.error !== "service_unavailable" || !body.message;
  });
  expect(wrong.map((a) => ("failed" in a ? `${a.probe}: ${a.failed}` : `${a.probe}: ${a.status} ${a.body.slice(0, 200)}`)).slice(0, 10)).toEqual([]);
}

/** Every probe answers as usual (200) again, within `maxMs`. */
async function expectServingAgain(url: string, sid: string, maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  const expected = probes(sid).map((p) => `${p.name}: ${p.ok ?? 200}`);
  let last: string[] = [];
  while (Date.now() < deadline) {
    last = (await Promise.all(probes(sid).map((p) => ask(url, p)))).map((a) => `${a.probe}: ${"status" in a ? a.status : a.failed}`);
    if (last.join() === expected.join()) break;
    await sleep(250);
  }
  expect(last).toEqual(expected);
}

async function login(url: string): Promise<string> {
  const page = await fetch(`${url}/it`);
  const xsrf = page.headers
    .getSetCookie()
    .find((c) => c.startsWith("XSRF-TOKEN="))!
    .split(";")[0]!
    .split("=")[1]!;
  const res = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf, Cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD, remember: true }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))!
    .split(";")[0]!
    .slice(4);
}

function createAdmin(env: Record<string, string>) {
  execFileSync(NODE, [path.join(ROOT, "server/cli.ts"), "create-admin", "--email", ADMIN, "--password", PASSWORD], {
    cwd: ROOT,
    // The command line checks the production settings as the server does: ORIGIN is the one the
    // test deployments leave to the app process (its own address), so it is named here.
    env: productionTestEnv({ ...process.env, NODE_ENV: "production", ORIGIN: "http://localhost", ...env }),
    stdio: "pipe",
  });
}

/** Cut every app connection to `database` while the load runs: the app lives, answers 200 or 503, then serves again. */
async function expectConnectionsCutSurvived(app: AppProcess, sid: string, adminUrl: string, database: string) {
  let cut = 0;
  const answers = await underLoad(app.url, sid, async () => {
    cut = await terminateAppConnections(adminUrl, database);
  });
  expect(cut).toBeGreaterThan(0);
  expect(app.child.exitCode).toBeNull();
  expect(answers.length).toBeGreaterThan(50);
  expectOnly200Or503(answers, sid);
  await expectServingAgain(app.url, sid);
}

/** Cut every connection the app holds to `database`, a few times over while the load runs; how many were cut. */
async function terminateAppConnections(adminUrl: string, database: string, rounds = 5): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on("error", () => {});
  await admin.connect();
  let cut = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      await sleep(400);
      // In the select list, so it runs only on the rows the filter kept (never on this connection).
      const res = await admin.query<{ cut: boolean }>(
        "select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [database],
      );
      cut += res.rows.filter((r) => r.cut).length;
    }
  } finally {
    await admin.end();
  }
  return cut;
}

/** Running, not a zombie. */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

const external = await externalServerAnswers();

describe.runIf(external)("on the PostgreSQL at 127.0.0.1:5432 (DATABASE_URL)", () => {
  const name = `stockspace_dbloss_${randomBytes(4).toString("hex")}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-dbloss-ext-"));
  let app: AppProcess | null = null;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: EXTERNAL_SERVER });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    createAdmin({ DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, "data") });
    app = await startAppProcess({ dataDir: path.join(work, "data"), env: { DATABASE_URL: databaseUrl } });
  });

  afterAll(async () => {
    await app?.stop("SIGTERM");
    const admin = new pg.Client({ connectionString: EXTERNAL_SERVER });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("every app connection cut under load: 200 or 503 meanwhile, then 200 again", async () => {
    await expectConnectionsCutSurvived(app!, await login(app!.url), EXTERNAL_SERVER, name);
  }, 180_000);
});

describe("on the embedded PostgreSQL", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-dbloss-"));
  fs.chmodSync(work, 0o755); // the embedded server may run as the `postgres` system user
  const dataDir = path.join(work, "data");
  const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  let app: AppProcess | null = null;
  let sid = "";

  beforeAll(async () => {
    createAdmin({ DATABASE_URL: "", DATA_DIR: dataDir });
    app = await startAppProcess({ dataDir });
    sid = await login(app.url);
  });

  afterAll(async () => {
    await app?.stop("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("every app connection cut under load: 200 or 503 meanwhile, then 200 again", async () => {
    const adminUrl = embeddedDatabaseUrl(dataDir);
    await expectConnectionsCutSurvived(app!, sid, adminUrl, new URL(adminUrl).pathname.slice(1));
  }, 180_000);

  it("kill -9 of the server under load: the app restarts it, ready says 503 meanwhile, then 200; live says 200 throughout", async () => {
    const first = postmasterPid();
    const health: number[] = [];
    const answers = await underLoad(app!.url, sid, async () => {
      await sleep(500);
      process.kill(first, "SIGKILL");
      // The health check, often, until it is back (bounded).
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const res = await ask(app!.url, probes(sid)[0]!);
        health.push("status" in res ? res.status : -1);
        if (health.includes(503) && health.at(-1) === 200) break;
        await sleep(50);
      }
    });
    expect(alive(first)).toBe(false);
    expect(app!.child.exitCode).toBeNull();
    // 503 while the server was away, 200 once the app had started it again; nothing else.
    expect(health).toContain(503);
    expect(health.at(-1)).toBe(200);
    expect(health.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(postmasterPid()).not.toBe(first);
    expect(alive(postmasterPid())).toBe(true);
    expectOnly200Or503(answers, sid);
    // The process answered all along: live never asks the database.
    const live = answers.filter((a) => a.probe === "live");
    expect(live.length).toBeGreaterThan(0);
    expect(live.filter((a) => !("status" in a) || a.status !== 200)).toEqual([]);
    // The seconds without a server were answered with 503s, pages and calls alike (the search
    // may still answer from what it keeps in memory).
    const unavailable = new Set(answers.filter((a) => "status" in a && a.status === 503).map((a) => a.probe));
    expect(unavailable).toContain("warehouse sheet (page, public)");
    expect(unavailable).toContain("back office (page, session)");
    expect(unavailable).toContain("markets (API, public)");
    expect(unavailable).toContain("me (API, session)");
    await expectServingAgain(app!.url, sid);

    // And again: the restarted server is watched as the first one was.
    const second = postmasterPid();
    process.kill(second, "SIGKILL");
    await expectServingAgain(app!.url, sid);
    expect(postmasterPid()).not.toBe(second);
  }, 300_000);
});
