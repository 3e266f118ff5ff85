// The back office's Warehouses list filtered by switched on / off pages newest first with the id
// as tie-break (created_at desc, id desc), like every list since migration 0013. On
// (deactivated, created_at desc) alone the planner read the filter's rows and sorted each run of
// equal dates again (an Incremental Sort); with the id in the index the page is a walk of its
// first rows.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index warehouses_deactivated_created_at_idx`.execute(db);
  await sql`create index warehouses_deactivated_created_at_idx on warehouses (deactivated, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index warehouses_deactivated_created_at_idx`.execute(db);
  await sql`create index warehouses_deactivated_created_at_idx on warehouses (deactivated, created_at desc)`.execute(db);
}
