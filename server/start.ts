// Starting and stopping the whole app: database (embedded or external), migrations,
// demo data, background workers, then the HTTP server that hands requests to React Router.
// Used by `npm start`, `npm run dev`, the end-to-end tests and the benchmarks.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import express from "express";
import compression from "compression";
import { pino, type Logger } from "pino";
import { PinoPretty } from "pino-pretty";
import { pinoHttp } from "pino-http";
import { createRequestHandler, sendUnhandledError } from "./request-handler.ts";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { Config } from "../app/server/config.ts";
import { openDatabase, type DatabaseHandle } from "../app/server/db/database.ts";
import { migrateToLatest } from "../app/server/db/migrate.ts";
import { appSecret } from "../app/server/db/secrets.ts";
import { setMailSender } from "../app/server/mail/sender.ts";
import { API_CONTENT_SECURITY_POLICY, BASE_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY, UPLOADS_CONTENT_SECURITY_POLICY } from "../app/server/http/headers.ts";
import { logSerializers, redactUrl } from "../app/server/http/redact.ts";
import { trustProxySetting } from "../app/server/http/proxy.ts";
import { routedPath } from "../app/server/http/guard.ts";
import { isApiPath } from "../app/server/http/middleware.ts";
import type { AppServices, RequestInfo } from "../app/server/context.ts";
import { maybeSeedDemoData, presentDemoAccounts, DEMO_PASSWORD } from "../app/server/seed/seed.ts";
import { startWorkers, type Workers } from "../app/server/jobs/workers.ts";
import { ensureCatalogue } from "../app/server/seed/reference-data.ts";
import { ensureGazetteerLoaded } from "../app/server/geo/gazetteer.ts";
import { createViewCounter } from "../app/server/stats/view-counter.ts";
import { createBillingGateway } from "../app/server/billing/stripe-gateway.ts";
import { joinInstances, type InstanceRegistry } from "../app/server/instances/instance-registry.ts";
import { createMetrics, watchDatabase, watchSearchIndex } from "../app/server/metrics/metrics.ts";
import { startSearchIndex, type SearchIndex } from "../app/server/search/search-index.ts";
import { labelRoutes, metricsEndpoint, requestMetrics } from "../app/server/metrics/http.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type RunningApp = {
  url: string;
  port: number;
  database: DatabaseHandle;
  log: Logger;
  close: () => Promise<void>;
};

type EntryModule = {
  createLoadContext: (services: AppServices, info: RequestInfo, routeManifest: () => Promise<ServerBuild["routes"]>) => RouterContextProvider;
};

/**
 * Production logs one JSON object a line, for a log collector. Outside production the same
 * records are printed as readable lines (time, level, message, then the fields that matter);
 * the request log's line already says method, path, status and time (see pinoHttp below).
 */
export function createLogger(config: Pick<Config, "production" | "logLevel">, destination?: NodeJS.WritableStream): Logger {
  const options = { level: config.logLevel, base: { app: "stockspace" } };
  if (config.production) return destination ? pino(options, destination) : pino(options);
  const pretty = PinoPretty({
    destination: destination ?? 1,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,app,req,res,reqId,responseTime",
    singleLine: true,
    // Synchronous, so a crash's last lines are not lost in a buffer.
    sync: true,
  });
  return pino(options, pretty);
}

export async function startApp(config: Config, opts: { dev?: boolean; log?: Logger } = {}): Promise<RunningApp> {
  const log = opts.log ?? createLogger(config);
  // The List-Unsubscribe mailto of every notification queued from now on names this sender.
  setMailSender(config.mailFrom);
  // This app's metrics, its own registry (GET /metrics below; docs/operations.md).
  const metrics = createMetrics();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
    observeConnectWait: (seconds) => metrics.databasePoolWait.observe(seconds),
  });
  watchDatabase(metrics, { db: database.db, pool: database.pool, log });
  let workers: Workers | null = null;
  let instance: InstanceRegistry | null = null;
  let searchIndex: SearchIndex | null = null;
  let server: http.Server | null = null;
  let vite: { close: () => Promise<void> } | null = null;
  try {
    if (config.production && database.embedded) {
      log.warn(
        "NODE_ENV=production on the embedded PostgreSQL: fine for a demo or a single small instance; a production site runs on DATABASE_URL with backups (docs/security.md)",
      );
    }
    const applied = await migrateToLatest(database.db, { warn: (m) => log.warn(m) });
    if (applied.length) log.info({ migrations: applied }, "migrations applied");
    const secret = await appSecret(database.db);
    if (await ensureCatalogue(database.db)) log.info("markets and specification catalogue loaded");
    if (await ensureGazetteerLoaded(database.db)) log.info("place gazetteer loaded");
    const seeded = await maybeSeedDemoData(database.db, { config, embedded: database.embedded !== null, log });
    // One counter of search appearances and sheet views per process, flushed by the workers.
    const views = createViewCounter(database.db, { log });
    const billing = config.stripe ? createBillingGateway(config.stripe) : undefined;
    log.info(billing ? "card payments through Stripe" : "card payments off (no Stripe keys): bank transfer only");
    // Registered among the instances on this database; warns if images are not shared among them.
    instance = await joinInstances(database.db, { images: config.s3 ? "s3" : "local", log });
    // The search index (decision 064): built in the background; until it is, the ready probe
    // answers 503 and searches read their zones from PostgreSQL.
    if (config.searchIndex) {
      const started = startSearchIndex(database.db, database.url, { log: { info: (m) => log.info(m), warn: (m) => log.warn(m) } });
      searchIndex = started.index;
      watchSearchIndex(metrics, searchIndex);
      started.built.catch((err: Error) => log.error({ err }, "search index not built: searches read PostgreSQL"));
    }
    // Set once a stop begins (close() below): ready answers 503 from then on.
    let draining = false;
    const services: AppServices = {
      db: database.db,
      config: { ...config, devServer: Boolean(opts.dev) },
      log,
      secret,
      views,
      billing,
      instance,
      searchIndex: searchIndex ?? undefined,
      draining: () => draining,
      metrics,
    };

    const app = express();
    app.disable("x-powered-by");
    // The client's address and https come from X-Forwarded-* only as far as TRUST_PROXY says.
    app.set("trust proxy", trustProxySetting(config.trustProxy));
    app.use(requestMetrics(metrics));
    app.use(compression());
    app.use((req, res, next) => {
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
      if (req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
      if (isApiPath(req.path)) res.setHeader("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
      if (routedPath(req.path).startsWith("/uploads/")) res.setHeader("Content-Security-Policy", UPLOADS_CONTENT_SECURITY_POLICY);
      next();
    });
    app.use(
      pinoHttp({
        logger: log,
        genReqId: (req, res) => {
          const id = randomUUID();
          res.setHeader("X-Request-Id", id);
          return id;
        },
        autoLogging: { ignore: (req) => (req.url ?? "").startsWith("/build/") || (req.url ?? "").startsWith("/uploads/") },
        // A scrape every few seconds would fill the log: one that got its answer is a debug line.
        customLogLevel: (req, res, err) => (err || res.statusCode >= 500 ? "error" : req.url === "/metrics" && res.statusCode === 200 ? "debug" : "info"),
        // One line that says it all; the JSON record keeps req and res in full beside it. The
        // path is redacted as the req serializer redacts it (no link token in any log line).
        customSuccessMessage: (req, res, responseTime) => `${req.method} ${redactUrl(req.url ?? "")} ${res.statusCode} ${Math.round(responseTime)} ms`,
        customErrorMessage: (req, res, err) => `${req.method} ${redactUrl(req.url ?? "")} ${res.statusCode}: ${err.message}`,
        // No cookie, token or CSRF header in any log line (app/server/http/redact.ts).
        serializers: logSerializers,
      }),
    );
    // Draining (close() below): every answer says Connection: close, so a client's next request
    // opens a new connection, which the load balancer sends to another instance; and its health
    // check on a connection still open hears ready's 503 once, then connects anew.
    app.use((_req, res, next) => {
      if (draining) res.setHeader("Connection", "close");
      next();
    });
    // Crawlers ask for /favicon.ico whatever the page says.
    app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
    // Prometheus's scrapes, with METRICS_TOKEN; without it, on to the app's 404 as any unknown path.
    app.get("/metrics", metricsEndpoint(metrics, config.metricsToken));
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    // Uploaded files never change under their name (a new photo gets a new random name): a year.
    app.use("/uploads", express.static(config.uploadsDir, { maxAge: "365d", immutable: true, fallthrough: true }));

    let build: ServerBuild | (() => Promise<ServerBuild>);
    let entry: () => Promise<EntryModule>;
    if (opts.dev) {
      const { createServer } = await import("vite");
      const devServer = await createServer({ root, server: { middlewareMode: true } });
      vite = devServer;
      app.use(devServer.middlewares);
      build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
      entry = async () => (await (build as () => Promise<ServerBuild>)()).entry.module as unknown as EntryModule;
    } else {
      const buildPath = path.join(root, "build/server/index.js");
      if (!fs.existsSync(buildPath)) throw new Error("No production build found: run `npm run build` first (npm start does).");
      const serverBuild = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
      build = serverBuild;
      entry = async () => serverBuild.entry.module as unknown as EntryModule;
      // Fingerprinted assets under /build/ never change: cache them for a year. One this build
      // does not have is a 404, not a page: while a rolling deploy runs old and new instances
      // side by side, the proxy sends a GET that one answers 404 on to the other
      // (deploy/nginx/stockspace.conf).
      app.use("/build", express.static(path.join(root, "build/client/build"), { immutable: true, maxAge: "1y", fallthrough: false }));
      // The API has no files: its calls skip the look on disk (a file-system call each, the
      // searches' included).
      const publicFiles = express.static(path.join(root, "build/client"), { maxAge: "1h", index: false });
      app.use((req, res, next) => (req.path.startsWith("/api/") ? next() : publicFiles(req, res, next)));
    }
    const entryModule = await entry();
    // The routes as the build has them, for the API description (GET /api/openapi.json).
    const routeManifest = async () => (typeof build === "function" ? await build() : build).routes;

    app.use(labelRoutes(build));
    // app.use, not a route: a route pattern would decode the path itself and fail on what the handler refuses cleanly.
    app.use(
      createRequestHandler({
        build,
        mode: opts.dev ? "development" : "production",
        origin: config.origin,
        getLoadContext: (req, res) => {
          const info: RequestInfo = {
            id: String(req.id ?? res.getHeader("X-Request-Id") ?? randomUUID()),
            ip: req.ip ?? req.socket.remoteAddress ?? "",
            userAgent: String(req.headers["user-agent"] ?? "").slice(0, 500),
            nonce: randomBytes(16).toString("base64"),
            secure: req.secure,
            log: req.log ?? log,
          };
          return entryModule.createLoadContext(services, info, routeManifest);
        },
      }),
    );
    // Whatever escaped a route: Express's own 4xx kept, a bug logged and answered 500 without details.
    app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
      if (res.headersSent) return res.destroy();
      void sendUnhandledError(req, res, err).then((status) => {
        if (status >= 500) (req.log ?? log).error({ err }, "unhandled error");
      });
    });

    workers = startWorkers(services);
    server = http.createServer(app);
    // Requests in flight (headers in, answer not yet sent out), for the graceful stop in close().
    let inFlight = 0;
    let whenIdle = () => {};
    server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
      inFlight += 1;
      res.once("close", () => {
        inFlight -= 1;
        if (inFlight === 0) whenIdle();
      });
    });
    server.keepAliveTimeout = 65_000;
    // A client gets 20 s to send its headers and 60 s for the whole request (bodies are small).
    server.headersTimeout = 20_000;
    server.requestTimeout = 60_000;
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(config.port, config.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    log.info({ url }, "listening");
    // Every development start says where the site is and, when the demo data is there, how to log in.
    if (!config.production) {
      const demo = await presentDemoAccounts(database.db);
      const accounts = demo.length
        ? `\n  Demo accounts (password "${DEMO_PASSWORD}"):\n${demo.map((a) => `    ${a.email.padEnd(22)} ${a.label}`).join("\n")}\n`
        : "";
      console.log(`\n  Stockspace is running at ${url}/it  (back office: ${url}/admin)\n${accounts}`);
    } else if (seeded) {
      log.info(`demo data loaded; demo accounts use the password ${DEMO_PASSWORD}`);
    }

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        // The stop in three steps (decision 041). At once: ready answers 503, every answer says
        // Connection: close, the workers claim no new work (what they are doing finishes).
        draining = true;
        const workersStopped = workers?.stopClaiming();
        const { shutdownGraceMs: graceMs, shutdownTimeoutMs: timeoutMs } = config;
        log.info({ inFlight, graceMs, timeoutMs }, `draining: ready answers 503, new connections still taken for ${graceMs} ms`);
        // For the grace, new connections are still taken and served: a load balancer that has not
        // yet seen the 503 loses nothing. Then no new connection; what is in flight gets timeoutMs.
        await sleep(graceMs);
        log.info({ inFlight }, `no new connections; the requests in flight get ${timeoutMs} ms to finish`);
        let cut: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          if (!server) return resolve();
          const listening = server;
          // net.Server's close: stop listening now, call back once every connection has ended.
          // (http.Server's close would also drop the idle keep-alive connections at once, before a
          // health check on one of them could hear the 503.) A busy connection ends after its
          // answer (Connection: close); the idle ones once nothing is in flight any more.
          net.Server.prototype.close.call(listening, () => resolve());
          whenIdle = () => listening.closeIdleConnections();
          if (inFlight === 0) whenIdle();
          cut = setTimeout(() => {
            log.warn({ inFlight }, `${inFlight} request(s) still in flight after ${timeoutMs} ms: their connections are cut`);
            listening.closeAllConnections();
          }, timeoutMs);
          cut.unref();
        });
        clearTimeout(cut);
        await workersStopped;
        // The last flush of what was counted (the HTTP server is closed by now), then the transport.
        await workers?.stop();
        await instance?.leave();
        await searchIndex?.stop();
        await vite?.close();
        await database.close();
        log.info("stopped");
      })());
    return { url, port, database, log, close };
  } catch (err) {
    server?.close();
    await workers?.stop();
    await instance?.leave();
    await searchIndex?.stop();
    await vite?.close();
    await database.close();
    throw err;
  }
}
