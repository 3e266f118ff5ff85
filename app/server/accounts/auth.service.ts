// Logging in and out.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { UnauthorizedError } from "../errors.ts";
import { verifyPassword } from "./passwords.ts";
import { endSession, startSession } from "./sessions.service.ts";

/** Check the credentials and open a new session (a fresh id: never reuse the one the browser had). */
export async function login(
  db: Database,
  args: { email: string; password: string; remember: boolean; ip: string; userAgent: string; previousSessionId?: string },
) {
  const user = await db
    .selectFrom("users")
    .select(["id", "password_hash", "active", "role"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", args.email.trim().toLowerCase()))
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, args.password);
  if (!user || !ok || !user.active) throw new UnauthorizedError("invalid_credentials");
  if (args.previousSessionId) await endSession(db, args.previousSessionId);
  const session = await startSession(db, { userId: user.id, remember: args.remember, ip: args.ip, userAgent: args.userAgent });
  return { userId: user.id, role: user.role, ...session };
}

export async function logout(db: Database, actor: Actor | null) {
  if (actor) await endSession(db, actor.sessionId);
}
