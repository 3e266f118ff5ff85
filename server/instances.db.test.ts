// Two app processes, started as `npm start` starts one (server/index.ts on the production build),
// on one database: the second warns at start that images are kept on the instances' own disks;
// with the same S3 settings on both, neither warns. Each registers itself among the instances
// while it runs and leaves when stopped by SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/support/db.ts";
import { startS3Server, type S3TestServer } from "../tests/support/s3-server.ts";
import { buildIfChanged } from "../scripts/build-if-changed.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-two-apps-"));
let database: TestDatabase & { drop: () => Promise<void> };
let s3: S3TestServer;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  buildIfChanged(); // the app serves the production build, as npm start and npm test make it
  database = await createTestDatabase();
  s3 = await startS3Server();
}, 300_000);
afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await s3?.close();
  await database?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** An app process on the test database with its own data folder, once it listens; its output kept. */
async function start(name: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(ROOT, "server/index.ts")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? os.homedir(),
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, name),
      HOST: "127.0.0.1",
      PORT: "0",
      ORIGIN: "http://localhost",
      // No load balancer in front: nothing to wait for at the stop.
      SHUTDOWN_GRACE_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes("Stockspace is running at")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      const code = await exited;
      running.delete(child);
      return code;
    },
  };
}

const WARNING = "2 app instances share this database, and ";
const instanceRows = () => database.db.selectFrom("app_instances").select(["pid", "images"]).orderBy("started_at").execute();

describe("two app processes on one database", () => {
  // Each case starts from no instance: what a failed case left running would count as live.
  beforeEach(async () => {
    for (const child of running) child.kill("SIGKILL");
    running.clear();
    await database.db.deleteFrom("app_instances").execute();
  });

  it("keeping images on their own disks: the second warns at start; each leaves when stopped", async () => {
    const a = await start("local-a");
    const b = await start("local-b");
    expect(a.output()).not.toContain(WARNING);
    const warning = b
      .output()
      .split("\n")
      .find((line) => line.includes(WARNING));
    expect(warning).toMatch(/WARN.*keep uploaded images on their own disks: .*Set S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID/);
    expect(warning).toContain(`(pid ${a.pid}) and this instance`);
    expect(await instanceRows()).toEqual([
      { pid: a.pid, images: "local" },
      { pid: b.pid, images: "local" },
    ]);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
    expect(await instanceRows()).toEqual([]);
  }, 240_000);

  it("with the same S3 settings: no warning", async () => {
    const a = await start("s3-a", s3.env);
    const b = await start("s3-b", s3.env);
    expect(a.output() + b.output()).not.toContain("app instances share this database");
    expect((await instanceRows()).map((r) => r.images)).toEqual(["s3", "s3"]);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  }, 240_000);
});
