// Runs the built app as a separate process, as in production (node server/index.ts), on
// a free port with its own DATA_DIR (embedded PostgreSQL). Used by the end-to-end tests
// and by the crash test.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EMBEDDED_DATABASE } from "../../app/server/db/database.ts";
import { embeddedUrl, readEmbeddedPassword } from "../../app/server/db/embedded.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const NODE = process.execPath;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => (typeof a === "object" && a ? resolve(a.port) : reject(new Error("no port"))));
    });
  });
}

/** Whether a new TCP connection to the port on 127.0.0.1 is accepted. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export function ensureBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("the app is not built: run `npm run build` (npm test does it)");
  }
}

/**
 * What a test deployment says to start as in production, where the app refuses to start without
 * them (app/server/config.ts, decision 018): the embedded database and, without SMTP_URL, mail as
 * files, both explicitly; a sender and the operator's identity. ORIGIN is the test's own address.
 */
export function productionTestEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {
    ALLOW_EMBEDDED_DATABASE: "1",
    MAIL_FROM: "Stockspace <no-reply@stockspace.test>",
    OPERATOR_NAME: "Stockspace Test S.r.l.",
    OPERATOR_VAT: "IT01234567890",
    OPERATOR_ADDRESS: "Via Roma 1, 20121 Milano (MI)",
    OPERATOR_EMAIL: "privacy@stockspace.test",
  };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  out.MAIL_TRANSPORT ??= out.SMTP_URL ? "smtp" : "file";
  return out;
}

export type AppProcess = { url: string; port: number; child: ChildProcess; output: () => string; stop: (signal?: NodeJS.Signals) => Promise<number | null> };

export async function startAppProcess(opts: {
  dataDir: string;
  env?: Record<string, string>;
  port?: number;
  timeoutMs?: number;
  logFile?: string;
}): Promise<AppProcess> {
  const port = opts.port ?? (await freePort());
  let output = "";
  const child = spawn(NODE, [path.join(ROOT, "server/index.ts")], {
    cwd: ROOT,
    env: productionTestEnv({
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir,
      ORIGIN: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // No load balancer in front of a test's app, so no grace to wait for at its stop (the
      // tests of the stop set their own).
      SHUTDOWN_GRACE_MS: "0",
      ...opts.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  // Every line the app logs, kept whole for the tests that read the logs.
  if (opts.logFile) child.stdout?.pipe(fs.createWriteStream(opts.logFile));
  child.stderr?.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let dead = false;
  void exited.then(() => (dead = true));

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (dead) throw new Error(`the app exited during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app did not start in time:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (!dead) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The app's database on its embedded server, for tests that look into it: the port from the
 * pid file (line 4), the password from the file beside the data folder.
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const pgData = path.join(dataDir, "postgres");
  const lines = fs.readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n");
  return embeddedUrl(Number(lines[3]?.trim()), readEmbeddedPassword(pgData), EMBEDDED_DATABASE);
}
