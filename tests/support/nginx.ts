// The site's nginx configuration (deploy/nginx/stockspace.conf) run for real: Debian's nginx
// (installed with apt when missing, as the browser's Chromium is), a self-signed certificate made
// with openssl, the site file rendered with this run's ports, name, certificate and app
// instances, checked with `nginx -t`, then nginx in the foreground in a process group of its own.
// The access log names the instance (or instances, when one was tried and then another) behind
// every request, for tests that check how requests are spread and passed on.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http2 from "node:http2";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { acceptsConnections, freePort } from "./app-process.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SITE_CONFIG = path.join(ROOT, "deploy/nginx/stockspace.conf");
export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** The values the site file ships with, which an operator (and this module) replaces. */
export const SITE_PLACEHOLDERS = {
  name: "www.example.com",
  certificate: "/etc/ssl/stockspace/fullchain.pem",
  key: "/etc/ssl/stockspace/privkey.pem",
  upstreamServer: /^([ \t]*)server 127\.0\.0\.1:300[12]( [^;\n]*)?;\n/gm,
} as const;

export function ensureNginx(): void {
  if (fs.existsSync(NGINX_PATH)) return;
  if (process.getuid?.() !== 0) throw new Error(`${NGINX_PATH} is missing: install Debian's nginx package (apt-get install nginx)`);
  console.log("installing Debian's nginx package for the deployment tests…");
  execFileSync("apt-get", ["update"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** A self-signed certificate for localhost and 127.0.0.1, valid two days. */
export function selfSignedCertificate(dir: string): { certificate: string; key: string; pem: string } {
  const certificate = path.join(dir, "fullchain.pem");
  const key = path.join(dir, "privkey.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"].concat([
      "-keyout",
      key,
      "-out",
      certificate,
    ]),
    { stdio: "pipe" },
  );
  return { certificate, key, pem: fs.readFileSync(certificate, "utf8") };
}

function replaceAll(text: string, what: string | RegExp, by: string | ((...groups: string[]) => string), name: string): string {
  const found = typeof what === "string" ? text.includes(what) : new RegExp(what.source, what.flags).test(text);
  if (!found) throw new Error(`deploy/nginx/stockspace.conf no longer has ${name} (${String(what)}): update tests/support/nginx.ts`);
  return typeof what === "string" ? text.split(what).join(by as string) : text.replace(what, by as (...groups: string[]) => string);
}

/**
 * The site file with this run's values: the listen ports on 127.0.0.1 only, the name
 * `localhost`, the certificate, and one `server` line per app instance (with the parameters the
 * file gives its instances). Every placeholder must be found, so the file and this stay in step.
 */
export function renderSite(site: string, opts: { httpPort: number; httpsPort: number; certificate: string; key: string; upstreams: string[] }): string {
  let out = site;
  out = replaceAll(out, /^[ \t]*listen \[::\]:(80|443)\b[^;\n]*;\n/gm, "", "the IPv6 listen lines");
  out = replaceAll(out, /^([ \t]*)listen 80;$/gm, `$1listen 127.0.0.1:${opts.httpPort};`, "listen 80");
  out = replaceAll(out, /^([ \t]*)listen 443 ssl http2;$/gm, `$1listen 127.0.0.1:${opts.httpsPort} ssl http2;`, "listen 443 ssl http2");
  out = replaceAll(out, SITE_PLACEHOLDERS.name, "localhost", "the site's name");
  out = replaceAll(out, SITE_PLACEHOLDERS.certificate, opts.certificate, "the certificate path");
  out = replaceAll(out, SITE_PLACEHOLDERS.key, opts.key, "the key path");
  // In each upstream, the first of the file's server lines becomes one line per instance (with
  // its parameters); the others go.
  out = replaceAll(
    out,
    /^upstream [\w-]+ \{[^}]*\}/gm,
    (block) => {
      let first = true;
      return replaceAll(
        block,
        SITE_PLACEHOLDERS.upstreamServer,
        (_line, indent, params) => {
          if (!first) return "";
          first = false;
          return opts.upstreams.map((address) => `${indent}server ${address}${params ?? ""};\n`).join("");
        },
        "an upstream's server lines",
      );
    },
    "the upstreams",
  );
  return out;
}

export type Nginx = {
  httpPort: number;
  httpsPort: number;
  /** The certificate, for clients to trust. */
  ca: string;
  dir: string;
  /** What `nginx -t` said of the configuration. */
  checked: string;
  /** The access log's lines: `method uri status upstream_addr protocol`. */
  accessLog: () => string[];
  errorLog: () => string;
  /**
   * The site rendered again with these instances (an address followed by ` down` is kept out of
   * both upstream groups, as a rolling deploy does) and nginx reloaded: resolves once the workers
   * that had the old configuration are gone, so no request is sent by the old one any more.
   */
  reload: (upstreams: string[]) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * nginx with the deployment's site in front of `upstreams` ("127.0.0.1:PORT"), on free ports of
 * 127.0.0.1 (or those given). Throws with nginx's words when `nginx -t` refuses the configuration.
 */
export async function startNginx(opts: { upstreams: string[]; httpPort?: number; httpsPort?: number; site?: string }): Promise<Nginx> {
  ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-nginx-"));
  fs.chmodSync(dir, 0o755);
  const httpPort = opts.httpPort ?? (await freePort());
  const httpsPort = opts.httpsPort ?? (await freePort());
  const cert = selfSignedCertificate(dir);
  const source = opts.site ?? fs.readFileSync(SITE_CONFIG, "utf8");
  const render = (upstreams: string[]) => renderSite(source, { httpPort, httpsPort, certificate: cert.certificate, key: cert.key, upstreams });
  const site = render(opts.upstreams);
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  // nginx's own temporary files (request bodies read whole before they are passed on), written
  // by its workers, which run as nobody when nginx is started as root.
  const temp = path.join(dir, "temp");
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    fs.mkdirSync(path.join(temp, sub), { recursive: true });
    fs.chmodSync(path.join(temp, sub), 0o777);
  }
  const accessLog = path.join(dir, "access.log");
  const errorLog = path.join(dir, "error.log");
  // What /etc/nginx/nginx.conf gives a site, with this run's files and in the foreground.
  const main = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} notice;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    log_format upstreams '$request_method $request_uri $status $upstream_addr $server_protocol';
    access_log ${accessLog} upstreams;
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${dir}/site.conf;
}
`;
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, main);
  // -e: nginx writes to its error log before reading the configuration; here, not /var/log.
  const test = spawnSync(NGINX_PATH, ["-t", "-e", errorLog, "-p", dir, "-c", conf], { encoding: "utf8" });
  let checked = `${test.stdout}${test.stderr}`;
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${checked}\n--- site.conf ---\n${site}`);
  checked += fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "";

  const child: ChildProcess = spawn(NGINX_PATH, ["-e", errorLog, "-p", dir, "-c", conf], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let dead = false;
  void exited.then(() => (dead = true));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* gone */
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (dead) throw new Error(`nginx exited during start:\n${output}\n${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""}`);
    if (await acceptsConnections(httpsPort)) break;
    if (Date.now() > deadline) {
      killGroup("SIGKILL");
      throw new Error(`nginx did not listen in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    httpPort,
    httpsPort,
    ca: cert.pem,
    dir,
    checked,
    accessLog: () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, "utf8").split("\n").filter(Boolean) : []),
    errorLog: () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""),
    reload: async (upstreams) => {
      fs.writeFileSync(path.join(dir, "site.conf"), render(upstreams));
      const before = workersOf(child.pid!);
      // SIGHUP, as `nginx -s reload` sends: new workers with the new configuration, and the old
      // ones finish what they hold and exit.
      process.kill(child.pid!, "SIGHUP");
      for (const deadline = Date.now() + 15_000; ; await new Promise((r) => setTimeout(r, 50))) {
        const now = workersOf(child.pid!);
        if (now.length > 0 && now.every((pid) => !before.includes(pid))) return;
        if (dead || Date.now() > deadline) throw new Error(`nginx did not reload in time:\n${fs.readFileSync(errorLog, "utf8")}`);
      }
    },
    stop: async () => {
      // SIGQUIT: finish what is in flight, then exit; the whole group if it lingers.
      if (!dead) killGroup("SIGQUIT");
      const timer = setTimeout(() => killGroup("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      killGroup("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes nginx's master has started (its workers), from /proc. */
function workersOf(master: number): number[] {
  const children = fs.readFileSync(`/proc/${master}/task/${master}/children`, "utf8");
  return children.split(" ").filter(Boolean).map(Number);
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One request over HTTP/2 on an open session (node's http2 client). */
export function h2Request(
  session: http2.ClientHttp2Session,
  opts: { path: string; method?: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ":path": opts.path, ":method": opts.method ?? "GET", ...opts.headers }, { endStream: opts.body === undefined });
    const chunks: Buffer[] = [];
    let head: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader = {};
    stream.on("response", (h) => (head = h));
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const { ":status": status, ...headers } = head;
      resolve({ status: Number(status), headers, body: Buffer.concat(chunks) });
    });
    stream.on("error", reject);
    if (opts.body !== undefined) stream.end(opts.body);
  });
}

/** One request over HTTP/1.1 and TLS, trusting `ca`, from `localAddress` if given (another loopback address). */
export function httpsRequest(
  url: string,
  opts: { ca: string; method?: string; headers?: Record<string, string | number>; body?: Buffer | string; localAddress?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method: opts.method ?? "GET", headers: opts.headers, ca: opts.ca, localAddress: opts.localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    // A body nginx refuses may be cut off while it is still being written: the answer still
    // comes, unless the connection is gone before it.
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "EPIPE" && err.code !== "ECONNRESET") return reject(err);
      setTimeout(() => reject(new Error(`no answer: ${err.code}`)), 2000).unref();
    });
    req.end(opts.body);
  });
}
