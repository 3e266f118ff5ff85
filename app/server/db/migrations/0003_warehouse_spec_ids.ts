// The map search reads every result's specifications and tests the selected ones on each
// candidate. A per-row lookup in warehouse_specifications cost more than the radius scan
// itself at a million warehouses, so each warehouse carries a copy of its specification ids,
// kept in step by statement-level triggers (bulk inserts update each warehouse once).
// warehouse_specifications stays the source of truth; nothing else has to write spec_ids.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table warehouses add column spec_ids int[] not null default '{}'`.execute(db);

  await sql`
    create function refresh_warehouse_spec_ids(ids bigint[]) returns void language sql as $$
      update warehouses w
      set spec_ids = coalesce((
        select array_agg(s.specification_id::int order by s.specification_id)
        from warehouse_specifications s where s.warehouse_id = w.id
      ), '{}')
      where w.id = any(ids)
    $$`.execute(db);

  await sql`
    create function warehouse_specifications_sync_insert() returns trigger language plpgsql as $$
    begin
      perform refresh_warehouse_spec_ids(array(select distinct warehouse_id from added));
      return null;
    end
    $$`.execute(db);
  await sql`
    create function warehouse_specifications_sync_delete() returns trigger language plpgsql as $$
    begin
      perform refresh_warehouse_spec_ids(array(select distinct warehouse_id from removed));
      return null;
    end
    $$`.execute(db);
  await sql`
    create function warehouse_specifications_sync_update() returns trigger language plpgsql as $$
    begin
      perform refresh_warehouse_spec_ids(array(select warehouse_id from added union select warehouse_id from removed));
      return null;
    end
    $$`.execute(db);

  await sql`
    create trigger warehouse_specifications_sync_insert after insert on warehouse_specifications
      referencing new table as added for each statement execute function warehouse_specifications_sync_insert()`.execute(db);
  await sql`
    create trigger warehouse_specifications_sync_delete after delete on warehouse_specifications
      referencing old table as removed for each statement execute function warehouse_specifications_sync_delete()`.execute(db);
  await sql`
    create trigger warehouse_specifications_sync_update after update on warehouse_specifications
      referencing new table as added old table as removed for each statement execute function warehouse_specifications_sync_update()`.execute(db);

  // Existing data.
  await sql`
    update warehouses w set spec_ids = s.ids
    from (select warehouse_id, array_agg(specification_id::int order by specification_id) as ids from warehouse_specifications group by warehouse_id) s
    where s.warehouse_id = w.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists warehouse_specifications_sync_insert on warehouse_specifications`.execute(db);
  await sql`drop trigger if exists warehouse_specifications_sync_delete on warehouse_specifications`.execute(db);
  await sql`drop trigger if exists warehouse_specifications_sync_update on warehouse_specifications`.execute(db);
  await sql`drop function if exists warehouse_specifications_sync_insert()`.execute(db);
  await sql`drop function if exists warehouse_specifications_sync_delete()`.execute(db);
  await sql`drop function if exists warehouse_specifications_sync_update()`.execute(db);
  await sql`drop function if exists refresh_warehouse_spec_ids(bigint[])`.execute(db);
  await sql`alter table warehouses drop column if exists spec_ids`.execute(db);
}
