// The one-click unsubscribe token of a notification e-mail (decision 038): it names one
// address and one kind, and can only ever unsubscribe (or subscribe again) that address from
// that kind, without a login, a cookie or a row of its own.
//
// The token is `base64url(address).kind.base64url(mac)`: the lower-cased address and the kind
// in clear, so the link needs no database lookup to know what it is about, and the first 16
// bytes of HMAC-SHA256 over both under an application secret of its own ("unsubscribe", kept
// in app_secrets like every secret of the app). A changed address or kind fails the MAC,
// which is compared in constant time; a copy of the database without the secret cannot make one.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../db/database.ts";
import { appSecret, existingAppSecret } from "../db/secrets.ts";
import { isEmailKind, type EmailKindName } from "../../lib/email-preferences.ts";

const MAC_BYTES = 16;
const MAX_ADDRESS = 254;
/** base64url of the longest address, the longest kind and the MAC, with their dots. */
export const MAX_TOKEN_LENGTH = Math.ceil((MAX_ADDRESS * 4) / 3) + 1 + 9 + 1 + Math.ceil((MAC_BYTES * 4) / 3);
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type UnsubscribeSubject = { email: string; kind: EmailKindName };

/** The secret the tokens are signed with, made on first use. */
export function unsubscribeSecret(db: Database): Promise<string> {
  return appSecret(db, "unsubscribe");
}

/** The secret to check a token with; null before any was signed (then no token is valid). Writes nothing. */
export function unsubscribeCheckSecret(db: Database): Promise<string | null> {
  return existingAppSecret(db, "unsubscribe");
}

function mac(secret: string, email: string, kind: EmailKindName): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe\u0000${kind}\u0000${email}`).digest().subarray(0, MAC_BYTES);
}

/** The address as the opt-outs keep it. */
export const optOutAddress = (address: string) => address.trim().toLowerCase();

export function signUnsubscribeToken(secret: string, address: string, kind: EmailKindName): string {
  const email = optOutAddress(address);
  return `${Buffer.from(email, "utf8").toString("base64url")}.${kind}.${mac(secret, email, kind).toString("base64url")}`;
}

/** The address and kind a token names, or null: malformed, altered or forged tokens alike. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [encoded, kind, signature] = parts as [string, string, string];
  if (!isEmailKind(kind) || !BASE64URL.test(encoded) || !BASE64URL.test(signature)) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  // One spelling per address: bytes that are no UTF-8, padding bits or an address that is not
  // lower-cased do not come back to the same text.
  if (Buffer.from(email, "utf8").toString("base64url") !== encoded) return null;
  if (email.length > MAX_ADDRESS || email !== optOutAddress(email) || !email.includes("@")) return null;
  const given = Buffer.from(signature, "base64url");
  // The last of 22 characters carries 4 bits the decoder drops: only the canonical spelling passes.
  if (given.length !== MAC_BYTES || given.toString("base64url") !== signature) return null;
  return timingSafeEqual(given, mac(secret, email, kind)) ? { email, kind } : null;
}

/** The bare address of a From value: "Stockspace <no-reply@example.com>" → "no-reply@example.com". */
export function senderAddress(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * The List-Unsubscribe header's value (RFC 2369, with RFC 8058's one-click): the https link the
 * mail provider posts to, then a mailto to the sender's address with the token in its subject.
 */
export function listUnsubscribeValue(unsubscribeUrl: string, sender: string, token: string): string {
  return `<${unsubscribeUrl}>, <mailto:${senderAddress(sender)}?subject=unsubscribe%20${token}>`;
}
