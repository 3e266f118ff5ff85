// What a zone is made of, whichever way it was read (PostgreSQL's GiST index, zones.ts, or this
// instance's search index, search-index.ts): the warehouses within the radius on their published
// position, in the order they were read. Nothing answered depends on that order: a list or the
// map's markers take their first by an explicit order whose last tie is the warehouse's id
// (firstByOrder, closer), so both ways answer the same to the last tie without sorting the zone.
import type { Database } from "../db/database.ts";
import type { SpaceRows } from "./spaces.ts";
import type { ZoneArgs } from "./search.queries.ts";
import type { MercatorPoints } from "./map-clusters.ts";

/** The sphere earthdistance measures on (earth() = 6378168 m), so both sides agree on distances. */
export const EARTH_RADIUS_M = 6_378_168;

const RAD = Math.PI / 180;

/** The cosine of a latitude in degrees, as distanceM takes it (the index keeps one per warehouse). */
export const cosLatitude = (lat: number) => Math.cos(lat * RAD);

/**
 * Great-circle distance in metres on earthdistance's sphere (haversine), from each end's cosine
 * of latitude: a zone computes its centre's once and the index keeps every warehouse's, which
 * halves the cost of a 150,000-warehouse zone's circle test, to the same bits.
 */
function haversineM(lat1: number, lng1: number, cos1: number, lat2: number, lng2: number, cos2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + cos1 * cos2 * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Great-circle distance in metres on earthdistance's sphere. */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return haversineM(lat1, lng1, cosLatitude(lat1), lat2, lng2, cosLatitude(lat2));
}

export type Bounds = { min_lat: number; max_lat: number; min_lng: number; max_lng: number };

/** A filter set as far as the zone is concerned: specification ids and the floor area needed. */
export type ZoneFilter = { specIds: number[]; area: number | null };

/** Per zone warehouse: 1 has a public photo, 2 answers fast; the rating (0–50, -1 none) and the number of reviews. */
export type ZoneRanks = { flags: Uint8Array; rating: Int16Array; reviews: Int32Array };

export type { ZoneArgs };

/** The warehouses of a zone, in no particular order (see closer and firstByOrder). */
export type ZonePoints = {
  size: number;
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  claimed: Uint8Array;
  /** Metres from the centre. */
  distance: Float64Array;
  /** Of every warehouse in the zone; null when it is empty. */
  bounds: Bounds | null;
};

/** The order of a comparator: negative when `a` comes first. */
export type IndexOrder = (a: number, b: number) => number;

/**
 * Nearest first, by distance to the millimetre, then by warehouse id: two warehouses at the same
 * published point keep one order whichever way the zone was read.
 */
export function closer(points: Pick<ZonePoints, "distance" | "ids">): IndexOrder {
  const { distance, ids } = points;
  return (a, b) => Math.round(distance[a]! * 1000) - Math.round(distance[b]! * 1000) || ids[a]! - ids[b]!;
}

/**
 * The first `limit` of `indexes` in `order` (a total order), first first. A bounded max-heap: one
 * pass, and most indexes are turned away by one comparison with the heap's top, so the first
 * hundred of a 150,000-warehouse zone cost a pass, not a sort of the zone (24 ms on 2 cores).
 */
export function firstByOrder(indexes: ArrayLike<number>, limit: number, order: IndexOrder): number[] {
  const heap: number[] = [];
  if (limit <= 0) return heap;
  for (let j = 0; j < indexes.length; j++) {
    const index = indexes[j]!;
    if (heap.length < limit) {
      let i = heap.length;
      heap.push(index);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (order(heap[parent]!, index) >= 0) break;
        heap[i] = heap[parent]!;
        heap[parent] = index;
        i = parent;
      }
    } else if (order(index, heap[0]!) < 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= limit) break;
        const right = left + 1;
        const later = right < limit && order(heap[right]!, heap[left]!) > 0 ? right : left;
        if (order(heap[later]!, index) <= 0) break;
        heap[i] = heap[later]!;
        i = later;
      }
      heap[i] = index;
    }
  }
  return heap.sort(order);
}

/**
 * Where a zone's candidates are read: by row, ids positive, positions in millionths of a degree,
 * `flags & redeemed` set when redeemed; `cosLat`, when kept, the cosine of each row's latitude
 * (cosLatitude of latE6 / 1e6).
 */
export type CandidateRows = {
  ids: ArrayLike<number>;
  latE6: ArrayLike<number>;
  lngE6: ArrayLike<number>;
  flags: ArrayLike<number>;
  redeemed: number;
  cosLat?: ArrayLike<number>;
};

/**
 * The circle test's working rows and distances, one pair for every call (each call copies out
 * what it keeps): a 50 km zone's candidates would otherwise cost 2 MB of fresh memory a search.
 */
let insideRows = new Int32Array(0);
let insideDistance = new Float64Array(0);

/**
 * A zone from its candidates (a box around the circle): the rows `at` of `rows` (every row up to
 * `count` when null). The exact circle test and the bounds; the zone keeps the candidates' order,
 * and `rows` of the answer gives, per zone warehouse, its row.
 */
export function pointsInCircle(
  args: ZoneArgs,
  count: number,
  cand: CandidateRows,
  at: ArrayLike<number> | null = null,
): { points: ZonePoints; rows: Int32Array } {
  if (insideRows.length < count) {
    insideRows = new Int32Array(Math.max(count, Math.ceil(insideRows.length * 1.5)));
    insideDistance = new Float64Array(insideRows.length);
  }
  let size = 0;
  const cosCentre = cosLatitude(args.lat);
  const cosLat = cand.cosLat;
  for (let k = 0; k < count; k++) {
    const row = at ? at[k]! : k;
    const lat = cand.latE6[row]! / 1e6;
    const d = haversineM(args.lat, args.lng, cosCentre, lat, cand.lngE6[row]! / 1e6, cosLat ? cosLat[row]! : cosLatitude(lat));
    if (d > args.radiusM) continue;
    insideDistance[size] = d;
    insideRows[size++] = row;
  }
  const rows = insideRows.slice(0, size);
  const ids = new Int32Array(size);
  const lat = new Float64Array(size);
  const lng = new Float64Array(size);
  const claimed = new Uint8Array(size);
  const distance = insideDistance.slice(0, size);
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (let i = 0; i < size; i++) {
    const row = rows[i]!;
    const pLat = cand.latE6[row]! / 1e6;
    const pLng = cand.lngE6[row]! / 1e6;
    ids[i] = cand.ids[row]!;
    claimed[i] = cand.flags[row]! & cand.redeemed ? 1 : 0;
    lat[i] = pLat;
    lng[i] = pLng;
    if (pLat < minLat) minLat = pLat;
    if (pLat > maxLat) maxLat = pLat;
    if (pLng < minLng) minLng = pLng;
    if (pLng > maxLng) maxLng = pLng;
  }
  const bounds: Bounds | null = size ? { min_lat: minLat, max_lat: maxLat, min_lng: minLng, max_lng: maxLng } : null;
  return { points: { size, ids, lat, lng, claimed, distance, bounds }, rows };
}

/** Where a zone's matches, spaces and ranks come from (see Zone in zones.ts, which caches them). */
export type ZoneSource = {
  /** 1 where the warehouse matches every filter of the set. */
  matches(db: Database, filter: ZoneFilter, matching?: Promise<Set<number>>): Promise<Uint8Array>;
  spaces(db: Database, prefetched?: Promise<Buffer>): Promise<SpaceRows>;
  ranks(db: Database, prefetched?: Promise<Buffer>): Promise<ZoneRanks>;
  /** How long ranks stay true (they change without moving search_epoch); Infinity when the source is kept current. */
  ranksMaxAgeMs: number;
  /** The zone's positions in whole Mercator units, for the map (asked once per zone). */
  mercator(): MercatorPoints;
};
