// Node (Express) → React Router. Our own glue instead of @react-router/express, because what
// the app must refuse is decided here, before React Router reads anything:
//
// - a method no route takes (PROPFIND, TRACE…) → 405 JSON (after its body is read, see below);
// - a body over its limit → 413 JSON, judged on Content-Length and again while reading (a
//   chunked body is counted as it arrives and never held past the limit), and the
//   connection is closed, since the rest of that body is not going to be read;
// - every other body is read whole (it is small) before React Router sees the request, so a
//   route that answers without reading it (401, 403, 404, 419) leaves the keep-alive
//   connection clean for the next request;
// - the request's URL is built from ORIGIN and the path only: a Host or X-Forwarded-Host
//   header chooses nothing.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { jsonError, SERVICE_UNAVAILABLE } from "../app/server/http/respond.ts";
import { databaseUnavailableContext } from "../app/server/context.ts";
import { isDatabaseUnavailable } from "../app/server/db/unavailable.ts";
import { isApiPath, requestLocale } from "../app/server/http/middleware.ts";
import { routedPath } from "../app/server/http/guard.ts";
import { MAX_UPLOAD_BYTES } from "../app/server/images/image-processing.ts";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Any request body, unless a rule below says more. Our forms and JSON payloads are a few KB. */
export const DEFAULT_BODY_LIMIT = 1_000_000;
/** Routes that take bigger bodies (uploads), one line each: path pattern (as routed) → bytes. */
export const BODY_LIMITS: { pattern: RegExp; bytes: number }[] = [
  // A warehouse photo, one per call, plus the multipart envelope; larger is refused (413) unread.
  { pattern: /^\/api\/(admin|stocker|referent)\/warehouses\/[^/]+\/upload\/?$/, bytes: MAX_UPLOAD_BYTES + 64 * 1024 },
];

export function bodyLimitFor(pathname: string): number {
  const path = routedPath(pathname);
  return BODY_LIMITS.find((rule) => rule.pattern.test(path))?.bytes ?? DEFAULT_BODY_LIMIT;
}

type ReadBody = { body: Buffer } | { tooLarge: true } | { aborted: true };

/** The whole body, tooLarge as soon as it passes `limit` bytes (declared or counted), or aborted when the client goes away. */
function readBodyWithin(req: ExpressRequest, limit: number): Promise<ReadBody> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        req.pause();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve({ body: Buffer.concat(chunks) });
    };
    const onError = () => {
      done();
      resolve({ aborted: true });
    };
    const onClose = () => {
      if (!req.complete) onError();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

function localeOf(req: ExpressRequest, url: URL) {
  return requestLocale(new Request(url, { headers: { cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" } }), url);
}

/**
 * Express's last stop for what escaped a handler: its own refusals (a path its static files
 * cannot decode…) keep their 4xx; the database away answers 503; anything else is a bug,
 * logged by the caller, and a 500 without details. All in the user's language, as JSON.
 */
export async function sendUnhandledError(req: ExpressRequest, res: ExpressResponse, err: unknown): Promise<number> {
  const status = typeof (err as { status?: unknown })?.status === "number" ? (err as { status: number }).status : 500;
  const clientError = status >= 400 && status < 500;
  let locale: ReturnType<typeof localeOf> = "it";
  try {
    locale = localeOf(req, new URL(`http://localhost${req.originalUrl.startsWith("/") ? "" : "/"}${req.originalUrl}`));
  } catch {
    /* keep the fallback */
  }
  // The database away is no bug: 503, as every call answers it (app/server/db/unavailable.ts).
  if (isDatabaseUnavailable(err)) {
    await send(res, jsonError(SERVICE_UNAVAILABLE.status, SERVICE_UNAVAILABLE.code, locale, {}, SERVICE_UNAVAILABLE.headers));
    return SERVICE_UNAVAILABLE.status;
  }
  await send(res, jsonError(clientError ? status : 500, clientError ? "invalid" : "server_error", locale));
  return clientError ? status : 500;
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // A route's own policy (the GDPR export's printable page) replaces the one set before
    // routing: two policies would both apply, and the stricter one would block its style.
    if (key === "content-security-policy") res.setHeader(key, value);
    else res.append(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (err) {
    if (res.destroyed || res.writableEnded) return;
    throw err;
  }
}

/** A refusal that ends the connection: the rest of the request will not be read. */
async function refuseAndClose(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  response.headers.set("Connection", "close");
  res.once("finish", () => req.socket.destroy());
  await send(res, response);
}

export function createRequestHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  origin: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}) {
  const handle = createReactRouterHandler(opts.build, opts.mode);
  const base = new URL(opts.origin);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      // The path and query as sent; anything that is not a path (an absolute URL, "*") is no page of ours.
      const target = req.originalUrl;
      const url = target.startsWith("/") ? new URL(`${base.origin}${target}`) : null;
      if (!url || url.origin !== base.origin) {
        await refuseAndClose(req, res, jsonError(400, "invalid", "it"));
        return;
      }
      const locale = localeOf(req, url);
      // Every body is read (within its limit) before anything answers, so the connection is
      // ready for the next request whatever the answer.
      let body: Buffer | null = null;
      if (!req.complete || (req.method !== "GET" && req.method !== "HEAD")) {
        const read = await readBodyWithin(req, bodyLimitFor(url.pathname));
        if ("aborted" in read) {
          res.destroy();
          return;
        }
        if ("tooLarge" in read) {
          await refuseAndClose(req, res, jsonError(413, "payload_too_large", locale));
          return;
        }
        body = read.body;
      }
      // A path the router could not decode, or one with a NUL, names nothing of ours.
      if (!isCleanPath(url.pathname)) {
        await send(res, jsonError(404, "not_found", locale));
        return;
      }
      if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
        await send(res, jsonError(405, "method_not_allowed", locale, {}, { Allow: ALLOWED_METHODS.join(", ") }));
        return;
      }

      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const init: RequestInit = { method: req.method, headers: headersOf(req), signal: controller.signal };
      // GET and HEAD carry no body for React Router, even if the client sent one (read and dropped above).
      if (body && req.method !== "GET" && req.method !== "HEAD") init.body = new Uint8Array(body) as Uint8Array<ArrayBuffer>;

      const context = opts.getLoadContext(req, res);
      let response = await handle(new Request(url, init), context);
      // A call (not built with apiAction, which answers it itself) that met the database away: 503, not 500.
      if (response.status === 500 && isApiPath(url.pathname) && context.get(databaseUnavailableContext)) {
        await response.body?.cancel();
        response = jsonError(SERVICE_UNAVAILABLE.status, SERVICE_UNAVAILABLE.code, locale, {}, SERVICE_UNAVAILABLE.headers);
      }
      // React Router answers a method a resource route does not take with its own error body; ours says it in the user's language.
      if (response.status === 405 && isApiPath(url.pathname)) {
        await response.body?.cancel();
        response = jsonError(405, "method_not_allowed", locale);
      }
      await send(res, response);
    } catch (err) {
      next(err);
    }
  };
}

/** Every segment decodes to well-formed text without NUL. */
function isCleanPath(pathname: string): boolean {
  return pathname.split("/").every((segment) => {
    try {
      const text = decodeURIComponent(segment);
      return !text.includes("\u0000") && text.isWellFormed();
    } catch {
      return false;
    }
  });
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}
