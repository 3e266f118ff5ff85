// Reads and writes of personal access tokens (api-tokens.service.ts decides). Plain functions of
// (db, args). An owner's list reads api_tokens_user_idx (user_id, created_at desc, id desc); a
// call's token is found by the unique token_hash.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { ACTOR_COLUMNS } from "../accounts/sessions.queries.ts";

/** Serialises one owner's token creations until the transaction ends, so the cap on live tokens holds. */
export async function lockTokenOwner(db: Database, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`api-tokens:${userId}`}, 0))`.execute(db);
}

/** How many of the owner's tokens still work (neither revoked nor expired). */
export async function countLiveTokens(db: Database, args: { userId: number }): Promise<number> {
  const row = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", args.userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertToken(
  db: Database,
  args: { userId: number; name: string; scope: "read" | "read_write"; tokenHash: string; hint: string; expiresAt: Date },
) {
  return db
    .insertInto("api_tokens")
    .values({ user_id: args.userId, name: args.name, scope: args.scope, token_hash: args.tokenHash, token_hint: args.hint, expires_at: args.expiresAt })
    .returning(["id", "name", "scope", "token_hint", "created_at", "expires_at", "last_used_at", "revoked_at"])
    .executeTakeFirstOrThrow();
}

/** The owner's tokens, newest first, without their hashes. */
export function listOwnerTokens(db: Database, args: { userId: number; limit: number }) {
  return db
    .selectFrom("api_tokens")
    .select(["id", "name", "scope", "token_hint", "created_at", "expires_at", "last_used_at", "revoked_at"])
    .where("user_id", "=", args.userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(args.limit)
    .execute();
}

export function findOwnerToken(db: Database, args: { userId: number; id: number }) {
  return db
    .selectFrom("api_tokens")
    .select(["id", "name", "scope", "revoked_at"])
    .where("user_id", "=", args.userId)
    .where("id", "=", args.id)
    .executeTakeFirst();
}

export async function revokeToken(db: Database, args: { id: number }): Promise<void> {
  await db
    .updateTable("api_tokens")
    .set({ revoked_at: sql<Date>`now()` })
    .where("id", "=", args.id)
    .where("revoked_at", "is", null)
    .execute();
}

/** A live token with its owner, when the owner's account is active. */
export function findLiveTokenUser(db: Database, args: { tokenHash: string }) {
  return db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .select(["api_tokens.id as token_id", "api_tokens.name as token_name", "api_tokens.scope", "api_tokens.last_used_at", ...ACTOR_COLUMNS])
    .where("api_tokens.token_hash", "=", args.tokenHash)
    .where("api_tokens.revoked_at", "is", null)
    .where("api_tokens.expires_at", ">", sql<Date>`now()`)
    .where("users.active", "=", true)
    .executeTakeFirst();
}

export async function touchToken(db: Database, args: { id: number; ip: string }): Promise<void> {
  await db
    .updateTable("api_tokens")
    .set({ last_used_at: sql<Date>`now()`, last_used_ip: args.ip.slice(0, 100) })
    .where("id", "=", args.id)
    .execute();
}

export function findUserRole(db: Database, args: { id: number }) {
  return db.selectFrom("users").select(["id", "role"]).where("id", "=", args.id).executeTakeFirst();
}
