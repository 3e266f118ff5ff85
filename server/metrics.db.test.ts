// GET /metrics on the app as it runs (startApp on the production build): after a page, two
// searches, a 404, a static file, an e-mail sent through SMTP and one refused for good, a scrape
// shows each in its series; and /metrics refuses a scraper without the token, and is no page at
// all without METRICS_TOKEN.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../app/server/config.ts";
import { insertOutboxMessages } from "../app/server/mail/outbox.queries.ts";
import { MAX_ATTEMPTS } from "../app/server/mail/outbox.service.ts";
import { buildIfChanged } from "../scripts/build-if-changed.ts";
import { useTestDatabase } from "../tests/support/db.ts";
import { startSmtpCapture, waitForMail } from "../tests/support/smtp-capture.ts";
import { createLogger, startApp, type RunningApp } from "./start.ts";

const TOKEN = "metrics-test-token-0123456789abcdef0123456789";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-metrics-"));
const smtpDir = path.join(work, "smtp");
const t = useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let app: RunningApp;
/** Every line the app logged, as written (JSON, as in production). */
let logged = "";

function settings(env: Record<string, string>) {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: t.url,
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: path.join(work, "data"),
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: "info",
    ...env,
  });
}

beforeAll(async () => {
  buildIfChanged(); // startApp serves the production build, as npm start and npm test make it
  smtp = await startSmtpCapture(smtpDir, { refuse: /@refused\.example$/ });
  const config = settings({ METRICS_TOKEN: TOKEN });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  app = await startApp(config, { log: createLogger({ production: true, logLevel: "info" }, sink) });
}, 300_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${app.url}${url}`, { headers, redirect: "manual" });
const scrape = (running = app, token = TOKEN) => fetch(`${running.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });

/** The value of one sample of a scrape: the series' name and all of its labels, exactly. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "")
      .split(/,(?=[a-z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(",");
    if (have === wanted) return Number(match[3]);
  }
  return undefined;
}

/** Waits until `done` says so (a hook cannot use expect.poll). */
async function until(done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("GET /metrics with METRICS_TOKEN", () => {
  let text = "";

  beforeAll(async () => {
    // A page, the same search twice (the zone read, then from memory), a 404, a static file.
    const home = await get("/it");
    expect(home.status).toBe(200);
    const asset = /(\/build\/[^"']+\.js)/.exec(await home.text())?.[1];
    expect(asset).toBeDefined();
    expect((await get(asset!)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get("/it/stocks?lat=45.4642&lng=9.19&radius=10")).status).toBe(200);
    expect((await get("/it/no/such/page/42")).status).toBe(404);
    // Two e-mails through the outbox: one the server takes, one it refuses at its last attempt.
    await insertOutboxMessages(t.db, [{ to: "anna@example.com", subject: "Benvenuta", html: "<p>Ciao</p>", text: "Ciao", template: "test", lang: "it" }]);
    await t.db
      .insertInto("mail_outbox")
      .values({ to_address: "nobody@refused.example", subject: "Lost", html: "<p>x</p>", text: "x", template: "test", lang: "it", attempts: MAX_ATTEMPTS - 1 })
      .execute();
    await waitForMail(smtpDir, "anna@example.com");
    await until(
      async () =>
        (await t.db.selectFrom("mail_outbox").select("status").where("to_address", "=", "nobody@refused.example").executeTakeFirst())?.status === "failed",
    );
    await until(async () => sample(await (await scrape()).text(), "stockspace_mail_sent_total") === 1);
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    text = await response.text();
  }, 60_000);

  it("times requests by method, route pattern and status, never by the path itself", () => {
    const count = (route: string, status: string) => sample(text, "stockspace_http_request_duration_seconds_count", { method: "GET", route, status }) ?? 0;
    expect(count("/:locale", "200")).toBeGreaterThanOrEqual(1);
    expect(count("/:locale/stocks", "200")).toBeGreaterThanOrEqual(2);
    expect(count("other", "404")).toBeGreaterThanOrEqual(1);
    expect(count("/build/*", "200")).toBeGreaterThanOrEqual(1);
    // The earlier scrapes count too, under their own route.
    expect(count("/metrics", "200")).toBeGreaterThanOrEqual(1);
    const sum = sample(text, "stockspace_http_request_duration_seconds_sum", { method: "GET", route: "/:locale/stocks", status: "200" })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    for (const route of routes) expect(route).toMatch(/^(\/[:a-zA-Z0-9_*/-]*|other)$/);
    expect(text).not.toContain("45.46");
    expect(text).not.toContain("no/such");
  });

  it("counts the search's zone taken from the search index (or read from the database while it builds), then from memory", () => {
    const first =
      (sample(text, "stockspace_search_zone_cache_lookups_total", { result: "index" }) ?? 0) +
      (sample(text, "stockspace_search_zone_cache_lookups_total", { result: "miss" }) ?? 0);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(sample(text, "stockspace_search_zone_cache_lookups_total", { result: "hit" })).toBeGreaterThanOrEqual(1);
    // The search index's own figures.
    expect(sample(text, "stockspace_search_index_ready")).toBe(1);
    expect(sample(text, "stockspace_search_index_warehouses")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "stockspace_search_index_bytes")).toBeGreaterThan(0);
    expect(sample(text, "stockspace_search_index_build_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("shows the pool's connections and the waits for one", () => {
    expect(sample(text, "stockspace_db_pool_max_connections")).toBe(10);
    const open = sample(text, "stockspace_db_pool_connections")!;
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(10);
    expect(sample(text, "stockspace_db_pool_idle_connections")).toBeLessThanOrEqual(open);
    expect(sample(text, "stockspace_db_pool_waiting_requests")).toBe(0);
    // Every query waited for its connection, if only for microseconds.
    expect(sample(text, "stockspace_db_pool_wait_seconds_count")).toBeGreaterThan(10);
    expect(sample(text, "stockspace_db_pool_wait_seconds_bucket", { le: "+Inf" })).toBe(sample(text, "stockspace_db_pool_wait_seconds_count"));
  });

  it("counts the e-mail sent, the failed attempt and the e-mail failed for good, and the outbox's backlog", () => {
    expect(sample(text, "stockspace_mail_sent_total")).toBe(1);
    expect(sample(text, "stockspace_mail_send_errors_total")).toBe(1);
    expect(sample(text, "stockspace_mail_failed_total")).toBe(1);
    expect(sample(text, "stockspace_mail_outbox_messages", { status: "pending" })).toBe(0);
    expect(sample(text, "stockspace_mail_outbox_messages", { status: "sending" })).toBe(0);
    expect(sample(text, "stockspace_mail_outbox_messages", { status: "failed" })).toBe(1);
    expect(sample(text, "stockspace_mail_outbox_oldest_due_seconds")).toBe(0);
  });

  it("counts and times the background jobs' runs", () => {
    expect(sample(text, "stockspace_job_runs_total", { job: "mail-outbox" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "stockspace_job_duration_seconds_count", { job: "mail-outbox" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "stockspace_job_failures_total", { job: "mail-outbox" })).toBeUndefined();
  });

  it("declares the image series and Node's process metrics", () => {
    expect(text).toContain("# TYPE stockspace_image_processing_seconds histogram");
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
  });
});

describe("GET /metrics refuses", () => {
  it("a request without the token, or with another: 401 with WWW-Authenticate, nothing shown", async () => {
    const wrong = `${TOKEN.slice(0, -1)}X`;
    for (const authorization of [
      undefined,
      `Bearer ${wrong}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, 10)}`,
      "Bearer",
      `Basic ${btoa(`x:${TOKEN}`)}`,
      TOKEN,
    ]) {
      const response = await get("/metrics", authorization === undefined ? {} : { Authorization: authorization });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).not.toContain("stockspace_");
    }
    // The scheme's name in any case, as HTTP says.
    expect((await get("/metrics", { Authorization: `bearer ${TOKEN}` })).status).toBe(200);
  });

  it("hostile Authorization headers with a 401, never a 5xx", async () => {
    const raw = (authorization: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${app.url}/metrics`, { headers: { Authorization: authorization } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
    for (const authorization of [`Bearer ${"A".repeat(8000)}`, `Bearer ${Buffer.from("tökén€", "utf8").toString("latin1")}`, "Bearer a b", "Bearer \t"]) {
      expect(await raw(authorization), JSON.stringify(authorization.slice(0, 40))).toBe(401);
    }
  });

  it("never writes the token in the log; the refusals are logged with the header redacted", () => {
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(TOKEN.slice(0, 20));
    const refusals = logged
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string; headers?: Record<string, string> } })
      .filter((line) => line.req?.url === "/metrics" && line.msg?.includes(" 401 "));
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.some((line) => line.req?.headers?.authorization === "[redacted]")).toBe(true);
  });

  it("nothing without METRICS_TOKEN: /metrics answers as any unknown address", async () => {
    const bare = await startApp(settings({ DATA_DIR: path.join(work, "bare") }), { log: createLogger({ production: true, logLevel: "silent" }) });
    try {
      const unknown = await fetch(`${bare.url}/no-such-address`);
      // What differs from one answer to the next: the script nonce, the new visitor's CSRF token, the path.
      const normalise = (html: string) =>
        html
          .replace(/nonce="[^"]*"/g, "")
          .replace(/(csrfToken\\",\\")[^\\]+/g, "$1")
          .replace(/no-such-address|metrics/g, "PATH");
      const unknownBody = normalise(await unknown.text());
      for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const metrics = await fetch(`${bare.url}/metrics`, { headers });
        expect(metrics.status).toBe(404);
        expect(metrics.status).toBe(unknown.status);
        expect(metrics.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
        expect(metrics.headers.get("www-authenticate")).toBeNull();
        const body = normalise(await metrics.text());
        expect(body).not.toContain("stockspace_");
        expect(body).toBe(unknownBody);
      }
    } finally {
      await bare.close();
    }
  }, 120_000);
});
