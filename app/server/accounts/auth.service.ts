// Logging in and out. Wrong logins are counted per address and per IP over a sliding
// 15-minute window (limits.ts): past the limit every login for that address or from that IP
// answers 429 before the password is even checked, so guessing stops there.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { UnauthorizedError } from "../errors.ts";
import { clearFailures, recordFailure, refuseAfterFailures } from "../security/rate-limit.ts";
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_IP } from "./limits.ts";
import { verifyPassword } from "./passwords.ts";
import { endSession, startSession } from "./sessions.service.ts";

/** Check the credentials and open a new session (a fresh id: never reuse the one the browser had). */
export async function login(
  db: Database,
  args: { email: string; password: string; remember: boolean; ip: string; userAgent: string; previousSessionId?: string },
) {
  const email = args.email.trim().toLowerCase();
  const keys = { ip: args.ip ? `ip:${args.ip}` : null, email: `email:${email}` };
  await refuseAfterFailures(db, LOGIN_FAILURES_PER_EMAIL, [keys.email]);
  await refuseAfterFailures(db, LOGIN_FAILURES_PER_IP, [keys.ip]);

  const user = await db
    .selectFrom("users")
    .select(["id", "password_hash", "active", "role", "approval_status"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, args.password);
  if (!user || !ok || !user.active) {
    await recordFailure(db, LOGIN_FAILURES_PER_EMAIL, [keys.email]);
    await recordFailure(db, LOGIN_FAILURES_PER_IP, [keys.ip]);
    throw new UnauthorizedError("invalid_credentials");
  }
  await clearFailures(db, LOGIN_FAILURES_PER_EMAIL, keys.email);
  // A stocker whose registration request is not approved has no area to enter yet.
  if (user.role === "stocker" && user.approval_status && user.approval_status !== "approved") throw new UnauthorizedError("account_pending");
  if (args.previousSessionId) await endSession(db, args.previousSessionId);
  const session = await startSession(db, { userId: user.id, remember: args.remember, ip: args.ip, userAgent: args.userAgent });
  return { userId: user.id, role: user.role, ...session };
}

export async function logout(db: Database, actor: Actor | null) {
  if (actor) await endSession(db, actor.sessionId);
}
