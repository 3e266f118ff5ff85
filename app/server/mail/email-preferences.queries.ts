// SQL of the e-mail preferences (decision 038): the notification kinds an address opted out
// of (email_opt_outs, by lower-cased address, so a visitor's address can opt out too) and
// what a message's footer needs to know of its recipient.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { EmailKind, EmailOptOutsTable, User } from "../db/types.ts";

export type RecipientFacts = { opted_out: boolean; role: User["role"] | null; active: boolean | null };

/** Whether `email` opted out of `kind`, and the account it belongs to, if any (one statement). */
export async function recipientFacts(db: Database, args: { email: string; kind: EmailKind }): Promise<RecipientFacts> {
  const { rows } = await sql<RecipientFacts>`
    select
      exists (select 1 from email_opt_outs where email = ${args.email} and kind = ${args.kind}) as opted_out,
      u.role, u.active
    from (select 1) one
    left join users u on lower(u.email) = ${args.email}`.execute(db);
  return rows[0]!;
}

/** The account of an address (lower-cased): its role and whether it is active, or undefined. */
export function accountOfAddress(db: Database, args: { email: string }) {
  return db
    .selectFrom("users")
    .select(["id", "role", "active"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", args.email))
    .executeTakeFirst();
}

/** A user's address and role, by id. */
export function userAddress(db: Database, args: { userId: number }) {
  return db.selectFrom("users").select(["id", "email", "role", "active"]).where("id", "=", args.userId).executeTakeFirst();
}

/** The kinds an address opted out of. */
export async function optedOutKinds(db: Database, args: { email: string }): Promise<EmailKind[]> {
  const rows = await db.selectFrom("email_opt_outs").select("kind").where("email", "=", args.email).execute();
  return rows.map((r) => r.kind);
}

/** Opt an address out of these kinds; a kind it already opted out of keeps its first row. Returns how many were added. */
export async function addOptOuts(db: Database, args: { email: string; kinds: EmailKind[]; via: EmailOptOutsTable["via"] }): Promise<number> {
  if (args.kinds.length === 0) return 0;
  const rows = await db
    .insertInto("email_opt_outs")
    .values(args.kinds.map((kind) => ({ email: args.email, kind, via: args.via })))
    .onConflict((oc) => oc.columns(["email", "kind"]).doNothing())
    .returning("kind")
    .execute();
  return rows.length;
}

/** Subscribe an address to these kinds again. Returns how many opt-outs were removed. */
export async function removeOptOuts(db: Database, args: { email: string; kinds: EmailKind[] }): Promise<number> {
  if (args.kinds.length === 0) return 0;
  const result = await db.deleteFrom("email_opt_outs").where("email", "=", args.email).where("kind", "in", args.kinds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An address's opt-outs carried to another (a login e-mail that changed): each keeps its
 * origin and date; a kind the new address already opted out of keeps its own row.
 */
export async function moveOptOuts(db: Database, args: { from: string; to: string }): Promise<void> {
  await sql`
    insert into email_opt_outs (email, kind, via, created_at)
    select ${args.to}, kind, via, created_at from email_opt_outs where email = ${args.from}
    on conflict (email, kind) do nothing`.execute(db);
  await db.deleteFrom("email_opt_outs").where("email", "=", args.from).execute();
}
