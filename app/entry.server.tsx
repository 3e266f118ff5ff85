// React Router's server entry: renders documents (with a CSP nonce on every inline script)
// and exports createLoadContext, which the Node server (server/index.ts) calls per request
// so that the contexts it fills are the very objects the routes read.
import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, ServerBuild } from "react-router";
import { isRouteErrorResponse, RouterContextProvider, ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  databaseUnavailableContext,
  localeContext,
  requestInfoContext,
  routeManifestContext,
  servicesContext,
  type AppServices,
  type RequestInfo,
} from "./server/context.ts";
import { isDatabaseUnavailable } from "./server/db/unavailable.ts";
import { logDatabaseUnavailable, SERVICE_UNAVAILABLE } from "./server/http/respond.ts";
import { runWithLocale } from "./server/i18n.server.ts";
import { contentSecurityPolicy } from "./server/http/headers.ts";
import { NonceContext } from "./lib/nonce.ts";

export const streamTimeout = 5_000;

export function createLoadContext(
  services: AppServices,
  info: RequestInfo,
  routeManifest: (() => Promise<ServerBuild["routes"]>) | null = null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, info);
  context.set(routeManifestContext, routeManifest);
  return context;
}

/**
 * Every error a loader, action or middleware threw (React Router hands them here before it
 * answers 500). One that says the database is away is noted on the request, so that the
 * answer is 503 (handleRequest below; server/request-handler.ts for the API), and logged as
 * a warning; the rest are logged as React Router does by default.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    context?.set(databaseUnavailableContext, true);
    logDatabaseUnavailable(context?.get(requestInfoContext).log ?? console, error);
    return;
  }
  // A Response is what handleRequest throws for the 503 page: no error to log.
  if (error instanceof Response || request.signal.aborted) return;
  // React Router's own errors (a 404, a 405) carry the error they stand for.
  console.error(isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader or action met the database away: not a server error but a 503, rendered by the
  // error boundary (React Router renders it again with what this throws).
  if (responseStatusCode === 500 && loadContext.get(databaseUnavailableContext)) {
    throw Response.json({ code: SERVICE_UNAVAILABLE.code }, { status: SERVICE_UNAVAILABLE.status });
  }
  if (responseStatusCode === SERVICE_UNAVAILABLE.status) responseHeaders.set("Retry-After", SERVICE_UNAVAILABLE.headers["Retry-After"]);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const { config } = loadContext.get(servicesContext);

  // Render in the request's language even when the root middleware threw (area guard:
  // 401/403), which leaves its runWithLocale scope before the error page is rendered.
  return runWithLocale(
    loadContext.get(localeContext),
    () =>
      new Promise<Response>((resolve, reject) => {
        let shellRendered = false;
        const userAgent = request.headers.get("user-agent");
        // Crawlers get the whole page at once; people get the shell first.
        const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
        let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

        const app = (
          <NonceContext.Provider value={nonce}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </NonceContext.Provider>
        );
        const { pipe, abort } = renderToPipeableStream(app, {
          nonce,
          // A Suspense boundary whose content is ready goes into the HTML in its place, however
          // large. By default React moves a boundary past 12.8 kB out of the shell, into a hidden
          // element that an inline script reveals later: the search's result list and the sheet's
          // lower sections (HydrateLater) would then be missing without JavaScript, and show late
          // with it.
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          [readyOption]() {
            shellRendered = true;
            const body = new PassThrough({
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                callback();
              },
            });
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, config));
            pipe(body);
            resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          },
          onShellError(error: unknown) {
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellRendered) console.error(error);
          },
        });
      }),
  );
}
