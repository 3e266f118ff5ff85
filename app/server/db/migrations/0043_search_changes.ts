// The search index's news (decision 064): every app instance keeps the listed warehouses in
// memory and must learn which of them changed, at once. Statement triggers (with transition
// tables, so one bulk statement costs one notification, not one per row) send
// pg_notify('search_changes', '<search_epoch>:<ids>') for the warehouses whose searched columns
// changed, whose declared spaces changed, or whose images changed (the photo weighs in the
// order). The epoch is the value after the change (the epoch's own triggers fire first: trigger
// names sort "…_search_epoch" before "…_search_notify_…"), so an instance that has applied a
// notification knows its index is as new as that epoch. Notifications are sent at commit, in
// commit order, and never for a rolled back change; a statement that changed nothing searched
// sends '<search_epoch>:' (the epoch may have moved all the same). Ids go 500 to a notification (the payload
// is limited to 8000 bytes); beyond 20,000 ids one notification says '*' (read everything again).
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function search_changes_send(changed bigint[]) returns void language plpgsql as $$
    declare
      epoch bigint := (select value from search_epoch where id = 1);
      n int := coalesce(cardinality(changed), 0);
      i int := 1;
    begin
      -- A statement that changed nothing searched may still have moved the epoch (statement
      -- triggers fire for no rows too): say so, so that instances waiting for it stop waiting.
      if n = 0 then
        perform pg_notify('search_changes', epoch || ':');
        return;
      end if;
      if n > 20000 then
        perform pg_notify('search_changes', epoch || ':*');
        return;
      end if;
      while i <= n loop
        perform pg_notify('search_changes', epoch || ':' || array_to_string(changed[i:i + 499], ','));
        i := i + 500;
      end loop;
    end
    $$`.execute(db);
  // Warehouses: an update counts only when a column the search reads changed (a statement
  // trigger with transition tables cannot name columns).
  await sql`
    create function warehouses_search_notify() returns trigger language plpgsql as $$
    declare
      changed bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(id order by id) into changed from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(id order by id) into changed from old_rows;
      else
        -- Rows of the new table that the old one does not hold, column for column: a set
        -- difference (hashed) rather than a join on id, which the planner, blind to the
        -- transition tables' sizes, ran as a nested loop (minutes for a 30,000-row update).
        select array_agg(c.id order by c.id) into changed
        from (select id, pub_lat, pub_lng, redeemed, status, deactivated, spec_ids, total_m2,
                     review_count, rating_avg, requests_answered, answer_seconds_median
              from new_rows
              except
              select id, pub_lat, pub_lng, redeemed, status, deactivated, spec_ids, total_m2,
                     review_count, rating_avg, requests_answered, answer_seconds_median
              from old_rows) c;
      end if;
      perform search_changes_send(changed);
      return null;
    end
    $$`.execute(db);
  // Spaces and images: their warehouses.
  await sql`
    create function warehouse_rows_search_notify() returns trigger language plpgsql as $$
    declare
      changed bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct warehouse_id) into changed from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct warehouse_id) into changed from old_rows;
      else
        select array_agg(distinct warehouse_id) into changed
        from (select warehouse_id from new_rows union select warehouse_id from old_rows) r;
      end if;
      perform search_changes_send(changed);
      return null;
    end
    $$`.execute(db);
  await sql`
    create function search_changes_notify_all() returns trigger language plpgsql as $$
    begin
      perform pg_notify('search_changes', (select value from search_epoch where id = 1) || ':*');
      return null;
    end
    $$`.execute(db);
  for (const [table, fn] of [
    ["warehouses", "warehouses_search_notify"],
    ["warehouse_spaces", "warehouse_rows_search_notify"],
    ["images", "warehouse_rows_search_notify"],
  ] as const) {
    await sql`
      create trigger ${sql.id(`${table}_search_notify_insert`)} after insert on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function ${sql.raw(fn)}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_search_notify_update`)} after update on ${sql.table(table)}
        referencing old table as old_rows new table as new_rows for each statement execute function ${sql.raw(fn)}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_search_notify_delete`)} after delete on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function ${sql.raw(fn)}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_search_notify_truncate`)} after truncate on ${sql.table(table)}
        for each statement execute function search_changes_notify_all()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["warehouses", "warehouse_spaces", "images"]) {
    for (const op of ["insert", "update", "delete", "truncate"]) {
      await sql`drop trigger if exists ${sql.id(`${table}_search_notify_${op}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function if exists search_changes_notify_all()`.execute(db);
  await sql`drop function if exists warehouse_rows_search_notify()`.execute(db);
  await sql`drop function if exists warehouses_search_notify()`.execute(db);
  await sql`drop function if exists search_changes_send(bigint[])`.execute(db);
}
