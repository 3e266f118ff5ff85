// The comparison as the page draws it: one row per contacted warehouse with its totals in
// Italian format, the marks, "covers 300 of 800", the dates that miss the request's, an expired
// offer, the silent and the refusing warehouses, the sort links (the one shown marked) and the
// render props of the other parts of the deal in each row. (Rendered in the base locale, English;
// amounts and dates stay Italian.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { OfferComparison } from "./OfferComparison.tsx";
import { RequestComparisonView } from "./RequestComparisonView.tsx";
import { withComparisonMarks, type ComparisonRow, type RequestComparison } from "../../lib/offer-comparison.ts";
import type { OfferStatus, OfferView } from "../../lib/offers.ts";
import type { OfferTotals } from "../../lib/offer-totals.ts";

function render(element: ReactElement, path = "/en/stock-hunter/profile/messages/42"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;
const NBSP = "\u00a0";

function offer(linkId: number, totals: Partial<OfferTotals>, status: OfferStatus = "open", fields: Partial<OfferView> = {}): OfferView {
  return {
    offer_id: linkId * 10,
    link_id: linkId,
    revision: 1,
    status,
    m2_type: "m2",
    quantity: 1000,
    price_month: 450,
    handling_in: null,
    handling_out: null,
    one_off_fee: null,
    start_date: "2027-01-01",
    end_date: "2027-06-30",
    min_term_months: 3,
    included: "Scaffalature",
    notes: "",
    valid_until: "2026-12-31",
    decline_reason: null,
    created_at: "2026-11-20T10:00:00.000Z",
    totals: {
      quantity: 800,
      asked_quantity: 800,
      capped: false,
      start_date: "2027-01-01",
      end_date: "2027-03-31",
      days: 90,
      monthly: 360_000,
      period: 1_090_000,
      vat_included: 1_329_800,
      dates_cover: true,
      ...totals,
    },
    ...fields,
  };
}

function row(link_id: number, fields: Partial<Omit<ComparisonRow, "marks">>): Omit<ComparisonRow, "marks"> {
  return {
    link_id,
    warehouse: { id: link_id + 100, name: `Stocker ${link_id + 100}`, city: "Rho", redeemed: false, is_hub: false, detail_url: null },
    state: "pending",
    offer: null,
    earlier_offers: [],
    revisions: 0,
    availability: {
      status: "available",
      space: { m2_type: "m2", quantity: 1000, available_from: "2026-11-01", available_until: null, min_term_months: 0, price_month: null },
      unmet: [],
    },
    min_term_months: null,
    distance_km: 12.34,
    distance_approx: true,
    rating: null,
    answer_seconds: 5 * 3600,
    not_answered: false,
    ...fields,
  };
}

const comparison: RequestComparison = {
  request: {
    id: 42,
    number: "0000000042",
    business_name: "Logistica srl",
    referent: "Mario Rossi",
    contact: "mario@test.example",
    telephone: null,
    message: "Cerchiamo 800 m2.",
    location: "Milano",
    radius: 50,
    m2_type: "m2",
    m2_value: 800,
    start_date: "2027-01-01",
    end_date: "2027-03-31",
    created_at: "2026-11-20T09:00:00.000Z",
    specifications: [],
  },
  rows: withComparisonMarks([
    row(2, {
      offer: offer(2, { quantity: 300, capped: true, monthly: 144_000, period: 432_000, vat_included: 527_040 }, "open", { quantity: 300, price_month: 480 }),
      revisions: 2,
      rating: { avg_value: 38, count: 4 },
    }),
    row(3, {
      warehouse: { id: 103, name: "Deposito Tre", city: "Lodi", redeemed: true, is_hub: true, detail_url: "/en/warehouses/103" },
      offer: offer(3, { dates_cover: false, period: 960_000, vat_included: 1_171_200 }, "open", { start_date: "2027-02-01", end_date: "2027-12-31" }),
      rating: { avg_value: 46, count: 9 },
      distance_approx: false,
      min_term_months: 12,
    }),
    row(1, { offer: offer(1, {}, "expired"), answer_seconds: 3 * 86_400 }),
    row(4, { state: "refused", answer_seconds: 7200 }),
    row(5, { not_answered: true, answer_seconds: null, availability: { status: "on_request", space: null, unmet: [] }, distance_km: null }),
  ]),
  counts: { contacted: 5, offers: 3, not_answered: 1 },
};

describe("OfferComparison", () => {
  it("shows each warehouse's row with its totals, marks and what the offer misses", () => {
    const html = render(<OfferComparison comparison={comparison} locale="en" sort="price" />);
    expect(count(html, 'data-testid="cmp-row"')).toBe(5);
    expect(html).toContain(`€${NBSP}5.270,40`);
    expect(html).toContain(`€${NBSP}11.712,00`);
    expect(html).toContain(`€${NBSP}13.298,00`);
    expect(html).toContain(`€${NBSP}4.320,00 excluding VAT`);
    // Capped, with the asked quantity.
    expect(html).toContain(`Covers 300${NBSP}m² of the 800 asked`);
    expect(html).toContain("The offer&#x27;s dates (01.02.2027 – 31.12.2027) do not cover the request&#x27;s");
    expect(count(html, 'data-testid="cmp-mark-cheapest"')).toBe(1);
    expect(count(html, 'data-testid="cmp-mark-best-rated"')).toBe(1);
    expect(html).toContain('data-status="expired"');
    expect(html).toContain("Expired on 31.12.2026: it can no longer be accepted");
    expect(html).toContain("Revisions: 2");
    expect(html).toContain("Minimum term: 12 months");
    expect(html).toContain("Refused the request");
    expect(count(html, "Not answered yet")).toBeGreaterThanOrEqual(2);
    expect(html).toContain("about 12,3 km");
    expect(html).toContain("Warehouses contacted: 5 · Offers: 3 · No answer yet: 1");
    // A redeemed warehouse's sheet; an anonymous one has none.
    expect(html).toContain('href="/en/warehouses/103"');
    expect(count(html, "/warehouses/10")).toBe(1);
  });

  it("links every sort to the page itself, the one shown marked, and has no print button before the script runs", () => {
    const html = render(<OfferComparison comparison={comparison} locale="en" sort="rating" />, "/en/requests/tok?sort=rating");
    expect(html).toContain('href="/en/requests/tok"');
    expect(html).toContain('href="/en/requests/tok?sort=distance"');
    expect(html).toMatch(/aria-current="true"[^>]*data-sort="rating"/);
    expect(count(html, "aria-current")).toBe(1);
    expect(html).not.toContain('data-testid="cmp-print"');
    expect(html).toContain("data-print-comparison");
  });

  it("mounts the other parts of the deal into each row", () => {
    const html = render(
      <OfferComparison
        comparison={comparison}
        locale="en"
        sort="price"
        renderActions={(r) => (r.offer?.status === "open" ? <button type="button">{`accept ${r.link_id}`}</button> : null)}
        renderConversation={(r) => <p>{`thread ${r.link_id}`}</p>}
      />,
    );
    expect(html).toContain("accept 2");
    expect(html).toContain("accept 3");
    expect(html).not.toContain("accept 1");
    expect(count(html, "thread ")).toBe(5);
  });

  it("says so when the request went to no warehouse", () => {
    const html = render(
      <OfferComparison comparison={{ ...comparison, rows: [], counts: { contacted: 0, offers: 0, not_answered: 0 } }} locale="en" sort="price" />,
    );
    expect(html).toContain("This request was not sent to any warehouse.");
    expect(html).not.toContain("<table");
  });
});

describe("RequestComparisonView", () => {
  it("heads the page with the request's number and what it asked, and shows the request in full", () => {
    const html = render(<RequestComparisonView comparison={comparison} locale="en" sort="price" />);
    expect(html).toContain("Request 0000000042");
    expect(html).toContain(`Milano, within 50 km · 800${NBSP}m² · 01.01.2027 – 31.03.2027`);
    expect(html).toContain("Cerchiamo 800 m2.");
  });
});
