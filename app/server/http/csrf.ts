// Cross-site request protection as the spec has it: a cookie XSRF-TOKEN and a header
// X-XSRF-TOKEN that must match it (double submit). A page cannot read another site's
// cookie, so it cannot echo it. Plain HTML form posts (before hydration) send the token
// in the hidden field `_xsrf` instead of the header.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { CsrfError } from "../errors.ts";
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from "./cookies.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";

export const XSRF_FIELD = XSRF_FIELD_NAME;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function newCsrfToken(): string {
  return randomBytes(24).toString("base64url");
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
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

/** Throws CsrfError (419) when a state-changing request lacks a token matching the cookie. */
export async function checkCsrf(request: Request): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = readCookie(request, XSRF_COOKIE);
  const token = await submittedToken(request);
  if (!cookie || !token || !same(cookie, token)) throw new CsrfError();
}
