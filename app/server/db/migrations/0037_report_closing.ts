// Closing a report on a warehouse (/admin/reports, POST /api/admin/warehouse-reports/{id}/close):
// who closed it and the note they left, beside closed_at (migration 0019). Reports made before
// keep both empty (closed by the one-open-report rule, nobody's decision). No index: the reports
// are few (one per author and request link at most open), and the open ones keep
// reports_open_warehouse_idx (migration 0031) unchanged.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table reports
      add column closed_by bigint references users (id) on delete set null,
      add column close_note text check (close_note is null or btrim(close_note) <> '')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table reports drop column if exists close_note, drop column if exists closed_by`.execute(db);
}
