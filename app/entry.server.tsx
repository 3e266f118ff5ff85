// React Router's server entry: renders documents (with a CSP nonce on every inline script)
// and exports createLoadContext, which the Node server (server/index.ts) calls per request
// so that the contexts it fills are the very objects the routes read.
import { PassThrough } from "node:stream";
import type { EntryContext } from "react-router";
import { RouterContextProvider, ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { localeContext, requestInfoContext, servicesContext, type AppServices, type RequestInfo } from "./server/context.ts";
import { runWithLocale } from "./server/i18n.server.ts";
import { contentSecurityPolicy } from "./server/http/headers.ts";
import { NonceContext } from "./lib/nonce.ts";

export const streamTimeout = 5_000;

export function createLoadContext(services: AppServices, info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, info);
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const { config } = loadContext.get(servicesContext);

  // Render in the request's language even when the root middleware threw (area guard:
  // 401/403), which leaves its runWithLocale scope before the error page is rendered.
  return runWithLocale(loadContext.get(localeContext), () => new Promise<Response>((resolve, reject) => {
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
  }));
}
