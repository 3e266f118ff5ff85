// The back office's list of e-mails that failed for good, and sending them again.
//
// - mail_outbox.last_error_at: when last_error was written (the last failed attempt; cleared with
//   last_error once the message is sent), so an operator sees when a failed e-mail last failed.
//   Rows that failed before this migration have none.
// - mail_outbox_failed_idx: the failed messages, newest first (created_at desc, id desc as every
//   back-office list), partial on status = 'failed': the list, its count and the back office's
//   counter read only the few failed rows, however many messages the outbox keeps as sent.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_outbox add column last_error_at timestamptz`.execute(db);
  await sql`create index mail_outbox_failed_idx on mail_outbox (created_at desc, id desc) where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists mail_outbox_failed_idx`.execute(db);
  await sql`alter table mail_outbox drop column if exists last_error_at`.execute(db);
}
