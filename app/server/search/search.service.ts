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
// - start_date / end_date, m2_type + m2_value: a declared free space (warehouse_spaces) of the
//   asked type must hold the quantity for the whole period, as spaces.ts says (decision 033);
//   a warehouse that declares none is "availability on request", never a match.
// Warehouses within the radius that miss a filter are other_warehouses ("same zone"), each
// saying what it misses (unmet). The lists' orders are decision 034.
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
import { SEARCH_LIST_LIMIT, specGroupOfCategory, SPEC_GROUPS, WIDEN_RADII_KM, type SearchSort, type SpecGroup } from "../../lib/search-form.ts";
import type { SearchCardsQuery } from "../../schemas/search.ts";
import {
  countZoneMatches,
  findSearchCards,
  findSpacesOf,
  listVisibleSpecifications,
  type PublicSpecification,
  type SearchCard,
  type SpaceCriteria,
} from "./search.queries.ts";
import { distanceM, EARTH_RADIUS_M, zoneCacheFor, type Bounds, type Zone, type ZoneAnswer, type ZoneRanks } from "./zones.ts";
import { closer, firstByOrder } from "./zone-points.ts";
import { availabilityOf, isoDay, judge, spaceAsk, spaceRowsFromPacked, unmetCriteria, type SpaceAsk, type SpaceRows } from "./spaces.ts";
import { italianDay } from "../italian-day.ts";
import type { UnmetCriterion } from "../../lib/search-results.ts";
import type { AppMetrics } from "../metrics/metrics.ts";
import type { SearchIndex } from "./search-index.ts";

/** The published jitter of an unclaimed warehouse's position, in degrees (an unclaimed warehouse is never shown where it is; applied by migration 0004). */
export const JITTER_LAT = 0.004;
export const JITTER_LNG = 0.006;
/** Specifications shown per result (the map card shows at most 4). */
export const CARD_SPECIFICATIONS = 4;

export type { SearchResponse };

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Visible specifications by id: their display rank and the (shared, read-only) object a result lists. */
type SpecIndex = Map<number, { order: number; item: ResultSpecification }>;

function indexSpecifications(specs: PublicSpecification[], locale: Locale): SpecIndex {
  return new Map(
    specs.map((spec, order) => [
      spec.id,
      { order, item: { id: spec.id, value: locale === "en" ? (spec.value_en ?? spec.value) : spec.value, cat_id: spec.cat_id } },
    ]),
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

/** How a warehouse answers the search's dates, space and specifications (decision 033). */
type Answer = Pick<SearchResultWarehouse, "availability" | "on_request" | "unmet" | "missing_specifications">;

const NO_ANSWER: Answer = { availability: null, on_request: false, unmet: [], missing_specifications: 0 };

/** What the browser may see of a warehouse: anonymised unless redeemed, at its published position (decision 009). */
export function publicResult(row: SearchCard, distance: number, specs: SpecIndex, answer: Answer = NO_ANSWER): SearchResultWarehouse {
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
    ...answer,
  };
}

/** How many of the selected specifications a warehouse does not offer. */
function missingSpecifications(selected: number[], offered: number[]): number {
  if (selected.length === 0) return 0;
  const has = new Set(offered);
  return selected.filter((id) => !has.has(id)).length;
}

/** What the search asks of the spaces, and what a card shows without an ask (the largest space free today). */
type SpaceJudging = { ask: SpaceAsk | null; shown: SpaceAsk };

function spaceJudging(q: Pick<SearchQuery, "m2_type" | "m2_value" | "start_date" | "end_date">, today: string): SpaceJudging {
  const ask = spaceAsk(q, today);
  const day = spaceAsk({ m2_type: q.m2_type, start_date: today, end_date: today }, today)!;
  return { ask, shown: ask ?? { ...day, months: null, dated: false } };
}

/** A warehouse's answer to the search, from its spaces (rows, index i) and its specifications. */
function answerOf(rows: SpaceRows, i: number, judging: SpaceJudging, missingSpecs: number): Answer {
  const verdict = judge(rows, i, judging.shown);
  const shown = verdict.match >= 0 ? verdict.match : verdict.partial;
  return {
    availability: shown >= 0 ? availabilityOf(rows, shown) : null,
    on_request: !verdict.declared,
    unmet: unmetCriteria(judging.ask ? verdict : null, judging.ask, missingSpecs),
    missing_specifications: missingSpecs,
  };
}

/** The SQL form of a space ask (the wider radius's count). */
function spaceCriteria(ask: SpaceAsk | null, m2Type: "m2" | "pallet"): SpaceCriteria | null {
  if (!ask) return null;
  // Spaces hold whole units: 799,5 m² asked is a space of 800 or more (and the SQL compares integers).
  return { m2Type, quantity: Math.ceil(ask.quantity ?? 1), start: isoDay(ask.start), end: isoDay(ask.end), months: ask.months };
}

/** The box around the searched circle: the map's frame when nothing was found. */
function circleBounds(centre: { lat: number; lng: number }, radiusKm: number): Bounds {
  const dLat = (radiusKm / (EARTH_RADIUS_M / 1000)) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180));
  return {
    min_lat: round(centre.lat - dLat, 6),
    max_lat: round(centre.lat + dLat, 6),
    min_lng: round(centre.lng - dLng, 6),
    max_lng: round(centre.lng + dLng, 6),
  };
}

export type SearchDeps = {
  db: Database;
  geocoder: Geocoder;
  /** Runs before a zone is read from the database; may throw RateLimitError (see zoneReadGuard). */
  beforeZoneRead?: () => Promise<void>;
  /** The app's metrics: each zone lookup, from memory or from the database. */
  metrics?: Pick<AppMetrics, "searchZoneLookups">;
  /** This instance's search index: zones come from it once it is built and current (decision 064). */
  searchIndex?: SearchIndex;
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

export type SearchZone = {
  zone: Zone;
  /** 1 where the warehouse matches every filter: specifications, and a space for the dates and quantity. */
  matches: Uint8Array;
  /** 1 where it offers every selected specification. */
  specMatches: Uint8Array;
  spaces: SpaceRows;
  judging: SpaceJudging;
  /** The orders' weights, when the order asked for them. */
  ranks: ZoneRanks | null;
  centre: { lat: number; lng: number };
  location: string | null;
  /** The search index answered: its card cache is current for this search. */
  indexed: boolean;
};

/** Whether an order weighs photos, answers or ratings. */
const RANKED_SORTS: ReadonlySet<SearchSort> = new Set(["relevance", "rating"]);

/** Where a search looks: its centre, the place's name, and the zone with its filter's matches (before dates and quantity). */
type LocatedSearch = { centre: { lat: number; lng: number }; location: string | null; zone: ZoneAnswer };

/** The centre of a search (lat/lng, else the geocoded location) and its zone; null when the location cannot be found. */
async function locateSearch(deps: SearchDeps, q: SearchQuery, locale: Locale): Promise<LocatedSearch | null> {
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
  const zone = await zoneCacheFor(deps.db).get(
    { ...centre, radiusM: q.radius * 1000 },
    { specIds: selectedSpecificationIds(q), area: null },
    deps.beforeZoneRead,
    {
      ranks: RANKED_SORTS.has(q.sort),
      metrics: deps.metrics,
      index: deps.searchIndex,
    },
  );
  return { centre, location, zone };
}

/** Which of a located zone's warehouses match the filters, dates and quantity included. */
function judgeZone({ centre, location, zone: answer }: LocatedSearch, q: SearchQuery): SearchZone {
  const { zone, matches: specMatches, spaces, ranks, indexed } = answer;
  const judging = spaceJudging(q, italianDay());
  let matches = specMatches;
  if (judging.ask) {
    matches = new Uint8Array(zone.size);
    for (let i = 0; i < zone.size; i++) matches[i] = specMatches[i] && judge(spaces, i, judging.ask).match >= 0 ? 1 : 0;
  }
  return { zone, matches, specMatches, spaces, judging, ranks, centre, location, indexed };
}

/**
 * The centre of a search (lat/lng, else the geocoded location), its zone and which of the zone's
 * warehouses match the filters; null when the location cannot be found.
 */
export async function resolveSearchZone(deps: SearchDeps, q: SearchQuery, locale: Locale): Promise<SearchZone | null> {
  const located = await locateSearch(deps, q, locale);
  return located && judgeZone(located, q);
}

/**
 * The answers of the searches made lately, kept while the search index answers them from the
 * same zone object: the index's version moves at any change it learns of, anywhere (a
 * warehouse, its spaces, its card, its owner's approval: decision 066), and a zone taken from
 * it is then taken anew, so an answer found here is the one a new computation would give. The
 * visible specifications and the day are checked too. The zone is held weakly: an answer does
 * not keep a zone the zone cache let go.
 */
const ANSWERS_KEPT = 64;
type KeptAnswer = { zone: WeakRef<Zone>; specs: PublicSpecification[]; today: string; answer: SearchResponse };
const keptAnswers = new WeakMap<Database, Map<string, KeptAnswer>>();

function answerKey(q: SearchQuery, located: LocatedSearch, locale: Locale): string {
  return `${locale}|${located.location ?? ""}|${JSON.stringify(q)}`;
}

function keptAnswer(db: Database, key: string, located: LocatedSearch, specs: PublicSpecification[]): SearchResponse | null {
  const answers = keptAnswers.get(db);
  const kept = answers?.get(key);
  if (!answers || !kept) return null;
  answers.delete(key);
  if (kept.zone.deref() !== located.zone.zone || kept.specs !== specs || kept.today !== italianDay()) return null;
  answers.set(key, kept);
  return kept.answer;
}

function keepAnswer(db: Database, key: string, kept: KeptAnswer): void {
  let answers = keptAnswers.get(db);
  if (!answers) keptAnswers.set(db, (answers = new Map()));
  answers.set(key, kept);
  if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
}

/** Public cards of zone warehouses, by their index in the zone: from the index's card cache when it answered, else in one query. */
async function zoneCards(
  deps: SearchDeps,
  found: SearchZone,
  indexes: number[],
  specs: SpecIndex,
  selected: number[],
): Promise<Map<number, SearchResultWarehouse>> {
  const { zone } = found;
  const ids = indexes.map((i) => zone.ids[i]!);
  const rows = found.indexed && deps.searchIndex ? await deps.searchIndex.cards.read(deps.db, ids) : await findSearchCards(deps.db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cards = new Map<number, SearchResultWarehouse>();
  for (const i of indexes) {
    // A warehouse withdrawn since the zone was read is simply left out.
    const row = byId.get(zone.ids[i]!);
    if (row) cards.set(i, publicResult(row, zone.distance[i]!, specs, answerOf(found.spaces, i, found.judging, missingSpecifications(selected, row.spec_ids))));
  }
  return cards;
}

/**
 * GET /api/warehouses/search/cards: the cards of warehouses the map shows or a list holds further
 * down, distances from the search's centre, each saying how it answers the search's filters.
 */
export async function searchCards(db: Database, q: SearchCardsQuery, locale: Locale): Promise<{ warehouses: SearchResultWarehouse[] }> {
  const today = italianDay();
  const [rows, specs, packed] = await Promise.all([findSearchCards(db, q.ids), visibleSpecifications(db), findSpacesOf(db, q.ids, today)]);
  const index = indexSpecifications(specs, locale);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const spaces = spaceRowsFromPacked(q.ids, packed);
  const judging = spaceJudging(q, today);
  const selected = selectedSpecificationIds(q);
  const warehouses: SearchResultWarehouse[] = [];
  q.ids.forEach((id, i) => {
    const row = byId.get(id);
    if (row)
      warehouses.push(
        publicResult(
          row,
          distanceM(q.lat, q.lng, row.pub_lat, row.pub_lng),
          index,
          answerOf(spaces, i, judging, missingSpecifications(selected, row.spec_ids)),
        ),
      );
  });
  return { warehouses };
}

/** Runs a search (the filters already validated by searchQuery). */
export async function searchWarehouses(deps: SearchDeps, q: SearchQuery, locale: Locale): Promise<SearchResponse> {
  const specsPromise = visibleSpecifications(deps.db);
  const located = await locateSearch(deps, q, locale).finally(() => specsPromise.catch(() => {}));
  if (!located) {
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
      relax: null,
      unredeemed_warehouses: 0,
      unredeemed_other_warehouses: 0,
    };
  }
  const specList = await specsPromise;
  // Only the index's zones: a zone read from PostgreSQL is not replaced when a card changes.
  const key = located.zone.indexed ? answerKey(q, located, locale) : null;
  const kept = key === null ? null : keptAnswer(deps.db, key, located, specList);
  if (kept) return kept;
  const today = italianDay();
  const answer = await computeSearch(deps, q, judgeZone(located, q), indexSpecifications(specList, locale));
  if (key !== null) keepAnswer(deps.db, key, { zone: new WeakRef(located.zone.zone), specs: specList, today, answer });
  return answer;
}

/** A search's answer over its judged zone. */
async function computeSearch(deps: SearchDeps, q: SearchQuery, found: SearchZone, specs: SpecIndex): Promise<SearchResponse> {
  const { zone, matches, centre, location } = found;
  let totalMatching = 0;
  let unredeemedMatching = 0;
  let unredeemed = 0;
  for (let i = 0; i < zone.size; i++) {
    totalMatching += matches[i]!;
    if (!zone.claimed[i]) {
      unredeemed += 1;
      unredeemedMatching += matches[i]!;
    }
  }
  const totalOthers = zone.size - totalMatching;
  const order = orderLists(found, q);
  const selected = selectedSpecificationIds(q);
  const cards = await zoneCards(deps, found, [...order[0], ...order[1]], specs, selected);
  const listed = (indexes: number[]) => indexes.map((i) => cards.get(i)).filter((w): w is SearchResultWarehouse => !!w);
  const [warehouses, otherWarehouses] = [listed(order[0]), listed(order[1])];
  const empty = totalMatching === 0;
  const [wider, relax] = empty
    ? await Promise.all([widerRadius(deps.db, centre, q, found.judging.ask), Promise.resolve(relaxedCount(found, q))])
    : [null, null];
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
    relax,
    unredeemed_warehouses: unredeemedMatching,
    unredeemed_other_warehouses: unredeemed - unredeemedMatching,
  };
}

const UNREDEEMED = 2 ** 30;
const LAST = 2 ** 29;

/**
 * The order's key of zone warehouse i, lower first, ties nearest first (decision 034). Every order
 * puts the redeemed first: the anonymised ones follow, under their own line on the page.
 */
function orderKey(found: SearchZone, q: SearchQuery, i: number): number {
  const { zone, spaces, judging, ranks } = found;
  let key = zone.claimed[i] ? 0 : UNREDEEMED;
  const shown = (): number => {
    const verdict = judge(spaces, i, judging.shown);
    return verdict.match >= 0 ? verdict.match : verdict.partial;
  };
  switch (q.sort) {
    case "distance":
      break;
    case "relevance": {
      const verdict = judge(spaces, i, judging.shown);
      const flags = ranks?.flags[i] ?? 0;
      if (verdict.match < 0) key += 4;
      if (!(flags & 1)) key += 2;
      if (!(flags & 2)) key += 1;
      break;
    }
    case "price": {
      const k = shown();
      const price = k >= 0 ? spaces.price[k]! : -1;
      key += price < 0 ? LAST : Math.min(price, LAST - 1);
      break;
    }
    case "space": {
      const k = shown();
      if (k < 0) key += LAST;
      else {
        const quantity = spaces.quantity[k]!;
        const asked = judging.ask?.quantity ?? null;
        key += asked === null ? Math.max(0, LAST - 1 - quantity) : Math.min(LAST - 1, Math.ceil(Math.abs(quantity - asked)));
      }
      break;
    }
    case "rating": {
      const rating = ranks?.rating[i] ?? -1;
      const reviews = ranks?.reviews[i] ?? 0;
      key += rating < 0 || reviews === 0 ? LAST : (50 - rating) * 2 ** 20 + (2 ** 20 - 1 - Math.min(reviews, 2 ** 20 - 1));
      break;
    }
  }
  return key;
}

/**
 * The order's keys and the two lists of the last ordering, one buffer each for every search
 * (orderLists runs to its end at once and keeps none of them): a 50 km zone's would otherwise be
 * 2 MB of fresh memory a search.
 */
let orderKeys = new Float64Array(0);
let orderIndexes = new Int32Array(0);

/** The first SEARCH_LIST_LIMIT of each list (matching, then the others) in the asked order, over the whole zone. */
function orderLists(found: SearchZone, q: SearchQuery): [number[], number[]] {
  const { zone, matches } = found;
  if (orderKeys.length < zone.size) {
    orderKeys = new Float64Array(Math.max(zone.size, Math.ceil(orderKeys.length * 1.5)));
    orderIndexes = new Int32Array(orderKeys.length);
  }
  const keys = orderKeys;
  let matching = 0;
  for (let i = 0; i < zone.size; i++) {
    keys[i] = orderKey(found, q, i);
    matching += matches[i]!;
  }
  // The matching from the start, the others after them.
  const filled = [0, matching];
  for (let i = 0; i < zone.size; i++) orderIndexes[filled[matches[i] ? 0 : 1]!++] = i;
  const nearer = closer(zone);
  const order = (a: number, b: number) => keys[a]! - keys[b]! || nearer(a, b);
  return [
    firstByOrder(orderIndexes.subarray(0, matching), SEARCH_LIST_LIMIT, order),
    firstByOrder(orderIndexes.subarray(matching, zone.size), SEARCH_LIST_LIMIT, order),
  ];
}

/**
 * Nothing matched: of the criteria the search set (dates, quantity, specifications), the one
 * whose dropping finds the most in the same circle, with that count; null when none finds any.
 */
function relaxedCount(found: SearchZone, q: SearchQuery): { criterion: UnmetCriterion; count: number } | null {
  const { zone, specMatches, spaces, judging } = found;
  const ask = judging.ask;
  const count = (spaceAskFor: SpaceAsk | null, withSpecs: boolean) => {
    let n = 0;
    for (let i = 0; i < zone.size; i++) {
      if (withSpecs && !specMatches[i]) continue;
      if (spaceAskFor && judge(spaces, i, spaceAskFor).match < 0) continue;
      n += 1;
    }
    return n;
  };
  const today = italianDay();
  const options: { criterion: UnmetCriterion; count: number }[] = [];
  if (ask?.dated) options.push({ criterion: "dates", count: count(spaceAsk({ m2_type: q.m2_type, m2_value: q.m2_value }, today), true) });
  if (ask && ask.quantity !== null)
    options.push({ criterion: "quantity", count: count(spaceAsk({ m2_type: q.m2_type, start_date: q.start_date, end_date: q.end_date }, today), true) });
  if (selectedSpecificationIds(q).length) options.push({ criterion: "specifications", count: count(ask, false) });
  const best = options.filter((o) => o.count > 0).sort((a, b) => b.count - a.count)[0];
  return best ?? null;
}

/** The smallest of WIDEN_RADII_KM beyond the searched radius within which something matches, and its count. */
async function widerRadius(
  db: Database,
  centre: { lat: number; lng: number },
  q: SearchQuery,
  ask: SpaceAsk | null,
): Promise<{ radius: number; count: number } | null> {
  const filter = { specIds: selectedSpecificationIds(q), minArea: null, spaces: spaceCriteria(ask, q.m2_type) };
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
