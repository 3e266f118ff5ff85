// The back office's user searches (stockers, stock hunters, new stockers, transfers) look for a
// piece of text in any of e-mail, names, company and requested business name. One trigram index
// over all of them, in the exact expression the queries use (app/server/accounts/admin-users.queries.ts
// `userSearchText`), gives the planner one selective condition instead of five OR-ed ones, which it
// would rather answer by reading every user of the role.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index users_search_trgm_idx on users using gin (
      (email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(company, '') || ' ' || coalesce(request_business_name, '')) gin_trgm_ops
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_search_trgm_idx`.execute(db);
}
