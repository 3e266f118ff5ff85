// Cross-site request protection as the spec has it: a cookie XSRF-TOKEN and a header
// X-XSRF-TOKEN that must match it (double submit). Plain HTML form posts (before
// hydration) send the token in the hidden field `_xsrf` instead of the header.
//
// The token is signed (OWASP's "signed double-submit cookie"): `nonce.mac`, where mac is an
// HMAC of the nonce and the session it belongs to under the app secret. A token the client
// made up ("x" in both cookie and header) does not verify; a token of another session, or
// of the visitor before logging in, does not verify for this one, so logging in (or out)
// rotates it (the root middleware sets the new one in the same response).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { CsrfError } from "../errors.ts";
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from "./cookies.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";

export const XSRF_FIELD = XSRF_FIELD_NAME;
const SAFE_METHODS = new Set(["GET", "HEAD"]);
const MAX_TOKEN_LENGTH = 100;

/** What a token is bound to: the session (its stored id, a hash of the cookie), or "visitor" without one. */
export function csrfBinding(sessionId: string | null | undefined): string {
  return sessionId ? `session:${sessionId}` : "visitor";
}

function mac(secret: string, binding: string, nonce: string): string {
  return createHmac("sha256", secret).update(`csrf\u0000${binding}\u0000${nonce}`).digest("base64url");
}

export function newCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${mac(secret, binding, nonce)}`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token was made by this app for this binding. */
export function isValidCsrfToken(token: string | null | undefined, secret: string, binding: string): boolean {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const dot = token.indexOf(".");
  if (dot <= 0) return false;
  return same(token.slice(dot + 1), mac(secret, binding, token.slice(0, dot)));
}

async function submittedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(XSRF_HEADER);
  if (header) return header;
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    try {
      const value = (await request.clone().formData()).get(XSRF_FIELD);
      return typeof value === "string" ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Throws CsrfError (419) when a state-changing request lacks a token that matches the cookie
 * and was signed for this session.
 */
export async function checkCsrf(request: Request, secret: string, binding: string): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = readCookie(request, XSRF_COOKIE);
  const token = await submittedToken(request);
  if (!cookie || !token || !same(cookie, token) || !isValidCsrfToken(cookie, secret, binding)) throw new CsrfError();
}
