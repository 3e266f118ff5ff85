// The requester's comparison of the offers of one request (decision 036), as the server answers
// it (requestComparison in app/server/deal/comparison.service.ts: GET
// /api/stock-hunter/requests/{request_id}/offers, the hunter's page of one request and the
// visitor's personal link) and the page draws it (app/components/deal/OfferComparison.tsx); here,
// so the component needs no server module. Also the one ordering of its rows and the marks
// (cheapest, best rated), so the API, the page without JavaScript (?sort=) and the tests agree.
import type { RequestState } from "./warehouse-pages.ts";
import type { OfferStatus, OfferView } from "./offers.ts";
import type { RequestDetails } from "./area-requests.ts";
import type { WarehouseRating } from "./received-feedback.ts";
import type { SpaceAvailability, UnmetCriterion } from "./search-results.ts";

export const COMPARISON_SORTS = ["price", "distance", "rating", "speed"] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];
export const DEFAULT_COMPARISON_SORT: ComparisonSort = "price";

/**
 * How the warehouse's declared free space stands against what the request asked (the search's
 * judgement, decision 033): `available` a space holds the asked quantity over the asked dates;
 * `partial` a space covers the dates but holds less; `unavailable` none covers the dates;
 * `on_request` it declares no free space at all; `not_asked` the request asked neither dates
 * nor a quantity.
 */
export type ComparisonAvailabilityStatus = "available" | "partial" | "unavailable" | "on_request" | "not_asked";

export type ComparisonAvailability = {
  status: ComparisonAvailabilityStatus;
  /** The space the judgement rests on (the best match, else the largest that covers the dates), or null. */
  space: SpaceAvailability | null;
  /** What it misses of the request: dates, quantity. */
  unmet: UnmetCriterion[];
};

/** A contacted warehouse as the requester may see it: anonymised ("Stocker N", its city) until redeemed. */
export type ComparisonWarehouse = {
  id: number;
  name: string;
  city: string;
  redeemed: boolean;
  is_hub: boolean;
  /** Its public sheet, only while redeemed and listed. */
  detail_url: string | null;
};

/** One contacted warehouse (one request link) of the comparison. */
export type ComparisonRow = {
  link_id: number;
  warehouse: ComparisonWarehouse;
  /** The link's own state (pending, confirmed, refused). */
  state: RequestState;
  /** The current offer (the newest revision, whatever its status), with its totals, or null. */
  offer: OfferView | null;
  /** The link's earlier offers (revisions replaced, withdrawn or declined), newest first: the history both sides see. */
  earlier_offers: OfferView[];
  /** How many offers the link had (revisions included). */
  revisions: number;
  availability: ComparisonAvailability;
  /** The current offer's minimum term in months, or null. */
  min_term_months: number | null;
  /** From the asked place to the warehouse's public position, in km; null when the request has no position. */
  distance_km: number | null;
  /** The distance is to an approximate position (an unredeemed warehouse's public one). */
  distance_approx: boolean;
  rating: WarehouseRating | null;
  /** Seconds from the request to the warehouse's first answer (an offer or a state change); null before it. */
  answer_seconds: number | null;
  /** Neither an offer nor a state change yet. */
  not_answered: boolean;
  marks: { cheapest: boolean; best_rated: boolean };
};

/** The request as its comparison shows it: what was asked, where, and its number. */
export type ComparisonRequest = RequestDetails & { number: string };

export type RequestComparison = {
  request: ComparisonRequest;
  rows: ComparisonRow[];
  /** How many links: contacted, with a current offer, still without an answer. */
  counts: { contacted: number; offers: number; not_answered: number };
};

/** Offers whose price competes: answerable or accepted (not expired, withdrawn, declined or superseded). */
const LIVE: ReadonlySet<OfferStatus> = new Set(["open", "accepted"]);

/** The price a row is compared by (the period's total, VAT included), or null when it has no live offer. */
export function livePrice(row: Pick<ComparisonRow, "offer">): number | null {
  return row.offer && LIVE.has(row.offer.status) ? row.offer.totals.vat_included : null;
}

const byNumber = (a: number | null, b: number | null, dir: 1 | -1): number => {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * dir;
};

/** The tier of a row when sorting by price: live offers, then offers no longer answerable, then none. */
const priceTier = (row: ComparisonRow) => (livePrice(row) !== null ? 0 : row.offer ? 1 : 2);

function compare(sort: ComparisonSort, a: ComparisonRow, b: ComparisonRow): number {
  switch (sort) {
    case "price":
      return priceTier(a) - priceTier(b) || byNumber(a.offer?.totals.vat_included ?? null, b.offer?.totals.vat_included ?? null, 1);
    case "distance":
      return byNumber(a.distance_km, b.distance_km, 1);
    case "rating":
      return byNumber(a.rating?.avg_value ?? null, b.rating?.avg_value ?? null, -1) || byNumber(a.rating?.count ?? null, b.rating?.count ?? null, -1);
    case "speed":
      return byNumber(a.answer_seconds, b.answer_seconds, 1);
  }
}

/**
 * The rows in the order asked: by price (the period's total VAT included, cheapest first; rows
 * whose offer is no longer answerable after, rows without an offer last), distance (nearest
 * first), rating (best first, then more reviews) or speed of answer (fastest first); what has no
 * figure goes last, ties keep the order of the links.
 */
export function sortComparisonRows<R extends ComparisonRow>(rows: readonly R[], sort: ComparisonSort): R[] {
  return [...rows].sort((a, b) => compare(sort, a, b) || a.link_id - b.link_id);
}

/**
 * The marks: the cheapest live offer(s) and the best rated warehouse(s), when at least two rows
 * compete on that figure (one alone is the cheapest of nothing).
 */
export function withComparisonMarks<R extends Omit<ComparisonRow, "marks">>(rows: readonly R[]): (R & Pick<ComparisonRow, "marks">)[] {
  const prices = rows.map(livePrice).filter((p): p is number => p !== null);
  const ratings = rows.map((r) => r.rating?.avg_value ?? null).filter((v): v is number => v !== null);
  const cheapest = prices.length >= 2 ? Math.min(...prices) : null;
  const best = ratings.length >= 2 ? Math.max(...ratings) : null;
  return rows.map((row) => ({
    ...row,
    marks: {
      cheapest: cheapest !== null && livePrice(row) === cheapest,
      best_rated: best !== null && row.rating?.avg_value === best,
    },
  }));
}

/** The comparison's address with a sort: the page's own path and ?sort= (the default drops it). */
export function comparisonSortHref(pathname: string, sort: ComparisonSort): string {
  return sort === DEFAULT_COMPARISON_SORT ? pathname : `${pathname}?sort=${sort}`;
}
