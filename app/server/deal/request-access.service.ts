// The personal link of a request (/{locale}/requests/{token}, decision 036): what lets a visitor
// without an account follow the request they sent, its offers and its conversations.
//
// The token is 16 random bytes (the row's salt) followed by the first 16 bytes of their HMAC
// under an application secret, in base64url: a guess must hit a salt and its MAC together
// (256 bits), a copy of the table alone cannot make a link, and every e-mail of the deal can
// carry the same link without the database keeping it. Revoking makes a new one.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../db/database.ts";
import { appSecret } from "../db/secrets.ts";
import { findLiveRequestAccess, findRequestAccessBySalt, insertRequestAccess, revokeRequestAccess, touchRequestAccess } from "./deal.queries.ts";

const SALT_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function mac(db: Database, salt: Buffer): Promise<Buffer> {
  const secret = await appSecret(db, "request_access");
  return createHmac("sha256", secret).update(salt).digest().subarray(0, MAC_BYTES);
}

async function tokenOf(db: Database, salt: Buffer): Promise<string> {
  return Buffer.concat([salt, await mac(db, salt)]).toString("base64url");
}

/** The request's live personal link token, made on first use. */
export async function requestAccessToken(db: Database, requestId: number): Promise<string> {
  const live = (await findLiveRequestAccess(db, requestId)) ?? (await insertRequestAccess(db, { requestId, salt: randomBytes(SALT_BYTES) }));
  return tokenOf(db, live.token_salt);
}

/** The page of a request's personal link, from the site's root. */
export const requestAccessPath = (locale: string, token: string) => `/${locale}/requests/${token}`;

/** The request a token opens, or null (malformed, unknown, forged or revoked: all alike). */
export async function resolveRequestAccess(db: Database, token: string): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== SALT_BYTES + MAC_BYTES) return null;
  const salt = bytes.subarray(0, SALT_BYTES);
  const row = await findRequestAccessBySalt(db, salt);
  if (!row || row.revoked_at !== null) return null;
  if (!timingSafeEqual(bytes.subarray(SALT_BYTES), await mac(db, salt))) return null;
  await touchRequestAccess(db, row.id);
  return row.warehouse_request_id;
}

/** Revokes a request's personal link and makes a new one (the old stops working at once). */
export async function renewRequestAccess(db: Database, requestId: number): Promise<string> {
  await revokeRequestAccess(db, requestId);
  return requestAccessToken(db, requestId);
}
