// An account erased on its owner's request (the GDPR's right to erasure; decision 048).
//
// - users.erased_at: when the account was erased. The row stays (invoices, the audit log, the
//   quote requests kept for the warehouses' owners point to it) with its personal data removed;
//   the column tells an erased account from one merely switched off, so a second erasure is
//   refused and the back office shows the account as erased.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column erased_at timestamptz`.execute(db);
  // An erased account never logs in again: no password and switched off, whatever changes later.
  await sql`alter table users add constraint users_erased_inactive check (erased_at is null or (active = false and password_hash is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint if exists users_erased_inactive`.execute(db);
  await sql`alter table users drop column if exists erased_at`.execute(db);
}
