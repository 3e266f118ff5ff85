// The production start as an operator runs it, `npm run serve`, as a process: what it refuses to
// start without, and how it stops under a supervisor (SIGTERM to the process it started).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsConnections, freePort, ROOT } from "../tests/support/app-process.ts";
import { createTestDatabase } from "../tests/support/db.ts";
import { makeUser } from "../tests/support/factories.ts";
import { hashPassword } from "../app/server/accounts/passwords.ts";
import { buildIfChanged } from "../scripts/build-if-changed.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-serve-"));
const started: number[] = [];
afterAll(() => {
  // Whatever a failed test left running: its whole process group.
  for (const pid of started) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
});

/** Only what a login shell has: nothing of the test run's own configuration leaks in. */
const BARE_ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? os.homedir() };

/** `npm run serve` in the project, with this environment, in a process group of its own (as under a supervisor). */
function serve(env: Record<string, string>) {
  const child = spawn("npm", ["run", "serve"], { cwd: ROOT, env: { ...BARE_ENV, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  started.push(child.pid!);
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

  it("refuses to start with the old SHUTDOWN_GRACE_SECONDS, naming what replaced it", async () => {
    const app = serve({ NODE_ENV: "production", DATA_DIR: path.join(work, "refused"), PORT: "0", SHUTDOWN_GRACE_SECONDS: "10" });
    expect(await app.exited).toBe(1);
    expect(app.output()).toMatch(/^ {2}SHUTDOWN_GRACE_SECONDS: no longer read: replaced by SHUTDOWN_GRACE_MS .* and SHUTDOWN_TIMEOUT_MS /m);
    expect(app.output()).toContain("set SHUTDOWN_TIMEOUT_MS=10000");
  });
});

// ------------------------------------------------------------------ stopping under a supervisor

/** Running, not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

/** The processes `pid` started. */
function childrenOf(pid: number): number[] {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; reusedSocket: boolean };

/** Sends the request as it is written so far; the answer once it is complete. */
function answerOf(req: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.once("error", reject);
    req.once("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.once("end", () => resolve({ status: res.statusCode!, headers: res.headers, body, reusedSocket: req.reusedSocket }));
      res.once("error", reject);
    });
  });
}

function get(port: number, pathname: string, agent: http.Agent): Promise<Answer> {
  const req = http.request({ host: "127.0.0.1", port, path: pathname, agent });
  const answer = answerOf(req);
  req.end();
  return answer;
}

describe("npm run serve, stopped with SIGTERM", () => {
  const EMAIL = "serve-test@example.com";
  const PASSWORD = "serve-test-password";
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    buildIfChanged(); // serve runs the production build, as npm start and npm test make it
    database = await createTestDatabase();
    await makeUser(database.db, { email: EMAIL, password_hash: await hashPassword(PASSWORD) });
  }, 300_000);
  afterAll(async () => database?.drop());

  /** The app on the test's database, answering; the process npm started is the server itself. */
  async function startServing(env: Record<string, string> = {}) {
    const port = await freePort();
    const app = serve({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, `data-${port}`),
      DATABASE_URL: database.url,
      ORIGIN: `http://localhost:${port}`,
      MAIL_TRANSPORT: "file",
      MAIL_FROM: "Stockspace <no-reply@example.com>",
      OPERATOR_NAME: "Stockspace S.r.l.",
      OPERATOR_VAT: "IT01234567890",
      OPERATOR_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
      OPERATOR_EMAIL: "privacy@example.com",
      LOG_LEVEL: "warn",
      ...env,
    });
    let exited = false;
    void app.exited.then(() => (exited = true));
    for (const deadline = Date.now() + 120_000; ;) {
      if (exited || Date.now() > deadline) throw new Error(`the app did not start:\n${app.output()}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      if (res?.ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const [server, ...others] = childrenOf(app.child.pid!);
    expect(others).toEqual([]);
    expect(fs.readFileSync(`/proc/${server}/cmdline`, "utf8")).toContain("server/index.ts");
    return { ...app, port, npmPid: app.child.pid!, serverPid: server! };
  }

  /** A login whose headers and first bytes are sent now; `finish()` sends the rest. */
  async function slowLogin(port: number) {
    const page = await fetch(`http://127.0.0.1:${port}/it`);
    const xsrf = page.headers
      .getSetCookie()
      .find((c) => c.startsWith("XSRF-TOKEN="))!
      .split(";")[0]!
      .slice("XSRF-TOKEN=".length);
    const body = JSON.stringify({ email: EMAIL, password: PASSWORD, remember: false });
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/login",
      agent: false,
      // The server answers "100 Continue" once it has the headers: then the request is in flight.
      headers: {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        "X-XSRF-TOKEN": xsrf,
        Cookie: `XSRF-TOKEN=${xsrf}`,
        Expect: "100-continue",
      },
    });
    const answer = answerOf(req);
    const inFlight = new Promise((resolve) => req.once("continue", resolve));
    req.flushHeaders();
    await inFlight;
    req.write(body.slice(0, 10));
    return { answer, finish: () => req.end(body.slice(10)) };
  }

  const GRACE_MS = 3_000;

  for (const [who, signal] of [
    ["npm's process, the one a supervisor started", (app: { npmPid: number }) => process.kill(app.npmPid, "SIGTERM")],
    ["the whole process group, as systemd does by default", (app: { npmPid: number }) => process.kill(-app.npmPid, "SIGTERM")],
  ] as const) {
    it(`to ${who}: ready 503 at once, connections taken for the grace then refused, the request in flight finished, exit 0`, async () => {
      const app = await startServing({ SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: "info" });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect((await get(app.port, "/api/health/ready", agent)).status).toBe(200);
      const login = await slowLogin(app.port);

      const stoppedAt = Date.now();
      signal(app);
      // A load balancer's connection, open from before the stop, hears at once: not ready any more.
      await expect.poll(async () => (await get(app.port, "/api/health/ready", agent)).status, { timeout: 1_000, interval: 20 }).toBe(503);
      const ready = await get(app.port, "/api/health/ready", new http.Agent());
      expect(ready.headers.connection).toBe("close");
      expect(ready.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(ready.body)).toEqual({ status: "draining" });
      // During the grace: new connections taken and served, the process alive and answering.
      expect(await acceptsConnections(app.port)).toBe(true);
      const page = await get(app.port, "/it", new http.Agent());
      expect(page.status).toBe(200);
      expect(page.headers.connection).toBe("close");
      expect((await get(app.port, "/api/health/live", new http.Agent())).status).toBe(200);
      expect(JSON.parse((await get(app.port, "/api/health", new http.Agent())).body)).toEqual({ status: "draining" });
      expect(Date.now() - stoppedAt, "the checks above ran within the grace").toBeLessThan(GRACE_MS);

      // After the grace: refused.
      await expect.poll(() => acceptsConnections(app.port), { timeout: GRACE_MS + 3_000, interval: 50 }).toBe(false);
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
      expect(alive(app.serverPid)).toBe(true);

      // The request in flight since before the stop completes, logged in.
      login.finish();
      const answer = await login.answer;
      expect(answer.status, answer.body).toBe(200);
      expect(answer.headers["set-cookie"]?.some((c) => c.startsWith("sid="))).toBe(true);

      expect(await app.exited).toBe(0);
      expect(alive(app.serverPid)).toBe(false);
      expect(await acceptsConnections(app.port)).toBe(false);
      expect(app.output()).toContain(`draining: ready answers 503, new connections still taken for ${GRACE_MS} ms`);
      expect(app.output()).not.toContain("their connections are cut");
      agent.destroy();
    }, 180_000);
  }

  it("cuts what is still in flight SHUTDOWN_TIMEOUT_MS after the grace, says so, and exits 0", async () => {
    const app = await startServing({ SHUTDOWN_GRACE_MS: "500", SHUTDOWN_TIMEOUT_MS: "1000", LOG_LEVEL: "info" });
    const login = await slowLogin(app.port);
    const stoppedAt = Date.now();
    process.kill(app.npmPid, "SIGTERM");
    await expect(login.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await app.exited).toBe(0);
    const took = Date.now() - stoppedAt;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(8_000);
    expect(alive(app.serverPid)).toBe(false);
    expect(app.output()).toContain("1 request(s) still in flight after 1000 ms: their connections are cut");
  }, 180_000);
});
