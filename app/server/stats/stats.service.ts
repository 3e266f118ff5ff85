// The statistics of a stocker (all its warehouses) or a referent (the warehouses it manages):
// quote requests received per week or month by state, the confirmation rate, the median time
// to the first answer, and per warehouse the requests, the search appearances and the sheet
// views. A "request received" is one warehouse's link of a quote request: a request sent to
// two of an owner's warehouses counts once for each, as each has its own state.
//
// Periods are Italian calendar weeks (Monday to Sunday) or months; the range is the current
// period and the ones before it (`range` in all). Figures are by the links' creation: a link
// created in the range counts there with its current state, and its time to answer whenever it
// was answered.
import type { Database } from "../db/database.ts";
import { NotFoundError } from "../errors.ts";
import { todayInItaly } from "../../lib/format.ts";
import type { StatisticsData, StatsBucket, StatsWarehouseRow } from "../../lib/statistics.ts";
import {
  dailyStatsQuery,
  linksByBucketQuery,
  linksByWarehouseQuery,
  medianAnswerQuery,
  ownerWarehousesQuery,
  type StatsOwner,
  type StatsPeriod,
  type StatsScope,
} from "./stats.queries.ts";

export type { StatsOwner, StatsPeriod };

/** Periods shown when none is asked for, and the most a range may hold. */
export const DEFAULT_RANGE = 12;
export const MAX_RANGE = 60;

export type StatisticsOptions = {
  period: StatsPeriod;
  /** How many periods, the current one included (1 to MAX_RANGE; DEFAULT_RANGE when absent). */
  range?: number;
  /** Only this warehouse; it must be one of the owner's, else NotFoundError. */
  warehouseId?: number | null;
  now?: Date;
};

// ---------------------------------------------------------------- calendar days

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function dayText(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const d = parseDay(day);
  d.setUTCDate(d.getUTCDate() + days);
  return dayText(d);
}

function addMonths(day: string, months: number): string {
  const d = parseDay(day);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  return dayText(d);
}

/** The first day of the period holding `day` (Monday, or the 1st). */
export function periodStart(day: string, period: StatsPeriod): string {
  if (period === "month") return `${day.slice(0, 7)}-01`;
  const weekday = (parseDay(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The first days of the `range` periods ending with the one holding `today`, oldest first. */
export function periodStarts(today: string, period: StatsPeriod, range: number): string[] {
  const current = periodStart(today, period);
  const starts: string[] = [];
  for (let i = range - 1; i >= 0; i--) starts.push(period === "week" ? addDays(current, -7 * i) : addMonths(current, -i));
  return starts;
}

/** The last day of the period starting on `start`. */
function periodEnd(start: string, period: StatsPeriod): string {
  return period === "week" ? addDays(start, 6) : addDays(addMonths(start, 1), -1);
}

// ---------------------------------------------------------------- the statistics

const percent = (part: number, whole: number): number | null => (whole > 0 ? (part / whole) * 100 : null);

export async function statisticsFor(db: Database, owner: StatsOwner, options: StatisticsOptions): Promise<StatisticsData> {
  if (owner.role !== "stocker" && owner.role !== "referent") throw new NotFoundError();
  const period = options.period === "month" ? "month" : "week";
  const range = Math.min(MAX_RANGE, Math.max(1, Math.trunc(options.range ?? DEFAULT_RANGE)));
  const warehouseId = options.warehouseId ?? null;
  const today = todayInItaly(options.now ?? new Date());
  const starts = periodStarts(today, period, range);
  const firstDay = starts[0]!;
  const lastDay = periodEnd(starts[starts.length - 1]!, period);

  const warehouses = await ownerWarehousesQuery(db, owner).execute();
  if (warehouseId !== null && !warehouses.some((w) => w.id === warehouseId)) throw new NotFoundError();

  const scope: StatsScope = { owner, warehouseId, firstDay, lastDay };
  const [buckets, byWarehouse, median, daily] =
    warehouses.length === 0
      ? [[], [], { hours: null, answered: 0 }, []]
      : await Promise.all([
          linksByBucketQuery(scope, period)
            .execute(db)
            .then((r) => r.rows),
          linksByWarehouseQuery(scope)
            .execute(db)
            .then((r) => r.rows),
          medianAnswerQuery(scope)
            .execute(db)
            .then((r) => r.rows[0] ?? { hours: null, answered: 0 }),
          dailyStatsQuery(scope)
            .execute(db)
            .then((r) => r.rows),
        ]);

  // Every period of the range, the empty ones with zeros.
  const series = new Map<string, StatsBucket>(
    starts.map((start) => [start, { start, end: periodEnd(start, period), pending: 0, confirmed: 0, refused: 0, total: 0 }]),
  );
  for (const row of buckets) {
    const bucket = series.get(row.bucket);
    if (!bucket) continue;
    bucket[row.state] += Number(row.n);
    bucket.total += Number(row.n);
  }
  const totals = { received: 0, pending: 0, confirmed: 0, refused: 0 };
  for (const b of series.values()) {
    totals.received += b.total;
    totals.pending += b.pending;
    totals.confirmed += b.confirmed;
    totals.refused += b.refused;
  }

  const links = new Map(byWarehouse.map((r) => [Number(r.warehouse_id), r]));
  const views = new Map(daily.map((r) => [Number(r.warehouse_id), r]));
  const shown = warehouseId === null ? warehouses : warehouses.filter((w) => w.id === warehouseId);
  const perWarehouse: StatsWarehouseRow[] = shown.map((w) => {
    const l = links.get(w.id);
    const v = views.get(w.id);
    const received = l ? l.pending + l.confirmed + l.refused : 0;
    const sheetViews = v ? Number(v.sheet_views) : 0;
    return {
      id: w.id,
      name: w.name,
      city: w.city,
      received,
      confirmed: l?.confirmed ?? 0,
      refused: l?.refused ?? 0,
      search_appearances: v ? Number(v.search_appearances) : 0,
      sheet_views: sheetViews,
      requests_per_100_views: percent(received, sheetViews),
    };
  });
  // The busiest first: requests, then views, then the name.
  perWarehouse.sort(
    (a, b) => b.received - a.received || b.sheet_views - a.sheet_views || b.search_appearances - a.search_appearances || a.name.localeCompare(b.name, "it"),
  );

  const answered = totals.confirmed + totals.refused;
  return {
    period,
    range,
    first_day: firstDay,
    last_day: lastDay,
    as_of: today,
    warehouse_id: warehouseId,
    warehouses: warehouses.map((w) => ({ id: w.id, name: w.name, city: w.city })),
    buckets: [...series.values()],
    totals,
    confirmation_rate: percent(totals.confirmed, answered),
    median_answer_hours: median.hours === null ? null : Number(median.hours),
    answered_links: Number(median.answered),
    search_appearances: perWarehouse.reduce((sum, w) => sum + w.search_appearances, 0),
    sheet_views: perWarehouse.reduce((sum, w) => sum + w.sheet_views, 0),
    per_warehouse: perWarehouse,
  };
}
