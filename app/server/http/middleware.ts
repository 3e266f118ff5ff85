// The root middleware: once per request, before any loader, action or endpoint runs.
// It fixes the request's language, resolves the session into the acting user, refuses
// state-changing requests without the CSRF token (419), applies the area guard, and makes
// sure the browser holds an XSRF-TOKEN cookie.
import { data, type MiddlewareFunction } from "react-router";
import { actorContext, csrfTokenContext, localeContext, requestInfoContext, servicesContext } from "../context.ts";
import { fallbackLocale, isLocale, localeFromAcceptLanguage, localeOfPath, type Locale } from "../../lib/locale.ts";
import { runWithLocale } from "../i18n.server.ts";
import { resolveSession, SESSION_COOKIE } from "../accounts/sessions.service.ts";
import { checkCsrf, newCsrfToken } from "./csrf.ts";
import { checkArea } from "./guard.ts";
import { LOCALE_COOKIE, localeCookie, readCookie, XSRF_COOKIE, xsrfCookie } from "./cookies.ts";
import { DomainError } from "../errors.ts";
import { errorToResponse, jsonError } from "./respond.ts";

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || ["/login", "/logout", "/register", "/confirm-code", "/send-code", "/init-subscription", "/cancel-subscription", "/resume-subscription"].includes(pathname);
}

function requestLocale(request: Request, url: URL): Locale {
  if (url.pathname === "/admin" || url.pathname.startsWith("/admin/")) return "it";
  const fromPath = localeOfPath(url.pathname);
  if (fromPath) return fromPath;
  const explicit = url.searchParams.get("lang");
  if (isLocale(explicit)) return explicit;
  const cookie = readCookie(request, LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers.get("Accept-Language")) ?? fallbackLocale;
}

export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const locale = requestLocale(request, url);
  context.set(localeContext, locale);
  const services = context.get(servicesContext);
  const info = context.get(requestInfoContext);
  const api = isApiPath(url.pathname);

  return runWithLocale(locale, async () => {
    // A NUL character can reach no page or query usefully (PostgreSQL refuses it in text).
    if (url.pathname.includes("%00") || url.search.includes("%00")) {
      return jsonError(400, "invalid", locale);
    }
    try {
      context.set(actorContext, await resolveSession(services.db, readCookie(request, SESSION_COOKIE)));
      await checkCsrf(request);
      checkArea(url.pathname, context.get(actorContext));
    } catch (err) {
      // A page answers with its error boundary (status kept); an endpoint and any CSRF
      // failure answer with a JSON error.
      if (api || !(err instanceof DomainError) || err.status === 419) return errorToResponse(err, locale, info.log ?? services.log);
      throw data({ code: err.code }, { status: err.status });
    }

    // Pages render the token into their forms (hidden _xsrf) and the scripts echo the cookie.
    const existingToken = readCookie(request, XSRF_COOKIE);
    const csrfToken = existingToken && existingToken.length <= 100 ? existingToken : newCsrfToken();
    context.set(csrfTokenContext, csrfToken);

    const response = await next();
    if (csrfToken !== existingToken) response.headers.append("Set-Cookie", xsrfCookie(csrfToken, info.secure));
    const pathLocale = localeOfPath(url.pathname);
    if (pathLocale && readCookie(request, LOCALE_COOKIE) !== pathLocale) {
      response.headers.append("Set-Cookie", localeCookie(pathLocale, info.secure));
    }
    return response;
  });
};
