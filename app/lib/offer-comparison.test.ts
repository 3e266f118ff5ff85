// The comparison's one ordering and its marks: by price (live offers, then offers no longer
// answerable, then none), distance, rating and speed, what has no figure last, ties in the links'
// order; the cheapest live offer and the best rated marked only when two rows compete.
import { describe, expect, it } from "vitest";
import { comparisonSortHref, livePrice, sortComparisonRows, withComparisonMarks, type ComparisonRow } from "./offer-comparison.ts";
import type { OfferStatus, OfferView } from "./offers.ts";

function offer(vat: number, status: OfferStatus = "open"): OfferView {
  return {
    offer_id: vat,
    link_id: 1,
    revision: 1,
    status,
    m2_type: "m2",
    quantity: 100,
    price_month: 100,
    handling_in: null,
    handling_out: null,
    one_off_fee: null,
    start_date: "2027-01-01",
    end_date: "2027-01-30",
    min_term_months: null,
    included: "",
    notes: "",
    valid_until: "2027-01-01",
    decline_reason: null,
    created_at: "2026-12-01T10:00:00.000Z",
    totals: {
      quantity: 100,
      asked_quantity: 100,
      capped: false,
      start_date: "2027-01-01",
      end_date: "2027-01-30",
      days: 30,
      monthly: vat,
      period: vat,
      vat_included: vat,
      dates_cover: true,
    },
  };
}

type Fields = Partial<Omit<ComparisonRow, "marks">>;
function row(link_id: number, fields: Fields = {}): Omit<ComparisonRow, "marks"> {
  return {
    link_id,
    warehouse: { id: link_id, name: `Stocker ${link_id}`, city: "Milano", redeemed: false, is_hub: false, detail_url: null },
    state: "pending",
    offer: null,
    earlier_offers: [],
    revisions: 0,
    availability: { status: "not_asked", space: null, unmet: [] },
    min_term_months: null,
    distance_km: null,
    distance_approx: true,
    rating: null,
    answer_seconds: null,
    not_answered: true,
    ...fields,
  };
}

const ids = (rows: { link_id: number }[]) => rows.map((r) => r.link_id);

describe("sortComparisonRows", () => {
  const rows = withComparisonMarks([
    row(1),
    row(2, { offer: offer(5000), distance_km: 12.5, rating: { avg_value: 40, count: 3 }, answer_seconds: 7200 }),
    row(3, { offer: offer(3000, "expired"), distance_km: 3, answer_seconds: 60 }),
    row(4, { offer: offer(4000), distance_km: 30, rating: { avg_value: 45, count: 1 }, answer_seconds: 86_400 }),
    row(5, { offer: offer(4000, "accepted"), rating: { avg_value: 45, count: 8 }, answer_seconds: 3600 }),
    row(6, { offer: offer(1000, "withdrawn"), distance_km: 3 }),
  ]);

  it("by price: live offers cheapest first, then those no longer answerable, then none", () => {
    expect(ids(sortComparisonRows(rows, "price"))).toEqual([4, 5, 2, 6, 3, 1]);
  });

  it("by distance, rating (then more reviews) and speed, what has no figure last, ties by link", () => {
    expect(ids(sortComparisonRows(rows, "distance"))).toEqual([3, 6, 2, 4, 1, 5]);
    expect(ids(sortComparisonRows(rows, "rating"))).toEqual([5, 4, 2, 1, 3, 6]);
    expect(ids(sortComparisonRows(rows, "speed"))).toEqual([3, 5, 2, 4, 1, 6]);
  });

  it("does not change the rows it is given", () => {
    sortComparisonRows(rows, "rating");
    expect(ids(rows)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("withComparisonMarks", () => {
  it("marks every cheapest live offer and every best rated warehouse", () => {
    const marked = withComparisonMarks([
      row(1, { offer: offer(4000), rating: { avg_value: 45, count: 2 } }),
      row(2, { offer: offer(4000, "accepted"), rating: { avg_value: 45, count: 9 } }),
      row(3, { offer: offer(100, "expired"), rating: { avg_value: 30, count: 9 } }),
      row(4, { offer: offer(9000) }),
    ]);
    expect(marked.map((r) => r.marks)).toEqual([
      { cheapest: true, best_rated: true },
      { cheapest: true, best_rated: true },
      { cheapest: false, best_rated: false },
      { cheapest: false, best_rated: false },
    ]);
  });

  it("marks nothing when only one row has the figure", () => {
    const marked = withComparisonMarks([row(1, { offer: offer(4000), rating: { avg_value: 45, count: 2 } }), row(2, { offer: offer(100, "declined") })]);
    expect(marked.map((r) => r.marks)).toEqual([
      { cheapest: false, best_rated: false },
      { cheapest: false, best_rated: false },
    ]);
  });
});

describe("the sort in the URL", () => {
  it("writes ?sort= into the page's address, the default left out", () => {
    expect(comparisonSortHref("/it/requests/abc", "price")).toBe("/it/requests/abc");
    expect(comparisonSortHref("/it/requests/abc", "speed")).toBe("/it/requests/abc?sort=speed");
  });

  it("prices only live offers", () => {
    expect(livePrice(row(1, { offer: offer(10) }))).toBe(10);
    expect(livePrice(row(1, { offer: offer(10, "superseded") }))).toBeNull();
    expect(livePrice(row(1))).toBeNull();
  });
});
