// Durability: kill the app with SIGKILL (and its embedded PostgreSQL with it) while it is
// writing, start it again, and check that every write it acknowledged is still there.
// The writes are logins, each by a user of its own: each 200 answer means a session row was committed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDatabaseUrl, NODE, productionTestEnv, ROOT, startAppProcess, type AppProcess } from "../support/app-process.ts";
import { createDb } from "../../app/server/db/database.ts";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { makeUser } from "../support/factories.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-crash-"));
fs.chmodSync(work, 0o755);
const dataDir = path.join(work, "data");
const EMAIL = "crash-admin@example.com";
const PASSWORD = "crash-test-password";
let app: AppProcess | null = null;

afterAll(async () => {
  await app?.stop("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
});

function postgresPid(): number {
  return Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

/** Running, not a zombie (a killed child waits as a zombie until something reaps it). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

async function loginOnce(url: string, email: string): Promise<string | null> {
  try {
    const page = await fetch(`${url}/it`);
    const xsrf = page.headers
      .getSetCookie()
      .find((c) => c.startsWith("XSRF-TOKEN="))!
      .split(";")[0]!
      .split("=")[1]!;
    const res = await fetch(`${url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf, Cookie: `XSRF-TOKEN=${xsrf}` },
      body: JSON.stringify({ email, password: PASSWORD, remember: true }),
    });
    if (res.status !== 200) return null;
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!
      .slice(4);
  } catch {
    return null; // the app died under us: not acknowledged
  }
}

describe("after kill -9", () => {
  it("starts again with every acknowledged write in place", async () => {
    execFileSync(NODE, [path.join(ROOT, "server/cli.ts"), "create-admin", "--email", EMAIL, "--password", PASSWORD], {
      cwd: ROOT,
      env: productionTestEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", ORIGIN: "http://localhost" }),
      stdio: "pipe",
    });
    app = await startAppProcess({ dataDir });
    const firstPostgres = postgresPid();

    // Each login is by a user of its own: a user keeps at most 10 sessions (the 11th ends the
    // oldest, by design), and every acknowledged session must survive the crash.
    const db = createDb(embeddedDatabaseUrl(dataDir), 2).db;
    const passwordHash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: 400 }, (_, i) => `crash-${i}@example.com`);
    for (const email of emails) await makeUser(db, { email, password_hash: passwordHash });
    await db.destroy();

    // Four writers in parallel; after a while, kill the app and its database mid-write.
    const acknowledged: { token: string; email: string }[] = [];
    let stop = false;
    let next = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop && next < emails.length) {
        const email = emails[next++]!;
        const token = await loginOnce(app!.url, email);
        if (token) acknowledged.push({ token, email });
      }
    });
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));
    app.child.kill("SIGKILL");
    process.kill(firstPostgres, "SIGKILL");
    stop = true;
    await Promise.all(writers);
    await app.stop();
    app = null;
    expect(alive(firstPostgres)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true); // left behind by the crash

    app = await startAppProcess({ dataDir });
    expect(postgresPid()).not.toBe(firstPostgres);
    for (const { token, email } of acknowledged) {
      const me = await (await fetch(`${app.url}/api/me`, { headers: { Cookie: `sid=${token}` } })).json();
      expect(me.user?.email).toBe(email);
    }

    // A server left running by a killed app (only the app dies) is taken over too.
    const secondPostgres = postgresPid();
    app.child.kill("SIGKILL");
    await app.stop();
    expect(alive(secondPostgres)).toBe(true);
    app = await startAppProcess({ dataDir });
    expect(alive(secondPostgres)).toBe(false);
    const again = await (await fetch(`${app.url}/api/me`, { headers: { Cookie: `sid=${acknowledged[0]!.token}` } })).json();
    expect(again.user?.email).toBe(acknowledged[0]!.email);
    // The administrator made from the command line before any of this logs in too.
    expect(await loginOnce(app.url, EMAIL)).not.toBeNull();
    // Three starts of the app and its database: a minute is not enough on a busy machine.
  }, 240_000);
});
