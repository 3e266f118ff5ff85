// The sitemap (/sitemap.xml and its pages): the warehouses with a public sheet (redeemed,
// approved, not deactivated) by id, with the time of their last change, read from the index
// alone at a million warehouses: the sitemap's pages are id ranges, and its index the latest
// change in each range.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index warehouses_public_sheet_idx on warehouses (id) include (updated_at)
    where redeemed and status = 'approved' and not deactivated`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists warehouses_public_sheet_idx`.execute(db);
}
