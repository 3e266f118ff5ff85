// Server-side sessions. The browser holds a random 256-bit token in an httpOnly cookie;
// the database holds only its SHA-256, so a leaked sessions table opens no account.
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { isLocale } from "../../lib/locale.ts";
import * as q from "./sessions.queries.ts";

export const SESSION_COOKIE = "sid";
/** "Remember me": the cookie and the session last 30 days. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** Otherwise a browser-session cookie; the server forgets it after 12 idle hours. */
export const IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Start a session for a user who just proved who they are; returns the cookie's token. */
export async function startSession(
  db: Database,
  args: { userId: number; remember: boolean; ip: string; userAgent: string },
): Promise<{ token: string; maxAgeSeconds: number | null }> {
  const token = randomBytes(32).toString("base64url");
  const ttl = args.remember ? REMEMBER_MS : IDLE_MS;
  await q.insertSession(db, { id: hashToken(token), userId: args.userId, remember: args.remember, expiresAt: new Date(Date.now() + ttl), ip: args.ip, userAgent: args.userAgent });
  return { token, maxAgeSeconds: args.remember ? REMEMBER_MS / 1000 : null };
}

/** The acting user behind a session cookie, or null. Slides the idle expiry of browser sessions. */
export async function resolveSession(db: Database, token: string | undefined): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await q.findSessionUser(db, { id });
  if (!row) return null;
  if (Date.now() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    const expiresAt = row.remember ? row.expires_at : new Date(Date.now() + IDLE_MS);
    await q.touchSession(db, { id, expiresAt });
  }
  return {
    id: row.id,
    role: row.role as Actor["role"],
    accountType: row.account_type as Actor["accountType"],
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    telephone: row.telephone,
    lang: isLocale(row.lang) ? row.lang : "it",
    sessionId: id,
  };
}

export function endSession(db: Database, sessionId: string) {
  return q.deleteSession(db, { id: sessionId });
}

/** Every session of the user ends, e.g. when the password changes. */
export function endAllSessions(db: Database, userId: number) {
  return q.deleteUserSessions(db, { userId });
}
