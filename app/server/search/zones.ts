// Zones: every listed warehouse within a radius of a centre, as the search and its map use them.
//
// A zone is read once with one index-only scan (findZonePoints) and kept in memory: the counts,
// the bounds, the order of the lists and the map's clusters all come from it, so a search over a
// dense zone (21,000 warehouses within 10 km of Milan in a million-warehouse catalogue) does not
// read it again for every request or map move. Which warehouses match the filters is asked of
// PostgreSQL once per zone and filter set. Zones are dropped as soon as search_epoch moves (any
// change to a warehouse's position, status, area, owner or specifications, in any instance),
// and by age and size. See decision 021.
import Supercluster from "supercluster";
import type { Database } from "../db/database.ts";
import { CLUSTER_OPTIONS } from "../../lib/map.ts";
import {
  findZoneMatches,
  findZonePoints,
  findZoneRanks,
  findZoneSpaces,
  readSearchEpoch,
  ZONE_POINT_BYTES,
  ZONE_RANK_BYTES,
  type ZoneArgs,
} from "./search.queries.ts";
import { romeToday, spaceRowsFromPacked, type SpaceRows } from "./spaces.ts";
import type { AppMetrics } from "../metrics/metrics.ts";

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

export type Zone = {
  centre: { lat: number; lng: number };
  radiusM: number;
  /** Warehouses within the radius on their published position, nearest first (to the millimetre). */
  size: number;
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  claimed: Uint8Array;
  /** Metres from the centre. */
  distance: Float64Array;
  /** Of every warehouse in the zone; null when it is empty. */
  bounds: Bounds | null;
  /**
   * 1 where the warehouse matches every filter of the set (cached per set). `matching`: the
   * matching ids, when the caller already asked for them (beside the zone's own query).
   */
  matches(db: Database, filter: ZoneFilter, matching?: Promise<Set<number>>): Promise<Uint8Array>;
  /**
   * The declared spaces of the zone's warehouses still free today or later (read once per zone:
   * any change to a space moves search_epoch). `prefetched`: the packed answer, when the caller
   * already asked for it (beside the zone's own query).
   */
  spaces(db: Database, prefetched?: Promise<Buffer>): Promise<SpaceRows>;
  /** What the orders weigh beyond distance (photos, answer times, ratings), read again after RANKS_MAX_AGE_MS. */
  ranks(db: Database, prefetched?: Promise<Buffer>): Promise<ZoneRanks>;
  /** Supercluster over the whole zone (built on first use). */
  clusters(): Supercluster<{ i: number }, Record<string, never>>;
  /** Roughly what the zone holds in memory now, in bytes (its arrays, its clusters once built). */
  memoryBytes(): number;
};

/** Per zone warehouse: 1 has a public photo, 2 answers fast; the rating (0–50, -1 none) and the number of reviews. */
export type ZoneRanks = { flags: Uint8Array; rating: Int16Array; reviews: Int32Array };

/**
 * The ranks change without moving search_epoch (a review, an answer, a photo): a zone reads
 * them again after this long.
 */
const RANKS_MAX_AGE_MS = 60_000;

function ranksFromPacked(ids: Int32Array, packed: Buffer): ZoneRanks {
  const indexOf = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) indexOf.set(ids[i]!, i);
  const ranks: ZoneRanks = { flags: new Uint8Array(ids.length), rating: new Int16Array(ids.length).fill(-1), reviews: new Int32Array(ids.length) };
  for (let o = 0; o + ZONE_RANK_BYTES <= packed.length; o += ZONE_RANK_BYTES) {
    const i = indexOf.get(packed.readInt32BE(o));
    if (i === undefined) continue;
    ranks.flags[i] = packed.readInt32BE(o + 4);
    ranks.rating[i] = packed.readInt32BE(o + 8);
    ranks.reviews[i] = packed.readInt32BE(o + 12);
  }
  return ranks;
}

/** Memory per warehouse of a zone's arrays, and of its supercluster index (measured: 260–330 B). */
const ZONE_BYTES_PER_POINT = 80; // 40 for the points, about 40 for their spaces and ranks
const CLUSTER_BYTES_PER_POINT = 330;

/** Reads a zone from PostgreSQL: the box scan, then the exact circle test and the order here. */
export async function loadZone(db: Database, args: ZoneArgs): Promise<Zone> {
  return zoneFromPoints(args, await findZonePoints(db, args));
}

export type ZonePoint = { id: number; lat: number; lng: number; claimed: boolean };

/** Packs points the way zonePointsQuery answers them (for tests and tools). */
export function packZonePoints(points: ZonePoint[]): Buffer {
  const packed = Buffer.alloc(points.length * ZONE_POINT_BYTES);
  points.forEach((p, k) => {
    const offset = k * ZONE_POINT_BYTES;
    packed.writeInt32BE(p.claimed ? p.id : -p.id, offset);
    packed.writeInt32BE(Math.round(p.lat * 1e6), offset + 4);
    packed.writeInt32BE(Math.round(p.lng * 1e6), offset + 8);
  });
  return packed;
}

/** Slots of a sort key left for the point's index: distances in millimetres sort above them. */
const INDEX_SLOTS = 2 ** 21;

/**
 * The point indexes by distance (to the millimetre, then reading order). Sorted as one number
 * each in a typed array, which sorts natively: several times faster than a comparator over
 * 20,000 points. A zone too big for the packing sorts with a comparator.
 */
function nearestFirst(indexes: Int32Array, distance: Float64Array): Int32Array {
  if (indexes.length >= INDEX_SLOTS || distance.length >= INDEX_SLOTS) {
    return Int32Array.from(indexes).sort((a, b) => distance[a]! - distance[b]! || a - b);
  }
  const keys = new Float64Array(indexes.length);
  for (let i = 0; i < indexes.length; i++) keys[i] = Math.round(distance[indexes[i]!]! * 1000) * INDEX_SLOTS + indexes[i]!;
  keys.sort();
  const sorted = new Int32Array(indexes.length);
  for (let i = 0; i < keys.length; i++) sorted[i] = keys[i]! % INDEX_SLOTS;
  return sorted;
}

/** A zone from the packed points of its box: the exact circle test, the order and the bounds. */
export function zoneFromPoints(args: ZoneArgs, packed: Buffer): Zone {
  const count = packed.length / ZONE_POINT_BYTES;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const pointDistance = new Float64Array(count);
  const insideIndexes = new Int32Array(count);
  let inside = 0;
  for (let k = 0; k < count; k++) {
    const offset = k * ZONE_POINT_BYTES;
    const d = distanceM(args.lat, args.lng, view.getInt32(offset + 4) / 1e6, view.getInt32(offset + 8) / 1e6);
    if (d > args.radiusM) continue;
    pointDistance[k] = d;
    insideIndexes[inside++] = k;
  }
  const order = nearestFirst(insideIndexes.subarray(0, inside), pointDistance);

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
    const offset = k * ZONE_POINT_BYTES;
    const signedId = view.getInt32(offset);
    const pLat = view.getInt32(offset + 4) / 1e6;
    const pLng = view.getInt32(offset + 8) / 1e6;
    ids[i] = signedId < 0 ? -signedId : signedId;
    claimed[i] = signedId > 0 ? 1 : 0;
    lat[i] = pLat;
    lng[i] = pLng;
    distance[i] = pointDistance[k]!;
    if (pLat < minLat) minLat = pLat;
    if (pLat > maxLat) maxLat = pLat;
    if (pLng < minLng) minLng = pLng;
    if (pLng > maxLng) maxLng = pLng;
  }
  const bounds: Bounds | null = size ? { min_lat: minLat, max_lat: maxLat, min_lng: minLng, max_lng: maxLng } : null;

  const matchSets = new Map<string, Promise<Uint8Array>>();
  let spaceRows: Promise<SpaceRows> | null = null;
  let rankSet: { at: number; ranks: Promise<ZoneRanks> } | null = null;
  let clusterIndex: Supercluster<{ i: number }, Record<string, never>> | null = null;
  return {
    centre: { lat: args.lat, lng: args.lng },
    radiusM: args.radiusM,
    size,
    ids,
    lat,
    lng,
    claimed,
    distance,
    bounds,
    matches(db, filter, matching) {
      const key = filterKey(filter);
      let flags = matchSets.get(key);
      if (!flags) {
        flags = (async () => {
          const result = new Uint8Array(size);
          if (!filters(filter)) return result.fill(1);
          const matchingIds = await (matching ?? findMatchingIds(db, args, filter));
          for (let i = 0; i < size; i++) result[i] = matchingIds.has(ids[i]!) ? 1 : 0;
          return result;
        })();
        flags.catch(() => matchSets.delete(key));
        // A few filter sets per zone: people refine a search, they do not try hundreds.
        if (matchSets.size >= MATCH_SETS_PER_ZONE) matchSets.delete(matchSets.keys().next().value!);
        matchSets.set(key, flags);
      }
      return flags;
    },
    spaces(db, prefetched) {
      if (!spaceRows) {
        const loading = (prefetched ?? findZoneSpaces(db, { ...args, today: romeToday() })).then((packed) => spaceRowsFromPacked(ids, packed));
        loading.catch(() => {
          if (spaceRows === loading) spaceRows = null;
        });
        spaceRows = loading;
      }
      return spaceRows;
    },
    ranks(db, prefetched) {
      if (!rankSet || Date.now() - rankSet.at > RANKS_MAX_AGE_MS) {
        const loading = (prefetched ?? findZoneRanks(db, args)).then((packed) => ranksFromPacked(ids, packed));
        const entry = { at: Date.now(), ranks: loading };
        loading.catch(() => {
          if (rankSet === entry) rankSet = null;
        });
        rankSet = entry;
      }
      return rankSet.ranks;
    },
    clusters() {
      if (!clusterIndex) {
        clusterIndex = new Supercluster<{ i: number }, Record<string, never>>({ ...CLUSTER_OPTIONS });
        const features = new Array(size);
        for (let i = 0; i < size; i++) features[i] = { type: "Feature", properties: { i }, geometry: { type: "Point", coordinates: [lng[i], lat[i]] } };
        clusterIndex.load(features);
      }
      return clusterIndex;
    },
    memoryBytes() {
      return size * (ZONE_BYTES_PER_POINT + (clusterIndex ? CLUSTER_BYTES_PER_POINT : 0));
    },
  };
}

const MATCH_SETS_PER_ZONE = 16;

/** Whether a filter set narrows anything (without filters every warehouse matches). */
const filters = (filter: ZoneFilter) => filter.specIds.length > 0 || filter.area !== null;

function filterKey(filter: ZoneFilter): string {
  return `${[...filter.specIds].sort((a, b) => a - b).join(",")}|${filter.area ?? ""}`;
}

function findMatchingIds(db: Database, args: ZoneArgs, filter: ZoneFilter): Promise<Set<number>> {
  return findZoneMatches(db, { ...args, specIds: [...filter.specIds].sort((a, b) => a - b), minArea: filter.area });
}
/**
 * Memory the zones of one instance may hold (the zone in use is kept whatever its size): about
 * 18 zones like Milan's with their clusters, or a few hundred small ones.
 */
const MAX_CACHED_BYTES = 256 * 1024 * 1024;
/** A zone is read again after this long even when nothing changed (a safety net, not the rule). */
const ZONE_MAX_AGE_MS = 10 * 60_000;

type Entry = { epoch: string; at: number; zone: Promise<Zone>; loaded: Zone | null };

/** The zones one app instance keeps, per database. */
export class ZoneCache {
  private entries = new Map<string, Entry>();
  private db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * The zone of a centre and radius as the database holds it now (from memory when unchanged),
   * and which of its warehouses match a filter set. `beforeRead` runs before a zone is read
   * from the database (not when it comes from memory). `opts.ranks`: read the zone's ranks too;
   * `opts.metrics`: counts the lookup, a hit (from memory) or a miss (read from the database).
   */
  async get(
    args: ZoneArgs,
    filter: ZoneFilter,
    beforeRead?: () => Promise<void>,
    opts: { ranks?: boolean; metrics?: Pick<AppMetrics, "searchZoneLookups"> } = {},
  ): Promise<{ zone: Zone; matches: Uint8Array; spaces: SpaceRows; ranks: ZoneRanks | null }> {
    const epoch = await readSearchEpoch(this.db);
    const key = `${args.lat.toFixed(6)},${args.lng.toFixed(6)},${args.radiusM}`;
    const known = this.entries.get(key);
    if (known && known.epoch === epoch && Date.now() - known.at < ZONE_MAX_AGE_MS) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, known);
      opts.metrics?.searchZoneLookups.inc({ result: "hit" });
      const zone = await known.zone;
      const [matches, spaces, ranks] = await Promise.all([zone.matches(this.db, filter), zone.spaces(this.db), opts.ranks ? zone.ranks(this.db) : null]);
      return { zone, matches, spaces, ranks };
    }
    if (known) this.entries.delete(key);
    // Reading a zone is the costly part of a search: the caller may refuse it (a rate limit).
    await beforeRead?.();
    opts.metrics?.searchZoneLookups.inc({ result: "miss" });
    // Nothing in memory: the filter's query runs beside the zone's, on another connection.
    const matching = filters(filter) ? findMatchingIds(this.db, args, filter) : undefined;
    matching?.catch(() => {}); // awaited below; this only keeps a failure from going unhandled first
    // So are the zone's spaces and, when the order weighs them, its ranks.
    const spaces = findZoneSpaces(this.db, { ...args, today: romeToday() });
    spaces.catch(() => {});
    const ranks = opts.ranks ? findZoneRanks(this.db, args) : undefined;
    ranks?.catch(() => {});
    const entry: Entry = { epoch, at: Date.now(), zone: loadZone(this.db, args), loaded: null };
    this.entries.set(key, entry);
    let zone: Zone;
    try {
      zone = await entry.zone;
    } catch (err) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw err;
    }
    entry.loaded = zone;
    this.evict();
    const [matches, spaceRows, rankSet] = await Promise.all([
      zone.matches(this.db, filter, matching),
      zone.spaces(this.db, spaces),
      opts.ranks ? zone.ranks(this.db, ranks) : null,
    ]);
    return { zone, matches, spaces: spaceRows, ranks: rankSet };
  }

  /** Drops the least recently used zones while the loaded ones hold more than the budget. */
  evict() {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.loaded?.memoryBytes() ?? 0;
    for (const [key, entry] of this.entries) {
      if (bytes <= MAX_CACHED_BYTES || this.entries.size <= 1) break;
      bytes -= entry.loaded?.memoryBytes() ?? 0;
      this.entries.delete(key);
    }
  }
}

const caches = new WeakMap<Database, ZoneCache>();

/** The zone cache of a database (one per app instance). */
export function zoneCacheFor(db: Database): ZoneCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ZoneCache(db)));
  return cache;
}
