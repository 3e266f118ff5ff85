// SQL of the saved searches' alerts (decision 038): the matching of the warehouses that changed
// (saved_search_changes, kept by triggers, migration 0028) against the active searches whose
// circle holds them, found through the GiST index saved_searches_circle_idx, and the alerts'
// reads and writes. The rules these rows feed are alerts.service.ts's.
import type { SavedSearchCriteria } from "../../lib/saved-searches.ts";
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { Lang } from "../db/types.ts";
import { EARTH_RADIUS_M } from "../search/zones.ts";

/** A space as the change row keeps it (the warehouse's spaces before its first change since the last matching). */
export type KeptSpace = {
  m2_type: "m2" | "pallet";
  quantity: number;
  available_from: string;
  available_until: string | null;
  min_term_months: number;
};

/** A warehouse that changed, with its state before its first change since the last matching. */
export type ChangeRow = {
  warehouse_id: number;
  last_changed_at: Date;
  was_listed: boolean;
  pub_lat: number | null;
  pub_lng: number | null;
  spec_ids: number[];
  spaces: KeptSpace[];
};

/**
 * Up to `limit` changed warehouses, in id order, locked until the caller's transaction ends; a
 * row another run holds is skipped, so two runs never match the same change.
 */
export async function claimChanges(db: Database, args: { limit: number }): Promise<ChangeRow[]> {
  const { rows } = await sql<ChangeRow>`
    select warehouse_id, last_changed_at, was_listed, pub_lat, pub_lng, spec_ids, spaces
    from saved_search_changes
    order by warehouse_id
    limit ${args.limit}
    for update skip locked`.execute(db);
  return rows;
}

/** The changes the caller matched, gone (in the transaction of the matches they produced). */
export async function deleteChanges(db: Database, args: { warehouseIds: number[] }): Promise<void> {
  if (args.warehouseIds.length === 0) return;
  await sql`delete from saved_search_changes where warehouse_id = any(${args.warehouseIds}::bigint[])`.execute(db);
}

/** A (search, warehouse) pair whose verdict needs the spaces: the search asks dates or a quantity. */
export type SpaceCandidate = {
  saved_search_id: number;
  warehouse_id: number;
  /** The warehouse's state kept in the change row matched the search but for the spaces (listed, in the circle, every specification). */
  matched_before: boolean;
  m2_type: "m2" | "pallet";
  m2_value: number | null;
  start_date: string | null;
  end_date: string | null;
};

/**
 * A position within the circle of the search `s`: the great-circle distance on the sphere of
 * earthdistance's radius, by the formula the search's own circle test uses (distanceM in
 * search/zones.ts). earth_distance() gives the same distance, but builds two cubes through the
 * `earth` domain's checks for every pair: about ten times slower, and the pairs are many.
 */
const inCircle = (lat: RawBuilder<unknown>, lng: RawBuilder<unknown>) =>
  sql`2 * ${sql.lit(EARTH_RADIUS_M)}::float8 * asin(least(1, sqrt(sin(radians(${lat} - s.lat) / 2) ^ 2
        + cos(radians(s.lat)) * cos(radians(${lat})) * sin(radians(${lng} - s.lng) / 2) ^ 2))) <= s.radius * 1000`;

/**
 * The matching of changed warehouses, one statement for a batch:
 *
 * - each changed warehouse that is listed now, at its published position, probes the GiST index
 *   of the active searches' circles (`earth_box(centre, radius) @> position`, the same expression
 *   as saved_searches_circle_idx), then the exact distance (inCircle); every specification the search asks
 *   must be the warehouse's; the search must have been active before the warehouse's last change;
 * - the state kept in the change row is tested the same way (listed, old position in the circle,
 *   old specifications), as `matched_before`;
 * - a search that asks neither dates nor a quantity is decided here: it starts to match when it
 *   did not match before, and the pair is recorded at once;
 * - a search that asks dates or a quantity is judged in memory by the search page's own rule
 *   (the caller), so those pairs are returned; only those whose warehouse has some space of the
 *   asked type large enough, free today or later (a necessary condition of that rule), and that
 *   were never told of.
 *
 * A pair recorded and not yet told of is refreshed (matched_at) rather than left alone: its row
 * is then locked, so an alert run that is deciding to drop it waits, and the pair comes back if
 * the drop commits.
 */
export async function matchChanges(db: Database, args: MatchChangesArgs): Promise<{ inserted: number; candidates: SpaceCandidate[] }> {
  if (args.warehouseIds.length === 0) return { inserted: 0, candidates: [] };
  const { rows } = await matchChangesQuery(args).execute(db);
  const row = rows[0]!;
  return {
    inserted: row.inserted,
    candidates: row.candidates.map(([saved_search_id, warehouse_id, matched_before, m2_type, m2_value, start_date, end_date]) => ({
      saved_search_id,
      warehouse_id,
      matched_before,
      m2_type,
      m2_value,
      start_date,
      end_date,
    })),
  };
}

export type MatchChangesArgs = { warehouseIds: number[]; today: string; now: Date };

/** matchChanges' statement (the plan test explains it). */
export function matchChangesQuery(args: MatchChangesArgs) {
  return sql<{ inserted: number; candidates: [number, number, boolean, "m2" | "pallet", number | null, string | null, string | null][] }>`
    with changed as materialized (
      -- Once per changed warehouse (not per pair): its state now, and the most of each unit it has free today or later.
      select c.warehouse_id, c.last_changed_at, c.was_listed, c.pub_lat as old_lat, c.pub_lng as old_lng, c.spec_ids as old_specs,
             w.pub_lat, w.pub_lng, w.spec_ids, coalesce(sp.m2, 0) as free_m2, coalesce(sp.pallet, 0) as free_pallet
      from saved_search_changes c
      join warehouses w on w.id = c.warehouse_id and w.status = 'approved' and not w.deactivated
      left join lateral (
        select max(s.quantity) filter (where s.m2_type = 'm2') as m2, max(s.quantity) filter (where s.m2_type = 'pallet') as pallet
        from warehouse_spaces s
        where s.warehouse_id = w.id and w.has_spaces and (s.available_until is null or s.available_until >= ${args.today}::date)
      ) sp on true
      where c.warehouse_id = any(${args.warehouseIds}::bigint[])
    ),
    pairs as materialized (
      select * from (
        select s.id as saved_search_id, c.warehouse_id,
               (s.m2_value is not null or s.start_date is not null or s.end_date is not null) as asks_space,
               coalesce(c.was_listed and c.old_lat is not null and c.old_lng is not null
                 and s.specification_ids <@ c.old_specs
                 and ${inCircle(sql`c.old_lat`, sql`c.old_lng`)}, false) as matched_before,
               s.m2_type, s.m2_value, s.start_date, s.end_date,
               case when s.m2_type = 'pallet' then c.free_pallet else c.free_m2 end as free
        from changed c
        join saved_searches s
          on earth_box(ll_to_earth(s.lat, s.lng), s.radius * 1000) @> ll_to_earth(c.pub_lat, c.pub_lng)
         and s.confirmed_at is not null and not s.paused
        where s.specification_ids <@ c.spec_ids
          and coalesce(s.active_since, s.confirmed_at) < c.last_changed_at
          and ${inCircle(sql`c.pub_lat`, sql`c.pub_lng`)}
      ) p
      -- What may start to match: without dates or quantity, what did not match before; with them, a warehouse with enough space of the unit.
      where (not p.asks_space and not p.matched_before) or (p.asks_space and p.free >= coalesce(p.m2_value, 1))
    ),
    inserted as (
      insert into saved_search_matches (saved_search_id, warehouse_id, matched_at)
      select saved_search_id, warehouse_id, ${args.now}::timestamptz from pairs
      where not asks_space and not matched_before
      order by saved_search_id, warehouse_id
      on conflict (saved_search_id, warehouse_id) do update set matched_at = excluded.matched_at
        where saved_search_matches.alerted_at is null
      returning (xmax = 0) as fresh
    )
    select (select count(*) filter (where fresh) from inserted)::int as inserted,
           coalesce(json_agg(json_build_array(p.saved_search_id, p.warehouse_id, p.matched_before, p.m2_type, p.m2_value, p.start_date, p.end_date)
                    order by p.saved_search_id, p.warehouse_id), '[]'::json) as candidates
    from pairs p
    where p.asks_space
      and not exists (
        select 1 from saved_search_matches m
        where m.saved_search_id = p.saved_search_id and m.warehouse_id = p.warehouse_id and m.alerted_at is not null)`;
}

/** Records pairs that started to match (a pair already told of stays as it is); returns how many are new. */
export async function recordMatches(db: Database, args: { pairs: { saved_search_id: number; warehouse_id: number }[]; now: Date }): Promise<number> {
  if (args.pairs.length === 0) return 0;
  const sorted = [...args.pairs].sort((a, b) => a.saved_search_id - b.saved_search_id || a.warehouse_id - b.warehouse_id);
  const { rows } = await sql<{ fresh: number }>`
    with inserted as (
      insert into saved_search_matches (saved_search_id, warehouse_id, matched_at)
      select p.saved_search_id, p.warehouse_id, ${args.now}::timestamptz
      from unnest(${sorted.map((p) => p.saved_search_id)}::bigint[], ${sorted.map((p) => p.warehouse_id)}::bigint[]) with ordinality
        as p(saved_search_id, warehouse_id, n)
      order by p.n
      on conflict (saved_search_id, warehouse_id) do update set matched_at = excluded.matched_at
        where saved_search_matches.alerted_at is null
      returning (xmax = 0) as fresh
    )
    select (count(*) filter (where fresh))::int as fresh from inserted`.execute(db);
  return rows[0]?.fresh ?? 0;
}

// ------------------------------------------------------------------ the alerts

/** Today's alerts are due for a search that is active and was not alerted on this Italian day. */
const dueToday = (today: string) =>
  sql`s.confirmed_at is not null and not s.paused
      and (s.last_alert_at is null or (s.last_alert_at at time zone 'Europe/Rome')::date < ${today}::date)`;

/**
 * The next `limit` searches, after `after` in id order, with matches not yet told of: read on the
 * pending matches' partial index, stopping at the limit (which of them are due today is
 * lockDueSearches' to say).
 */
export async function findSearchesWithNews(db: Database, args: { after: number; limit: number }): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select m.saved_search_id as id from saved_search_matches m
    where m.alerted_at is null and m.saved_search_id > ${args.after}
    group by m.saved_search_id
    order by m.saved_search_id
    limit ${args.limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** A search due for its alert, as the alert needs it, with its owner's address (a hunter's account, or the visitor's e-mail). */
export type DueSearch = SavedSearchCriteria & {
  id: number;
  user_id: number | null;
  /** Where the alert goes: the hunter's account address, or the visitor's confirmed one. */
  to_address: string;
  /** A hunter's account that is switched off gets nothing. */
  owner_active: boolean;
  first_name: string | null;
  lang: Lang;
  name: string;
};

/**
 * The searches among `ids` still due today, locked for the caller's transaction (a search
 * another run holds is skipped: it is that run's). The lock lets matches keep being recorded
 * (their foreign key's share lock does not wait for it).
 */
export async function lockDueSearches(db: Database, args: { ids: number[]; today: string }): Promise<DueSearch[]> {
  if (args.ids.length === 0) return [];
  const { rows } = await sql<DueSearch>`
    select s.id, s.user_id, coalesce(u.email, s.email) as to_address, coalesce(u.active, true) as owner_active,
           u.first_name, s.lang, s.name, s.location, s.lat, s.lng, s.radius, s.start_date, s.end_date, s.m2_type, s.m2_value,
           s.specification_ids
    from saved_searches s
    left join users u on u.id = s.user_id
    where s.id = any(${args.ids}::bigint[]) and ${dueToday(args.today)}
    order by s.id
    for no key update of s skip locked`.execute(db);
  return rows;
}

/** The matches of these searches not yet told of, locked for the caller's transaction. */
export async function lockPendingMatches(db: Database, args: { searchIds: number[] }): Promise<{ saved_search_id: number; warehouse_id: number }[]> {
  if (args.searchIds.length === 0) return [];
  const { rows } = await sql<{ saved_search_id: number; warehouse_id: number }>`
    select saved_search_id, warehouse_id from saved_search_matches
    where saved_search_id = any(${args.searchIds}::bigint[]) and alerted_at is null
    order by saved_search_id, warehouse_id
    for update`.execute(db);
  return rows;
}

type Pair = { saved_search_id: number; warehouse_id: number };

const pairArrays = (pairs: Pair[]) => sql`unnest(${pairs.map((p) => p.saved_search_id)}::bigint[], ${pairs.map((p) => p.warehouse_id)}::bigint[])`;

/**
 * The pairs an alert told of (or would have told of, had its address not opted out): pairs the
 * caller read and locked with lockPendingMatches, so no "not told yet" test is needed, and
 * without one the statement goes by the primary key whatever the table's statistics say (with
 * it, a table grown since its last analysis was read through the warehouses' index).
 */
export async function markMatchesAlerted(db: Database, args: { pairs: Pair[]; now: Date }): Promise<void> {
  if (args.pairs.length === 0) return;
  await sql`
    update saved_search_matches m set alerted_at = ${args.now}::timestamptz
    from ${pairArrays(args.pairs)} as p(saved_search_id, warehouse_id)
    where m.saved_search_id = p.saved_search_id and m.warehouse_id = p.warehouse_id`.execute(db);
}

/** Pairs never told of (read and locked with lockPendingMatches) whose warehouse no longer matches: gone, so that a later start is told. */
export async function dropPendingMatches(db: Database, args: { pairs: Pair[] }): Promise<void> {
  if (args.pairs.length === 0) return;
  await sql`
    delete from saved_search_matches m
    using ${pairArrays(args.pairs)} as p(saved_search_id, warehouse_id)
    where m.saved_search_id = p.saved_search_id and m.warehouse_id = p.warehouse_id`.execute(db);
}

/** One row per alert e-mail, and the searches' day of their last alert. */
export async function recordAlerts(db: Database, args: { alerts: { saved_search_id: number; warehouses: number }[]; now: Date }): Promise<void> {
  if (args.alerts.length === 0) return;
  const ids = args.alerts.map((a) => a.saved_search_id);
  await sql`
    insert into saved_search_alerts (saved_search_id, warehouses, sent_at)
    select id, n, ${args.now}::timestamptz from unnest(${ids}::bigint[], ${args.alerts.map((a) => a.warehouses)}::int[]) as a(id, n)`.execute(db);
  await sql`update saved_searches set last_alert_at = ${args.now}::timestamptz where id = any(${ids}::bigint[])`.execute(db);
}

/** Every specification's group (its category), hidden ones included: a saved search's link names each in its group. */
export async function listSpecificationCategories(db: Database): Promise<Map<number, number>> {
  const rows = await db.selectFrom("specifications").select(["id", "cat_id"]).execute();
  return new Map(rows.map((r) => [r.id, r.cat_id]));
}
