// SQL of the account flows (registration, codes, invitations, password recovery).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { NewUser, UserTokenKind } from "../db/types.ts";

const accountColumns = [
  "id",
  "email",
  "role",
  "account_type",
  "first_name",
  "last_name",
  "telephone",
  "company",
  "market_id",
  "website",
  "lang",
  "active",
  "password_hash",
  "has_confirmed_code",
  "approval_status",
  "created_by",
] as const;

export type AccountRow = Awaited<ReturnType<typeof findAccountById>>;

export function findAccountById(db: Database, args: { id: number }) {
  return db.selectFrom("users").select(accountColumns).where("id", "=", args.id).executeTakeFirst();
}

export function findAccountByEmail(db: Database, args: { email: string }) {
  return db
    .selectFrom("users")
    .select(accountColumns)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", args.email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** What a login checks of the account with this (lower-cased) e-mail. */
export function findLoginAccount(db: Database, args: { email: string }) {
  return db
    .selectFrom("users")
    .select(["id", "password_hash", "active", "role", "approval_status"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", args.email))
    .executeTakeFirst();
}

/** An account made an administrator, with a new password, confirmed and active. */
export async function promoteToAdmin(db: Database, args: { userId: number; passwordHash: string }): Promise<void> {
  await db
    .updateTable("users")
    .set({ role: "admin", account_type: null, password_hash: args.passwordHash, active: true, has_confirmed_code: true })
    .where("id", "=", args.userId)
    .execute();
}

export async function emailTaken(db: Database, args: { email: string }): Promise<boolean> {
  return !!(await findAccountByEmail(db, args));
}

/** The active account an invite code belongs to. */
export function findInviter(db: Database, args: { code: string }) {
  return db.selectFrom("users").select(["id"]).where("invite_code", "=", args.code.trim().toUpperCase()).where("active", "=", true).executeTakeFirst();
}

export function incrementInviteCount(db: Database, args: { userId: number }) {
  return db
    .updateTable("users")
    .set((eb) => ({ invite_count: eb("invite_count", "+", 1) }))
    .where("id", "=", args.userId)
    .execute();
}

export async function inviteCodeExists(db: Database, args: { code: string }): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").where("invite_code", "=", args.code).executeTakeFirst());
}

export async function stockspaceCodeExists(db: Database, args: { code: string }): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").where("stockspace_code", "=", args.code).executeTakeFirst());
}

export async function insertUser(db: Database, values: NewUser): Promise<number> {
  const row = await db.insertInto("users").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------- pending invitations

/** What decides whether an account is a pending invitation, locked for the rest of the transaction. */
export function lockInvitedAccount(db: Database, args: { id: number }) {
  return db.selectFrom("users").select(["id", "email", "role", "password_hash", "created_by"]).where("id", "=", args.id).forUpdate().executeTakeFirst();
}

/** The warehouses a user is the referent of, with their owners. */
export function warehousesReferredBy(db: Database, args: { userId: number }) {
  return db.selectFrom("warehouses").select(["id", "name", "city", "user_id"]).where("referent_id", "=", args.userId).orderBy("id").execute();
}

/** Of these users, the active stockers and referents (the ones who read notifications in an area). */
export function activeAreaUsers(db: Database, args: { ids: number[] }) {
  if (args.ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "lang"])
    .where("id", "in", args.ids)
    .where("role", "in", ["stocker", "referent"])
    .where("active", "=", true)
    .execute();
}

/**
 * Delete an account. Its tokens, sessions and notifications go with it; warehouses it was the
 * referent of are left without one (the foreign keys' `on delete set null`).
 */
export function deleteUser(db: Database, args: { id: number }) {
  return db.deleteFrom("users").where("id", "=", args.id).execute();
}

/** An unclaimed, active warehouse a new stocker may ask for. */
export function findClaimableWarehouse(db: Database, args: { id: number }) {
  return db
    .selectFrom("warehouses")
    .select(["id", "city"])
    .where("id", "=", args.id)
    .where("user_id", "is", null)
    .where("deactivated", "=", false)
    .executeTakeFirst();
}

/** The warehouse a stocker lands on after completing the account: the latest one they own. */
export function latestOwnedWarehouse(db: Database, args: { userId: number }) {
  return db.selectFrom("warehouses").select("id").where("user_id", "=", args.userId).orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
}

// ---------------------------------------------------------------- user tokens

export function insertToken(db: Database, args: { userId: number; kind: UserTokenKind; tokenHash: string; expiresAt: Date }) {
  return db
    .insertInto("user_tokens")
    .values({ user_id: args.userId, kind: args.kind, token_hash: args.tokenHash, expires_at: args.expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Earlier tokens of a kind stop working when a new one is sent (or one is used). */
export function retireTokens(db: Database, args: { userId: number; kind: UserTokenKind }) {
  return db
    .updateTable("user_tokens")
    .set({ used_at: new Date() })
    .where("user_id", "=", args.userId)
    .where("kind", "=", args.kind)
    .where("used_at", "is", null)
    .execute();
}

/** The newest unused token of a kind, locked for the rest of the transaction. */
export function lockLatestOpenToken(db: Database, args: { userId: number; kind: UserTokenKind }) {
  return db
    .selectFrom("user_tokens")
    .select(["id", "token_hash", "expires_at", "attempts"])
    .where("user_id", "=", args.userId)
    .where("kind", "=", args.kind)
    .where("used_at", "is", null)
    .orderBy("id", "desc")
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** A link token of a user, used or not; with `lock`, locked for the rest of the transaction. */
export function findToken(db: Database, args: { userId: number; kind: UserTokenKind; tokenHash: string; lock?: boolean }) {
  const query = db
    .selectFrom("user_tokens")
    .select(["id", "expires_at", "used_at"])
    .where("user_id", "=", args.userId)
    .where("kind", "=", args.kind)
    .where("token_hash", "=", args.tokenHash);
  return (args.lock ? query.forUpdate() : query).executeTakeFirst();
}

export function addTokenAttempt(db: Database, args: { id: number }) {
  return db
    .updateTable("user_tokens")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", args.id)
    .returning("attempts")
    .executeTakeFirstOrThrow();
}

export function markTokenUsed(db: Database, args: { id: number }) {
  return db.updateTable("user_tokens").set({ used_at: new Date() }).where("id", "=", args.id).execute();
}

/** Tokens long expired or used are of no use: the maintenance job deletes them. */
export function deleteOldTokens(db: Database, olderThanDays = 30) {
  return db
    .deleteFrom("user_tokens")
    .where(sql<boolean>`coalesce(used_at, expires_at) < now() - make_interval(days => ${olderThanDays})`)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- passwords and profile

export function setPassword(db: Database, args: { userId: number; passwordHash: string }) {
  return db.updateTable("users").set({ password_hash: args.passwordHash, has_confirmed_code: true }).where("id", "=", args.userId).execute();
}

/** What a person fills in about themselves when completing an account. */
export type ProfileFields = {
  first_name: string;
  last_name: string;
  telephone: string;
  company: string | null;
  market_id: number | null;
  website: string | null;
};

export function completeProfile(db: Database, args: { userId: number; passwordHash: string } & ProfileFields) {
  const { userId, passwordHash, ...profile } = args;
  return db
    .updateTable("users")
    .set({ ...profile, password_hash: passwordHash, has_confirmed_code: true })
    .where("id", "=", userId)
    .execute();
}

export function marketExists(db: Database, args: { id: number }) {
  return db.selectFrom("markets").select("id").where("id", "=", args.id).executeTakeFirst();
}

// ---------------------------------------------------------------- the areas' profile pages

/** What a user's data page shows about them, with the market's labels. */
export function findProfile(db: Database, args: { id: number }) {
  return db
    .selectFrom("users")
    .leftJoin("markets", "markets.id", "users.market_id")
    .select([
      "users.id",
      "users.role",
      "users.email",
      "users.first_name",
      "users.last_name",
      "users.telephone",
      "users.company",
      "users.request_business_name",
      "users.market_id",
      "users.website",
      "users.created_at",
      "markets.label as market_label",
      "markets.label_en as market_label_en",
    ])
    .where("users.id", "=", args.id)
    .executeTakeFirst();
}

/** A user's editable profile fields, locked for the rest of the transaction (the audit's "before"). */
export function lockProfileFields(db: Database, args: { id: number }) {
  return db
    .selectFrom("users")
    .select(["id", "role", "active", "first_name", "last_name", "telephone", "company", "market_id", "website"])
    .where("id", "=", args.id)
    .forUpdate()
    .executeTakeFirst();
}

/** The fields a user edits on the data page (the schema makes the role's required ones non-blank). */
export type EditableProfile = {
  first_name: string | null;
  last_name: string | null;
  telephone: string | null;
  company: string | null;
  market_id: number | null;
  website: string | null;
};

export function updateProfileFields(db: Database, args: { userId: number } & EditableProfile) {
  const { userId, ...profile } = args;
  return db.updateTable("users").set(profile).where("id", "=", userId).execute();
}

/** Whether an account other than `userId` has the address (the unique lower(email) index serves it). */
export async function emailTakenByOther(db: Database, args: { email: string; userId: number }): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", args.email.trim().toLowerCase()))
    .where("id", "<>", args.userId)
    .executeTakeFirst();
  return !!row;
}

/** The credentials of a user, locked for the rest of the transaction (a change checks nothing moved since the password was verified). */
export function lockCredentials(db: Database, args: { id: number }) {
  return db.selectFrom("users").select(["id", "email", "password_hash", "active"]).where("id", "=", args.id).forUpdate().executeTakeFirst();
}

export function setEmail(db: Database, args: { userId: number; email: string }) {
  return db.updateTable("users").set({ email: args.email }).where("id", "=", args.userId).execute();
}

/** A change_email token: the new address waits in it until the link sent there is followed. */
export function insertChangeEmailToken(db: Database, args: { userId: number; tokenHash: string; newEmail: string; expiresAt: Date }) {
  return db
    .insertInto("user_tokens")
    .values({ user_id: args.userId, kind: "change_email", token_hash: args.tokenHash, new_email: args.newEmail, expires_at: args.expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** A change_email token of a user by its hash, used or not, with its address; `lock` locks it. */
export function findChangeEmailToken(db: Database, args: { userId: number; tokenHash: string; lock?: boolean }) {
  const query = db
    .selectFrom("user_tokens")
    .select(["id", "expires_at", "used_at", "new_email"])
    .where("user_id", "=", args.userId)
    .where("kind", "=", "change_email")
    .where("token_hash", "=", args.tokenHash);
  return (args.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The address a user asked to move to and not confirmed yet, if its link still works (index user_tokens (user_id, kind)). */
export function pendingEmailChange(db: Database, args: { userId: number }) {
  return db
    .selectFrom("user_tokens")
    .select(["new_email", "expires_at"])
    .where("user_id", "=", args.userId)
    .where("kind", "=", "change_email")
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The stocker's invite code and how many registrations used it. */
export function findInviteCode(db: Database, args: { id: number }) {
  return db.selectFrom("users").select(["invite_code", "invite_count"]).where("id", "=", args.id).executeTakeFirst();
}
