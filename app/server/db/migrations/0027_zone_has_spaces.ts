// A zone's free spaces are read with one probe of the spaces' index per warehouse of the zone
// (migration 0024): at a million warehouses, Milan's 10 km box holds about 31,500 of them and a
// quarter have any space, so three probes in four find nothing and cost most of the read.
// warehouses.has_spaces says whether a warehouse has any declared space (current or past), kept
// by statement triggers on warehouse_spaces; the zone's index carries it, so the zone's read
// probes only the warehouses that have some. A flag left true by a space that has ended costs
// one probe, never a wrong answer; it is false only when the warehouse has no space row at all.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table warehouses add column has_spaces boolean not null default false`.execute(db);
  await sql`
    create function refresh_warehouse_has_spaces(ids bigint[]) returns void language sql as $$
      update warehouses w
      set has_spaces = exists (select 1 from warehouse_spaces s where s.warehouse_id = w.id)
      where w.id = any(ids)
        and w.has_spaces is distinct from exists (select 1 from warehouse_spaces s where s.warehouse_id = w.id)
    $$`.execute(db);
  await sql`
    create function warehouse_spaces_refresh_has_spaces() returns trigger language plpgsql as $$
    declare
      ids bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct warehouse_id) into ids from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct warehouse_id) into ids from old_rows;
      else
        -- Only a space moved to another warehouse changes a flag.
        select array_agg(distinct x.warehouse_id) into ids from (
          select o.warehouse_id from old_rows o join new_rows n on n.id = o.id where o.warehouse_id <> n.warehouse_id
          union
          select n.warehouse_id from old_rows o join new_rows n on n.id = o.id where o.warehouse_id <> n.warehouse_id
        ) x;
      end if;
      perform refresh_warehouse_has_spaces(ids);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger warehouse_spaces_has_spaces_insert after insert on warehouse_spaces
      referencing new table as new_rows for each statement execute function warehouse_spaces_refresh_has_spaces()`.execute(db);
  await sql`
    create trigger warehouse_spaces_has_spaces_update after update on warehouse_spaces
      referencing old table as old_rows new table as new_rows for each statement execute function warehouse_spaces_refresh_has_spaces()`.execute(db);
  await sql`
    create trigger warehouse_spaces_has_spaces_delete after delete on warehouse_spaces
      referencing old table as old_rows for each statement execute function warehouse_spaces_refresh_has_spaces()`.execute(db);

  await sql`update warehouses w set has_spaces = true where exists (select 1 from warehouse_spaces s where s.warehouse_id = w.id)`.execute(db);

  await sql`drop index warehouses_published_earth_idx`.execute(db);
  await sql`
    create index warehouses_published_earth_idx on warehouses
      using gist (ll_to_earth(pub_lat, pub_lng))
      include (id, pub_lat, pub_lng, total_m2, redeemed, spec_ids, review_count, rating_avg, requests_answered, answer_seconds_median, has_spaces)
      where status = 'approved' and not deactivated`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index warehouses_published_earth_idx`.execute(db);
  await sql`
    create index warehouses_published_earth_idx on warehouses
      using gist (ll_to_earth(pub_lat, pub_lng))
      include (id, pub_lat, pub_lng, total_m2, redeemed, spec_ids, review_count, rating_avg, requests_answered, answer_seconds_median)
      where status = 'approved' and not deactivated`.execute(db);
  for (const op of ["insert", "update", "delete"]) {
    await sql.raw(`drop trigger warehouse_spaces_has_spaces_${op} on warehouse_spaces`).execute(db);
  }
  await sql`drop function warehouse_spaces_refresh_has_spaces()`.execute(db);
  await sql`drop function refresh_warehouse_has_spaces(bigint[])`.execute(db);
  await sql`alter table warehouses drop column has_spaces`.execute(db);
}
