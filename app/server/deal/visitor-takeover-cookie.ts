// Which visitor's request a registration takes over. "Create an account" on a request's
// personal page leaves a short-lived httpOnly cookie naming the personal link it was asked from
// ("{accessId}.{expiresAtSeconds}.{hmac}", signed with the app secret so it cannot be made to
// name another request's link). When a stock hunter's account is confirmed in that browser, the
// request moves into it, provided the link still works then (a renewed link takes none over).
import { createHmac } from "node:crypto";
import { sameHash } from "../accounts/tokens.ts";
import { PENDING_TTL_SECONDS } from "../accounts/pending-registration.ts";

export const TAKEOVER_COOKIE = "request_takeover";
/** As long as a pending registration: the code may be typed later the same day. */
export const TAKEOVER_TTL_SECONDS = PENDING_TTL_SECONDS;

function mac(secret: string, accessId: number, expires: number): string {
  return createHmac("sha256", secret).update(`request_takeover:${accessId}:${expires}`).digest("base64url");
}

export function signTakeover(secret: string, accessId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + TAKEOVER_TTL_SECONDS;
  return `${accessId}.${expires}.${mac(secret, accessId, expires)}`;
}

/** The personal link's row id the cookie names, or null when it is missing, forged or expired. */
export function readTakeover(secret: string, value: string | undefined, now = Date.now()): number | null {
  if (!value || value.length > 200) return null;
  const match = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const accessId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= now) return null;
  return sameHash(match[3]!, mac(secret, accessId, expires)) ? accessId : null;
}
