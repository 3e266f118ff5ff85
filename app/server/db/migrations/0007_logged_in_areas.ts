// The logged-in areas (decision 008).
//
// - user_tokens: a new e-mail address waits in `new_email` until the link sent to it is
//   followed (kind 'change_email'); only then does it replace the account's address.
// - warehouse_request_warehouses.answered_at: when the handler first moved the link out of
//   'pending' (state_changed_at keeps the last change), for the statistics' time to answer.
//   Links answered before this migration take their last change as the first.
// - warehouse_daily_stats: how often a warehouse appeared in search results and how often its
//   sheet was opened, per day. Counted in memory and written in batches (app/server/stats/),
//   never one write per view.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table user_tokens drop constraint user_tokens_kind_check`.execute(db);
  await sql`
    alter table user_tokens
      add constraint user_tokens_kind_check check (kind in ('confirm_code', 'complete_account', 'reset_password', 'change_email')),
      add column new_email text,
      add constraint user_tokens_new_email_check check ((kind = 'change_email') = (new_email is not null))`.execute(db);

  await sql`alter table warehouse_request_warehouses add column answered_at timestamptz`.execute(db);
  await sql`update warehouse_request_warehouses set answered_at = state_changed_at where state <> 'pending' and state_changed_at is not null`.execute(db);

  await sql`
    create table warehouse_daily_stats (
      warehouse_id bigint not null references warehouses (id) on delete cascade,
      day date not null,
      search_appearances int not null default 0 check (search_appearances >= 0),
      sheet_views int not null default 0 check (sheet_views >= 0),
      primary key (warehouse_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists warehouse_daily_stats`.execute(db);
  await sql`alter table warehouse_request_warehouses drop column if exists answered_at`.execute(db);
  await sql`delete from user_tokens where kind = 'change_email'`.execute(db);
  await sql`
    alter table user_tokens
      drop constraint if exists user_tokens_new_email_check,
      drop column if exists new_email,
      drop constraint user_tokens_kind_check,
      add constraint user_tokens_kind_check check (kind in ('confirm_code', 'complete_account', 'reset_password'))`.execute(db);
}
