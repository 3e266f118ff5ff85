// The map search: warehouses within a radius of a place, split into those that match every
// filter (nearest first) and the others of the same zone, in their public form only.
//
// How the filters are used:
// - location / lat, lng: the centre. lat and lng win when given (use-my-position); otherwise
//   the location text is geocoded, and nothing found is the spec's no-results error.
// - radius: kilometres, 10 when empty. A warehouse is in the zone when the position we publish
//   is within the radius: the true one for a claimed warehouse, the jittered one for an
//   unclaimed one (so no search can tell its true position apart from the published one; the
//   published position is kept by the database, migration 0004).
// - specification ids of the seven groups: a match must offer every selected one.
// - m2_type + m2_value: the space needed. "m2": the warehouse's total_m2 must be at least the
//   value. "pallet": each pallet counts as one square metre of floor (a EUR pallet is
//   1.2 × 0.8 m = 0.96 m²; racking is not recorded, so no stacking is assumed). A warehouse
//   whose total_m2 is unknown does not match an area filter.
// - start_date / end_date: warehouses record no availability, so the dates do not filter; they
//   are validated (start not after end), kept in the URL and go into the quote request.
// Warehouses within the radius that miss a filter are other_warehouses ("same zone").
// The counts, the bounds and the map cover every warehouse of the zone; the two lists carry the
// nearest SEARCH_LIST_LIMIT of each (the map and the totals tell about the rest).
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import type { Geocoder } from "../geo/geocoder.ts";
import type { Actor } from "../context.ts";
import type { FieldErrors } from "../errors.ts";
import { fieldErrors } from "../http/respond.ts";
import { RateLimitError } from "../errors.ts";
import { hit, type Limit } from "../security/rate-limit.ts";
import { listFavouriteIds } from "../favourites/favourites.service.ts";
import type { ResultSpecification, SearchResponse, SearchResultWarehouse } from "../../lib/search-results.ts";
import { warehouseTrust } from "../../lib/warehouse-trust.ts";
import { searchQuery, selectedSpecificationIds, type SearchQuery } from "../../schemas/search.ts";
import { SEARCH_LIST_LIMIT, specGroupOfCategory, SPEC_GROUPS, WIDEN_RADII_KM, type SpecGroup } from "../../lib/search-form.ts";
import { countZoneMatches, findLargestInZone, findRatingsOf, findSearchCards, listVisibleSpecifications, type PublicSpecification, type SearchCard } from "./search.queries.ts";
import { distanceM, EARTH_RADIUS_M, zoneCacheFor, type Bounds, type Zone } from "./zones.ts";

/** The published jitter of an unclaimed warehouse's position, in degrees (an unclaimed warehouse is never shown where it is; applied by migration 0004). */
export const JITTER_LAT = 0.004;
export const JITTER_LNG = 0.006;
/** One pallet as floor area, m². */
export const PALLET_M2 = 1;
/** Specifications shown per result (the map card shows at most 4). */
export const CARD_SPECIFICATIONS = 4;

export type { SearchResponse };

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Visible specifications by id: their display rank and the (shared, read-only) object a result lists. */
type SpecIndex = Map<number, { order: number; item: ResultSpecification }>;

function indexSpecifications(specs: PublicSpecification[], locale: Locale): SpecIndex {
  return new Map(
    specs.map((spec, order) => [spec.id, { order, item: { id: spec.id, value: locale === "en" ? (spec.value_en ?? spec.value) : spec.value, cat_id: spec.cat_id } }]),
  );
}

/** The first specifications of a warehouse in display order (category, position), and how many it has. */
function cardSpecifications(ids: number[], index: SpecIndex): { list: ResultSpecification[]; count: number } {
  const visible: { order: number; item: ResultSpecification }[] = [];
  for (const id of ids) {
    const entry = index.get(id);
    if (entry) visible.push(entry);
  }
  if (visible.length > 1) visible.sort((a, b) => a.order - b.order);
  const list = new Array<ResultSpecification>(Math.min(CARD_SPECIFICATIONS, visible.length));
  for (let i = 0; i < list.length; i++) list[i] = visible[i]!.item;
  return { list, count: visible.length };
}

/** What the browser may see of a warehouse: anonymised unless redeemed, at its published position (decision 009). */
export function publicResult(row: SearchCard, distance: number, specs: SpecIndex): SearchResultWarehouse {
  const card = cardSpecifications(row.spec_ids, specs);
  return {
    id: row.id,
    name: row.redeemed ? row.name : `Stocker ${row.id}`,
    city: row.city,
    address: row.redeemed ? row.address : row.city,
    cap: row.redeemed ? row.cap : null,
    lat: row.pub_lat,
    lng: row.pub_lng,
    distance: round(distance / 1000, 2),
    is_hub: row.is_hub,
    total_m2: row.total_m2 === null ? null : Number(row.total_m2),
    c_sub: row.redeemed,
    claimable: row.claimable,
    img: row.redeemed ? row.img : null,
    specifications: card.list,
    specifications_count: card.count,
    ...warehouseTrust(row),
  };
}

/** The floor area a search asks for, in m², or null when it sets none. */
export function requiredArea(q: Pick<SearchQuery, "m2_type" | "m2_value">): number | null {
  if (q.m2_value === undefined || q.m2_value <= 0) return null;
  return q.m2_type === "pallet" ? q.m2_value * PALLET_M2 : q.m2_value;
}

/** The box around the searched circle: the map's frame when nothing was found. */
function circleBounds(centre: { lat: number; lng: number }, radiusKm: number): Bounds {
  const dLat = (radiusKm / (EARTH_RADIUS_M / 1000)) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180));
  return { min_lat: round(centre.lat - dLat, 6), max_lat: round(centre.lat + dLat, 6), min_lng: round(centre.lng - dLng, 6), max_lng: round(centre.lng + dLng, 6) };
}

export type SearchDeps = {
  db: Database;
  geocoder: Geocoder;
  /** Runs before a zone is read from the database; may throw RateLimitError (see zoneReadGuard). */
  beforeZoneRead?: () => Promise<void>;
};

/** The limit of zone reads per address, as configured (null: none). */
export function zoneReadLimit(perTenMinutes: number): Limit | null {
  return perTenMinutes > 0 ? { name: "search-zone:ip", max: perTenMinutes, windowSeconds: 600 } : null;
}

/**
 * A search's guard against one address making the app read zone after zone (a 300 km zone at a
 * million warehouses costs about 2 s of CPU with its clusters): counted only when a zone is not
 * in memory, so repeating a search or moving the map costs nothing.
 */
export function zoneReadGuard(db: Database, perTenMinutes: number, ip: string): (() => Promise<void>) | undefined {
  const limit = zoneReadLimit(perTenMinutes);
  return limit ? () => hit(db, limit, [ip]) : undefined;
}

// The visible specifications change rarely (an administrator edits them): each app instance
// reads them at most every few seconds instead of once per search.
const SPECS_TTL_MS = 10_000;
const specsCache = new WeakMap<Database, { at: number; specs: Promise<PublicSpecification[]> }>();

/**
 * Drops this instance's copy, so the next search reads the catalogue again: called after an
 * administrator changes a specification (other instances catch up within SPECS_TTL_MS).
 */
export function forgetVisibleSpecifications(db: Database): void {
  specsCache.delete(db);
}

function visibleSpecifications(db: Database): Promise<PublicSpecification[]> {
  const cached = specsCache.get(db);
  if (cached && Date.now() - cached.at < SPECS_TTL_MS) return cached.specs;
  const specs = listVisibleSpecifications(db);
  specsCache.set(db, { at: Date.now(), specs });
  specs.catch(() => specsCache.delete(db));
  return specs;
}

export type SearchZone = { zone: Zone; matches: Uint8Array; centre: { lat: number; lng: number }; location: string | null };

/**
 * The centre of a search (lat/lng, else the geocoded location), its zone and which of the zone's
 * warehouses match the filters; null when the location cannot be found.
 */
export async function resolveSearchZone(deps: SearchDeps, q: SearchQuery, locale: Locale): Promise<SearchZone | null> {
  let centre: { lat: number; lng: number };
  let location = q.location ?? null;
  if (q.lat !== undefined && q.lng !== undefined) {
    centre = { lat: q.lat, lng: q.lng };
  } else {
    const place = await deps.geocoder.locate(q.location ?? "", locale);
    if (!place) return null;
    centre = { lat: place.lat, lng: place.lng };
    location = place.description;
  }
  const { zone, matches } = await zoneCacheFor(deps.db).get(
    { ...centre, radiusM: q.radius * 1000 },
    { specIds: selectedSpecificationIds(q), area: requiredArea(q) },
    deps.beforeZoneRead,
  );
  return { zone, matches, centre, location };
}

/** Public cards of zone warehouses, by their index in the zone, in one query. */
async function zoneCards(db: Database, zone: Zone, indexes: number[], specs: SpecIndex): Promise<Map<number, SearchResultWarehouse>> {
  const rows = await findSearchCards(db, indexes.map((i) => zone.ids[i]!));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cards = new Map<number, SearchResultWarehouse>();
  for (const i of indexes) {
    // A warehouse withdrawn since the zone was read is simply left out.
    const row = byId.get(zone.ids[i]!);
    if (row) cards.set(i, publicResult(row, zone.distance[i]!, specs));
  }
  return cards;
}

/** GET /api/warehouses/search/cards: the cards of warehouses the map shows, distances from the search's centre. */
export async function searchCards(db: Database, q: { ids: number[]; lat: number; lng: number }, locale: Locale): Promise<{ warehouses: SearchResultWarehouse[] }> {
  const [rows, specs] = await Promise.all([findSearchCards(db, q.ids), visibleSpecifications(db)]);
  const index = indexSpecifications(specs, locale);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const warehouses: SearchResultWarehouse[] = [];
  for (const id of q.ids) {
    const row = byId.get(id);
    if (row) warehouses.push(publicResult(row, distanceM(q.lat, q.lng, row.pub_lat, row.pub_lng), index));
  }
  return { warehouses };
}

/** Runs a search (the filters already validated by searchQuery). */
export async function searchWarehouses(deps: SearchDeps, q: SearchQuery, locale: Locale): Promise<SearchResponse> {
  const specsPromise = visibleSpecifications(deps.db);
  const found = await resolveSearchZone(deps, q, locale).finally(() => specsPromise.catch(() => {}));
  if (!found) {
    return {
      warehouses: [],
      other_warehouses: [],
      min_lat: null,
      max_lat: null,
      min_lng: null,
      max_lng: null,
      error: "location_not_found",
      location: q.location ?? null,
      lat: null,
      lng: null,
      radius: q.radius,
      total_warehouses: 0,
      total_other_warehouses: 0,
      truncated: false,
      sort: q.sort,
      wider: null,
    };
  }
  const { zone, matches, centre, location } = found;
  const specs = indexSpecifications(await specsPromise, locale);
  let totalMatching = 0;
  for (let i = 0; i < zone.size; i++) totalMatching += matches[i]!;
  const totalOthers = zone.size - totalMatching;
  const [warehouses, otherWarehouses] =
    q.sort === "nearest" ? await nearestLists(deps.db, zone, matches, specs) : await sortedLists(deps.db, zone, matches, { ...q, sort: q.sort }, specs);
  const wider = totalMatching === 0 ? await widerRadius(deps.db, centre, q) : null;
  return {
    warehouses,
    other_warehouses: otherWarehouses,
    ...(zone.bounds ?? circleBounds(centre, q.radius)),
    error: null,
    location,
    lat: centre.lat,
    lng: centre.lng,
    radius: q.radius,
    total_warehouses: totalMatching,
    total_other_warehouses: totalOthers,
    truncated: totalMatching > warehouses.length || totalOthers > otherWarehouses.length,
    sort: q.sort,
    wider,
  };
}

type Lists = [SearchResultWarehouse[], SearchResultWarehouse[]];

/** The zone is nearest first: the first of each kind are the lists. */
async function nearestLists(db: Database, zone: Zone, matches: Uint8Array, specs: SpecIndex): Promise<Lists> {
  const matching: number[] = [];
  const others: number[] = [];
  for (let i = 0; i < zone.size && (matching.length < SEARCH_LIST_LIMIT || others.length < SEARCH_LIST_LIMIT); i++) {
    if (matches[i]) {
      if (matching.length < SEARCH_LIST_LIMIT) matching.push(i);
    } else if (others.length < SEARCH_LIST_LIMIT) others.push(i);
  }
  const cards = await zoneCards(db, zone, [...matching, ...others], specs);
  const listed = (indexes: number[]) => indexes.map((i) => cards.get(i)).filter((w): w is SearchResultWarehouse => !!w);
  return [listed(matching), listed(others)];
}

/**
 * Largest or best rated first, over the whole zone (not only its nearest part): "largest" is
 * the zone's index read again in size order; "best rated" asks the reviews of the zone's
 * warehouses (few have any), the unrated following nearest first.
 */
async function sortedLists(db: Database, zone: Zone, matches: Uint8Array, q: SearchQuery & { sort: "largest" | "rating" }, specs: SpecIndex): Promise<Lists> {
  const indexOf = new Map<number, number>();
  for (let i = 0; i < zone.size; i++) indexOf.set(zone.ids[i]!, i);
  let first: number[];
  let second: number[];
  if (q.sort === "largest") {
    const args = { ...zone.centre, radiusM: zone.radiusM, specIds: selectedSpecificationIds(q), minArea: requiredArea(q), limit: SEARCH_LIST_LIMIT };
    [first, second] = await Promise.all([findLargestInZone(db, { ...args, matching: true }), findLargestInZone(db, { ...args, matching: false })]);
  } else {
    const ratings = await findRatingsOf(db, Array.from(zone.ids));
    const rated = ratings
      .map((r) => ({ ...r, i: indexOf.get(r.warehouse_id) }))
      .filter((r): r is typeof r & { i: number } => r.i !== undefined)
      .sort((a, b) => b.rating_avg - a.rating_avg || b.rating_count - a.rating_count || a.i - b.i);
    const ratedSet = new Set(rated.map((r) => r.i));
    const order = [...rated.map((r) => r.i)];
    for (let i = 0; i < zone.size; i++) if (!ratedSet.has(i)) order.push(i);
    const pick = (kind: 0 | 1) => order.filter((i) => matches[i] === kind).slice(0, SEARCH_LIST_LIMIT).map((i) => zone.ids[i]!);
    [first, second] = [pick(1), pick(0)];
  }
  // A warehouse placed or listed since the zone was read is left for the next zone.
  const indexes = (ids: number[]) => ids.map((id) => indexOf.get(id)).filter((i): i is number => i !== undefined);
  const cards = await zoneCards(db, zone, [...indexes(first), ...indexes(second)], specs);
  const listed = (ids: number[]) => indexes(ids).map((i) => cards.get(i)).filter((w): w is SearchResultWarehouse => !!w);
  return [listed(first), listed(second)];
}

/** The smallest of WIDEN_RADII_KM beyond the searched radius within which something matches, and its count. */
async function widerRadius(db: Database, centre: { lat: number; lng: number }, q: SearchQuery): Promise<{ radius: number; count: number } | null> {
  const filter = { specIds: selectedSpecificationIds(q), minArea: requiredArea(q) };
  for (const radius of WIDEN_RADII_KM) {
    if (radius <= q.radius) continue;
    const count = await countZoneMatches(db, { ...centre, radiusM: radius * 1000, ...filter });
    if (count > 0) return { radius, count };
  }
  return null;
}

export type SpecOption = { id: number; label: string };

export type SearchPageData = {
  /** The options of the seven specification groups, in display order. */
  groups: { key: SpecGroup; options: SpecOption[] }[];
  result: SearchResponse | null;
  /** Field → code when the address carried invalid filters. */
  errors: FieldErrors | null;
  /** The search could not run (logged); the page stays usable. */
  failed: boolean;
  /** It could not run because this address searched too many places in a short time. */
  limited?: boolean;
  /** The acting stock hunter's favourites (for the map card's toggle). */
  favouriteIds: number[];
};

/** The /{locale}/stocks page: the filter options, and the search when the address asks for one. */
export async function searchPage(
  deps: SearchDeps & { log: { error: (obj: object, msg: string) => void } },
  actor: Actor | null,
  args: { query: Record<string, unknown>; run: boolean },
  locale: Locale,
): Promise<SearchPageData> {
  const [specs, favouriteIds] = await Promise.all([
    visibleSpecifications(deps.db),
    actor?.role === "stock_hunter" ? listFavouriteIds(deps.db, actor.id) : Promise.resolve([] as number[]),
  ]);
  const groups = SPEC_GROUPS.map((key) => ({ key, options: [] as SpecOption[] }));
  for (const spec of specs) {
    const group = specGroupOfCategory(spec.cat_id);
    if (group) groups[spec.cat_id - 1]!.options.push({ id: spec.id, label: locale === "en" ? (spec.value_en ?? spec.value) : spec.value });
  }
  const page: SearchPageData = { groups, result: null, errors: null, failed: false, favouriteIds };
  if (!args.run) return page;
  const parsed = searchQuery.safeParse(args.query);
  if (!parsed.success) return { ...page, errors: fieldErrors(parsed.error) };
  try {
    return { ...page, result: await searchWarehouses(deps, parsed.data, locale) };
  } catch (err) {
    if (err instanceof RateLimitError) return { ...page, failed: true, limited: true };
    deps.log.error({ err }, "search failed");
    return { ...page, failed: true };
  }
}
