// The statistics page of a stocker or a referent ({prefix}/statistics): the period switch
// (links: ?period=week|month) and the warehouse filter (a GET form), four figures (requests
// received, confirmation rate, median time to the first answer, sheet views and search
// appearances), the requests per week or month by state as a stacked bar chart drawn here as
// inline SVG (each segment's <title> shows on hover; the same figures as a table below it for
// screen readers and for reading exact values), and the figures per warehouse (a table that
// becomes one card per warehouse on a phone). Links and forms only: it works before hydration.
import { useId } from "react";
import { Form, Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { areaPaths, type AreaRole } from "../../lib/area-paths.ts";
import { durationParts, formatPercent, niceAxisMax, type StatisticsData, type StatsBucket, type StatsPeriod } from "../../lib/statistics.ts";
import type { RequestState } from "../../lib/warehouse-pages.ts";
import { EmptyState } from "../ui/PageParts.tsx";
import { ScrollRegion } from "../ui/ScrollRegion.tsx";
import { REQUEST_STATE_ORDER, RequestStateLegend, stateLabel } from "./RequestState.tsx";
import { buttonClass, inputClass, labelClass, linkClass, standaloneTextLinkClass } from "../ui/styles.ts";

type Props = {
  stats: StatisticsData;
  /** Warehouses left out of the table (it shows the busiest). */
  hiddenWarehouses: number;
  base: string;
  role: AreaRole;
};

// The request states' colours, as in the lists' legend (STATE_STYLES: amber, emerald, red).
const FILL: Record<RequestState, string> = {
  pending: "fill-amber-500",
  confirmed: "fill-emerald-600",
  refused: "fill-red-600",
};

const count = (n: number) => formatNumber(n, 0);

/** A month's name in the page's language, from the one message that lists them. */
function monthName(day: string): string {
  const names = m.astat_month_names().split(",");
  return names[Number(day.slice(5, 7)) - 1]?.trim() ?? day.slice(5, 7);
}

/** "Week of 12.05.2026" or "May 2026". */
function periodLabel(bucket: StatsBucket, period: StatsPeriod): string {
  return period === "week" ? m.astat_week_of({ date: formatDate(bucket.start) }) : `${monthName(bucket.start)} ${bucket.start.slice(0, 4)}`;
}

/** The axis label: "12.05" or "May" (short); the year under the first bar and where one begins. */
function axisLabel(bucket: StatsBucket, period: StatsPeriod, index: number): { text: string; year: string | null } {
  const text = period === "week" ? `${bucket.start.slice(8, 10)}.${bucket.start.slice(5, 7)}` : monthName(bucket.start).slice(0, 3);
  const newYear = period === "week" ? bucket.start.slice(5, 10) <= "01-07" : bucket.start.slice(5, 7) === "01";
  return { text, year: index === 0 || newYear ? bucket.start.slice(0, 4) : null };
}

function duration(hours: number): string {
  const parts = durationParts(hours);
  if (parts.unit === "minutes") return m.astat_duration_minutes({ value: parts.value });
  if (parts.unit === "hours") return m.astat_duration_hours({ value: parts.value });
  return m.astat_duration_days({ value: parts.value });
}

function query(period: StatsPeriod, warehouseId: number | null): string {
  const params = new URLSearchParams({ period });
  if (warehouseId !== null) params.set("warehouse", String(warehouseId));
  return `?${params.toString()}`;
}

// ---------------------------------------------------------------- header

function Controls({ stats }: { stats: StatisticsData }) {
  const selectId = useId();
  const tab = (period: StatsPeriod, label: string, short: string) => (
    <Link
      to={query(period, stats.warehouse_id)}
      aria-current={stats.period === period ? "page" : undefined}
      className={`flex min-h-11 items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap outline-none sm:min-h-0 sm:px-4 focus-visible:ring-2 focus-visible:ring-brand-500 ${
        stats.period === period ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
      }`}
      data-testid={`stats-period-${period}`}
    >
      <span className="sm:hidden">{short}</span>
      <span className="max-sm:hidden">{label}</span>
    </Link>
  );
  return (
    <div className="mb-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 md:flex-row md:items-end md:justify-between">
      <div>
        <nav aria-label={m.astat_period_label()} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 text-center sm:inline-flex">
          {/* On a phone the card is too narrow for "Ultime 12 settimane" beside "Ultimi 12 mesi": the heading says what the figures are. */}
          {tab("week", m.astat_period_week({ count: stats.range }), m.astat_period_week_short({ count: stats.range }))}
          {tab("month", m.astat_period_month({ count: stats.range }), m.astat_period_month_short({ count: stats.range }))}
        </nav>
        <p className="mt-2 text-sm text-slate-600" data-testid="stats-range">
          {m.astat_range({ from: formatDate(stats.first_day), to: formatDate(stats.last_day < stats.as_of ? stats.last_day : stats.as_of) })}
        </p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="stats-filter">
        <input type="hidden" name="period" value={stats.period} />
        <div className="min-w-0 flex-1 sm:w-72 sm:flex-none">
          <label htmlFor={selectId} className={labelClass}>
            {m.astat_filter_label()}
          </label>
          <select
            id={selectId}
            name="warehouse"
            defaultValue={stats.warehouse_id === null ? "" : String(stats.warehouse_id)}
            className={inputClass}
            key={stats.warehouse_id ?? "all"}
          >
            <option value="">{m.astat_filter_all()}</option>
            {stats.warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {`${w.name} (${w.city})`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary", "md")}>
          {m.astat_filter_submit()}
        </button>
      </Form>
    </div>
  );
}

// ---------------------------------------------------------------- figures

function Tile({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{detail}</dd>
    </div>
  );
}

function Figures({ stats }: { stats: StatisticsData }) {
  const t = stats.totals;
  const answered = t.confirmed + t.refused;
  return (
    <dl className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={m.astat_summary_label()}>
      <Tile
        testId="stats-received"
        label={m.astat_tile_received()}
        value={count(t.received)}
        detail={m.astat_tile_received_detail({ pending: count(t.pending), confirmed: count(t.confirmed), refused: count(t.refused) })}
      />
      <Tile
        testId="stats-rate"
        label={m.astat_tile_rate()}
        value={stats.confirmation_rate === null ? "–" : formatPercent(stats.confirmation_rate)}
        detail={
          stats.confirmation_rate === null ? m.astat_tile_rate_none() : m.astat_tile_rate_detail({ confirmed: count(t.confirmed), answered: count(answered) })
        }
      />
      <Tile
        testId="stats-answer"
        label={m.astat_tile_answer()}
        value={stats.median_answer_hours === null ? "–" : duration(stats.median_answer_hours)}
        detail={stats.median_answer_hours === null ? m.astat_tile_answer_none() : m.astat_tile_answer_detail({ count: count(stats.answered_links) })}
      />
      <Tile
        testId="stats-views"
        label={m.astat_tile_views()}
        value={count(stats.sheet_views)}
        detail={m.astat_tile_views_detail({ count: count(stats.search_appearances) })}
      />
    </dl>
  );
}

// ---------------------------------------------------------------- chart

const W = 720;
const H = 260;
const PAD = { left: 46, right: 8, top: 20, bottom: 44 };

function Chart({ stats, title }: { stats: StatisticsData; title: string }) {
  const titleId = useId();
  const tableId = useId();
  const buckets = stats.buckets;
  const top = niceAxisMax(Math.max(0, ...buckets.map((b) => b.total)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const band = plotW / buckets.length;
  const barW = Math.min(48, band * 0.62);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const ticks = [0, 1, 2, 3, 4].map((i) => (top / 4) * i);

  return (
    <>
      {/* The section around is named by the title: its two frames say which view of it they hold (one name per landmark). */}
      <ScrollRegion label={m.astat_chart_frame({ title })} className="-mx-4 px-4 sm:mx-0 sm:px-0" startAtEnd testId="stats-chart-frame">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={tableId}
          className="h-auto w-full min-w-[600px]"
          data-testid="stats-chart"
        >
          <title id={titleId}>{title}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? "stroke-slate-400" : "stroke-slate-200"}
                strokeWidth={1}
              />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-500 text-[12px]">
                {count(tick)}
              </text>
            </g>
          ))}
          {buckets.map((bucket, i) => {
            const x = PAD.left + band * i + (band - barW) / 2;
            const label = periodLabel(bucket, stats.period);
            const axis = axisLabel(bucket, stats.period, i);
            let base = 0;
            return (
              <g key={bucket.start} data-bucket={bucket.start}>
                {/* The whole column answers a hover with the period's total. */}
                <rect x={PAD.left + band * i} y={PAD.top} width={band} height={plotH} className="fill-transparent hover:fill-slate-100">
                  <title>{m.astat_bar_sum({ period: label, count: count(bucket.total) })}</title>
                </rect>
                {REQUEST_STATE_ORDER.map((state) => {
                  const value = bucket[state];
                  if (value === 0) return null;
                  const rect = (
                    <rect key={state} x={x} y={y(base + value)} width={barW} height={y(base) - y(base + value)} className={FILL[state]} data-state={state}>
                      <title>{m.astat_bar_segment({ period: label, state: stateLabel(state), count: count(value) })}</title>
                    </rect>
                  );
                  base += value;
                  return rect;
                })}
                {bucket.total > 0 && (
                  <text x={x + barW / 2} y={y(bucket.total) - 4} textAnchor="middle" className="pointer-events-none fill-slate-700 text-[12px] font-semibold">
                    {count(bucket.total)}
                  </text>
                )}
                <text x={PAD.left + band * i + band / 2} y={H - PAD.bottom + 18} textAnchor="middle" className="fill-slate-600 text-[12px]">
                  {axis.text}
                </text>
                {axis.year && (
                  <text x={PAD.left + band * i + band / 2} y={H - PAD.bottom + 34} textAnchor="middle" className="fill-slate-400 text-[11px]">
                    {axis.year}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </ScrollRegion>
      <div className="mt-3">
        <RequestStateLegend />
      </div>
      <details className="mt-4 text-sm">
        <summary className="-my-3 cursor-pointer py-3 font-medium text-brand-700">{m.astat_table_show()}</summary>
        <ScrollRegion label={m.astat_table_frame({ title })} className="mt-3">
          <table id={tableId} className="w-full min-w-[28rem] text-left" data-testid="stats-series">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {m.astat_col_period()}
                </th>
                {REQUEST_STATE_ORDER.map((state) => (
                  <th key={state} scope="col" className="py-2 pr-3 text-right font-medium">
                    {stateLabel(state)}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right font-medium">
                  {m.astat_col_total()}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row" className="py-1.5 pr-3 font-normal text-slate-800">
                    {periodLabel(bucket, stats.period)}
                  </th>
                  {REQUEST_STATE_ORDER.map((state) => (
                    <td key={state} className="py-1.5 pr-3 text-right tabular-nums">
                      {count(bucket[state])}
                    </td>
                  ))}
                  <td className="py-1.5 text-right font-semibold tabular-nums">{count(bucket.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </>
  );
}

// ---------------------------------------------------------------- per warehouse

function WarehouseTable({ stats, hidden, base }: { stats: StatisticsData; hidden: number; base: string }) {
  const paths = areaPaths(base);
  const columns = [
    { key: "received", label: m.astat_col_requests(), value: (w: StatisticsData["per_warehouse"][number]) => count(w.received) },
    { key: "confirmed", label: m.astat_col_confirmed(), value: (w: StatisticsData["per_warehouse"][number]) => count(w.confirmed) },
    { key: "appearances", label: m.astat_col_appearances(), value: (w: StatisticsData["per_warehouse"][number]) => count(w.search_appearances) },
    { key: "views", label: m.astat_col_views(), value: (w: StatisticsData["per_warehouse"][number]) => count(w.sheet_views) },
    {
      key: "conversion",
      label: m.astat_col_conversion(),
      value: (w: StatisticsData["per_warehouse"][number]) =>
        w.requests_per_100_views === null ? "–" : formatNumber(Math.round(w.requests_per_100_views * 10) / 10),
    },
  ];
  return (
    <section aria-labelledby="stats-warehouses-title" className="mt-8">
      <h2 id="stats-warehouses-title" className="mb-3 text-lg font-semibold text-slate-900">
        {m.astat_warehouses_title()}
      </h2>
      {/* A table on wide screens; each row a card of label–value lines on a phone. */}
      <table
        className="block w-full text-sm md:table md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white"
        data-testid="stats-warehouses"
      >
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-left text-slate-600 md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              {m.astat_col_warehouse()}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-4 py-2.5 text-right font-medium">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-slate-100">
          {stats.per_warehouse.map((w) => (
            <tr
              key={w.id}
              className="block rounded-xl border border-slate-200 bg-white p-4 md:table-row md:rounded-none md:border-0 md:p-0"
              data-warehouse={w.id}
            >
              <th scope="row" className="block pb-2 text-left font-semibold md:table-cell md:px-4 md:py-2.5 md:pb-2.5">
                <Link to={paths.warehouse(w.id)} className={standaloneTextLinkClass}>
                  {w.name}
                </Link>
                <span className="block text-xs font-normal text-slate-500">{w.city}</span>
              </th>
              {columns.map((c) => (
                <td key={c.key} className="flex justify-between gap-4 py-0.5 tabular-nums md:table-cell md:px-4 md:py-2.5 md:text-right" data-col={c.key}>
                  <span className="text-slate-600 md:hidden">{c.label}</span>
                  <span className="font-medium text-slate-900 md:font-normal">{c.value(w)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && <p className="mt-3 text-sm text-slate-600">{m.astat_hidden_warehouses({ count: count(hidden) })}</p>}
    </section>
  );
}

// ---------------------------------------------------------------- the page

export function Statistics({ stats, hiddenWarehouses, base, role }: Props) {
  if (stats.warehouses.length === 0) {
    return (
      <EmptyState title={m.astat_no_warehouses()}>
        {role === "stocker" ? (
          <p>
            {m.astat_no_warehouses_stocker()}{" "}
            <Link to={areaPaths(base).warehouseNew} className={linkClass}>
              {m.wm_register_card_title()}
            </Link>
          </p>
        ) : (
          <p>{m.astat_no_warehouses_referent()}</p>
        )}
      </EmptyState>
    );
  }
  const title = stats.period === "week" ? m.astat_chart_title_week() : m.astat_chart_title_month();
  return (
    <div data-testid="statistics" data-period={stats.period}>
      <Controls stats={stats} />
      <Figures stats={stats} />
      <section aria-labelledby="stats-chart-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="stats-chart-title" className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {stats.totals.received === 0 ? (
          <EmptyState title={m.astat_empty_requests()}>
            <p>{m.astat_empty_requests_hint()}</p>
          </EmptyState>
        ) : (
          <Chart stats={stats} title={title} />
        )}
      </section>
      <WarehouseTable stats={stats} hidden={hiddenWarehouses} base={base} />
      <p className="mt-6 text-xs text-slate-500">{m.astat_counting_note()}</p>
    </div>
  );
}
