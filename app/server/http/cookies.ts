// Reading and writing the app's cookies: the session (httpOnly), the CSRF token (readable
// by our scripts, which echo it in X-XSRF-TOKEN) and the interface language.
import { parseCookie, stringifySetCookie } from "cookie";
import { SESSION_COOKIE } from "../accounts/sessions.service.ts";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const LOCALE_COOKIE = "locale";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  return parseCookie(header)[name];
}

export function sessionCookie(token: string, opts: { maxAgeSeconds: number | null; secure: boolean }): string {
  return stringifySetCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secure,
    path: "/",
    ...(opts.maxAgeSeconds ? { maxAge: opts.maxAgeSeconds } : {}),
  });
}

export function clearSessionCookie(secure: boolean): string {
  return stringifySetCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 });
}

export function xsrfCookie(token: string, secure: boolean): string {
  return stringifySetCookie(XSRF_COOKIE, token, { sameSite: "lax", secure, path: "/" });
}

export function localeCookie(locale: string, secure: boolean): string {
  return stringifySetCookie(LOCALE_COOKIE, locale, { sameSite: "lax", secure, path: "/", maxAge: 365 * 24 * 3600 });
}

/** The pending registration a browser is confirming (app/server/accounts/pending-registration.ts). */
export function pendingRegistrationCookie(name: string, value: string, opts: { maxAgeSeconds: number; secure: boolean }): string {
  return stringifySetCookie(name, value, { httpOnly: true, sameSite: "lax", secure: opts.secure, path: "/", maxAge: opts.maxAgeSeconds });
}

/**
 * The login device cookie (app/server/accounts/device-cookie.ts): sent only to POST /login,
 * the one call that reads it.
 */
export function deviceCookie(name: string, value: string, opts: { maxAgeSeconds: number; secure: boolean }): string {
  return stringifySetCookie(name, value, { httpOnly: true, sameSite: "lax", secure: opts.secure, path: "/login", maxAge: opts.maxAgeSeconds });
}

export function clearCookie(name: string, opts: { httpOnly: boolean; secure: boolean }): string {
  return stringifySetCookie(name, "", { httpOnly: opts.httpOnly, sameSite: "lax", secure: opts.secure, path: "/", maxAge: 0 });
}
