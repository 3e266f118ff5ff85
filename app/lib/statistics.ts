// The shapes of the owners' statistics page as its loader answers them
// (app/server/stats/stats.service.ts), and the small calculations its component needs; here so
// the component needs no server module.
import { formatNumber } from "./format.ts";

export type StatsPeriod = "week" | "month";

/** One week or month of the chart: links received in it, by current state. */
export type StatsBucket = {
  /** First and last Italian day of the period, 'YYYY-MM-DD'. */
  start: string;
  end: string;
  pending: number;
  confirmed: number;
  refused: number;
  total: number;
};

export type StatsWarehouseRow = {
  id: number;
  name: string;
  city: string;
  received: number;
  confirmed: number;
  refused: number;
  search_appearances: number;
  sheet_views: number;
  /** Requests received per 100 sheet views; null without views. */
  requests_per_100_views: number | null;
};

export type StatisticsData = {
  period: StatsPeriod;
  /** How many periods the range holds, the current one included. */
  range: number;
  first_day: string;
  /** The current period's last day, which may be ahead of today (the figures stop at today). */
  last_day: string;
  /** Today in Italy: the range is shown up to here. */
  as_of: string;
  /** The warehouse the figures are limited to, or null for all the owner's. */
  warehouse_id: number | null;
  /** Every warehouse of the owner (for the filter), newest first. */
  warehouses: { id: number; name: string; city: string }[];
  buckets: StatsBucket[];
  totals: { received: number; pending: number; confirmed: number; refused: number };
  /** Confirmed ÷ (confirmed + refused), as a percentage; null when none is answered. */
  confirmation_rate: number | null;
  /** Median hours from a link's arrival to its first answer; null when none was answered. */
  median_answer_hours: number | null;
  /** Links of the range that were ever answered (the median's sample). */
  answered_links: number;
  search_appearances: number;
  sheet_views: number;
  /** The busiest first. */
  per_warehouse: StatsWarehouseRow[];
};

/** A duration for people: under an hour in minutes, under two days in hours, else in days. */
export type DurationParts = { unit: "minutes" | "hours" | "days"; value: string };

export function durationParts(hours: number): DurationParts {
  if (hours < 1) return { unit: "minutes", value: formatNumber(Math.max(1, Math.round(hours * 60)), 0) };
  if (hours < 48) return { unit: "hours", value: formatNumber(hours < 10 ? Math.round(hours * 10) / 10 : Math.round(hours)) };
  return { unit: "days", value: formatNumber(Math.round((hours / 24) * 10) / 10) };
}

/** A percentage in Italian notation without decimals past 10% ("67%"), one below ("2,5%"). */
export function formatPercent(value: number): string {
  return `${formatNumber(value, value < 10 && value > 0 ? 1 : 0).replace(/,0$/, "")}%`;
}

/**
 * The top of a chart's value axis, with four whole-number ticks: four times the smallest of
 * 1, 2, 3, 4, 5, 6, 8 × 10ⁿ that reaches a quarter of `max` (so 9 → 12, 37 → 40, 130 → 160).
 */
export function niceAxisMax(max: number): number {
  const quarter = Math.max(1, max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(quarter));
  for (const step of [1, 2, 3, 4, 5, 6, 8, 10]) {
    if (step * magnitude >= quarter) return 4 * step * magnitude;
  }
  return 40 * magnitude;
}
