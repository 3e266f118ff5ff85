// The back office's lists sort newest first with the id as tie-break (created_at desc, id desc).
// On (created_at desc) alone the planner had to sort each run of equal dates, and costed that
// close enough to "read every stocker and sort them" that it took either plan from one ANALYZE
// to the next, and the New stockers screen's partial index lost to the role's once the latter
// had the id. With the id in each index, the first page is a walk of its first rows.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index users_role_created_at_idx`.execute(db);
  await sql`create index users_role_created_at_idx on users (role, created_at desc, id desc)`.execute(db);
  await sql`drop index users_approval_status_idx`.execute(db);
  await sql`create index users_approval_status_idx on users (approval_status, created_at desc, id desc) where approval_status is not null`.execute(db);
  await sql`drop index warehouse_requests_created_at_idx`.execute(db);
  await sql`create index warehouse_requests_created_at_idx on warehouse_requests (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_role_created_at_idx`.execute(db);
  await sql`create index users_role_created_at_idx on users (role, created_at desc)`.execute(db);
  await sql`drop index users_approval_status_idx`.execute(db);
  await sql`create index users_approval_status_idx on users (approval_status, created_at desc) where approval_status is not null`.execute(db);
  await sql`drop index warehouse_requests_created_at_idx`.execute(db);
  await sql`create index warehouse_requests_created_at_idx on warehouse_requests (created_at desc)`.execute(db);
}
