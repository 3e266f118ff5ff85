// The CRM's pending follow-up actions in the order their list shows by default, the soonest due
// first (the event's day, ties by id): crm_entries_pending_actions_idx holds the pending actions
// only, so a page, the overdue ones (due before today) and the export's keyset pages are one
// range of it. crm_entries_follow_up_idx (follow_up_done, date desc) leaves the planner a scan of
// crm_entries_date_idx from the oldest day with a filter, which reads every old entry (their
// actions done or none) before the pending ones, the newest: 300,000 rows for a page of 20 in the
// plan test. The pending actions are few, so the index is small.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index crm_entries_pending_actions_idx on crm_entries (date, id) where follow_up and not follow_up_done`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists crm_entries_pending_actions_idx`.execute(db);
}
