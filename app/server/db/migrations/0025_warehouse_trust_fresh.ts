// Keeps the trust figures of migration 0022 fresh in the database, by triggers, and fills them
// for the data already there (decision 035):
// - reviews (target 'warehouse', with at least one rating: avg_value > 0, as the rating shown
//   everywhere counts them) → review_count, rating_avg (their mean avg_value, rounded);
// - quote request links → requests_received (every link), requests_answered (links with
//   answered_at, the first move out of pending or a first offer), answer_seconds_median (the
//   median of answered_at − created_at over those, percentile_cont as the owners' statistics).
// (greatest() ignores nulls, hence the filter: an unanswered link is no zero-second answer.)
// Each refresh locks the warehouses it recounts (in id order, so two statements never wait on
// each other in a circle) before counting: the count is a new statement, with a new snapshot
// under READ COMMITTED, so it sees every change committed by whoever held the lock before and
// two answers at once never lose one. Statement triggers with transition tables: a request
// written to twenty warehouses recounts each once. The published position's row trigger now
// runs only when a column it reads is set (see below).
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function refresh_warehouse_review_figures(ids bigint[]) returns void language plpgsql as $$
    begin
      if coalesce(cardinality(ids), 0) = 0 then return; end if;
      perform 1 from warehouses where id = any(ids) order by id for update;
      update warehouses w
      set review_count = s.review_count, rating_avg = s.rating_avg
      from (
        select x.id, count(r.id)::int as review_count, round(avg(r.avg_value))::smallint as rating_avg
        from unnest(ids) as x(id)
        left join reviews r on r.warehouse_id = x.id and r.target = 'warehouse' and r.avg_value > 0
        group by x.id
      ) s
      where w.id = s.id and (w.review_count, w.rating_avg) is distinct from (s.review_count, s.rating_avg);
    end
    $$`.execute(db);

  await sql`
    create function refresh_warehouse_answer_figures(ids bigint[]) returns void language plpgsql as $$
    begin
      if coalesce(cardinality(ids), 0) = 0 then return; end if;
      perform 1 from warehouses where id = any(ids) order by id for update;
      update warehouses w
      set requests_received = s.received, requests_answered = s.answered, answer_seconds_median = s.median
      from (
        select x.id, count(l.id)::int as received, count(l.answered_at)::int as answered,
               round(percentile_cont(0.5) within group (order by greatest(0, extract(epoch from l.answered_at - l.created_at))) filter (where l.answered_at is not null))::int as median
        from unnest(ids) as x(id)
        left join warehouse_request_warehouses l on l.warehouse_id = x.id
        group by x.id
      ) s
      where w.id = s.id
        and (w.requests_received, w.requests_answered, w.answer_seconds_median) is distinct from (s.received, s.answered, s.median);
    end
    $$`.execute(db);

  // The warehouses a statement on reviews touched in a way the figures see.
  await sql`
    create function reviews_refresh_warehouse_figures() returns trigger language plpgsql as $$
    declare
      ids bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct warehouse_id) into ids from new_rows where target = 'warehouse';
      elsif tg_op = 'DELETE' then
        select array_agg(distinct warehouse_id) into ids from old_rows where target = 'warehouse';
      else
        select array_agg(distinct x.warehouse_id) into ids from (
          select o.warehouse_id from old_rows o join new_rows n on n.id = o.id
          where (o.warehouse_id, o.target, o.avg_value) is distinct from (n.warehouse_id, n.target, n.avg_value)
          union all
          select n.warehouse_id from old_rows o join new_rows n on n.id = o.id
          where (o.warehouse_id, o.target, o.avg_value) is distinct from (n.warehouse_id, n.target, n.avg_value)
        ) x;
      end if;
      perform refresh_warehouse_review_figures(ids);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger reviews_warehouse_figures_insert after insert on reviews
      referencing new table as new_rows for each statement execute function reviews_refresh_warehouse_figures()`.execute(db);
  await sql`
    create trigger reviews_warehouse_figures_update after update on reviews
      referencing old table as old_rows new table as new_rows for each statement execute function reviews_refresh_warehouse_figures()`.execute(db);
  await sql`
    create trigger reviews_warehouse_figures_delete after delete on reviews
      referencing old table as old_rows for each statement execute function reviews_refresh_warehouse_figures()`.execute(db);

  // The warehouses a statement on request links touched: a link written or removed, or its
  // first answer (or its arrival time) changed.
  await sql`
    create function request_links_refresh_warehouse_figures() returns trigger language plpgsql as $$
    declare
      ids bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct warehouse_id) into ids from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct warehouse_id) into ids from old_rows;
      else
        select array_agg(distinct x.warehouse_id) into ids from (
          select o.warehouse_id from old_rows o join new_rows n on n.id = o.id
          where (o.warehouse_id, o.answered_at, o.created_at) is distinct from (n.warehouse_id, n.answered_at, n.created_at)
          union all
          select n.warehouse_id from old_rows o join new_rows n on n.id = o.id
          where (o.warehouse_id, o.answered_at, o.created_at) is distinct from (n.warehouse_id, n.answered_at, n.created_at)
        ) x;
      end if;
      perform refresh_warehouse_answer_figures(ids);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger request_links_warehouse_figures_insert after insert on warehouse_request_warehouses
      referencing new table as new_rows for each statement execute function request_links_refresh_warehouse_figures()`.execute(db);
  await sql`
    create trigger request_links_warehouse_figures_update after update on warehouse_request_warehouses
      referencing old table as old_rows new table as new_rows for each statement execute function request_links_refresh_warehouse_figures()`.execute(db);
  await sql`
    create trigger request_links_warehouse_figures_delete after delete on warehouse_request_warehouses
      referencing old table as old_rows for each statement execute function request_links_refresh_warehouse_figures()`.execute(db);

  // A refresh updates only the figures; the published position (migrations 0004 and 0008)
  // depends on lat, lng, user_id and redeemed alone, so its row trigger no longer runs for
  // updates that set none of them (or pub_lat/pub_lng themselves): it keyed an HMAC per row,
  // which made a request to many warehouses pay for it once per warehouse.
  await sql`drop trigger warehouses_published_position on warehouses`.execute(db);
  await sql`
    create trigger warehouses_published_position
      before insert or update of lat, lng, user_id, redeemed, pub_lat, pub_lng on warehouses
      for each row execute function warehouse_published_position()`.execute(db);

  // The data already there: only warehouses with reviews or links differ from the defaults.
  await sql`
    update warehouses w
    set review_count = s.review_count, rating_avg = s.rating_avg
    from (
      select r.warehouse_id as id, count(*)::int as review_count, round(avg(r.avg_value))::smallint as rating_avg
      from reviews r
      where r.target = 'warehouse' and r.avg_value > 0
      group by r.warehouse_id
    ) s
    where w.id = s.id`.execute(db);
  await sql`
    update warehouses w
    set requests_received = s.received, requests_answered = s.answered, answer_seconds_median = s.median
    from (
      select l.warehouse_id as id, count(*)::int as received, count(l.answered_at)::int as answered,
             round(percentile_cont(0.5) within group (order by greatest(0, extract(epoch from l.answered_at - l.created_at))) filter (where l.answered_at is not null))::int as median
      from warehouse_request_warehouses l
      group by l.warehouse_id
    ) s
    where w.id = s.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger warehouses_published_position on warehouses`.execute(db);
  await sql`
    create trigger warehouses_published_position before insert or update on warehouses
      for each row execute function warehouse_published_position()`.execute(db);
  for (const op of ["insert", "update", "delete"]) {
    await sql.raw(`drop trigger reviews_warehouse_figures_${op} on reviews`).execute(db);
    await sql.raw(`drop trigger request_links_warehouse_figures_${op} on warehouse_request_warehouses`).execute(db);
  }
  await sql`drop function reviews_refresh_warehouse_figures()`.execute(db);
  await sql`drop function request_links_refresh_warehouse_figures()`.execute(db);
  await sql`drop function refresh_warehouse_review_figures(bigint[])`.execute(db);
  await sql`drop function refresh_warehouse_answer_figures(bigint[])`.execute(db);
  await sql`update warehouses set review_count = 0, rating_avg = null, requests_received = 0, requests_answered = 0, answer_seconds_median = null`.execute(db);
}
