// What every loader, action and resource route can read from React Router's context:
// the app's long-lived services (set by the server entry) and the acting user (set once
// per request by the root middleware).
import type { SearchIndex } from "./search/search-index.ts";
import { createContext, type ServerBuild } from "react-router";
import type { Logger } from "pino";
import type { Database } from "./db/database.ts";
import type { Config } from "./config.ts";
import type { Locale } from "../lib/locale.ts";
import type { ViewCounter } from "./stats/view-counter.ts";
import type { BillingGateway } from "./billing/stripe-gateway.ts";
import type { InstanceRegistry } from "./instances/instance-registry.ts";
import type { AppMetrics } from "./metrics/metrics.ts";

export type AppServices = {
  db: Database;
  config: Config;
  log: Logger;
  /** Secret used to derive stable values (unclaimed warehouses' jitter); read from the database. */
  secret: string;
  /**
   * The process's counter of search appearances and sheet views (app/server/stats/view-counter.ts),
   * flushed by the background workers. Set by server/start.ts; absent where no server runs (unit
   * tests, the CLI), where nothing is counted.
   */
  views?: ViewCounter;
  /** Card payments through Stripe (app/server/billing/stripe-gateway.ts); absent without Stripe keys. */
  billing?: BillingGateway;
  /**
   * This instance's search index (app/server/search/search-index.ts, decision 064); set by
   * server/start.ts unless SEARCH_INDEX=0. Absent: every search reads PostgreSQL.
   */
  searchIndex?: SearchIndex;
  /** This instance's row among the app instances on the database, refreshed by the workers; set by server/start.ts. */
  instance?: InstanceRegistry;
  /**
   * True once the instance is stopping (SIGTERM): /api/health/ready answers 503 so load balancers
   * send no more traffic. Set by server/start.ts; absent where no server runs.
   */
  draining?: () => boolean;
  /** The app's metrics (app/server/metrics/metrics.ts), set by server/start.ts; absent elsewhere (unit tests, the CLI), where nothing is counted. */
  metrics?: AppMetrics;
};

export type RequestInfo = {
  id: string;
  ip: string;
  userAgent: string;
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  secure: boolean;
  /** The logger of this request (its lines carry the request id); absent in unit tests. */
  log?: Logger;
};

export type Actor = {
  id: number;
  role: "stock_hunter" | "stocker" | "referent" | "admin";
  accountType: 0 | 1 | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  telephone: string | null;
  lang: Locale;
  sessionId: string;
  /**
   * Set when the request came with a personal access token (`Authorization: Bearer`) instead of
   * the session cookie (decision 059): its id and what it allows. The actor is then the token's
   * owner, with `sessionId` naming the token.
   */
  token?: { id: number; scope: "read" | "read_write" };
};

export const servicesContext = createContext<AppServices>();
export const requestInfoContext = createContext<RequestInfo>();
/**
 * The method the client used, set by the root middleware. React Router hands the loaders that
 * render a page with a form's answer (a submission without JavaScript) a GET request of their
 * own; this still says POST there. GET where no middleware ran (unit tests).
 */
export const requestMethodContext = createContext<string>("GET");
export const actorContext = createContext<Actor | null>(null);
/**
 * Writes a loader asks for once its page is shown (the answer is a 200): an administrator's view
 * of a user's area is audited then, so a page that refuses (a 404 for another user's warehouse,
 * a bad id) changes nothing. A fresh list per request, set by the root middleware (and by the
 * tests' context); no default, so a request without one fails rather than sharing a list.
 */
export const afterShownContext = createContext<(() => Promise<void>)[]>();
/**
 * Set when something this request ran met the database away (app/entry.server.tsx's handleError):
 * the page or call that React Router would answer with a 500 answers 503 instead.
 */
export const databaseUnavailableContext = createContext<boolean>(false);
/** The interface language of this request: the URL's /{locale}, else the locale cookie, else the fallback. */
export const localeContext = createContext<Locale>("en");
/** The CSRF token of this browser (the XSRF-TOKEN cookie's value, or a new one being set). */
export const csrfTokenContext = createContext<string>("");
/**
 * The running build's route manifest (every route's path and module), for the API description
 * (app/server/openapi/openapi.ts). The development server's build changes as files are saved, so
 * a function. Set by the Node server through createLoadContext; absent where no build runs.
 */
export const routeManifestContext = createContext<(() => Promise<ServerBuild["routes"]>) | null>(null);
