// The audit log is append-only (decision 010): a trigger refuses UPDATE and DELETE on audit_log, so
// no code path, not even a bug, can rewrite the history. TRUNCATE (tests resetting a database,
// never the app) fires no row trigger and stays allowed. The one update let through is the
// foreign key's own `on delete set null` of admin_id, should an administrator's user row ever
// be deleted: every other column must stay as it was.
// Also the index of the screen's action filter; 0001 has (created_at desc), (admin_id,
// created_at desc) and (entity_type, entity_id, created_at desc).
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.admin_id is not null and new.admin_id is null
         and (new.id, new.action, new.entity_type, new.entity_id, new.details, new.created_at)
             is not distinct from (old.id, old.action, old.entity_type, old.entity_id, old.details, old.created_at) then
        return new;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists audit_log_action_idx`.execute(db);
  await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
}
