// Which account a browser is confirming. POST /confirm-code and POST /send-code take no user
// id (the spec), so POST /register leaves a short-lived httpOnly cookie naming the new
// account: "{userId}.{expiresAtSeconds}.{hmac}", signed with the app secret so it cannot be
// forged to point at another account. It only says which account the code is for: the code
// itself (or, on another device, the address typed with it) is the proof.
import { createHmac } from "node:crypto";
import { sameHash } from "./tokens.ts";

export const PENDING_COOKIE = "pending_reg";
/** Long enough to come back later the same day and ask for a new code. */
export const PENDING_TTL_SECONDS = 24 * 3600;

function mac(secret: string, userId: number, expires: number): string {
  return createHmac("sha256", secret).update(`pending_registration:${userId}:${expires}`).digest("base64url");
}

export function signPendingRegistration(secret: string, userId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + PENDING_TTL_SECONDS;
  return `${userId}.${expires}.${mac(secret, userId, expires)}`;
}

/** The account id the cookie names, or null when it is missing, forged or expired. */
export function readPendingRegistration(secret: string, value: string | undefined, now = Date.now()): number | null {
  if (!value || value.length > 200) return null;
  const match = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= now) return null;
  return sameHash(match[3]!, mac(secret, userId, expires)) ? userId : null;
}
