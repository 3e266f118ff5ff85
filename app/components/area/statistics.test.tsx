// The statistics page renders what its loader gives it, on the server and without JavaScript:
// period links and the GET filter, the four figures in Italian number formats, the stacked bars
// as inline SVG with a <title> per segment and the same figures as a table, the per-warehouse
// rows, and the empty states. (Rendered in the base locale, English.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { Statistics } from "./Statistics.tsx";
import type { StatisticsData, StatsBucket } from "../../lib/statistics.ts";

function render(stats: StatisticsData, role: "stocker" | "referent" = "stocker", hidden = 0): string {
  const Stub = createRoutesStub([
    { path: "*", Component: () => <Statistics stats={stats} hiddenWarehouses={hidden} base="/en/stocker/profile" role={role} /> },
  ]);
  return renderToString(<Stub initialEntries={["/en/stocker/profile/statistics"]} />);
}

const bucket = (start: string, end: string, pending: number, confirmed: number, refused: number): StatsBucket => ({
  start,
  end,
  pending,
  confirmed,
  refused,
  total: pending + confirmed + refused,
});

const data: StatisticsData = {
  period: "week",
  range: 3,
  first_day: "2030-04-29",
  last_day: "2030-05-19",
  as_of: "2030-05-15",
  warehouse_id: null,
  warehouses: [
    { id: 7, name: "Alfa Uno", city: "Milano" },
    { id: 8, name: "Alfa Due", city: "Monza" },
  ],
  buckets: [bucket("2030-04-29", "2030-05-05", 0, 0, 0), bucket("2030-05-06", "2030-05-12", 0, 0, 1), bucket("2030-05-13", "2030-05-19", 2, 3, 0)],
  totals: { received: 6, pending: 2, confirmed: 3, refused: 1 },
  confirmation_rate: 75,
  median_answer_hours: 2.5,
  answered_links: 4,
  search_appearances: 12_345,
  sheet_views: 1_234,
  per_warehouse: [
    {
      id: 7,
      name: "Alfa Uno",
      city: "Milano",
      received: 4,
      confirmed: 2,
      refused: 1,
      search_appearances: 12_000,
      sheet_views: 1_230,
      requests_per_100_views: (4 / 1230) * 100,
    },
    { id: 8, name: "Alfa Due", city: "Monza", received: 2, confirmed: 1, refused: 0, search_appearances: 345, sheet_views: 0, requests_per_100_views: null },
  ],
};

describe("Statistics", () => {
  it("shows the period links, the filter, the four figures in Italian formats", () => {
    const html = render(data);
    expect(html).toContain('href="/en/stocker/profile/statistics?period=week"');
    expect(html).toContain('href="/en/stocker/profile/statistics?period=month"');
    expect(html).toMatch(/aria-current="page"[^>]*data-testid="stats-period-week"|data-testid="stats-period-week"[^>]*aria-current="page"/);
    expect(html).toContain("Last 3 weeks");
    // Up to today, not to the end of the current week.
    expect(html).toContain("From 29.04.2030 to 15.05.2030");
    expect(render({ ...data, as_of: "2030-05-25" })).toContain("From 29.04.2030 to 19.05.2030");
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).toContain('<input type="hidden" name="period" value="week"/>');
    expect(html).toContain("Alfa Uno (Milano)");
    expect(html).toContain("2 pending · 3 confirmed · 1 refused");
    expect(html).toContain("75%");
    expect(html).toContain("3 confirmed of 4 answered");
    expect(html).toContain("2,5 h");
    expect(html).toContain("1.234");
    expect(html).toContain("Appearances in search results: 12.345");
  });

  it("draws the stacked bars as SVG with a title per segment, the legend and the same figures as a table", () => {
    const html = render(data);
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain('data-testid="stats-chart"');
    // One rect per non-empty segment, in the states' colours.
    expect((html.match(/class="fill-amber-500"/g) ?? []).length).toBe(1);
    expect((html.match(/class="fill-emerald-600"/g) ?? []).length).toBe(1);
    expect((html.match(/class="fill-red-600"/g) ?? []).length).toBe(1);
    expect(html).toContain("<title>Week of 13.05.2030 – Confirmed: 3</title>");
    expect(html).toContain("<title>Week of 13.05.2030 – total: 5</title>");
    // The table the chart is described by.
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`id="${describedBy}"`);
    expect(html).toMatch(/<th scope="row"[^>]*>Week of 06.05.2030<\/th>/);
    expect(html).toContain("Requests received per week");
  });

  it("lists the warehouses with requests per 100 views, a dash without views, and says how many are not shown", () => {
    const html = render(data, "stocker", 3);
    expect(html).toContain('href="/en/stocker/profile/warehouses/7"');
    expect(html).toContain("12.000");
    expect(html).toContain("0,3"); // 4 requests in 1,230 views
    expect(html).toMatch(/data-col="conversion"[^>]*>.*?–/);
    expect(html).toContain("Other warehouses not shown: 3.");
  });

  it("shows months by name", () => {
    const html = render({ ...data, period: "month", buckets: [bucket("2029-12-01", "2029-12-31", 1, 0, 0), bucket("2030-01-01", "2030-01-31", 0, 1, 0)] });
    expect(html).toContain("<title>December 2029 – Pending: 1</title>");
    expect(html).toContain(">Jan<");
    expect(html).toContain("Requests received per month");
  });

  it("has empty states: no requests in the period, no warehouses at all", () => {
    const quiet = render({
      ...data,
      buckets: data.buckets.map((b) => ({ ...b, pending: 0, confirmed: 0, refused: 0, total: 0 })),
      totals: { received: 0, pending: 0, confirmed: 0, refused: 0 },
      confirmation_rate: null,
      median_answer_hours: null,
      answered_links: 0,
    });
    expect(quiet).toContain("No requests in this period yet");
    expect(quiet).not.toContain('data-testid="stats-chart"');
    expect(quiet).toContain("No request answered yet");
    expect(quiet).toContain("No answers yet");
    const none = render({ ...data, warehouses: [], per_warehouse: [] });
    expect(none).toContain("No warehouses yet");
    expect(none).toContain('href="/en/stocker/profile/warehouses/new"');
    expect(render({ ...data, warehouses: [], per_warehouse: [] }, "referent")).not.toContain("warehouses/new");
  });
});
