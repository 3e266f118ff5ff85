// The CRM's search box looks for a piece of text in an entry's client, contact, description and
// follow-up action at once. One trigram index over exactly that text (the expression of
// `crmSearchText` in app/server/crm/crm.queries.ts) gives the planner one selective condition
// instead of four OR-ed ones, which it would rather answer by reading the whole table; the
// client and contact indexes of 0001 stay for anything that searches them alone.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index crm_entries_search_trgm_idx on crm_entries using gin (
      (coalesce(client, '') || ' ' || coalesce(contact, '') || ' ' || coalesce(description, '') || ' ' || coalesce(follow_up_action, '')) gin_trgm_ops
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists crm_entries_search_trgm_idx`.execute(db);
}
