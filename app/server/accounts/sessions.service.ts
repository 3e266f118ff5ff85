// Server-side sessions. The browser holds a random 256-bit token in an httpOnly cookie;
// the database holds only its SHA-256, so a leaked sessions table opens no account. Every
// session has an absolute end counted from its start, whatever the activity (a stolen
// cookie does not live forever by being used), and a user has at most MAX_SESSIONS_PER_USER.
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { isLocale } from "../../lib/locale.ts";
import * as q from "./sessions.queries.ts";

export const SESSION_COOKIE = "sid";
const DAY_MS = 24 * 60 * 60 * 1000;
/** "Remember me": the cookie and the session last 30 days from login, used or not. */
export const REMEMBER_MS = 30 * DAY_MS;
/** Otherwise a browser-session cookie; the server forgets it after 12 idle hours… */
export const IDLE_MS = 12 * 60 * 60 * 1000;
/** …and 7 days after login at the latest, however busy (a browser left open for weeks). */
export const BROWSER_SESSION_MAX_MS = 7 * DAY_MS;
/**
 * Sessions one user may hold; starting one more ends the oldest. Ten covers a person's
 * phones, computers and browsers; a script logging in in a loop cannot grow the table.
 */
export const MAX_SESSIONS_PER_USER = 10;
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
  const id = hashToken(token);
  await q.insertSession(db, {
    id,
    userId: args.userId,
    remember: args.remember,
    expiresAt: new Date(Date.now() + ttl),
    ip: args.ip,
    userAgent: args.userAgent,
  });
  await q.trimUserSessions(db, { userId: args.userId, keepId: id, max: MAX_SESSIONS_PER_USER });
  return { token, maxAgeSeconds: args.remember ? REMEMBER_MS / 1000 : null };
}

/** When a session ends at the latest, counted from its start. */
export function absoluteEnd(session: { remember: boolean; created_at: Date }): Date {
  return new Date(session.created_at.getTime() + (session.remember ? REMEMBER_MS : BROWSER_SESSION_MAX_MS));
}

/** The acting user behind a session cookie, or null. Slides the idle expiry of browser sessions, never past their absolute end. */
export async function resolveSession(db: Database, token: string | undefined): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await q.findSessionUser(db, { id });
  if (!row) return null;
  const end = absoluteEnd(row);
  const now = Date.now();
  // expires_at never passes the absolute end when this code wrote it; the check also ends
  // sessions written before the absolute end existed.
  if (end.getTime() <= now) {
    await q.deleteSession(db, { id });
    return null;
  }
  if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    const expiresAt = row.remember ? row.expires_at : new Date(Math.min(now + IDLE_MS, end.getTime()));
    await q.touchSession(db, { id, expiresAt });
  }
  return actorOf(row, id);
}

/** The user's row (q.ACTOR_COLUMNS) as the acting user, under the session or token it came with. */
export function actorOf(
  row: {
    id: number;
    role: string;
    account_type: number | null;
    email: string;
    first_name: string | null;
    last_name: string | null;
    company: string | null;
    telephone: string | null;
    lang: string | null;
  },
  sessionId: string,
): Actor {
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
    sessionId,
  };
}

export function endSession(db: Database, sessionId: string) {
  return q.deleteSession(db, { id: sessionId });
}

/** Every session of the user ends, e.g. when the password changes. */
export function endAllSessions(db: Database, userId: number) {
  return q.deleteUserSessions(db, { userId });
}

/** Every session of the user ends but the current one, e.g. when the user changes the password. */
export function endOtherSessions(db: Database, userId: number, keepSessionId: string) {
  return q.deleteOtherUserSessions(db, { userId, keepId: keepSessionId });
}
