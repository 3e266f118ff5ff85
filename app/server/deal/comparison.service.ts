// The requester's comparison of a request's offers (decision 036): one row per contacted
// warehouse, with its current offer and totals (offerView, the one computation), how many
// revisions, its declared free space judged as the search judges it (decision 033), its
// minimum term, the distance from the asked place to its public position, its rating, how long
// the first answer took, and whether it answered at all.
//
// The warehouse is shown as everywhere else to the requester: "Stocker N" and its city until
// redeemed, its sheet only while redeemed and listed; the distance is to its public position
// (jittered unless redeemed), never the exact one. The offer's terms and totals are shown
// whatever the warehouse's state: they are what the requester asked for.
//
// Who may see it: the hunter who sent the request (another hunter: 404, as a request that does
// not exist; another role: 403), or whoever holds the request's personal link (a bad, unknown or
// revoked token: 404).
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { offerView } from "../../lib/offers.ts";
import { requestNumber } from "../../lib/format.ts";
import {
  sortComparisonRows,
  withComparisonMarks,
  type ComparisonAvailability,
  type ComparisonRow,
  type ComparisonSort,
  type RequestComparison,
} from "../../lib/offer-comparison.ts";
import { availabilityOf, judge, spaceAsk, spaceRowsFromPacked, unmetCriteria } from "../search/spaces.ts";
import { findSpacesOf } from "../search/search.queries.ts";
import { distanceM } from "../search/zones.ts";
import { warehouseRatings } from "../reviews/warehouse-ratings.queries.ts";
import { anonymisedName } from "../requests/requests.service.ts";
import { requestDetails } from "../requests/area-requests.service.ts";
import { isListedRow, publicSheetPath } from "../warehouses/warehouses.queries.ts";
import { resolveRequestAccess } from "./request-access.service.ts";
import { findComparisonLinks, findComparisonRequest, findCurrentOffers } from "./comparison.queries.ts";

export type ComparisonOptions = {
  /** VAT in percent (services.config.billing.vatRate, from VAT_RATE). */
  vatRate: number;
  /** Today in Italy ('YYYY-MM-DD'): what is expired, which spaces are still free. */
  today: string;
  locale: Locale;
  /** The rows' order (the default: by price). */
  sort?: ComparisonSort;
};

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The comparison of request `requestId`, whoever asks (the wrappers below decide who may); null when there is no such request. */
export async function requestComparison(db: Database, requestId: number, opts: ComparisonOptions): Promise<RequestComparison | null> {
  const request = await findComparisonRequest(db, requestId, opts.locale);
  return request ? comparisonOf(db, request, opts) : null;
}

type ComparedRequest = NonNullable<Awaited<ReturnType<typeof findComparisonRequest>>>;

async function comparisonOf(db: Database, request: ComparedRequest, opts: ComparisonOptions): Promise<RequestComparison> {
  const links = await findComparisonLinks(db, request.id);
  const warehouseIds = links.map((l) => Number(l.warehouse_id));
  const [offers, ratings, packed] = await Promise.all([
    findCurrentOffers(
      db,
      links.map((l) => Number(l.link_id)),
    ),
    warehouseRatings(db, warehouseIds),
    findSpacesOf(db, warehouseIds, opts.today),
  ]);

  const asked = { m2_type: request.m2_type, m2_value: request.m2_value, start_date: request.start_date, end_date: request.end_date };
  const askedQuantity = request.m2_value === null ? undefined : Number(request.m2_value);
  const ask = spaceAsk(
    { m2_type: request.m2_type, m2_value: askedQuantity, start_date: request.start_date ?? undefined, end_date: request.end_date ?? undefined },
    opts.today,
  );
  const spaces = spaceRowsFromPacked(warehouseIds, packed);
  const availability = (i: number): ComparisonAvailability => {
    if (!ask) return { status: "not_asked", space: null, unmet: [] };
    const verdict = judge(spaces, i, ask);
    const shown = verdict.match >= 0 ? verdict.match : verdict.partial;
    const status = verdict.match >= 0 ? "available" : !verdict.declared ? "on_request" : verdict.partial >= 0 ? "partial" : "unavailable";
    return { status, space: shown >= 0 ? availabilityOf(spaces, shown) : null, unmet: unmetCriteria(verdict, ask, 0) };
  };
  const from = request.lat !== null && request.lng !== null ? { lat: Number(request.lat), lng: Number(request.lng) } : null;

  const rows: Omit<ComparisonRow, "marks">[] = links.map((l, i) => {
    const id = Number(l.warehouse_id);
    const redeemed = l.redeemed;
    const current = offers.get(Number(l.link_id));
    const offer = current ? offerView(current.offer, asked, opts.vatRate, opts.today) : null;
    return {
      link_id: Number(l.link_id),
      warehouse: {
        id,
        name: redeemed ? l.name : anonymisedName(id),
        city: l.city,
        redeemed,
        is_hub: l.is_hub,
        detail_url: publicSheetPath(opts.locale, { id, redeemed, listed: isListedRow(l) }),
      },
      state: l.state,
      offer,
      earlier_offers: (current?.earlier ?? []).map((row) => offerView(row, asked, opts.vatRate, opts.today)),
      revisions: current?.revisions ?? 0,
      availability: availability(i),
      min_term_months: offer?.min_term_months ?? null,
      distance_km: from ? round(distanceM(from.lat, from.lng, Number(l.pub_lat), Number(l.pub_lng)) / 1000, 2) : null,
      distance_approx: !redeemed,
      rating: ratings.get(id) ?? null,
      answer_seconds: l.answer_seconds === null ? null : Math.max(0, Math.round(Number(l.answer_seconds))),
      not_answered: l.answered_at === null,
    };
  });
  const marked = withComparisonMarks(rows);
  return {
    request: { ...requestDetails(request), number: requestNumber(request.id) },
    rows: sortComparisonRows(marked, opts.sort ?? "price"),
    counts: {
      contacted: rows.length,
      offers: rows.filter((r) => r.offer !== null).length,
      not_answered: rows.filter((r) => r.not_answered).length,
    },
  };
}

/** The hunter's comparison of one of their requests: another role 403, a request not theirs (or none) 404. */
export async function hunterComparison(
  db: Database,
  owner: { id: number; role: AreaRole | "admin" },
  requestId: number,
  opts: ComparisonOptions,
): Promise<RequestComparison> {
  return comparisonOf(db, await huntersRequest(db, owner, requestId, opts.locale), opts);
}

/** One of the hunter's requests: another role 403, a request not theirs (or none) 404. */
export async function huntersRequest(db: Database, owner: { id: number; role: AreaRole | "admin" }, requestId: number, locale: Locale) {
  if (owner.role !== "stock_hunter") throw new ForbiddenError();
  const request = await findComparisonRequest(db, requestId, locale);
  if (!request || request.user_id === null || Number(request.user_id) !== owner.id) throw new NotFoundError();
  return request;
}

/** The comparison a request's personal link opens: a malformed, unknown, forged or revoked token is 404. */
export async function visitorComparison(db: Database, token: string, opts: ComparisonOptions): Promise<RequestComparison> {
  const requestId = await resolveRequestAccess(db, token);
  if (requestId === null) throw new NotFoundError();
  const comparison = await requestComparison(db, requestId, opts);
  if (!comparison) throw new NotFoundError();
  return comparison;
}
