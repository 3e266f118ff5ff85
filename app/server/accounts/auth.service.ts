// Logging in and out. Wrong logins are counted over a sliding 15 minutes (limits.ts) by
// source, following OWASP's device cookies: a browser presenting a valid device cookie for
// the account (device-cookie.ts, set by every successful login) is counted by that cookie's
// id alone; any other client by account+IP, by account across all untrusted clients, and by
// IP across accounts. Past a limit the call answers 429 before the password is checked, so
// guessing stops there, while the owner's trusted browser keeps its own count and gets in.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { UnauthorizedError } from "../errors.ts";
import { clearFailures, recordFailure, refuseAfterFailures, type FailureLimit } from "../security/rate-limit.ts";
import { readDeviceCookie, signDeviceCookie } from "./device-cookie.ts";
import { LOGIN_FAILURES_PER_ACCOUNT_IP, LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED, LOGIN_FAILURES_PER_DEVICE, LOGIN_FAILURES_PER_IP } from "./limits.ts";
import { verifyPassword } from "./passwords.ts";
import { findLoginAccount } from "./accounts.queries.ts";
import { endSession, startSession } from "./sessions.service.ts";

type Counter = { limit: FailureLimit; key: string | null };

/**
 * Check the credentials and open a new session (a fresh id: never reuse the one the browser
 * had). `deviceCookie` is the raw value of the browser's device cookie, if any; the result
 * carries a new one for the route to set.
 */
export async function login(
  db: Database,
  args: {
    email: string;
    password: string;
    remember: boolean;
    ip: string;
    userAgent: string;
    previousSessionId?: string;
    deviceCookie?: string;
    /** The app secret that signs device cookies. */
    secret: string;
  },
) {
  const email = args.email.trim().toLowerCase();
  const user = await findLoginAccount(db, { email });

  // Unknown addresses are counted like accounts without a trusted browser (by the address),
  // so the answers do not tell which addresses have an account.
  const device = readDeviceCookie(args.secret, args.deviceCookie);
  const trusted = device && user && device.userId === user.id ? device : null;
  const ownStreak: Counter = trusted
    ? { limit: LOGIN_FAILURES_PER_DEVICE, key: `device:${trusted.deviceId}` }
    : { limit: LOGIN_FAILURES_PER_ACCOUNT_IP, key: `email:${email}|ip:${args.ip}` };
  const counters: Counter[] = trusted
    ? [ownStreak]
    : [
        ownStreak,
        { limit: LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED, key: `email:${email}` },
        { limit: LOGIN_FAILURES_PER_IP, key: args.ip ? `ip:${args.ip}` : null },
      ];
  for (const c of counters) await refuseAfterFailures(db, c.limit, [c.key]);

  const ok = await verifyPassword(user?.password_hash ?? null, args.password);
  if (!user || !ok) {
    for (const c of counters) await recordFailure(db, c.limit, [c.key]);
    throw new UnauthorizedError("invalid_credentials");
  }
  // A success ends this source's own streak only: the account-wide count of untrusted
  // failures is an attacker's, not the owner's, and ages out by itself.
  await clearFailures(db, ownStreak.limit, ownStreak.key!);
  // A switched-off account is told so, and how to reach support, only after its right
  // password: a wrong one gets the ordinary answer above, so a stranger learns nothing.
  if (!user.active) throw new UnauthorizedError("account_suspended");
  // A stocker whose registration request is not approved has no area to enter yet.
  if (user.role === "stocker" && user.approval_status && user.approval_status !== "approved") throw new UnauthorizedError("account_pending");
  if (args.previousSessionId) await endSession(db, args.previousSessionId);
  const session = await startSession(db, { userId: user.id, remember: args.remember, ip: args.ip, userAgent: args.userAgent });
  return { userId: user.id, role: user.role, ...session, deviceCookie: signDeviceCookie(args.secret, user.id) };
}

export async function logout(db: Database, actor: Actor | null) {
  if (actor) await endSession(db, actor.sessionId);
}
