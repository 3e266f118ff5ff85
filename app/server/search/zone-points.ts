// What a zone is made of, whichever way it was read (PostgreSQL's GiST index, zones.ts, or this
// instance's search index, search-index.ts): the warehouses within the radius on their published
// position, nearest first. Both ways end here, so both answer the same order to the last tie.
import type { Database } from "../db/database.ts";
import type { SpaceRows } from "./spaces.ts";
import type { ZoneArgs } from "./search.queries.ts";

/** The sphere earthdistance measures on (earth() = 6378168 m), so both sides agree on distances. */
export const EARTH_RADIUS_M = 6_378_168;

/** Great-circle distance in metres on earthdistance's sphere. */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export type Bounds = { min_lat: number; max_lat: number; min_lng: number; max_lng: number };

/** A filter set as far as the zone is concerned: specification ids and the floor area needed. */
export type ZoneFilter = { specIds: number[]; area: number | null };

/** Per zone warehouse: 1 has a public photo, 2 answers fast; the rating (0–50, -1 none) and the number of reviews. */
export type ZoneRanks = { flags: Uint8Array; rating: Int16Array; reviews: Int32Array };

export type { ZoneArgs };

/** The warehouses of a zone, nearest first. */
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

/** Slots of a sort key left for the point's index: distances in millimetres sort above them. */
const INDEX_SLOTS = 2 ** 21;

/**
 * The candidates `indexes` by distance to the millimetre, then by warehouse id (two warehouses
 * at the same published point keep one order whichever way the zone was read). Sorted as one
 * number each in a typed array, which sorts natively: several times faster than a comparator
 * over 20,000 points; the rare runs of equal distances are then put in id order. A zone too big
 * for the packing sorts with a comparator.
 */
export function nearestFirst(indexes: Int32Array, distance: Float64Array, ids: ArrayLike<number>): Int32Array {
  const mm = (k: number) => Math.round(distance[k]! * 1000);
  if (indexes.length >= INDEX_SLOTS || distance.length >= INDEX_SLOTS) {
    return Int32Array.from(indexes).sort((a, b) => mm(a) - mm(b) || ids[a]! - ids[b]!);
  }
  const keys = new Float64Array(indexes.length);
  for (let i = 0; i < indexes.length; i++) keys[i] = mm(indexes[i]!) * INDEX_SLOTS + indexes[i]!;
  keys.sort();
  const sorted = new Int32Array(indexes.length);
  for (let i = 0; i < keys.length; i++) sorted[i] = keys[i]! % INDEX_SLOTS;
  for (let start = 0; start < sorted.length;) {
    let end = start + 1;
    const d = mm(sorted[start]!);
    while (end < sorted.length && mm(sorted[end]!) === d) end++;
    if (end - start > 1) sorted.subarray(start, end).sort((a, b) => ids[a]! - ids[b]!);
    start = end;
  }
  return sorted;
}

/**
 * The `limit` smallest of `keys` (distinct numbers), ascending. A bounded max-heap: one pass over
 * the keys, and most of them are rejected by one comparison with the heap's top, so the first
 * hundred of a 150,000-warehouse zone cost a pass rather than a sort of the whole zone.
 */
export function smallestSorted(keys: Float64Array, limit: number): Float64Array {
  if (keys.length <= limit) return keys.slice().sort();
  const heap = new Float64Array(limit);
  let size = 0;
  for (let j = 0; j < keys.length; j++) {
    const key = keys[j]!;
    if (size < limit) {
      let i = size++;
      heap[i] = key;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent]! >= key) break;
        heap[i] = heap[parent]!;
        heap[parent] = key;
        i = parent;
      }
    } else if (key < heap[0]!) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= limit) break;
        const right = left + 1;
        const larger = right < limit && heap[right]! > heap[left]! ? right : left;
        if (heap[larger]! <= key) break;
        heap[i] = heap[larger]!;
        i = larger;
      }
      heap[i] = key;
    }
  }
  return heap.sort();
}

/**
 * A zone from its candidates (a box around the circle): candidate k has id `ids[k]` (positive),
 * is redeemed when `claimed[k]`, and lies at `latE6[k]`, `lngE6[k]` millionths of a degree. The
 * exact circle test, the order and the bounds. `inside` receives, per zone warehouse, its
 * candidate index.
 */
export function pointsInCircle(
  args: ZoneArgs,
  count: number,
  cand: { ids: ArrayLike<number>; latE6: ArrayLike<number>; lngE6: ArrayLike<number>; claimed: ArrayLike<number> },
): { points: ZonePoints; candidate: Int32Array } {
  const pointDistance = new Float64Array(count);
  const insideIndexes = new Int32Array(count);
  let inside = 0;
  for (let k = 0; k < count; k++) {
    const d = distanceM(args.lat, args.lng, cand.latE6[k]! / 1e6, cand.lngE6[k]! / 1e6);
    if (d > args.radiusM) continue;
    pointDistance[k] = d;
    insideIndexes[inside++] = k;
  }
  const order = nearestFirst(insideIndexes.subarray(0, inside), pointDistance, cand.ids);
  const size = inside;
  const ids = new Int32Array(size);
  const lat = new Float64Array(size);
  const lng = new Float64Array(size);
  const claimed = new Uint8Array(size);
  const distance = new Float64Array(size);
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (let i = 0; i < size; i++) {
    const k = order[i]!;
    const pLat = cand.latE6[k]! / 1e6;
    const pLng = cand.lngE6[k]! / 1e6;
    ids[i] = cand.ids[k]!;
    claimed[i] = cand.claimed[k] ? 1 : 0;
    lat[i] = pLat;
    lng[i] = pLng;
    distance[i] = pointDistance[k]!;
    if (pLat < minLat) minLat = pLat;
    if (pLat > maxLat) maxLat = pLat;
    if (pLng < minLng) minLng = pLng;
    if (pLng > maxLng) maxLng = pLng;
  }
  const bounds: Bounds | null = size ? { min_lat: minLat, max_lat: maxLat, min_lng: minLng, max_lng: maxLng } : null;
  return { points: { size, ids, lat, lng, claimed, distance, bounds }, candidate: order };
}

/** Where a zone's matches, spaces and ranks come from (see Zone in zones.ts, which caches them). */
export type ZoneSource = {
  /** 1 where the warehouse matches every filter of the set. */
  matches(db: Database, filter: ZoneFilter, matching?: Promise<Set<number>>): Promise<Uint8Array>;
  spaces(db: Database, prefetched?: Promise<Buffer>): Promise<SpaceRows>;
  ranks(db: Database, prefetched?: Promise<Buffer>): Promise<ZoneRanks>;
  /** How long ranks stay true (they change without moving search_epoch); Infinity when the source is kept current. */
  ranksMaxAgeMs: number;
};
