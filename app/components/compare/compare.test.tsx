// The comparison page as its loader's data draws it (server markup): a column per warehouse and
// rows that line up, Italian formats in both languages, the highest value of a numeric row marked,
// "only differences", remove links that keep the view, the scrollable frame reachable by keyboard,
// the quote buttons, and the state for fewer than two warehouses.
import { afterEach, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import ComparePage from "../../routes/compare.tsx";
import { compareHref, type CompareResult, type CompareWarehouse } from "../../lib/compare.ts";
import { NO_TRUST } from "../../lib/warehouse-trust.ts";
import { WEEKDAYS, weeklySchedule, type WeeklyHours } from "../../lib/opening-hours.ts";
import { bestIndexes, rowDiffers } from "./compare-rows.ts";
import { CompareTable } from "./CompareTable.tsx";

afterEach(() => overwriteGetLocale(() => "en"));

function render(element: ReactElement, path = "/it/compare"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

/** Monday to Friday 08:00–18:00, Saturday 08:00–12:00, closed on Sunday. */
const officeHours = Object.fromEntries(
  WEEKDAYS.flatMap((day) => {
    const open = day !== "sun";
    const close = day === "sat" ? "12:00" : "18:00";
    return [
      [`is_${day}_open`, open],
      [`${day}_open_time`, open ? "08:00" : null],
      [`${day}_close_time`, open ? close : null],
    ];
  }),
) as WeeklyHours;

const warehouse = (id: number, fields: Partial<CompareWarehouse> = {}): CompareWarehouse => ({
  id,
  name: `Deposito ${id}`,
  is_hub: false,
  address: "Via Roma 1",
  cap: "20100",
  city: "Milano",
  province: "MI",
  lat: 45.46,
  lng: 9.19,
  website: { href: "https://www.deposito.example/", label: "www.deposito.example" },
  total_m2: 12000,
  m2: 10000,
  m2_external: 1500,
  m2_office: 500,
  height: 11.5,
  bays_number: 12,
  photo: { src: `/uploads/${id}.webp`, width: 800, height: 600 },
  opening: { state: "open", closes: { dayOffset: 0, weekday: "wed", time: "18:00" } },
  schedule: weeklySchedule(officeHours),
  ...NO_TRUST,
  spaces: [],
  specifications: [{ id: 1, value: "Picking", description: null }],
  specification_ids: [1],
  ...fields,
});

const groups = [
  {
    cat_id: 1,
    category: "Servizi aggiuntivi",
    values: [
      { id: 1, value: "Picking", description: null },
      { id: 2, value: "Co-packing", description: null },
    ],
  },
];

const trio = [
  warehouse(7, {
    total_m2: 25570,
    height: 12.5,
    rating_avg: 47,
    review_count: 3,
    answer_hours: 5,
    answer_rate: 92,
    verified: true,
    specification_ids: [1, 2],
    is_hub: true,
  }),
  warehouse(8, { total_m2: 1710.5, height: null, website: null, opening: null, schedule: null, photo: null }),
  warehouse(9, { total_m2: 25570, name: "Polo Logistico & Figli" }),
];

function table(opts: { onlyDifferences?: boolean; warehouses?: CompareWarehouse[] } = {}) {
  const ws = opts.warehouses ?? trio;
  const ids = ws.map((w) => w.id);
  return render(
    <CompareTable
      locale="it"
      warehouses={ws}
      specificationGroups={groups}
      onlyDifferences={opts.onlyDifferences ?? false}
      removeHref={(id) =>
        compareHref(
          "it",
          ids.filter((other) => other !== id),
          { onlyDifferences: opts.onlyDifferences },
        )
      }
    />,
  );
}

/** The cells of one row, by its data-row name. */
function rowHtml(html: string, row: string): string {
  const start = html.indexOf(`data-row="${row}"`);
  expect(start, row).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</tr>", start));
}

describe("bestIndexes and rowDiffers", () => {
  it("marks the highest value (every one that ties), only when the known values differ", () => {
    expect(bestIndexes([100, 200, null, 200])).toEqual([1, 3]);
    expect(bestIndexes([5, 5, 5])).toEqual([]);
    expect(bestIndexes([5, 5, null])).toEqual([]);
    expect(bestIndexes([5, null])).toEqual([]);
    expect(bestIndexes([null, null])).toEqual([]);
    expect(bestIndexes([0, 3.5])).toEqual([1]);
  });

  it("says a row differs when its cells are not all the same", () => {
    expect(rowDiffers(["a", "a", "a"])).toBe(false);
    expect(rowDiffers(["a", "b", "a"])).toBe(true);
    expect(rowDiffers([])).toBe(false);
  });
});

describe("compareHref", () => {
  it("keeps the commas readable and adds diff=1 for the differences view", () => {
    expect(compareHref("it", [3, 1, 7])).toBe("/it/compare?wids=3,1,7");
    expect(compareHref("en", [3], { onlyDifferences: true })).toBe("/en/compare?wids=3&diff=1");
  });
});

describe("CompareTable", () => {
  it("has a column per warehouse and every row a cell per warehouse, labelled by a row header", () => {
    overwriteGetLocale(() => "it");
    const html = table();
    expect(count(html, 'data-testid="compare-column"')).toBe(3);
    const rows = html.split('data-testid="compare-row"').slice(1);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const cells = row.slice(0, row.indexOf("</tr>"));
      expect(count(cells, "<td")).toBe(3);
      expect(count(cells, '<th scope="row"')).toBe(1);
    }
    // Head: the photo (or a neutral drawing), the name linking to the sheet, the hub badge.
    expect(html).toContain('src="/uploads/7.webp"');
    expect(html).toContain('href="/it/warehouses/9"');
    expect(html).toContain("Polo Logistico &amp; Figli");
    expect(count(html, ">Hub</span>")).toBe(1);
  });

  it("writes Italian formats and marks the highest value of numeric rows", () => {
    overwriteGetLocale(() => "en");
    const html = table();
    const total = rowHtml(html, "total_m2");
    expect(total).toContain("25.570\u00a0m²");
    expect(total).toContain("1.710,5\u00a0m²");
    // Two warehouses tie for the largest: both are marked, the smaller is not.
    expect(count(total, "data-best")).toBe(2);
    expect(total).toContain("Highest value in this row");
    const height = rowHtml(html, "height");
    expect(height).toContain("12,5 m");
    expect(height).toContain("11,5 m");
    // A missing height is a dash, named for screen readers.
    expect(height).toContain("Not given");
    expect(count(height, "data-best")).toBe(1);
    // Equal values everywhere: nothing stands out.
    expect(rowHtml(html, "bays_number")).not.toContain("data-best");
    expect(rowHtml(html, "rating")).toContain("4,7 · 3 reviews");
    expect(rowHtml(html, "rating")).toContain("No reviews yet");
    // How the owner answers, once there are enough answers; the Verified mark, explained.
    expect(rowHtml(html, "answers")).toContain("Usually answers within 5 hours");
    expect(rowHtml(html, "answers")).toContain("Answers 92% of requests");
    expect(rowHtml(html, "answers")).toContain("Too few answered requests yet");
    expect(rowHtml(html, "verified")).toContain("Verified");
    expect(rowHtml(html, "verified")).toContain("administrators checked and approved");
    expect(rowHtml(html, "open")).toContain("Closes at 18:00");
    expect(rowHtml(html, "open")).toContain("Hours not given");
    // The week in three lines, consecutive days with the same hours joined.
    const hours = rowHtml(html, "hours");
    expect(hours).toContain("Opening hours");
    expect(count(hours, "Mon–Fri</span>")).toBe(2);
    expect(hours).toContain("08:00–18:00");
    expect(hours).toContain("Sat</span>");
    expect(hours).toContain("08:00–12:00");
    expect(hours).toContain("closed");
    expect(hours).toContain("Hours not given");
  });

  it("shows each warehouse's free space with its period, term and public price, or that none is declared", () => {
    overwriteGetLocale(() => "en");
    const html = table({
      warehouses: [
        warehouse(1, {
          spaces: [
            { m2_type: "m2", quantity: 800, available_from: "2020-01-01", available_until: null, min_term_months: 6, price_month: 520 },
            { m2_type: "pallet", quantity: 120, available_from: "2999-03-01", available_until: "2999-09-30", min_term_months: 0, price_month: null },
          ],
        }),
        warehouse(2),
      ],
    });
    const row = rowHtml(html, "free_space");
    expect(row).toContain("Free space");
    expect(row).toContain("800\u00a0m²");
    expect(row).toContain("6 months");
    expect(row).toContain("5,20");
    expect(row).toContain("01.03.2999");
    expect(row).toContain("on request");
    expect(row).toContain("No free space declared");
  });

  it("says a week open around the clock in one line", () => {
    overwriteGetLocale(() => "it");
    const always = Object.fromEntries(
      WEEKDAYS.flatMap((day) => [
        [`is_${day}_open`, true],
        [`${day}_open_time`, null],
        [`${day}_close_time`, null],
      ]),
    ) as WeeklyHours;
    const html = table({ warehouses: [warehouse(1, { schedule: weeklySchedule(always) }), warehouse(2)] });
    const hours = rowHtml(html, "hours");
    expect(hours).toContain("Tutti i giorni</span>");
    expect(hours).toContain("24 ore su 24");
    expect(hours).toContain("lun–ven</span>");
    expect(hours).not.toContain("00:00");
  });

  it("shows each specification as a row with ✓ or — per warehouse, under its category with the counts", () => {
    overwriteGetLocale(() => "it");
    const html = table();
    const copacking = rowHtml(html, "spec-2");
    expect(copacking).toContain("Co-packing");
    expect(count(copacking, ">Sì<")).toBe(1);
    expect(count(copacking, ">No<")).toBe(2);
    expect(html).toContain("2 su 2");
    expect(html).toContain("1 su 2");
    expect(html).toContain('aria-expanded="true"');
    // The spec's first specification values, as a list per warehouse.
    expect(rowHtml(html, "main_specifications")).toContain("Picking");
  });

  it("leaves out the rows where every warehouse says the same in the differences view", () => {
    overwriteGetLocale(() => "it");
    const all = table();
    const diff = table({ onlyDifferences: true });
    for (const same of ["address", "free_space", "m2", "m2_external", "m2_office", "bays_number", "spec-1", "main_specifications"]) {
      expect(all).toContain(`data-row="${same}"`);
      expect(diff).not.toContain(`data-row="${same}"`);
    }
    for (const differs of ["total_m2", "height", "website", "open", "hours", "rating", "hub", "spec-2"]) expect(diff).toContain(`data-row="${differs}"`);
    expect(diff).toContain("8 righe uguali per tutti i magazzini sono nascoste.");
    expect(all).not.toContain("compare-hidden-rows");
    // Nothing alike: the view says so instead of looking unchanged.
    const apart = table({
      onlyDifferences: true,
      warehouses: [
        trio[0]!,
        warehouse(10, {
          address: "Via Po 2",
          website: null,
          opening: null,
          schedule: null,
          m2: 1,
          m2_external: 2,
          m2_office: 3,
          bays_number: 4,
          spaces: [{ m2_type: "m2", quantity: 300, available_from: "2020-01-01", available_until: null, min_term_months: 0, price_month: null }],
          specification_ids: [],
          specifications: [],
        }),
      ],
    });
    expect(apart).toContain("Ogni riga è diversa tra questi magazzini");
    // Removing a warehouse keeps the view.
    expect(diff).toContain('href="/it/compare?wids=8,9&amp;diff=1"');
  });

  it("scrolls sideways in a named, focusable frame and links each warehouse's removal", () => {
    overwriteGetLocale(() => "it");
    const html = table();
    expect(html).toMatch(/role="region" aria-label="Tabella di confronto, scorre di lato" tabindex="0"/);
    expect(html).toContain("--compare-columns:3");
    expect(html).toContain('href="/it/compare?wids=8,9"');
    expect(html).toContain('href="/it/compare?wids=7,9"');
    expect(html).toContain('aria-label="Togli Deposito 8 dal confronto"');
  });
});

describe("the compare page", () => {
  const data = (fields: Partial<CompareResult & { onlyDifferences: boolean }> = {}) => ({
    warehouses: trio,
    specification_groups: groups,
    missing: [],
    quote_area: { location: "Milano", lat: 45.46, lng: 9.19, radius: 10 },
    onlyDifferences: false,
    ...fields,
  });
  const page = (loaderData: ReturnType<typeof data>, path = "/it/compare?wids=7,8,9") =>
    render(<ComparePage {...({ loaderData, params: { locale: "it" }, matches: [] } as unknown as Parameters<typeof ComparePage>[0])} />, path);

  it("offers one quote request to every compared warehouse and the two views", () => {
    overwriteGetLocale(() => "it");
    const html = page(data({ missing: [42] }));
    expect(html).toContain("3 magazzini a confronto");
    expect(count(html, "Chiedi un preventivo a tutti e 3")).toBe(3);
    expect(html).toContain('data-testid="compare-missing"');
    expect(html).toContain('href="/it/compare?wids=7,8,9&amp;diff=1"');
    expect(html).toMatch(/aria-current="true"[^>]*>Tutte le righe</);
    expect(html).toContain('data-testid="compare-table"');
  });

  it("says how to go on with fewer than two warehouses", () => {
    overwriteGetLocale(() => "en");
    const none = page(data({ warehouses: [], quote_area: null }), "/en/compare");
    expect(none).toContain('data-testid="compare-too-few"');
    expect(none).toContain("Select at least two warehouses to compare");
    expect(none).not.toContain('data-testid="compare-table"');
    expect(none).not.toContain("Request a quote");
    const one = page(data({ warehouses: [trio[2]!] }), "/en/compare?wids=9");
    expect(one).toContain("Only Polo Logistico &amp; Figli is left.");
    expect(one).toContain("Search near Milano");
    expect(one).toContain('href="/en/warehouses/9"');
  });
});
