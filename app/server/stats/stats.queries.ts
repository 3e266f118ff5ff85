// Reads of the owners' statistics page: the quote requests their warehouses received (the
// per-warehouse links of warehouse_request_warehouses) within a range of Italian days, and the
// search appearances and sheet views counted in warehouse_daily_stats. Plain functions of
// (db, args).
//
// Indexes (tested in stats.db.test.ts on a catalogue large enough for the planner to choose as it
// would at scale): the owner's warehouses by warehouses_user_id_created_at_idx (stocker) or
// warehouses_referent_id_created_at_idx (referent); for each of them its links of the range by
// warehouse_request_warehouses_warehouse_created_at_idx (warehouse_id, created_at), or, where
// state and date are all a count needs, index-only by …_warehouse_state_idx (warehouse_id,
// state, created_at); its daily
// figures by warehouse_daily_stats' primary key (warehouse_id, day). Every aggregate is computed
// per warehouse inside a LATERAL subquery, which the planner cannot turn into a hash join over
// the whole link table however many warehouses an owner has.
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { LinkState } from "../db/types.ts";
import type { StatsBatch } from "./view-counter.ts";

export type StatsOwner = { id: number; role: "stocker" | "referent" };
export type StatsPeriod = "week" | "month";

/** Which warehouses, and which Italian days ('YYYY-MM-DD', both included). */
export type StatsScope = { owner: StatsOwner; warehouseId: number | null; firstDay: string; lastDay: string };

const ownerColumn = (owner: StatsOwner) => (owner.role === "stocker" ? sql.ref("w.user_id") : sql.ref("w.referent_id"));

/** The first instant of an Italian calendar day. */
function romeDayStart(day: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date)::timestamp at time zone 'Europe/Rome')`;
}

/** The first instant of the Italian day after `day`. */
function romeDayAfter(day: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date + 1)::timestamp at time zone 'Europe/Rome')`;
}

/** The scope's warehouses as a FROM item `w` (id only), by the owner's index. */
function scopeWarehouses(scope: StatsScope): RawBuilder<unknown> {
  const one = scope.warehouseId === null ? sql`` : sql`and w.id = ${scope.warehouseId}`;
  return sql`(select w.id from warehouses w where ${ownerColumn(scope.owner)} = ${scope.owner.id} ${one}) w`;
}

/** The links of warehouse `w` created within the scope's days. */
function linksOfRange(scope: StatsScope): RawBuilder<unknown> {
  return sql`l.warehouse_id = w.id and l.created_at >= ${romeDayStart(scope.firstDay)} and l.created_at < ${romeDayAfter(scope.lastDay)}`;
}

/** Whether a user owns or is the referent of a warehouse (primary key). */
export async function managesWarehouse(db: Database, args: { userId: number; warehouseId: number }): Promise<boolean> {
  const row = await db
    .selectFrom("warehouses")
    .select("id")
    .where("id", "=", args.warehouseId)
    .where((eb) => eb.or([eb("user_id", "=", args.userId), eb("referent_id", "=", args.userId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner's warehouses (for the filter and the table), newest first, by the owner's index. */
export function ownerWarehousesQuery(db: Database, owner: StatsOwner) {
  return db
    .selectFrom("warehouses as w")
    .select(["w.id", "w.name", "w.city"])
    .where(owner.role === "stocker" ? "w.user_id" : "w.referent_id", "=", owner.id)
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc");
}

/**
 * Links received per period (its first Italian day, 'YYYY-MM-DD') and state. Weeks start on
 * Monday. Each warehouse's links are grouped in its own lateral subquery, then summed.
 */
export function linksByBucketQuery(scope: StatsScope, period: StatsPeriod) {
  const unit = sql.lit(period);
  return sql<{ bucket: string; state: LinkState; n: number }>`
    select b.bucket, b.state, sum(b.n)::int as n
    from ${scopeWarehouses(scope)}
    cross join lateral (
      select to_char(date_trunc(${unit}, l.created_at at time zone 'Europe/Rome'), 'YYYY-MM-DD') as bucket, l.state, count(*) as n
      from warehouse_request_warehouses l
      where ${linksOfRange(scope)}
      group by 1, 2
    ) b
    group by b.bucket, b.state
    order by b.bucket, b.state`;
}

/** Links received per warehouse and state over the scope (warehouses without any are left out). */
export function linksByWarehouseQuery(scope: StatsScope) {
  return sql<{ warehouse_id: number; pending: number; confirmed: number; refused: number }>`
    select w.id as warehouse_id, c.pending, c.confirmed, c.refused
    from ${scopeWarehouses(scope)}
    cross join lateral (
      select count(*) filter (where l.state = 'pending')::int as pending,
             count(*) filter (where l.state = 'confirmed')::int as confirmed,
             count(*) filter (where l.state = 'refused')::int as refused
      from warehouse_request_warehouses l
      where ${linksOfRange(scope)}
    ) c
    where c.pending + c.confirmed + c.refused > 0`;
}

/**
 * The median time from a link's arrival to its first answer (answered_at, the first move out
 * of pending), in hours, over the scope's answered links; null when none was answered. The
 * per-warehouse subquery keeps the index plan (OFFSET 0 stops the planner from flattening it).
 */
export function medianAnswerQuery(scope: StatsScope) {
  return sql<{ hours: number | null; answered: number }>`
    select (percentile_cont(0.5) within group (order by a.seconds)) / 3600.0 as hours, count(*)::int as answered
    from ${scopeWarehouses(scope)}
    cross join lateral (
      select extract(epoch from l.answered_at - l.created_at) as seconds
      from warehouse_request_warehouses l
      where ${linksOfRange(scope)} and l.answered_at is not null
      offset 0
    ) a`;
}

/** Search appearances and sheet views per warehouse over the scope's days (primary key ranges). */
export function dailyStatsQuery(scope: StatsScope) {
  return sql<{ warehouse_id: number; search_appearances: number; sheet_views: number }>`
    select w.id as warehouse_id, d.search_appearances, d.sheet_views
    from ${scopeWarehouses(scope)}
    cross join lateral (
      select coalesce(sum(s.search_appearances), 0)::bigint as search_appearances, coalesce(sum(s.sheet_views), 0)::bigint as sheet_views
      from warehouse_daily_stats s
      where s.warehouse_id = w.id and s.day >= ${scope.firstDay}::date and s.day <= ${scope.lastDay}::date
    ) d
    where d.search_appearances + d.sheet_views > 0`;
}

// ---------------------------------------------------------------- the counts written (view-counter.ts)

/**
 * A PostgreSQL array literal of numbers, or of strings that need no quoting (days, 'YYYY-MM-DD'):
 * one join, where the driver's own encoding quotes and escapes element by element, a cost that
 * showed in the searches' latency when a flush carried 100,000 rows.
 */
const plainArray = (values: readonly (number | string)[]) => `{${values.join(",")}}`;

/** Writes one batch: adds its counts to the rows of existing warehouses; answers the rows written. */
export async function writeStatsBatch(db: Database, batch: StatsBatch): Promise<number> {
  const result = await sql`
    insert into warehouse_daily_stats as s (warehouse_id, day, search_appearances, sheet_views)
    select v.warehouse_id, v.day, v.search_appearances, v.sheet_views
    from unnest(${plainArray(batch.ids)}::bigint[], ${plainArray(batch.days)}::date[], ${plainArray(batch.appearances)}::int[], ${plainArray(batch.views)}::int[])
      as v (warehouse_id, day, search_appearances, sheet_views)
    where exists (select 1 from warehouses w where w.id = v.warehouse_id)
    order by v.warehouse_id, v.day
    on conflict (warehouse_id, day) do update
      set search_appearances = s.search_appearances + excluded.search_appearances,
          sheet_views = s.sheet_views + excluded.sheet_views`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
