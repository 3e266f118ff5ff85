// The root middleware: once per request, before any loader, action or endpoint runs.
// It fixes the request's language, resolves the session into the acting user, refuses
// state-changing requests without the CSRF token (419), applies the area guard, and makes
// sure the browser holds an XSRF-TOKEN cookie.
import { data, type MiddlewareFunction } from "react-router";
import { actorContext, afterShownContext, csrfTokenContext, localeContext, requestInfoContext, requestMethodContext, servicesContext } from "../context.ts";
import { fallbackLocale, isLocale, localeFromAcceptLanguage, localeOfPath, type Locale } from "../../lib/locale.ts";
import { runWithLocale } from "../i18n.server.ts";
import { hashToken, resolveSession, SESSION_COOKIE } from "../accounts/sessions.service.ts";
import { checkCsrf, csrfBinding, isValidCsrfToken, newCsrfToken } from "./csrf.ts";
import { checkArea, routedPath } from "./guard.ts";
import { LOCALE_COOKIE, localeCookie, readCookie, XSRF_COOKIE, xsrfCookie } from "./cookies.ts";
import { DomainError } from "../errors.ts";
import { errorToResponse, jsonError, logDatabaseUnavailable, serviceUnavailablePage } from "./respond.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { actorOfBearer, bearerToken } from "../api-tokens/api-tokens.service.ts";

/** Where Stripe posts its events (docs/decisions/009-billing.md): signed, so exempt from the CSRF check. */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/** The one-click unsubscribe page, /{locale}/unsubscribe/{token} (app/routes/unsubscribe.tsx), as routed. */
const UNSUBSCRIBE_PAGE = /^\/(it|en)\/unsubscribe\/[^/]+$/;

/**
 * A mail provider's one-click unsubscribe (RFC 8058): a POST to the https link of a message's
 * List-Unsubscribe header whose whole body is `List-Unsubscribe=One-Click` (form-encoded or
 * multipart), sent by the provider's servers without the person's cookies, so without our CSRF
 * token. It needs none: the signed token in its path is what allows it, and it can only
 * unsubscribe that address from that kind (decision 038), which is no harm a forged request
 * could do. Only that request skips the check: the unsubscribe page's own forms (and the undo)
 * carry their token like every form.
 */
export async function isOneClickUnsubscribe(request: Request, pathname: string): Promise<boolean> {
  if (request.method !== "POST" || !UNSUBSCRIBE_PAGE.test(routedPath(pathname))) return false;
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  try {
    const fields = [...(await request.clone().formData()).entries()];
    return fields.length === 1 && fields[0]![0] === "List-Unsubscribe" && fields[0]![1] === "One-Click";
  } catch {
    return false;
  }
}

export function isApiPath(rawPathname: string): boolean {
  const pathname = routedPath(rawPathname);
  return (
    pathname.startsWith("/api/") ||
    ["/login", "/logout", "/register", "/confirm-code", "/send-code", "/init-subscription", "/cancel-subscription", "/resume-subscription"].includes(pathname)
  );
}

export function requestLocale(request: Request, url: URL): Locale {
  const path = routedPath(url.pathname);
  if (path === "/admin" || path.startsWith("/admin/")) return "it";
  const fromPath = localeOfPath(url.pathname);
  if (fromPath) return fromPath;
  const explicit = url.searchParams.get("lang");
  if (isLocale(explicit)) return explicit;
  const cookie = readCookie(request, LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers.get("Accept-Language")) ?? fallbackLocale;
}

/** The session cookie a response sets: its token, "" when it clears it, undefined when it leaves it alone. */
function sessionSetBy(response: Response): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0]!;
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Personal answers (anything seen by a logged-in user, and every API answer) are never
 * stored by a browser or a proxy; a public answer keeps the cache policy its route chose.
 */
function withCachePolicy(response: Response, personal: boolean): Response {
  if (personal || !response.headers.has("Cache-Control")) response.headers.set("Cache-Control", personal ? "no-store" : "private, no-cache");
  return response;
}

export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const locale = requestLocale(request, url);
  context.set(localeContext, locale);
  context.set(requestMethodContext, request.method);
  context.set(afterShownContext, []);
  const services = context.get(servicesContext);
  const info = context.get(requestInfoContext);
  const api = isApiPath(url.pathname);
  // A personal access token (decision 059) is read on /api calls only: pages and the spec's
  // top-level calls (login, logout, …) stay with the session cookie.
  const bearer = routedPath(url.pathname).startsWith("/api/") ? bearerToken(request) : null;

  return runWithLocale(locale, async () => {
    // A NUL character can reach no page or query usefully (PostgreSQL refuses it in text).
    if (url.pathname.includes("%00") || url.search.includes("%00")) {
      return jsonError(400, "invalid", locale);
    }
    let binding: string;
    try {
      const actor =
        bearer !== null
          ? await actorOfBearer(services.db, bearer, { method: request.method, path: url.pathname, ip: info.ip })
          : await resolveSession(services.db, readCookie(request, SESSION_COOKIE));
      context.set(actorContext, actor);
      binding = csrfBinding(actor?.sessionId);
      // Stripe's webhook carries no browser token: its signature proves where it comes from; nor
      // does a mail provider's one-click unsubscribe: its link's signed token does; nor does a
      // call with a personal access token, which no browser sends by itself (a cross-site form
      // cannot set the Authorization header).
      if (bearer === null && routedPath(url.pathname) !== STRIPE_WEBHOOK_PATH && !(await isOneClickUnsubscribe(request, url.pathname))) {
        await checkCsrf(request, services.secret, binding);
      }
      checkArea(url.pathname, actor);
    } catch (err) {
      if (bearer !== null && err instanceof DomainError && err.status === 401) {
        const response = withCachePolicy(errorToResponse(err, locale, info.log ?? services.log), true);
        response.headers.set("WWW-Authenticate", `Bearer error="invalid_token"`);
        return response;
      }
      // A page answers with its error boundary (status kept, 503 while the database is away);
      // an endpoint and any CSRF failure answer with a JSON error.
      if (!api && isDatabaseUnavailable(err)) {
        logDatabaseUnavailable(info.log ?? services.log, err);
        throw serviceUnavailablePage();
      }
      if (api || !(err instanceof DomainError) || err.status === 419) return withCachePolicy(errorToResponse(err, locale, info.log ?? services.log), true);
      throw data({ code: err.code }, { status: err.status });
    }

    // A token's call is no browser's: it gets no cookie.
    if (bearer !== null) return withCachePolicy(await next(), true);

    // Pages render the token into their forms (hidden _xsrf) and the scripts echo the cookie.
    const existingToken = readCookie(request, XSRF_COOKIE);
    const csrfToken = isValidCsrfToken(existingToken, services.secret, binding) ? existingToken! : newCsrfToken(services.secret, binding);
    context.set(csrfTokenContext, csrfToken);

    const response = await next();
    // The page is shown: the writes its loaders left for this moment (afterShownContext).
    if (response.status === 200) for (const write of context.get(afterShownContext)) await write();
    // A response that starts or ends a session (login, logout, password reset) rotates the
    // token to the new binding, so a token from before never works after.
    const newSession = sessionSetBy(response);
    if (newSession !== undefined) {
      response.headers.append("Set-Cookie", xsrfCookie(newCsrfToken(services.secret, csrfBinding(newSession && hashToken(newSession))), info.secure));
    } else if (csrfToken !== existingToken) {
      response.headers.append("Set-Cookie", xsrfCookie(csrfToken, info.secure));
    }
    const pathLocale = localeOfPath(url.pathname);
    if (pathLocale && readCookie(request, LOCALE_COOKIE) !== pathLocale) {
      response.headers.append("Set-Cookie", localeCookie(pathLocale, info.secure));
    }
    withCachePolicy(response, context.get(actorContext) !== null || api);
    return response;
  });
};
