// One-time secrets sent by e-mail. The database keeps only their hashes:
// - confirmation codes (6 digits) as an HMAC keyed with the app secret, so a copy of the
//   table cannot be turned back into codes by trying the million possibilities;
// - link tokens (256 random bits) as a SHA-256, like session tokens.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hashToken } from "./sessions.service.ts";

export const CONFIRM_CODE_TTL_MINUTES = 15;
export const CONFIRM_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 60;
/** An invitation waits a week for the invited person. */
export const INVITATION_TTL_DAYS = 7;

export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function confirmationCodeHash(secret: string, userId: number, code: string): string {
  return createHmac("sha256", secret).update(`confirm_code:${userId}:${code}`).digest("hex");
}

export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export const linkTokenHash = hashToken;

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function minutesFromNow(minutes: number): Date {
  return new Date(Date.now() + minutes * 60_000);
}
