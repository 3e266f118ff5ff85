// The back office's Warehouses list at a million warehouses: filtered by province, hub, redeemed,
// photos and free space, and sorted by each of its columns.
//
// - warehouses.images_count: how many photos a warehouse has, kept by row triggers on images, so
//   "has photos" and the sort by photos read one column (and its index) instead of counting the
//   images of every warehouse.
// - One index per sorted column, (column, id): a page in either direction is an index walk, the id
//   the tie-break that keeps pages from overlapping. Names and towns sort case-blind, by lower():
//   an index on the bare name would also be taken by the pickers' searches ordered by name,
//   walking it instead of their trigram indexes. The size sorts unknown as 0 (coalesce), so
//   the warehouses without a size sit at one end in both directions. Created and active already
//   have theirs (warehouses_created_at_id_idx; active reads deactivated).
// - The filters: the province as its code in capitals, then newest first; the hubs, the redeemed
//   and the warehouses with declared spaces are few among a million, each a partial index newest first.
//   Their predicates are "is true", which only a query stating "is true" can use (PostgreSQL does
//   not infer it from the bare column): the public search, which filters by the bare columns, keeps
//   to its GiST index instead of walking one of these.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

const INDEXES = [
  sql`create index warehouses_name_id_idx on warehouses ((lower(name)), id)`,
  sql`create index warehouses_city_id_idx on warehouses ((lower(city)), id)`,
  sql`create index warehouses_status_id_idx on warehouses (status, id)`,
  sql`create index warehouses_deactivated_id_idx on warehouses (deactivated, id)`,
  sql`create index warehouses_size_id_idx on warehouses ((coalesce(total_m2, 0)), id)`,
  sql`create index warehouses_images_count_id_idx on warehouses (images_count, id)`,
  sql`create index warehouses_province_created_at_idx on warehouses ((upper(btrim(province))), created_at desc, id desc)`,
  sql`create index warehouses_hub_created_at_idx on warehouses (created_at desc, id desc) where is_hub is true`,
  sql`create index warehouses_redeemed_created_at_idx on warehouses (created_at desc, id desc) where redeemed is true`,
  sql`create index warehouses_has_spaces_created_at_idx on warehouses (created_at desc, id desc) where has_spaces is true`,
];

const INDEX_NAMES = [
  "warehouses_name_id_idx",
  "warehouses_city_id_idx",
  "warehouses_status_id_idx",
  "warehouses_deactivated_id_idx",
  "warehouses_size_id_idx",
  "warehouses_images_count_id_idx",
  "warehouses_province_created_at_idx",
  "warehouses_hub_created_at_idx",
  "warehouses_redeemed_created_at_idx",
  "warehouses_has_spaces_created_at_idx",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table warehouses add column images_count integer not null default 0`.execute(db);
  await sql`
    create function images_refresh_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        update warehouses set images_count = images_count + 1 where id = new.warehouse_id;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update warehouses set images_count = greatest(images_count - 1, 0) where id = old.warehouse_id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger images_count_insert_delete after insert or delete on images for each row execute function images_refresh_count()`.execute(db);
  // Only a photo moved to another warehouse changes the counts.
  await sql`
    create trigger images_count_move after update of warehouse_id on images
      for each row when (old.warehouse_id is distinct from new.warehouse_id) execute function images_refresh_count()`.execute(db);
  await sql`
    update warehouses w set images_count = c.n
    from (select warehouse_id, count(*)::int as n from images group by warehouse_id) c
    where c.warehouse_id = w.id`.execute(db);
  for (const index of INDEXES) await index.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of INDEX_NAMES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop trigger if exists images_count_move on images`.execute(db);
  await sql`drop trigger if exists images_count_insert_delete on images`.execute(db);
  await sql`drop function if exists images_refresh_count()`.execute(db);
  await sql`alter table warehouses drop column if exists images_count`.execute(db);
}
