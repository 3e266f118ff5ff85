// What the owner's reminder about its free space needs on the warehouse row (decision 032):
// when its spaces were last saved, the last day any of them is free (null when one is
// open-ended or there is none), and which reminder was sent since that save ('ended': every
// space has ended; 'stale': none saved for 60 days), so each state is told once. A save clears
// the reminder. The job finds its warehouses through the two partial indexes.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table warehouses
      add column spaces_updated_at timestamptz,
      add column spaces_last_day date,
      add column spaces_reminder text check (spaces_reminder in ('ended', 'stale')),
      add column spaces_reminded_at timestamptz`.execute(db);
  await sql`create index warehouses_spaces_ended_idx on warehouses (spaces_last_day) where spaces_reminder is null and user_id is not null`.execute(db);
  await sql`create index warehouses_spaces_stale_idx on warehouses (spaces_updated_at) where spaces_reminder is distinct from 'stale' and user_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index warehouses_spaces_stale_idx`.execute(db);
  await sql`drop index warehouses_spaces_ended_idx`.execute(db);
  await sql`
    alter table warehouses
      drop column spaces_updated_at,
      drop column spaces_last_day,
      drop column spaces_reminder,
      drop column spaces_reminded_at`.execute(db);
}
