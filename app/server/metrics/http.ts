// The HTTP side of the metrics: every request's duration (requestMetrics, first in the chain),
// the route label of the requests React Router answers (labelRoutes, just before it), and
// GET /metrics itself (metricsEndpoint).
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import type { AppMetrics } from "./metrics.ts";
import { OTHER_ROUTE, routeLabellerOf } from "./route-label.ts";

/** The methods labelled as they are; anything else is refused before any route and labelled "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

const routeLabels = new WeakMap<Response, string>();

/** Names the route a request is counted under (a handler outside React Router's routes). */
export function labelRoute(res: Response, route: string): void {
  routeLabels.set(res, route);
}

/**
 * Times every request from its arrival to the end of its answer. The route is what a later
 * handler named (labelRoutes, the metrics endpoint); a request answered before (static files,
 * a redirect) is `/build/*`, `/uploads/*` or `other` by its path. An answer cut off before its
 * end (the client went away) is not counted.
 */
export function requestMetrics(metrics: AppMetrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = metrics.httpRequestDuration.startTimer();
    // Read now: a handler mounted under a path (express.static at /build) shortens req.path.
    const path = req.path;
    res.once("finish", () => {
      const route = routeLabels.get(res) ?? (path.startsWith("/build/") ? "/build/*" : path.startsWith("/uploads/") ? "/uploads/*" : OTHER_ROUTE);
      stop({ method: METHODS.has(req.method) ? req.method : OTHER_ROUTE, route, status: String(res.statusCode) });
    });
    next();
  };
}

/** Labels each request React Router is about to answer with its route's pattern (route-label.ts). */
export function labelRoutes(build: ServerBuild | (() => Promise<ServerBuild>)) {
  // The development server's build changes as files are saved: its labeller follows it.
  let labeller: { build: ServerBuild; label: (pathname: string) => string } | null = null;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const current = typeof build === "function" ? await build() : build;
      if (labeller?.build !== current) labeller = { build: current, label: routeLabellerOf(current) };
      labelRoute(res, labeller.label(req.path));
      next();
    } catch (err) {
      next(err);
    }
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics for a scraper holding the token: the registry in Prometheus's text format, never
 * stored by a cache. Without a token configured the path is not ours: the request goes on to the
 * app's own 404, as any unknown address. A missing or wrong token: 401 with WWW-Authenticate.
 * The tokens are compared as SHA-256 digests with timingSafeEqual: the time taken tells nothing
 * of how much of a guess was right, nor of the token's length.
 */
export function metricsEndpoint(metrics: AppMetrics, token: string | undefined) {
  const expected = token ? sha256(token) : null;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!expected) return next();
    labelRoute(res, "/metrics");
    res.setHeader("Cache-Control", "no-store");
    const given = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!given || !timingSafeEqual(sha256(given), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("401 Unauthorized: GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>\n");
      return;
    }
    try {
      const body = await metrics.registry.metrics();
      // Written as it is: no ETag or freshness check of Express's send(), nothing to cache.
      res.status(200).setHeader("Content-Type", metrics.registry.contentType);
      res.end(body);
    } catch (err) {
      next(err);
    }
  };
}
