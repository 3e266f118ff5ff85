// The device cookie of OWASP's "Blocking Brute Force Attacks": after a successful login the
// browser gets a long-lived cookie "{deviceId}.{userId}.{issuedAtSeconds}.{hmac}", signed with
// the app secret. Presented again to POST /login for the same account, it makes the browser a
// trusted client whose wrong passwords are counted by its own id, so an attacker flooding the
// account from elsewhere cannot lock its owner out (limits.ts, auth.service.ts). It proves
// only that this browser logged into this account before; it opens no session by itself.
import { createHmac, randomBytes } from "node:crypto";
import { sameHash } from "./tokens.ts";

export const DEVICE_COOKIE = "device";
/** A year: the owner of an account used a few times a year still comes back trusted. */
export const DEVICE_TTL_SECONDS = 365 * 24 * 3600;

function mac(secret: string, deviceId: string, userId: number, issuedAt: number): string {
  return createHmac("sha256", secret).update(`login_device:${deviceId}:${userId}:${issuedAt}`).digest("base64url");
}

/** A new device cookie value for the account that just logged in (a fresh id every time). */
export function signDeviceCookie(secret: string, userId: number, now = Date.now()): string {
  const deviceId = randomBytes(16).toString("base64url");
  const issuedAt = Math.floor(now / 1000);
  return `${deviceId}.${userId}.${issuedAt}.${mac(secret, deviceId, userId, issuedAt)}`;
}

export type DeviceClaim = { deviceId: string; userId: number };

/** The device and account a cookie names, or null when it is missing, malformed, forged, expired or from the future. */
export function readDeviceCookie(secret: string, value: string | undefined, now = Date.now()): DeviceClaim | null {
  if (!value || value.length > 200) return null;
  const match = /^([A-Za-z0-9_-]{22})\.(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const deviceId = match[1]!;
  const userId = Number(match[2]);
  const issuedAt = Number(match[3]);
  const nowSeconds = Math.floor(now / 1000);
  // A minute of tolerance for clocks of several app instances.
  if (issuedAt > nowSeconds + 60 || issuedAt + DEVICE_TTL_SECONDS <= nowSeconds) return null;
  return sameHash(match[4]!, mac(secret, deviceId, userId, issuedAt)) ? { deviceId, userId } : null;
}
