// The back office's request search (/admin/requests, GET /api/admin/warehouse-requests) looks for
// a piece of text in any of business name, referent, contact e-mail and location at once. One
// trigram index over all four, in the exact expression the query uses
// (app/server/admin-requests/admin-requests.queries.ts `requestSearchText`), gives the planner one
// selective condition instead of four OR-ed ones (the referent had no index at all), as
// migration 0010 does for users. All four columns are NOT NULL, so no coalesce is needed.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index warehouse_requests_search_trgm_idx on warehouse_requests using gin (
      (business_name || ' ' || referent || ' ' || contact || ' ' || location) gin_trgm_ops
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists warehouse_requests_search_trgm_idx`.execute(db);
}
