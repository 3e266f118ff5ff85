// The embedded PostgreSQL asks every client for the superuser's password: a new cluster,
// and a cluster made with trust by an earlier version, which is upgraded at start.
// Each start takes a second or two: the scenarios share their servers.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  embeddedPasswordFile,
  embeddedTools,
  embeddedUrl,
  readEmbeddedPassword,
  runSingleUser,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from "./embedded.ts";

const warnings: string[] = [];
const infos: string[] = [];
const log = { info: (msg: string) => void infos.push(msg), warn: (msg: string) => void warnings.push(msg) };
const restarts = () => infos.filter((i) => i.includes("embedded PostgreSQL listening again")).length;

let root: string;
const servers: EmbeddedServer[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-embedded-test-"));
  fs.chmodSync(root, 0o755); // the server may run as the `postgres` system user
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<EmbeddedServer> {
  const server = await startEmbeddedPostgres(dataDir, log);
  servers.push(server);
  return server;
}

/**
 * The server's first answer to a startup message that carries no password: the
 * authentication it asks for (0 = none needed, as with trust; 10 = SASL) and the mechanisms.
 */
function authenticationAsked(target: { host: string; port: number } | { path: string }): Promise<{ code: number; mechanisms: string[] }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(target);
    socket.on("error", reject);
    socket.on("connect", () => {
      const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
      const message = Buffer.alloc(8 + params.length);
      message.writeInt32BE(message.length, 0);
      message.writeInt32BE(196608, 4); // protocol 3.0
      params.copy(message, 8);
      socket.write(message);
    });
    socket.once("data", (reply) => {
      socket.destroy();
      if (reply[0] !== "R".charCodeAt(0)) return reject(new Error(`unexpected reply ${reply.toString("latin1")}`));
      const code = reply.readInt32BE(5);
      const mechanisms = reply
        .subarray(9, 1 + reply.readInt32BE(1))
        .toString("latin1")
        .split("\0")
        .filter(Boolean);
      resolve({ code, mechanisms });
    });
  });
}

async function expectPasswordAsked(server: EmbeddedServer) {
  for (const target of [{ host: "127.0.0.1", port: server.port }, { path: path.join(server.socketDir, `.s.PGSQL.${server.port}`) }]) {
    expect(await authenticationAsked(target), JSON.stringify(target)).toEqual({ code: 10, mechanisms: ["SCRAM-SHA-256"] });
  }
}

async function query<T extends pg.QueryResultRow>(config: pg.ClientConfig, sql: string): Promise<T[]> {
  const client = new pg.Client(config);
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function activeHbaLines(dataDir: string): string[] {
  return fs
    .readFileSync(path.join(dataDir, "pg_hba.conf"), "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}

function expectScramOnly(dataDir: string) {
  const lines = activeHbaLines(dataDir);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(/\sscram-sha-256$/);
}

function fileMode(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

describe("a new embedded server", () => {
  let dataDir: string;
  let server: EmbeddedServer;
  beforeAll(async () => {
    dataDir = path.join(root, "fresh", "postgres");
    server = await start(dataDir);
  }, 120_000);

  it("asks for the password on TCP and on the unix socket", async () => {
    await expectPasswordAsked(server);
  });

  it("refuses a wrong password, on TCP and on the unix socket", async () => {
    for (const host of ["127.0.0.1", server.socketDir]) {
      await expect(query({ host, port: server.port, user: "postgres", database: "postgres", password: "wrong-password" }, "select 1")).rejects.toMatchObject({
        code: "28P01",
      });
    }
  });

  it("accepts the stored password, keeps it as a SCRAM verifier and listens on 127.0.0.1 only", async () => {
    const password = readEmbeddedPassword(dataDir);
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server.url("postgres")).toBe(embeddedUrl(server.port, password, "postgres"));
    const [settings] = await query<{ listen: string; encryption: string; verifier: string }>(
      { connectionString: server.url("postgres") },
      "select current_setting('listen_addresses') as listen, current_setting('password_encryption') as encryption, (select rolpassword from pg_authid where rolname = 'postgres') as verifier",
    );
    expect(settings!.listen).toBe("127.0.0.1");
    expect(settings!.encryption).toBe("scram-sha-256");
    expect(settings!.verifier).toMatch(/^SCRAM-SHA-256\$/);
    const [viaSocket] = await query<{ ok: number }>(
      { host: server.socketDir, port: server.port, user: "postgres", database: "postgres", password },
      "select 1 as ok",
    );
    expect(viaSocket!.ok).toBe(1);
  });

  it("keeps the password in a 0600 file beside the data folder, and pg_hba.conf trusts no one", () => {
    expect(server.passwordFile).toBe(path.join(root, "fresh", "postgres.password"));
    expect(fileMode(server.passwordFile)).toBe(0o600);
    expect(fs.existsSync(`${server.passwordFile}.new`)).toBe(false);
    expectScramOnly(dataDir);
  });

  it("refuses to start a second time on the folder of a server whose app is running, and leaves that server alone", async () => {
    // The running server is this process's child: a second app on the same DATA_DIR must not take it for a leftover.
    await expect(startEmbeddedPostgres(dataDir, log)).rejects.toThrow(new RegExp(`another app \\(pid ${process.pid}\\) is running on the database in `));
    const [alive] = await query<{ ok: number }>({ connectionString: server.url("postgres") }, "select 1 as ok");
    expect(alive!.ok).toBe(1);
  });

  it("is started again on the same port when it dies (kill -9) or is stopped under the app, with its data; stop() ends the new one", async () => {
    await query({ connectionString: server.url("postgres") }, "create table before_the_crash (note text); insert into before_the_crash values ('kept')");
    const first = postmasterPid(dataDir);
    process.kill(first, "SIGKILL");
    // The same URL answers again once the app has started a new server (bounded wait).
    const deadline = Date.now() + 60_000;
    let rows: { note: string }[] | null = null;
    while (!rows && Date.now() < deadline) {
      rows = await query<{ note: string }>({ connectionString: server.url("postgres") }, "select note from before_the_crash").catch(() => null);
      if (!rows) await new Promise((r) => setTimeout(r, 200));
    }
    expect(rows).toEqual([{ note: "kept" }]);
    // The new server answers a moment before the app has finished starting it (its start waits
    // for the server to say it is ready): a signal sent in between would count as a failed start.
    await expect.poll(restarts, { timeout: 60_000 }).toBe(1);
    const second = postmasterPid(dataDir);
    expect(second).not.toBe(first);
    expect(
      warnings.some((w) => w.includes("the embedded PostgreSQL stopped unexpectedly (SIGKILL)")),
      warnings.join("\n"),
    ).toBe(true);

    // Stopped cleanly by someone else (SIGTERM: it exits 0) while the app runs: started again too, after a pause.
    process.kill(second, "SIGTERM");
    await expect.poll(() => isRunning(second), { timeout: 30_000 }).toBe(false);
    await expect
      .poll(() => query<{ note: string }>({ connectionString: server.url("postgres") }, "select note from before_the_crash").catch(() => null), {
        timeout: 60_000,
        interval: 250,
      })
      .toEqual([{ note: "kept" }]);
    const third = postmasterPid(dataDir);
    expect(third).not.toBe(second);
    // PostgreSQL's own exit on SIGTERM (exit code 0, started again after a pause); a postmaster
    // caught before its handler is installed dies of the signal itself (started again at once).
    expect(
      warnings.some((w) => /the embedded PostgreSQL stopped unexpectedly \((exit code 0|SIGTERM)\): starting it again/.test(w)),
      warnings.join("\n"),
    ).toBe(true);

    await server.stop();
    expect(isRunning(third)).toBe(false);
    await expect(query({ connectionString: server.url("postgres") }, "select 1")).rejects.toMatchObject({ code: "ECONNREFUSED" });
  }, 90_000);
});

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
}

/** Running and not a zombie. */
function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

describe("a cluster made with trust by an earlier version", () => {
  let dataDir: string;
  let upgraded: EmbeddedServer;
  let warningsAtUpgrade: string[];
  beforeAll(async () => {
    // What earlier versions left in DATA_DIR/postgres: initdb --auth=trust and some data.
    dataDir = path.join(root, "legacy", "postgres");
    const tools = embeddedTools(log);
    fs.mkdirSync(path.dirname(dataDir));
    fs.mkdirSync(dataDir, { mode: 0o700 });
    if (tools.runAs) fs.chownSync(dataDir, tools.runAs.uid, tools.runAs.gid);
    execFileSync(tools.bin("initdb"), [`--pgdata=${dataDir}`, "--auth=trust", "--username=postgres", "--encoding=UTF8", "--locale=C", "--no-instructions"], {
      ...tools.spawnOpts,
      env: tools.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    runSingleUser(tools, dataDir, "create table legacy_data (note text);\ninsert into legacy_data values ('kept');\n");
    expect(activeHbaLines(dataDir).every((line) => line.endsWith("trust"))).toBe(true);
    expect(fs.existsSync(embeddedPasswordFile(dataDir))).toBe(false);

    warnings.length = 0;
    upgraded = await start(dataDir);
    warningsAtUpgrade = [...warnings];
  }, 120_000);

  it("is upgraded at start: a password is stored and asked for, and the data is still there", async () => {
    expect(warningsAtUpgrade.join("\n")).toMatch(/without a password/);
    await expectPasswordAsked(upgraded);
    await expect(
      query({ host: "127.0.0.1", port: upgraded.port, user: "postgres", database: "postgres", password: "wrong-password" }, "select 1"),
    ).rejects.toMatchObject({ code: "28P01" });
    const rows = await query<{ note: string }>({ connectionString: upgraded.url("postgres") }, "select note from legacy_data");
    expect(rows).toEqual([{ note: "kept" }]);
    expect(fileMode(embeddedPasswordFile(dataDir))).toBe(0o600);
    expectScramOnly(dataDir);
  });

  it("starts again on the upgraded folder, with the same password and no upgrade", async () => {
    const password = readEmbeddedPassword(dataDir);
    await upgraded.stop();
    warnings.length = 0;
    const again = await start(dataDir);
    expect(warnings).toEqual([]);
    expect(readEmbeddedPassword(dataDir)).toBe(password);
    const rows = await query<{ note: string }>({ connectionString: again.url("postgres") }, "select note from legacy_data");
    expect(rows).toEqual([{ note: "kept" }]);
    await expectPasswordAsked(again);
    await again.stop();
  }, 60_000);

  it("finishes an upgrade that a crash interrupted, and recovers from a lost password file", async () => {
    // A crash after the new password was stored as pending, before it was set: pg_hba.conf
    // still says trust and the role has no password. The next start must set the pending one.
    const passwordFile = embeddedPasswordFile(dataDir);
    const hbaFile = path.join(dataDir, "pg_hba.conf");
    const tools = embeddedTools(log);
    fs.writeFileSync(hbaFile, fs.readFileSync(hbaFile, "utf8").replaceAll("scram-sha-256", "trust"));
    runSingleUser(tools, dataDir, "alter role postgres with password null;\n");
    fs.rmSync(passwordFile);
    const pending = "p".repeat(43);
    fs.writeFileSync(`${passwordFile}.new`, `${pending}\n`, { mode: 0o600 });
    if (tools.runAs) fs.chownSync(`${passwordFile}.new`, tools.runAs.uid, tools.runAs.gid);

    const resumed = await start(dataDir);
    expect(readEmbeddedPassword(dataDir)).toBe(pending);
    expect(fs.existsSync(`${passwordFile}.new`)).toBe(false);
    expectScramOnly(dataDir);
    await expectPasswordAsked(resumed);
    const rows = await query<{ note: string }>({ connectionString: embeddedUrl(resumed.port, pending, "postgres") }, "select note from legacy_data");
    expect(rows).toEqual([{ note: "kept" }]);
    await resumed.stop();

    // The password file deleted: the data folder's owner may set a new one.
    fs.rmSync(passwordFile);
    const recovered = await start(dataDir);
    const fresh = readEmbeddedPassword(dataDir);
    expect(fresh).not.toBe(pending);
    await expect(query({ connectionString: embeddedUrl(recovered.port, pending, "postgres") }, "select 1")).rejects.toMatchObject({ code: "28P01" });
    expect(await query({ connectionString: recovered.url("postgres") }, "select note from legacy_data")).toEqual([{ note: "kept" }]);
    await recovered.stop();
  }, 90_000);
});
