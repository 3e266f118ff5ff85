import type { Database } from "../db/database.ts";

export function insertSession(db: Database, args: { id: string; userId: number; remember: boolean; expiresAt: Date; ip: string; userAgent: string }) {
  return db
    .insertInto("sessions")
    .values({ id: args.id, user_id: args.userId, remember: args.remember, expires_at: args.expiresAt, ip: args.ip, user_agent: args.userAgent.slice(0, 500) })
    .execute();
}

/** The user's columns an acting user is made of (sessions.service.ts#actorOf), for every way in: a session, a token. */
export const ACTOR_COLUMNS = [
  "users.id",
  "users.role",
  "users.account_type",
  "users.email",
  "users.first_name",
  "users.last_name",
  "users.company",
  "users.telephone",
  "users.lang",
] as const;

/** The session with its user, if the session is current and the account active. */
export function findSessionUser(db: Database, args: { id: string }) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id as session_id", "sessions.remember", "sessions.created_at", "sessions.last_seen_at", "sessions.expires_at", ...ACTOR_COLUMNS])
    .where("sessions.id", "=", args.id)
    .where("sessions.expires_at", ">", new Date())
    .where("users.active", "=", true)
    .executeTakeFirst();
}

/**
 * Keep the user's `max` newest current sessions, `keepId` (the one just started) always
 * among them; end the rest, and the user's expired ones.
 */
export function trimUserSessions(db: Database, args: { userId: number; keepId: string; max: number }) {
  return db
    .deleteFrom("sessions")
    .where("user_id", "=", args.userId)
    .where("id", "<>", args.keepId)
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", new Date()),
        eb(
          "id",
          "not in",
          eb
            .selectFrom("sessions")
            .select("id")
            .where("user_id", "=", args.userId)
            .where("id", "<>", args.keepId)
            .where("expires_at", ">", new Date())
            .orderBy("created_at", "desc")
            .orderBy("id")
            .limit(Math.max(0, args.max - 1)),
        ),
      ]),
    )
    .execute();
}

export function touchSession(db: Database, args: { id: string; expiresAt: Date }) {
  return db.updateTable("sessions").set({ last_seen_at: new Date(), expires_at: args.expiresAt }).where("id", "=", args.id).execute();
}

export function deleteSession(db: Database, args: { id: string }) {
  return db.deleteFrom("sessions").where("id", "=", args.id).execute();
}

export function deleteUserSessions(db: Database, args: { userId: number }) {
  return db.deleteFrom("sessions").where("user_id", "=", args.userId).execute();
}

export function deleteExpiredSessions(db: Database) {
  return db.deleteFrom("sessions").where("expires_at", "<=", new Date()).executeTakeFirst();
}

/** Every session of the user but `keepId` (the one making the change). */
export function deleteOtherUserSessions(db: Database, args: { userId: number; keepId: string }) {
  return db.deleteFrom("sessions").where("user_id", "=", args.userId).where("id", "<>", args.keepId).execute();
}
