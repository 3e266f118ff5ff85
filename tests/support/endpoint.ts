// Calling an endpoint's exported action or loader directly, with the contexts the server
// entry and the root middleware would fill (services, request info, actor, locale). The
// route's own parsing, validation, role guard and error mapping all run.
import { RouterContextProvider } from "react-router";
import { z } from "zod";
import { pino } from "pino";
import { loadConfig } from "../../app/server/config.ts";
import { actorContext, afterShownContext, localeContext, requestInfoContext, servicesContext, type Actor, type AppServices } from "../../app/server/context.ts";
import type { Database } from "../../app/server/db/database.ts";
import type { Locale } from "../../app/lib/locale.ts";

type RouteFn = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}) => Promise<Response> | Response;

export function testServices(db: Database): AppServices {
  return { db, config: loadConfig({ NODE_ENV: "test", ORIGIN: "http://stockspace.test" }), log: pino({ level: "silent" }), secret: "test-secret-test-secret" };
}

export function testContext(
  db: Database,
  opts: { actor?: Actor | null; locale?: Locale; ip?: string; services?: Partial<AppServices> } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, { ...testServices(db), ...opts.services });
  context.set(requestInfoContext, { id: "test", ip: opts.ip ?? "203.0.113.7", userAgent: "vitest", nonce: "nonce", secure: false });
  context.set(actorContext, opts.actor ?? null);
  context.set(localeContext, opts.locale ?? "it");
  context.set(afterShownContext, []);
  return context;
}

/** What the root middleware does once a page answers 200: the writes its loaders left (afterShownContext). */
export async function pageShown(context: Readonly<RouterContextProvider>): Promise<void> {
  for (const write of context.get(afterShownContext)) await write();
}

/**
 * An endpoint that describes its answer (apiLoader/apiAction's `response`, in the API's document):
 * every 200 JSON answer a test receives must match it, or the test fails here.
 */
export function checkDescribedAnswer(fn: unknown, response: Response, text: string): void {
  const schema = (fn as { contract?: { response?: z.ZodType } }).contract?.response;
  if (!schema || response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("application/json")) return;
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`the answer does not match its description: ${z.prettifyError(result.error)}\n${text.slice(0, 500)}`);
}

/** POST a JSON body to a route function; returns the status and the parsed JSON. */
export async function callJson(
  fn: RouteFn,
  db: Database,
  opts: {
    path?: string;
    body?: unknown;
    params?: Record<string, string>;
    actor?: Actor | null;
    locale?: Locale;
    ip?: string;
    method?: string;
    /** Extra request headers, e.g. { Cookie: "pending_reg=…" }. */
    headers?: Record<string, string>;
    /** A raw body (sent as is, instead of JSON.stringify(body)). */
    rawBody?: string;
    /** Services to use instead of the test ones (a Stripe gateway, another config). */
    services?: Partial<AppServices>;
  } = {},
): Promise<{ status: number; json: any; headers: Headers; cookies: Record<string, string> }> {
  const method = opts.method ?? "POST";
  const request = new Request(`http://stockspace.test${opts.path ?? "/api/test"}`, {
    method,
    headers: { "Content-Type": "application/json", ...opts.headers },
    body: method === "GET" ? undefined : (opts.rawBody ?? JSON.stringify(opts.body ?? {})),
  });
  const response = await fn({ request, params: opts.params ?? {}, context: testContext(db, opts) });
  const text = await response.text();
  checkDescribedAnswer(fn, response, text);
  // The cookies the response sets, name → value ("" when cleared).
  const cookies: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    cookies[pair!.slice(0, eq).trim()] = decodeURIComponent(pair!.slice(eq + 1));
  }
  return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers, cookies };
}
