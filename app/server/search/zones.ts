// Zones: every listed warehouse within a radius of a centre, as the search and its map use them.
//
// A zone is read once with one index-only scan (findZonePoints) and kept in memory: the counts,
// the bounds, the order of the lists and the map's clusters all come from it, so a search over a
// dense zone (21,000 warehouses within 10 km of Milan in a million-warehouse catalogue) does not
// read it again for every request or map move. Which warehouses match the filters is asked of
// PostgreSQL once per zone and filter set. Zones are dropped as soon as search_epoch moves (any
// change to a warehouse's position, status, area, owner or specifications, in any instance),
// and by age and size. See decision 021.
//
// When the instance's search index (search-index.ts) holds everything up to the search_epoch a
// search reads, the zone is taken from it instead, with no read of PostgreSQL, and kept while
// the index's version stays (decision 064).
import type { Database } from "../db/database.ts";
import { toMercator, type MercatorPoints } from "./map-clusters.ts";
import { findZoneMatches, findZonePoints, findZoneRanks, findZoneSpaces, readSearchEpoch, ZONE_POINT_BYTES, ZONE_RANK_BYTES } from "./search.queries.ts";
import { pointsInCircle, type ZoneArgs, type ZoneFilter, type ZonePoints, type ZoneRanks, type ZoneSource } from "./zone-points.ts";
import { spaceRowsFromPacked, type SpaceRows } from "./spaces.ts";
import { italianDay } from "../italian-day.ts";
import type { AppMetrics } from "../metrics/metrics.ts";
import type { SearchIndex } from "./search-index.ts";

export { distanceM, EARTH_RADIUS_M, type Bounds, type ZoneFilter, type ZoneRanks } from "./zone-points.ts";

export type Zone = ZonePoints & {
  centre: { lat: number; lng: number };
  radiusM: number;
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
  /** What the orders weigh beyond distance (photos, answer times, ratings), read again after the source's ranksMaxAgeMs. */
  ranks(db: Database, prefetched?: Promise<Buffer>): Promise<ZoneRanks>;
  /** Its positions in Web Mercator units, for the map's clusters (computed on first use). */
  mercator(): MercatorPoints;
  /** Roughly what the zone holds in memory, in bytes: its arrays and its map positions (counted whether computed yet or not). */
  memoryBytes(): number;
};

/**
 * The ranks change without moving search_epoch (a review, an answer, a photo): a zone read from
 * PostgreSQL reads them again after this long.
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

/** Memory per warehouse of a zone's arrays, and of its map positions (two doubles). */
const ZONE_BYTES_PER_POINT = 80; // 40 for the points, about 40 for their spaces and ranks
const MERCATOR_BYTES_PER_POINT = 16;

/** Reads a zone from PostgreSQL: the box scan, then the exact circle test here. */
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

/** A zone from the packed points of its box (zonePointsQuery): the exact circle test and the bounds. */
export function zoneFromPoints(args: ZoneArgs, packed: Buffer): Zone {
  const count = packed.length / ZONE_POINT_BYTES;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const ids = new Int32Array(count);
  const latE6 = new Int32Array(count);
  const lngE6 = new Int32Array(count);
  const claimed = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    const offset = k * ZONE_POINT_BYTES;
    const signedId = view.getInt32(offset);
    ids[k] = signedId < 0 ? -signedId : signedId;
    claimed[k] = signedId > 0 ? 1 : 0;
    latE6[k] = view.getInt32(offset + 4);
    lngE6[k] = view.getInt32(offset + 8);
  }
  const { points } = pointsInCircle(args, count, { ids, latE6, lngE6, flags: claimed, redeemed: 1 });
  return makeZone(args, points, databaseSource(args, points));
}

/** A zone read from PostgreSQL asks PostgreSQL for its matches, spaces and ranks too. */
function databaseSource(args: ZoneArgs, points: ZonePoints): ZoneSource {
  const { ids } = points;
  return {
    async matches(db, filter, matching) {
      const result = new Uint8Array(ids.length);
      const matchingIds = await (matching ?? findMatchingIds(db, args, filter));
      for (let i = 0; i < ids.length; i++) result[i] = matchingIds.has(ids[i]!) ? 1 : 0;
      return result;
    },
    async spaces(db, prefetched) {
      return spaceRowsFromPacked(ids, await (prefetched ?? findZoneSpaces(db, { ...args, today: italianDay() })));
    },
    async ranks(db, prefetched) {
      return ranksFromPacked(ids, await (prefetched ?? findZoneRanks(db, args)));
    },
    ranksMaxAgeMs: RANKS_MAX_AGE_MS,
    mercator: () => toMercator(points.lat, points.lng, points.size),
  };
}

/** A zone from its points and where its matches, spaces and ranks come from, each kept once asked. */
export function makeZone(args: ZoneArgs, points: ZonePoints, source: ZoneSource): Zone {
  const { size } = points;
  const matchSets = new Map<string, Promise<Uint8Array>>();
  let spaceRows: Promise<SpaceRows> | null = null;
  let rankSet: { at: number; ranks: Promise<ZoneRanks> } | null = null;
  let mercator: MercatorPoints | null = null;
  return {
    ...points,
    centre: { lat: args.lat, lng: args.lng },
    radiusM: args.radiusM,
    matches(db, filter, matching) {
      const key = filterKey(filter);
      let flags = matchSets.get(key);
      if (!flags) {
        flags = filters(filter) ? source.matches(db, filter, matching) : Promise.resolve(new Uint8Array(size).fill(1));
        flags.catch(() => matchSets.delete(key));
        // A few filter sets per zone: people refine a search, they do not try hundreds.
        if (matchSets.size >= MATCH_SETS_PER_ZONE) matchSets.delete(matchSets.keys().next().value!);
        matchSets.set(key, flags);
      }
      return flags;
    },
    spaces(db, prefetched) {
      if (!spaceRows) {
        const loading = source.spaces(db, prefetched);
        loading.catch(() => {
          if (spaceRows === loading) spaceRows = null;
        });
        spaceRows = loading;
      }
      return spaceRows;
    },
    ranks(db, prefetched) {
      if (!rankSet || Date.now() - rankSet.at > source.ranksMaxAgeMs) {
        const loading = source.ranks(db, prefetched);
        const entry = { at: Date.now(), ranks: loading };
        loading.catch(() => {
          if (rankSet === entry) rankSet = null;
        });
        rankSet = entry;
      }
      return rankSet.ranks;
    },
    mercator() {
      mercator ??= source.mercator();
      return mercator;
    },
    memoryBytes() {
      // The map positions counted from the start, computed or not: a zone's weight in the cache
      // never changes, so the cache keeps its total as it goes instead of adding it up each time.
      return size * (ZONE_BYTES_PER_POINT + MERCATOR_BYTES_PER_POINT);
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
 * 120 zones like Milan's (21,000 warehouses, 2 MB with their map positions), or thousands of small ones.
 */
const MAX_CACHED_BYTES = 256 * 1024 * 1024;
/** A zone is read again after this long even when nothing changed (a safety net, not the rule). */
const ZONE_MAX_AGE_MS = 10 * 60_000;

/** A zone, which of its warehouses match, their spaces and ranks; `indexed` when the search index answered. */
export type ZoneAnswer = { zone: Zone; matches: Uint8Array; spaces: SpaceRows; ranks: ZoneRanks | null; indexed: boolean };

type Entry = { epoch: string; at: number; zone: Promise<Zone>; loaded: Zone | null };

/** The zones one app instance keeps, per database. */
export class ZoneCache {
  private entries = new Map<string, Entry>();
  private db: Database;
  private maxBytes: number;
  /** What the loaded zones of `entries` weigh. */
  private bytes = 0;

  constructor(db: Database, opts: { maxBytes?: number } = {}) {
    this.db = db;
    this.maxBytes = opts.maxBytes ?? MAX_CACHED_BYTES;
  }

  /** How many zones it keeps, and what they weigh. */
  stats(): { zones: number; bytes: number } {
    return { zones: this.entries.size, bytes: this.bytes };
  }

  /** Moves an entry to the most recently used end. */
  private touch(key: string, entry: Entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.loaded?.memoryBytes() ?? 0;
  }

  /** An entry's zone has arrived (counted only if the entry is still kept). */
  private arrived(key: string, entry: Entry, zone: Zone) {
    entry.loaded = zone;
    if (this.entries.get(key) === entry) this.bytes += zone.memoryBytes();
  }

  /**
   * The zone of a centre and radius as the database holds it now (from memory when unchanged),
   * and which of its warehouses match a filter set. `beforeRead` runs before a zone is read
   * from the database (not when it comes from memory). `opts.ranks`: read the zone's ranks too;
   * `opts.metrics`: counts the lookup, a hit (from memory) or a miss (read from the database);
   * `opts.index`: the instance's search index, used instead of PostgreSQL when it is current.
   */
  async get(
    args: ZoneArgs,
    filter: ZoneFilter,
    beforeRead?: () => Promise<void>,
    opts: { ranks?: boolean; metrics?: Pick<AppMetrics, "searchZoneLookups">; index?: SearchIndex } = {},
  ): Promise<ZoneAnswer> {
    const epoch = await readSearchEpoch(this.db);
    const key = `${args.lat.toFixed(6)},${args.lng.toFixed(6)},${args.radiusM}`;
    const index = opts.index;
    const version = index ? await index.versionFor(epoch) : null;
    if (index && version !== null) return this.fromIndex(index, `index:${version}`, key, args, filter, opts);
    const known = this.entries.get(key);
    if (known && known.epoch === epoch && Date.now() - known.at < ZONE_MAX_AGE_MS) {
      // Most recently used last.
      this.touch(key, known);
      opts.metrics?.searchZoneLookups.inc({ result: "hit" });
      const zone = await known.zone;
      const [matches, spaces, ranks] = await Promise.all([zone.matches(this.db, filter), zone.spaces(this.db), opts.ranks ? zone.ranks(this.db) : null]);
      return { zone, matches, spaces, ranks, indexed: false };
    }
    if (known) this.drop(key);
    // Reading a zone is the costly part of a search: the caller may refuse it (a rate limit).
    await beforeRead?.();
    opts.metrics?.searchZoneLookups.inc({ result: "miss" });
    // Nothing in memory: the filter's query runs beside the zone's, on another connection.
    const matching = filters(filter) ? findMatchingIds(this.db, args, filter) : undefined;
    matching?.catch(() => {}); // awaited below; this only keeps a failure from going unhandled first
    // So are the zone's spaces and, when the order weighs them, its ranks.
    const spaces = findZoneSpaces(this.db, { ...args, today: italianDay() });
    spaces.catch(() => {});
    const ranks = opts.ranks ? findZoneRanks(this.db, args) : undefined;
    ranks?.catch(() => {});
    const entry: Entry = { epoch, at: Date.now(), zone: loadZone(this.db, args), loaded: null };
    this.entries.set(key, entry);
    let zone: Zone;
    try {
      zone = await entry.zone;
    } catch (err) {
      if (this.entries.get(key) === entry) this.drop(key);
      throw err;
    }
    this.arrived(key, entry, zone);
    this.evict();
    const [matches, spaceRows, rankSet] = await Promise.all([
      zone.matches(this.db, filter, matching),
      zone.spaces(this.db, spaces),
      opts.ranks ? zone.ranks(this.db, ranks) : null,
    ]);
    return { zone, matches, spaces: spaceRows, ranks: rankSet, indexed: false };
  }

  /**
   * The zone as this instance's search index holds it (decision 064): no read of PostgreSQL, so
   * no per-address limit either. Kept while the index's version stays, for the map's calls and
   * the next search of the same place.
   */
  private async fromIndex(
    index: SearchIndex,
    version: string,
    key: string,
    args: ZoneArgs,
    filter: ZoneFilter,
    opts: { ranks?: boolean; metrics?: Pick<AppMetrics, "searchZoneLookups"> },
  ): Promise<ZoneAnswer> {
    const known = this.entries.get(key);
    let zone: Zone;
    if (known?.loaded && known.epoch === version) {
      this.touch(key, known);
      zone = known.loaded;
      opts.metrics?.searchZoneLookups.inc({ result: "hit" });
    } else {
      const { points, source } = index.zone(args);
      zone = makeZone(args, points, source);
      this.drop(key);
      const entry: Entry = { epoch: version, at: Date.now(), zone: Promise.resolve(zone), loaded: null };
      this.entries.set(key, entry);
      this.arrived(key, entry, zone);
      this.evict();
      opts.metrics?.searchZoneLookups.inc({ result: "index" });
    }
    const [matches, spaces, ranks] = await Promise.all([zone.matches(this.db, filter), zone.spaces(this.db), opts.ranks ? zone.ranks(this.db) : null]);
    return { zone, matches, spaces, ranks, indexed: true };
  }

  /** Drops the least recently used zones while the loaded ones hold more than the budget (the last one stays). */
  private evict() {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) break;
      this.drop(key);
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
