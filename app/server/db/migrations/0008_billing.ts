// Subscriptions and billing (decision 009).
//
// - warehouses.redeemed: the warehouse is claimed (user_id) and covered by an active or trialing
//   subscription of that owner (subscription_warehouses). Only a redeemed warehouse shows its
//   real name, address, position, sheet and contact. Kept by triggers, so no write path can
//   forget it: a subscription changing status or owner, a warehouse added to or removed from a
//   subscription, a warehouse changing owner. The published position (migration 0004) now
//   follows `redeemed` instead of `user_id`, and search_epoch moves with it, so a subscription
//   that starts or ends shows or hides its warehouses in the next search.
// - The search index carries `redeemed` instead of `user_id`.
// - subscriptions: the final amount (cents, VAT included) and how many hubs it covers, the
//   administrator who confirmed a transfer and their notes, when the expiry reminder went out,
//   and the creation time of the last Stripe event applied (older events are ignored).
//   One live subscription per stocker (incomplete, pending transfer, trialing, active, past due).
// - stripe_events: every webhook event applied, by id, so a retried or replayed one is applied once.
// - promo_codes.valid_from: the start of the validity window (valid_until is its end).
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table warehouses add column redeemed boolean not null default false`.execute(db);

  await sql`
    create function warehouse_is_redeemed(warehouse_id bigint, owner_id bigint) returns boolean
    language sql stable as $$
      select owner_id is not null and exists (
        select 1
        from subscription_warehouses sw
        join subscriptions s on s.id = sw.subscription_id
        where sw.warehouse_id = $1 and s.user_id = $2 and s.stripe_status in ('active', 'trialing')
      )
    $$`.execute(db);

  // The row trigger of migration 0004, now deciding the published position by `redeemed`. A new
  // warehouse has no subscription yet; a change of owner re-reads the owner's subscriptions.
  await sql`
    create or replace function warehouse_published_position() returns trigger language plpgsql as $$
    declare
      digest bytea;
    begin
      if tg_op = 'INSERT' then
        new.redeemed := false;
      elsif new.user_id is distinct from old.user_id then
        new.redeemed := warehouse_is_redeemed(new.id, new.user_id);
      end if;
      if new.redeemed then
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
    create function refresh_warehouses_redeemed(ids bigint[]) returns void language sql as $$
      update warehouses w set redeemed = warehouse_is_redeemed(w.id, w.user_id)
      where w.id = any(ids) and w.redeemed is distinct from warehouse_is_redeemed(w.id, w.user_id)
    $$`.execute(db);
  await sql`
    create function subscriptions_refresh_redeemed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new.stripe_status is not distinct from old.stripe_status and new.user_id = old.user_id then
        return null;
      end if;
      perform refresh_warehouses_redeemed(array(
        select sw.warehouse_id from subscription_warehouses sw
        where sw.subscription_id = case when tg_op = 'DELETE' then old.id else new.id end));
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger subscriptions_redeemed after insert or update or delete on subscriptions
      for each row execute function subscriptions_refresh_redeemed()`.execute(db);
  await sql`
    create function subscription_warehouses_refresh_redeemed() returns trigger language plpgsql as $$
    begin
      perform refresh_warehouses_redeemed(array[case when tg_op = 'DELETE' then old.warehouse_id else new.warehouse_id end]);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger subscription_warehouses_redeemed after insert or delete on subscription_warehouses
      for each row execute function subscription_warehouses_refresh_redeemed()`.execute(db);

  // search_epoch moves when `redeemed` changes (it moves the published position as well).
  await sql`drop trigger warehouses_search_epoch on warehouses`.execute(db);
  await sql`
    create trigger warehouses_search_epoch
      after insert or delete or update of lat, lng, pub_lat, pub_lng, user_id, redeemed, status, deactivated, total_m2, spec_ids on warehouses
      for each statement execute function search_epoch_advance()`.execute(db);

  // Every existing warehouse: its flag and published position from today's subscriptions.
  await sql`update warehouses w set redeemed = warehouse_is_redeemed(w.id, w.user_id)`.execute(db);

  await sql`drop index warehouses_published_earth_idx`.execute(db);
  await sql`
    create index warehouses_published_earth_idx on warehouses
      using gist (ll_to_earth(pub_lat, pub_lng)) include (id, pub_lat, pub_lng, total_m2, redeemed, spec_ids)
      where status = 'approved' and not deactivated`.execute(db);

  await sql`
    alter table subscriptions
      add column amount int check (amount >= 0),
      add column hubs_count int not null default 0 check (hubs_count >= 0),
      add column transfer_info text,
      add column confirmed_by bigint references users (id) on delete set null,
      add column reminder_sent_at timestamptz,
      add column stripe_event_at timestamptz`.execute(db);
  await sql`
    update subscriptions s set amount = s.price_unit_amount * (select count(*) from subscription_warehouses sw where sw.subscription_id = s.id)
    where amount is null`.execute(db);
  // Ends older duplicates before the one-live-subscription rule (none in practice).
  await sql`
    update subscriptions s set stripe_status = 'canceled'
    where s.stripe_status in ('incomplete', 'pending_transfer', 'trialing', 'active', 'past_due')
      and exists (select 1 from subscriptions t where t.user_id = s.user_id and t.id > s.id
                  and t.stripe_status in ('incomplete', 'pending_transfer', 'trialing', 'active', 'past_due'))`.execute(db);
  await sql`
    create unique index subscriptions_one_live_idx on subscriptions (user_id)
      where stripe_status in ('incomplete', 'pending_transfer', 'trialing', 'active', 'past_due')`.execute(db);
  // The expiry job's read: transfer subscriptions still running, by end date.
  await sql`
    create index subscriptions_transfer_ends_at_idx on subscriptions (ends_at)
      where payment_type = 'transfer' and stripe_status = 'active'`.execute(db);

  await sql`
    create table stripe_events (
      id text primary key,
      type text not null,
      created_at timestamptz not null,
      applied_at timestamptz not null default now()
    )`.execute(db);

  await sql`alter table promo_codes add column valid_from timestamptz`.execute(db);
  await sql`
    alter table promo_codes add constraint promo_codes_window_check
      check (valid_from is null or valid_until is null or valid_from < valid_until)`.execute(db);
  await sql`
    alter table promo_codes add constraint promo_codes_discount_check
      check (num_nonnulls(amount_off, percent_off, hub_percent_off) >= 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table promo_codes drop constraint if exists promo_codes_discount_check`.execute(db);
  await sql`alter table promo_codes drop constraint if exists promo_codes_window_check`.execute(db);
  await sql`alter table promo_codes drop column if exists valid_from`.execute(db);
  await sql`drop table if exists stripe_events`.execute(db);
  await sql`drop index if exists subscriptions_transfer_ends_at_idx`.execute(db);
  await sql`drop index if exists subscriptions_one_live_idx`.execute(db);
  await sql`
    alter table subscriptions
      drop column if exists amount, drop column if exists hubs_count, drop column if exists transfer_info,
      drop column if exists confirmed_by, drop column if exists reminder_sent_at, drop column if exists stripe_event_at`.execute(db);
  await sql`drop trigger if exists subscription_warehouses_redeemed on subscription_warehouses`.execute(db);
  await sql`drop function if exists subscription_warehouses_refresh_redeemed()`.execute(db);
  await sql`drop trigger if exists subscriptions_redeemed on subscriptions`.execute(db);
  await sql`drop function if exists subscriptions_refresh_redeemed()`.execute(db);
  await sql`drop function if exists refresh_warehouses_redeemed(bigint[])`.execute(db);
  await sql`drop trigger warehouses_search_epoch on warehouses`.execute(db);
  await sql`
    create trigger warehouses_search_epoch
      after insert or delete or update of lat, lng, pub_lat, pub_lng, user_id, status, deactivated, total_m2, spec_ids on warehouses
      for each statement execute function search_epoch_advance()`.execute(db);
  await sql`drop index warehouses_published_earth_idx`.execute(db);
  await sql`
    create index warehouses_published_earth_idx on warehouses
      using gist (ll_to_earth(pub_lat, pub_lng)) include (id, pub_lat, pub_lng, total_m2, user_id, spec_ids)
      where status = 'approved' and not deactivated`.execute(db);
  await sql`
    create or replace function warehouse_published_position() returns trigger language plpgsql as $$
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
  await sql`alter table warehouses drop column redeemed`.execute(db);
  await sql`drop function if exists warehouse_is_redeemed(bigint, bigint)`.execute(db);
  await sql`update warehouses set pub_lat = pub_lat`.execute(db);
}
