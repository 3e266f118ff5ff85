// Where each warehouse is shown, kept in the database, so the map search can count, bound and
// cluster every warehouse of a zone with one index scan (decision 027).
//
// - pub_lat / pub_lng: the true position of a claimed warehouse; for an unclaimed one the true
//   position moved by a fixed offset derived from HMAC-SHA256(app secret, "warehouse-position:"
//   || id): the first two 32-bit words scaled to ±0.004° latitude and ±0.006° longitude. Kept by
//   a row trigger on every insert and update, so no write path can forget it. Rounded to 6
//   decimals, as published.
// - A partial GiST index on the published position of listed (approved, active) warehouses that
//   carries what the search reads, so a zone is read by an index-only scan.
// - search_epoch: a counter the statement triggers below raise when anything a zone depends on
//   changes; app instances keep zones in memory and drop them when it moves. Transactional, so
//   a reader never sees the new value before the change itself.
// - jitter_lat / jitter_lng (random offsets from 0001) were never used: the offset is derived
//   from the id and the secret instead. Dropped.
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pgcrypto`.execute(db);
  // The secret every instance derives offsets from (appSecret() creates it the same way).
  await sql`insert into app_secrets (name, value) values ('app', encode(gen_random_bytes(32), 'hex')) on conflict (name) do nothing`.execute(db);

  await sql`alter table warehouses drop column jitter_lat, drop column jitter_lng`.execute(db);
  await sql`alter table warehouses add column pub_lat double precision, add column pub_lng double precision`.execute(db);

  // A 32-bit word of the digest as a number in [-1, 1].
  await sql`
    create function hmac_word_unit(digest bytea, word int) returns double precision
    language sql immutable as $$
      select (('x' || encode(substring(digest from word * 4 + 1 for 4), 'hex'))::bit(32)::bigint)::float8 / 4294967295 * 2 - 1
    $$`.execute(db);
  await sql`
    create function warehouse_published_position() returns trigger language plpgsql as $$
    declare
      digest bytea;
    begin
      if new.user_id is not null then
        new.pub_lat := round(new.lat::numeric, 6)::float8;
        new.pub_lng := round(new.lng::numeric, 6)::float8;
      else
        digest := hmac('warehouse-position:' || new.id, (select value from app_secrets where name = 'app'), 'sha256');
        new.pub_lat := round((new.lat + hmac_word_unit(digest, 0) * 0.004)::numeric, 6)::float8;
        new.pub_lng := round((new.lng + hmac_word_unit(digest, 1) * 0.006)::numeric, 6)::float8;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger warehouses_published_position before insert or update on warehouses
      for each row execute function warehouse_published_position()`.execute(db);
  await sql`update warehouses set pub_lat = null`.execute(db);
  await sql`alter table warehouses alter column pub_lat set not null, alter column pub_lng set not null`.execute(db);

  await sql`
    create index warehouses_published_earth_idx on warehouses
      using gist (ll_to_earth(pub_lat, pub_lng)) include (id, pub_lat, pub_lng, total_m2, user_id, spec_ids)
      where status = 'approved' and not deactivated`.execute(db);

  await sql`create table search_epoch (id int primary key default 1 check (id = 1), value bigint not null)`.execute(db);
  await sql`insert into search_epoch (value) values (1)`.execute(db);
  await sql`
    create function search_epoch_advance() returns trigger language plpgsql as $$
    begin
      update search_epoch set value = value + 1 where id = 1;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger warehouses_search_epoch
      after insert or delete or update of lat, lng, pub_lat, pub_lng, user_id, status, deactivated, total_m2, spec_ids on warehouses
      for each statement execute function search_epoch_advance()`.execute(db);
  await sql`
    create trigger warehouses_search_epoch_truncate after truncate on warehouses
      for each statement execute function search_epoch_advance()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists warehouses_search_epoch_truncate on warehouses`.execute(db);
  await sql`drop trigger if exists warehouses_search_epoch on warehouses`.execute(db);
  await sql`drop function if exists search_epoch_advance()`.execute(db);
  await sql`drop table if exists search_epoch`.execute(db);
  await sql`drop index if exists warehouses_published_earth_idx`.execute(db);
  await sql`drop trigger if exists warehouses_published_position on warehouses`.execute(db);
  await sql`drop function if exists warehouse_published_position()`.execute(db);
  await sql`drop function if exists hmac_word_unit(bytea, int)`.execute(db);
  await sql`alter table warehouses drop column if exists pub_lat, drop column if exists pub_lng`.execute(db);
  await sql`
    alter table warehouses
      add column jitter_lat double precision not null default ((random() * 2 - 1) * 0.004) check (abs(jitter_lat) <= 0.004),
      add column jitter_lng double precision not null default ((random() * 2 - 1) * 0.006) check (abs(jitter_lng) <= 0.006)`.execute(db);
}
