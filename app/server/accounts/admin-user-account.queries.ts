// What the back office's corrections to one account read and write: the account's editable
// fields (locked for the transaction) and its sessions.
import type { Database } from "../db/database.ts";
import type { AccountType } from "../db/types.ts";

/** The account as the back office corrects it, locked for the transaction. */
export function lockManagedAccount(db: Database, args: { id: number }) {
  return db
    .selectFrom("users")
    .select(["id", "role", "email", "lang", "active", "first_name", "last_name", "telephone", "company", "account_type", "approval_status", "erased_at"])
    .where("id", "=", args.id)
    .forUpdate()
    .executeTakeFirst();
}

export function setManagedFields(
  db: Database,
  args: {
    userId: number;
    first_name: string | null;
    last_name: string | null;
    telephone: string | null;
    company: string | null;
    account_type: AccountType | null;
  },
) {
  const { userId, ...fields } = args;
  return db.updateTable("users").set(fields).where("id", "=", userId).execute();
}

/** The account's role and kind, to refuse an administrator's or an unknown one (nothing locked: a read). */
export function findManagedAccount(db: Database, args: { id: number }) {
  return db.selectFrom("users").select(["id", "role", "account_type", "approval_status", "active", "erased_at"]).where("id", "=", args.id).executeTakeFirst();
}

/** The user's current sessions, newest first, as stored (the id is the token's hash, never the token). */
export function listUserSessions(db: Database, args: { userId: number }) {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "expires_at", "remember", "ip", "user_agent"])
    .where("user_id", "=", args.userId)
    .where("expires_at", ">", new Date())
    .orderBy("last_seen_at", "desc")
    .orderBy("id")
    .execute();
}

/** Ends one session of the user (none if the id is another user's); how many ended. */
export async function deleteUserSession(db: Database, args: { userId: number; sessionId: string }): Promise<number> {
  const res = await db.deleteFrom("sessions").where("user_id", "=", args.userId).where("id", "=", args.sessionId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Ends every session of the user; how many ended. */
export async function deleteAllUserSessions(db: Database, args: { userId: number }): Promise<number> {
  const res = await db.deleteFrom("sessions").where("user_id", "=", args.userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** What the reset e-mail needs of an account (the caller has locked it). */
export function findResetAccount(db: Database, args: { id: number }) {
  return db
    .selectFrom("users")
    .select(["id", "email", "lang", "first_name", "has_confirmed_code", "password_hash", "created_by"])
    .where("id", "=", args.id)
    .executeTakeFirstOrThrow();
}
