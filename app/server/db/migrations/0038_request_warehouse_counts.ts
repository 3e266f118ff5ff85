// The back office's quote requests list sorts by the number of warehouses each request went to and
// filters by whether any of them answered (decision 055). Counting the links of every request on
// each page would read the whole links table at hundreds of thousands of requests, so each request
// keeps both figures, up to date by triggers on warehouse_request_warehouses:
// - warehouses_count: its links (every link, whatever its state);
// - answered_count: its links with answered_at (the handler's first move out of pending, or a
//   first offer: area-requests.queries.ts#recordFirstAnswer).
// Statement triggers with transition tables, as migration 0025: a request written to twenty
// warehouses, or a warehouse deleted with its links, recounts each request once. Each refresh
// locks the requests it recounts in id order (two statements never wait on each other in a
// circle) before counting in a new statement, which under READ COMMITTED sees everything committed
// by whoever held the lock before. Every writer of links (a new request, the back office's
// add-warehouses, the seed, a deletion's cascade) is covered without calling anything.
// Indexes for the list's orders, ties by id in the same direction (a page and the export's keyset
// pages are one range): the count, and the quantity asked for (no quantity reads as 0).
// Frozen once landed: change it in a new migration.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table warehouse_requests
      add column warehouses_count integer not null default 0 check (warehouses_count >= 0),
      add column answered_count integer not null default 0 check (answered_count >= 0 and answered_count <= warehouses_count)`.execute(db);

  await sql`
    create function refresh_request_link_counts(ids bigint[]) returns void language plpgsql as $$
    begin
      if coalesce(cardinality(ids), 0) = 0 then return; end if;
      perform 1 from warehouse_requests where id = any(ids) order by id for update;
      update warehouse_requests r
      set warehouses_count = s.links, answered_count = s.answered
      from (
        select x.id, count(l.id)::int as links, count(l.answered_at)::int as answered
        from unnest(ids) as x(id)
        left join warehouse_request_warehouses l on l.warehouse_request_id = x.id
        group by x.id
      ) s
      where r.id = s.id and (r.warehouses_count, r.answered_count) is distinct from (s.links, s.answered);
    end
    $$`.execute(db);

  // The requests a statement on links touched in a way the counts see: a link written or removed,
  // moved to another request, or its first answer set or cleared.
  await sql`
    create function request_links_refresh_request_counts() returns trigger language plpgsql as $$
    declare
      ids bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct warehouse_request_id) into ids from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct warehouse_request_id) into ids from old_rows;
      else
        select array_agg(distinct x.warehouse_request_id) into ids from (
          select o.warehouse_request_id from old_rows o join new_rows n on n.id = o.id
          where o.warehouse_request_id <> n.warehouse_request_id or (o.answered_at is null) <> (n.answered_at is null)
          union all
          select n.warehouse_request_id from old_rows o join new_rows n on n.id = o.id
          where o.warehouse_request_id <> n.warehouse_request_id or (o.answered_at is null) <> (n.answered_at is null)
        ) x;
      end if;
      perform refresh_request_link_counts(ids);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger request_links_request_counts_insert after insert on warehouse_request_warehouses
      referencing new table as new_rows for each statement execute function request_links_refresh_request_counts()`.execute(db);
  await sql`
    create trigger request_links_request_counts_update after update on warehouse_request_warehouses
      referencing old table as old_rows new table as new_rows for each statement execute function request_links_refresh_request_counts()`.execute(db);
  await sql`
    create trigger request_links_request_counts_delete after delete on warehouse_request_warehouses
      referencing old table as old_rows for each statement execute function request_links_refresh_request_counts()`.execute(db);

  // The data already there: only requests with links differ from the defaults.
  await sql`
    update warehouse_requests r
    set warehouses_count = s.links, answered_count = s.answered
    from (
      select warehouse_request_id as id, count(*)::int as links, count(answered_at)::int as answered
      from warehouse_request_warehouses
      group by warehouse_request_id
    ) s
    where r.id = s.id`.execute(db);

  await sql`create index warehouse_requests_warehouses_count_idx on warehouse_requests (warehouses_count, id)`.execute(db);
  await sql`create index warehouse_requests_quantity_idx on warehouse_requests ((coalesce(m2_value, 0)), id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists warehouse_requests_quantity_idx`.execute(db);
  await sql`drop index if exists warehouse_requests_warehouses_count_idx`.execute(db);
  await sql`drop trigger if exists request_links_request_counts_delete on warehouse_request_warehouses`.execute(db);
  await sql`drop trigger if exists request_links_request_counts_update on warehouse_request_warehouses`.execute(db);
  await sql`drop trigger if exists request_links_request_counts_insert on warehouse_request_warehouses`.execute(db);
  await sql`drop function if exists request_links_refresh_request_counts()`.execute(db);
  await sql`drop function if exists refresh_request_link_counts(bigint[])`.execute(db);
  await sql`alter table warehouse_requests drop column if exists answered_count, drop column if exists warehouses_count`.execute(db);
}
