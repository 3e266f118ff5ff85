// The search reads the free spaces of every warehouse of a zone once, beside the zone itself
// (app/server/search/zones.ts): one index-only probe per warehouse of the zone, so the index
// carries every column the search reads. A zone kept in memory is dropped when search_epoch
// moves, so any change to a warehouse's spaces raises it, as changes to the warehouse do.
// The lists' orders weigh the trust figures of migration 0022 over a whole zone: the zone's
// index carries them too, so reading them is the same index-only scan as the zone's.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index warehouses_published_earth_idx`.execute(db);
  await sql`
    create index warehouses_published_earth_idx on warehouses
      using gist (ll_to_earth(pub_lat, pub_lng))
      include (id, pub_lat, pub_lng, total_m2, redeemed, spec_ids, review_count, rating_avg, requests_answered, answer_seconds_median)
      where status = 'approved' and not deactivated`.execute(db);
  await sql`
    create index warehouse_spaces_search_idx on warehouse_spaces (warehouse_id)
      include (id, m2_type, quantity, available_from, available_until, min_term_months, price_month, price_public)`.execute(db);
  await sql`
    create trigger warehouse_spaces_search_epoch
      after insert or delete or update on warehouse_spaces
      for each statement execute function search_epoch_advance()`.execute(db);
  await sql`
    create trigger warehouse_spaces_search_epoch_truncate after truncate on warehouse_spaces
      for each statement execute function search_epoch_advance()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists warehouse_spaces_search_epoch_truncate on warehouse_spaces`.execute(db);
  await sql`drop trigger if exists warehouse_spaces_search_epoch on warehouse_spaces`.execute(db);
  await sql`drop index if exists warehouse_spaces_search_idx`.execute(db);
  await sql`drop index warehouses_published_earth_idx`.execute(db);
  await sql`
    create index warehouses_published_earth_idx on warehouses
      using gist (ll_to_earth(pub_lat, pub_lng)) include (id, pub_lat, pub_lng, total_m2, redeemed, spec_ids)
      where status = 'approved' and not deactivated`.execute(db);
}
