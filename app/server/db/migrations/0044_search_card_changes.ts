// The cards a search lists are kept in each app instance's memory beside its search index
// (decision 066), so the index's notifications (migration 0043) must also name a warehouse when
// something its card shows changes beyond what the search filters on: its name, city, address,
// postcode, hub flag, owner (claimable) and requests received (the answer rate), and its
// owner's approval or deactivation (the "verified" mark). These changes do not move
// search_epoch (no zone depends on them): the notification carries the epoch as it is.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

/** The columns whose change the warehouses' trigger reports: a zone's, then a card's. */
const REPORTED = (columns: string[]) => sql.raw(columns.join(", "));

const ZONE_COLUMNS = [
  "id",
  "pub_lat",
  "pub_lng",
  "redeemed",
  "status",
  "deactivated",
  "spec_ids",
  "total_m2",
  "review_count",
  "rating_avg",
  "requests_answered",
  "answer_seconds_median",
];
const CARD_COLUMNS = ["name", "city", "address", "cap", "is_hub", "user_id", "requests_received"];

async function warehousesNotify(db: Kysely<any>, columns: string[]): Promise<void> {
  await sql`
    create or replace function warehouses_search_notify() returns trigger language plpgsql as $$
    declare
      changed bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(id order by id) into changed from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(id order by id) into changed from old_rows;
      else
        -- A set difference, hashed (see migration 0043 for why not a join on id).
        select array_agg(c.id order by c.id) into changed
        from (select ${REPORTED(columns)} from new_rows
              except
              select ${REPORTED(columns)} from old_rows) c;
      end if;
      perform search_changes_send(changed);
      return null;
    end
    $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await warehousesNotify(db, [...ZONE_COLUMNS, ...CARD_COLUMNS]);
  // Users: only when the approval or the deactivation of an owner of listed warehouses changed
  // (a login or a profile edit sends nothing).
  await sql`
    create function users_search_notify() returns trigger language plpgsql as $$
    declare
      changed bigint[];
    begin
      select array_agg(w.id order by w.id) into changed
      from warehouses w
      where w.user_id in (select id from (select id, approval_status, active from new_rows
                                          except
                                          select id, approval_status, active from old_rows) c)
        and w.status = 'approved' and not w.deactivated;
      if changed is not null then
        perform search_changes_send(changed);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_search_notify_update after update on users
      referencing old table as old_rows new table as new_rows for each statement execute function users_search_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_search_notify_update on users`.execute(db);
  await sql`drop function if exists users_search_notify()`.execute(db);
  await warehousesNotify(db, ZONE_COLUMNS);
}
