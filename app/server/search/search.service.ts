// The map search: warehouses within a radius of a place, split into those that match every
// filter (nearest first) and the others of the same zone, in their public form only.
//
// How the filters are used:
// - location / lat, lng: the centre. lat and lng win when given (use-my-position); otherwise
//   the location text is geocoded, and nothing found is the spec's no-results error.
// - radius: kilometres, 10 when empty. A warehouse is in the zone when the position we publish
//   is within the radius: the true one for a claimed warehouse, the jittered one for an
//   unclaimed one (so no search can tell its true position apart from the published one).
// - specification ids of the seven groups: a match must offer every selected one.
// - m2_type + m2_value: the space needed. "m2": the warehouse's total_m2 must be at least the
//   value. "pallet": each pallet counts as one square metre of floor (a EUR pallet is
//   1.2 × 0.8 m = 0.96 m²; racking is not recorded, so no stacking is assumed). A warehouse
//   whose total_m2 is unknown does not match an area filter.
// - start_date / end_date: warehouses record no availability, so the dates do not filter; they
//   are validated (start not after end), kept in the URL and go into the quote request.
// Warehouses within the radius that miss a filter are other_warehouses ("same zone").
import { createHmac } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import type { Geocoder } from "../geo/geocoder.ts";
import type { Actor } from "../context.ts";
import type { FieldErrors } from "../errors.ts";
import { fieldErrors } from "../http/respond.ts";
import { listFavouriteIds } from "../favourites/favourites.service.ts";
import { searchQuery, selectedSpecificationIds, specGroupOfCategory, SPEC_GROUPS, type SearchQuery, type SpecGroup } from "../../schemas/search.ts";
import { findWarehousesNear, listVisibleSpecifications, type PublicSpecification, type SearchCandidate } from "./search.queries.ts";

/** The published jitter of an unclaimed warehouse's position, in degrees (spec §4). */
export const JITTER_LAT = 0.004;
export const JITTER_LNG = 0.006;
/** Metres a jittered position can be from the true one, rounded up (0.004° × 0.006° ≈ 0.8 km at most). */
const JITTER_MARGIN_M = 1000;
/** The sphere earthdistance measures on (earth() = 6378168 m), so both sides agree on distances. */
const EARTH_RADIUS_M = 6_378_168;
/** One pallet as floor area, m². */
export const PALLET_M2 = 1;
/**
 * Most warehouses one search returns (both lists together): the nearest ones of the zone. More
 * is not useful to a person (the page says so and suggests a smaller radius or filters), and it
 * keeps a search in a dense zone of a million-warehouse catalogue within its time budget.
 */
export const SEARCH_LIMIT = 1000;
/** Specifications shown per result (the map card shows at most 4). */
export const CARD_SPECIFICATIONS = 4;

export type ResultSpecification = { id: number; value: string; cat_id: number };

export type SearchResultWarehouse = {
  id: number;
  name: string;
  city: string;
  address: string;
  cap: string | null;
  lat: number;
  lng: number;
  /** Kilometres from the centre to the published position. */
  distance: number;
  is_hub: boolean;
  total_m2: number | null;
  /** Claimed (redeemed): the warehouse has an owner on the platform. */
  c_sub: boolean;
  img: string | null;
  /** The first specifications in display order (at most 4). */
  specifications: ResultSpecification[];
  specifications_count: number;
};

export type SearchResponse = {
  warehouses: SearchResultWarehouse[];
  other_warehouses: SearchResultWarehouse[];
  min_lat: number | null;
  max_lat: number | null;
  min_lng: number | null;
  max_lng: number | null;
  /** null, or "location_not_found" when the location could not be geocoded. */
  error: string | null;
  /** The centre searched around and how it was named. */
  location: string | null;
  lat: number | null;
  lng: number | null;
  radius: number;
  /** True when the zone holds more than SEARCH_LIMIT warehouses and only the nearest are listed. */
  truncated: boolean;
};

// Offsets already derived, per secret: HMAC costs more than the rest of a result's shaping.
const jitterCache = new Map<string, Map<number, { dLat: number; dLng: number }>>();
const JITTER_CACHE_MAX = 200_000;

/** The fixed offset of an unclaimed warehouse: HMAC-SHA256(secret, id) → two numbers in the published ranges. */
export function jitterFor(secret: string, id: number): { dLat: number; dLng: number } {
  let cache = jitterCache.get(secret);
  if (!cache) jitterCache.set(secret, (cache = new Map()));
  const known = cache.get(id);
  if (known) return known;
  const digest = createHmac("sha256", secret).update(`warehouse-position:${id}`).digest();
  const u1 = digest.readUInt32BE(0) / 0xffffffff;
  const u2 = digest.readUInt32BE(4) / 0xffffffff;
  const jitter = { dLat: (u1 * 2 - 1) * JITTER_LAT, dLng: (u2 * 2 - 1) * JITTER_LNG };
  if (cache.size >= JITTER_CACHE_MAX) cache.clear();
  cache.set(id, jitter);
  return jitter;
}

/** Great-circle distance in metres on earthdistance's sphere. */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

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

/** Where a warehouse is shown: its true position when claimed, its fixed jittered one when not. */
export function publishedPosition(row: Pick<SearchCandidate, "id" | "lat" | "lng" | "claimed">, secret: string): { lat: number; lng: number } {
  if (row.claimed) return { lat: round(row.lat, 6), lng: round(row.lng, 6) };
  const j = jitterFor(secret, row.id);
  return { lat: round(row.lat + j.dLat, 6), lng: round(row.lng + j.dLng, 6) };
}

/** What the browser may see of a warehouse: unclaimed ones anonymised (spec §4). */
export function publicResult(
  row: SearchCandidate,
  position: { lat: number; lng: number },
  distance: number,
  ctx: { specs: SpecIndex },
): SearchResultWarehouse {
  const specs = cardSpecifications(row.spec_ids, ctx.specs);
  return {
    id: row.id,
    name: row.claimed ? row.name : `Stocker ${row.id}`,
    city: row.city,
    address: row.claimed ? row.address : row.city,
    cap: row.claimed ? row.cap : null,
    lat: position.lat,
    lng: position.lng,
    distance: round(distance / 1000, 2),
    is_hub: row.is_hub,
    total_m2: row.total_m2,
    c_sub: row.claimed,
    img: row.claimed ? row.img : null,
    specifications: specs.list,
    specifications_count: specs.count,
  };
}

/** The floor area a search asks for, in m², or null when it sets none. */
export function requiredArea(q: Pick<SearchQuery, "m2_type" | "m2_value">): number | null {
  if (q.m2_value === undefined || q.m2_value <= 0) return null;
  return q.m2_type === "pallet" ? q.m2_value * PALLET_M2 : q.m2_value;
}

function bounds(list: { lat: number; lng: number }[], centre: { lat: number; lng: number }, radiusKm: number) {
  if (list.length === 0) {
    // Nothing found: the searched circle, so the map still shows the zone.
    const dLat = (radiusKm / (EARTH_RADIUS_M / 1000)) * (180 / Math.PI);
    const dLng = dLat / Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180));
    return { min_lat: round(centre.lat - dLat, 6), max_lat: round(centre.lat + dLat, 6), min_lng: round(centre.lng - dLng, 6), max_lng: round(centre.lng + dLng, 6) };
  }
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (const p of list) {
    if (p.lat < minLat) minLat = p.lat;
    if (p.lat > maxLat) maxLat = p.lat;
    if (p.lng < minLng) minLng = p.lng;
    if (p.lng > maxLng) maxLng = p.lng;
  }
  return { min_lat: minLat, max_lat: maxLat, min_lng: minLng, max_lng: maxLng };
}

export type SearchDeps = { db: Database; secret: string; geocoder: Geocoder };

// The visible specifications change rarely (an administrator edits them): each app instance
// reads them at most every few seconds instead of once per search.
const SPECS_TTL_MS = 10_000;
const specsCache = new WeakMap<Database, { at: number; specs: Promise<PublicSpecification[]> }>();

function visibleSpecifications(db: Database): Promise<PublicSpecification[]> {
  const cached = specsCache.get(db);
  if (cached && Date.now() - cached.at < SPECS_TTL_MS) return cached.specs;
  const specs = listVisibleSpecifications(db);
  specsCache.set(db, { at: Date.now(), specs });
  specs.catch(() => specsCache.delete(db));
  return specs;
}

/** Runs a search (the filters already validated by searchQuery). */
export async function searchWarehouses(deps: SearchDeps, q: SearchQuery, locale: Locale, opts: { limit?: number } = {}): Promise<SearchResponse> {
  const specsPromise = visibleSpecifications(deps.db);
  let centre: { lat: number; lng: number };
  let location = q.location ?? null;
  if (q.lat !== undefined && q.lng !== undefined) {
    centre = { lat: q.lat, lng: q.lng };
  } else {
    const place = await deps.geocoder.locate(q.location ?? "", locale);
    if (!place) {
      await specsPromise.catch(() => {});
      return {
        warehouses: [],
        other_warehouses: [],
        min_lat: null,
        max_lat: null,
        min_lng: null,
        max_lng: null,
        error: "location_not_found",
        location,
        lat: null,
        lng: null,
        radius: q.radius,
        truncated: false,
      };
    }
    centre = { lat: place.lat, lng: place.lng };
    location = place.description;
  }

  const limit = opts.limit ?? SEARCH_LIMIT;
  const radiusM = q.radius * 1000;
  const wanted = selectedSpecificationIds(q);
  const [candidates, specs] = await Promise.all([
    findWarehousesNear(deps.db, { ...centre, radiusM: radiusM + JITTER_MARGIN_M, limit: limit + 1 }),
    specsPromise,
  ]);
  const ctx = { specs: indexSpecifications(specs, locale) };
  const area = requiredArea(q);

  // Published distance in metres, kept beside each result for the sort.
  const distanceOf = new Map<SearchResultWarehouse, number>();
  const matching: SearchResultWarehouse[] = [];
  const others: SearchResultWarehouse[] = [];
  let full = false;
  for (const row of candidates) {
    const position = publishedPosition(row, deps.secret);
    const d = distanceM(centre.lat, centre.lng, position.lat, position.lng);
    if (d > radiusM) continue;
    if (matching.length + others.length >= limit) {
      full = true;
      break;
    }
    const hasSpecs = wanted.every((id) => row.spec_ids.includes(id));
    const fits = area === null || (row.total_m2 !== null && row.total_m2 >= area);
    const w = publicResult(row, position, d, ctx);
    distanceOf.set(w, d);
    (hasSpecs && fits ? matching : others).push(w);
  }
  // More warehouses may lie in the zone when the list is full, or when the scan stopped at its
  // limit before leaving the zone (candidates come nearest first by their true position).
  const last = candidates[candidates.length - 1];
  const truncated = full || (candidates.length > limit && !!last && distanceM(centre.lat, centre.lng, last.lat, last.lng) <= radiusM + JITTER_MARGIN_M);
  const byDistance = (a: SearchResultWarehouse, b: SearchResultWarehouse) => distanceOf.get(a)! - distanceOf.get(b)! || a.id - b.id;
  const warehouses = matching.sort(byDistance);
  const otherWarehouses = others.sort(byDistance);
  return {
    warehouses,
    other_warehouses: otherWarehouses,
    ...bounds([...warehouses, ...otherWarehouses], centre, q.radius),
    error: null,
    location,
    lat: centre.lat,
    lng: centre.lng,
    radius: q.radius,
    truncated,
  };
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
    listVisibleSpecifications(deps.db),
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
    deps.log.error({ err }, "search failed");
    return { ...page, failed: true };
  }
}
