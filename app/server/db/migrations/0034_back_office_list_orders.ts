// The back office's lists sorted by their columns: each order is an index range of its role's
// rows, ties by id in the same direction, so a sorted page and the export's keyset pages read
// 20 or 1,000 rows however many users there are.
//
// - users_role_name_sort_idx: the name as the lists show it (company, requested business name,
//   full name, e-mail), lower-cased; the expression of admin-users.queries.ts#userNameSortKey.
// - users_role_account_type_idx: a stocker's account type (none is a Stocker, 0).
// - users_role_active_id_idx: active first or last; replaces users_role_active_idx (role, active),
//   its prefix.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index users_role_name_sort_idx on users (
      role,
      lower(coalesce(nullif(btrim(company), ''), nullif(btrim(request_business_name), ''), nullif(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), email)),
      id
    )`.execute(db);
  await sql`create index users_role_account_type_idx on users (role, coalesce(account_type, 0), id)`.execute(db);
  await sql`create index users_role_active_id_idx on users (role, active, id)`.execute(db);
  await sql`drop index if exists users_role_active_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists users_role_active_idx on users (role, active)`.execute(db);
  await sql`drop index if exists users_role_active_id_idx`.execute(db);
  await sql`drop index if exists users_role_account_type_idx`.execute(db);
  await sql`drop index if exists users_role_name_sort_idx`.execute(db);
}
