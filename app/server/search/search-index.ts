// The search index: every listed warehouse (approved, not deactivated) in this instance's memory,
// so that a search of a place nobody searched costs what a repeated one does (decision 064).
//
// - What it holds, in typed arrays (no object per warehouse): id, published position in
//   millionths of a degree (with its latitude's cosine and its map position in Mercator units,
//   computed once), redeemed, the ranks the orders weigh (photo, fast answers, rating,
//   reviews), the specifications as a bitset, and the declared spaces still free at the time
//   of reading. The warehouses read at the start lie in a static KD-tree's order (kd-tree.ts);
//   warehouses changed since then are "slots" appended after them, scanned one by one, and
//   their old slot is marked dead. Nothing of a slot changes once written, so a zone taken from it stays
//   true to the moment it was taken.
// - Built at start in one snapshot (a repeatable read transaction, read in id ranges, each range
//   one packed value), after LISTEN on migration 0043's channel, so no change falls in between.
// - Kept current by the notifications: each says the epoch after the change and the ids that
//   changed; the index reads those rows again (one query) and replaces their slots. A search
//   reads search_epoch as before: when the index has applied that epoch it answers from memory,
//   else it waits a moment for the notification in flight, else the search asks PostgreSQL.
//   So no search ever sees an older catalogue than PostgreSQL would show it.
// - A periodic check: when search_epoch moved and no notification said so (a lost connection,
//   a bulk load with triggers off that raised the epoch itself), the index is read again; and
//   it is read again every REBUILD_EVERY_MS anyway, which also drops the dead slots.
// PostgreSQL stays the source of truth: the cards of the listed warehouses are read from it,
// and kept beside the index (card-cache.ts) until a notification names their warehouse.
import pg from "pg";
import type { Database } from "../db/database.ts";
import { CardCache } from "./card-cache.ts";
import {
  beginAtSnapshot,
  countSpecifications,
  endReadOnly,
  exportSnapshot,
  findIndexRows,
  indexPhotosQuery,
  indexRangeQuery,
  listedSpanQuery,
  indexSpacesChunkQuery,
  SEARCH_CHANGES_CHANNEL,
  type IndexColumns,
} from "./search-index.queries.ts";
import { findSpacesOf, findZoneMatches, readSearchEpoch, ZONE_SPACE_BYTES } from "./search.queries.ts";
import { dayNumber, newSpaceRows } from "./spaces.ts";
import { italianDay } from "../italian-day.ts";
import { mercatorUnitsX, mercatorUnitsY } from "./map-clusters.ts";
import { kdOrder, kdRange, type Box } from "./kd-tree.ts";
import { cosLatitude, EARTH_RADIUS_M, pointsInCircle, type ZoneArgs, type ZonePoints, type ZoneRanks, type ZoneSource } from "./zone-points.ts";

type Log = { info: (msg: string) => void; warn: (msg: string) => void };

export type SearchIndexOptions = {
  log?: Log;
  /** How often to compare search_epoch with what the notifications said. */
  checkEveryMs?: number;
  /** How often to read everything again whatever the notifications said. */
  rebuildEveryMs?: number;
  /** How long a search waits for a notification in flight before it asks PostgreSQL. */
  catchUpMs?: number;
  /** Warehouses per range of the build's read. */
  chunk?: number;
  /** Connections that read the ranges side by side. */
  readers?: number;
  /** How long after a notification the check trusts that the next one is only on its way. */
  quietMs?: number;
  /** The least time between two full reads for a missed notification (searches ask PostgreSQL meanwhile, so they stay right). */
  missedGapMs?: number;
};

const CHECK_EVERY_MS = 5_000;
const REBUILD_EVERY_MS = 15 * 60_000;
const CATCH_UP_MS = 300;
const CHUNK = 50_000;
const READERS = 2;
const QUIET_MS = 2_000;
const MISSED_GAP_MS = 60_000;

const FLAG_REDEEMED = 1;
const FLAG_PHOTO = 2;
const FLAG_FAST = 4;
const FLAG_DEAD = 128;

/** A space's fields, beside one another (ZONE_SPACE_BYTES minus the warehouse id). */
const SPACE_FIELDS = 7;

class SpecOverflow extends Error {}

/** The values of PostgreSQL's binary form of a one-dimensional int4 array without nulls (array_send); none for null. */
function int4s(packed: Buffer | null): Int32Array {
  if (!packed || packed.readInt32BE(0) === 0) return new Int32Array(0);
  const n = packed.readInt32BE(12);
  const out = new Int32Array(n);
  for (let k = 0, o = 24; k < n; k++, o += 8) out[k] = packed.readInt32BE(o);
  return out;
}

/** The arrays of one build and the changes applied since. */
class IndexData {
  count = 0;
  capacity: number;
  /** Slots below this are in the KD-tree, in the tree's order (kd-tree.ts). */
  baseCount = 0;
  /** The ids of those slots in id order, and the slot of each (slotOf's binary search). */
  sortedIds = new Int32Array(0);
  slotAt = new Int32Array(0);
  id: Int32Array;
  lat: Int32Array;
  lng: Int32Array;
  /** The cosine of the latitude (the circle test) and the position in whole Mercator units (the map's clusters): computed once here rather than per zone. */
  cosLat: Float64Array;
  mercatorX: Float64Array;
  mercatorY: Float64Array;
  flags: Uint8Array;
  rating: Int16Array;
  reviews: Int32Array;
  words: number;
  specs: Uint32Array;
  specBit = new Map<number, number>();
  spaceStart: Int32Array;
  spaceCount: Int32Array;
  /** SPACE_FIELDS int32 per space: id, type, quantity, from, until, minimum term, public price. */
  space: Int32Array;
  spaces = 0;
  /** Slots appended since the build, by warehouse id. */
  appended = new Map<number, number>();
  dead = 0;

  constructor(capacity: number, words: number, spaceCapacity: number) {
    this.capacity = capacity;
    this.words = words;
    this.id = new Int32Array(capacity);
    this.lat = new Int32Array(capacity);
    this.lng = new Int32Array(capacity);
    this.cosLat = new Float64Array(capacity);
    this.mercatorX = new Float64Array(capacity);
    this.mercatorY = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.rating = new Int16Array(capacity);
    this.reviews = new Int32Array(capacity);
    this.specs = new Uint32Array(capacity * words);
    this.spaceStart = new Int32Array(capacity);
    this.spaceCount = new Int32Array(capacity);
    this.space = new Int32Array(spaceCapacity * SPACE_FIELDS);
  }

  private grow(min: number) {
    const capacity = Math.max(min, Math.ceil(this.capacity * 1.25) + 1024);
    const more = <T extends Int32Array | Uint8Array | Int16Array | Uint32Array | Float64Array>(a: T, per = 1): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity * per);
      b.set(a);
      return b;
    };
    this.id = more(this.id);
    this.lat = more(this.lat);
    this.lng = more(this.lng);
    this.cosLat = more(this.cosLat);
    this.mercatorX = more(this.mercatorX);
    this.mercatorY = more(this.mercatorY);
    this.flags = more(this.flags);
    this.rating = more(this.rating);
    this.reviews = more(this.reviews);
    this.specs = more(this.specs, this.words);
    this.spaceStart = more(this.spaceStart);
    this.spaceCount = more(this.spaceCount);
    this.capacity = capacity;
  }

  private growSpaces(min: number) {
    const b = new Int32Array(Math.max(min, Math.ceil((this.space.length / SPACE_FIELDS) * 1.25) + 1024) * SPACE_FIELDS);
    b.set(this.space);
    this.space = b;
  }

  /**
   * Appends a range of warehouses in id order (indexChunkQuery's columns), the ids among them
   * with an image (array_send) and their spaces (packed as the zone's spaces; others dropped);
   * returns the first new slot.
   */
  append(columns: IndexColumns, photos: Buffer | null, spaces: Buffer): number {
    const first = this.count;
    const ids = int4s(columns.ids);
    const n = ids.length;
    if (this.count + n > this.capacity) this.grow(this.count + n);
    const lat = int4s(columns.lat);
    const lng = int4s(columns.lng);
    const flags = int4s(columns.flags);
    const rating = int4s(columns.rating);
    const reviews = int4s(columns.reviews);
    this.id.set(ids, first);
    this.lat.set(lat, first);
    this.lng.set(lng, first);
    this.rating.set(rating, first);
    this.reviews.set(reviews, first);
    this.spaceStart.fill(0, first, first + n);
    this.spaceCount.fill(0, first, first + n);
    this.specs.fill(0, first * this.words, (first + n) * this.words);
    for (let k = 0; k < n; k++) {
      this.flags[first + k] = flags[k]!;
      // From the position as a zone holds it (millionths of a degree over 1e6), so a zone from
      // the index and one from PostgreSQL measure and cluster alike.
      this.cosLat[first + k] = cosLatitude(lat[k]! / 1e6);
      this.mercatorX[first + k] = mercatorUnitsX(lng[k]! / 1e6);
      this.mercatorY[first + k] = mercatorUnitsY(lat[k]! / 1e6);
      if (k > 0 && ids[k]! <= ids[k - 1]!) throw new Error("the index's rows did not come in id order");
    }
    // Every warehouse's specification ids, one array_send after another.
    const specs = columns.specs ?? Buffer.alloc(0);
    const view = new DataView(specs.buffer, specs.byteOffset, specs.byteLength);
    let o = 0;
    for (let k = 0; k < n; k++) {
      const dims = view.getInt32(o);
      const count = dims === 0 ? 0 : view.getInt32(o + 12);
      o += dims === 0 ? 12 : 20;
      const at = (first + k) * this.words;
      for (let j = 0; j < count; j++, o += 8) {
        const specId = view.getInt32(o + 4);
        let bit = this.specBit.get(specId);
        if (bit === undefined) {
          bit = this.specBit.size;
          if (bit >= this.words * 32) throw new SpecOverflow("more specifications than the index's bitsets hold");
          this.specBit.set(specId, bit);
        }
        this.specs[at + (bit >>> 5)]! |= 1 << (bit & 31);
      }
    }
    this.count += n;
    // A photo counts for a redeemed warehouse only (an anonymised one shows none).
    let slot = first;
    for (const id of int4s(photos)) {
      while (slot < this.count && this.id[slot]! < id) slot++;
      if (slot < this.count && this.id[slot] === id && this.flags[slot]! & FLAG_REDEEMED) this.flags[slot]! |= FLAG_PHOTO;
    }
    this.attachSpaces(first, spaces);
    return first;
  }

  /** The spaces (packed, any order) of the slots from `first` on, which are in id order. */
  private attachSpaces(first: number, packed: Buffer) {
    const total = packed.length / ZONE_SPACE_BYTES;
    if (total === 0) return;
    const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
    // By warehouse id, so that each slot's spaces lie side by side.
    const order = new Float64Array(total);
    for (let k = 0; k < total; k++) order[k] = view.getInt32(k * ZONE_SPACE_BYTES) * 2 ** 21 + k;
    order.sort();
    if ((this.spaces + total) * SPACE_FIELDS > this.space.length) this.growSpaces(this.spaces + total);
    let slot = first;
    for (let j = 0; j < total; j++) {
      const k = order[j]! % 2 ** 21;
      const o = k * ZONE_SPACE_BYTES;
      const owner = view.getInt32(o);
      while (slot < this.count && this.id[slot]! < owner) slot++;
      if (slot === this.count || this.id[slot] !== owner) continue; // not listed
      if (this.spaceCount[slot] === 0) this.spaceStart[slot] = this.spaces;
      const at = this.spaces * SPACE_FIELDS;
      for (let f = 0; f < SPACE_FIELDS; f++) this.space[at + f] = view.getInt32(o + 4 + f * 4);
      this.spaces += 1;
      this.spaceCount[slot]! += 1;
    }
  }

  /**
   * Puts the slots read so far in the KD-tree, laid out in the tree's order: the warehouses of a
   * zone then lie side by side in every array (their ids are scattered over the map), so taking a
   * zone, its spaces and its ranks reads neighbouring memory instead of a line per warehouse.
   */
  finish() {
    const n = this.count;
    this.baseCount = n;
    // The slots came in id order: that order, and where each went, answer slotOf.
    this.sortedIds = this.id.slice(0, n);
    this.slotAt = new Int32Array(n);
    const order = kdOrder(this.lng, this.lat, n); // position in the tree's order → slot in id order
    for (let j = 0; j < n; j++) this.slotAt[order[j]!] = j;
    const permute = <T extends Int32Array | Uint8Array | Int16Array | Uint32Array | Float64Array>(a: T, per = 1): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length);
      for (let j = 0; j < n; j++) for (let w = 0; w < per; w++) b[j * per + w] = a[order[j]! * per + w]!;
      return b;
    };
    this.id = permute(this.id);
    this.lat = permute(this.lat);
    this.lng = permute(this.lng);
    this.cosLat = permute(this.cosLat);
    this.mercatorX = permute(this.mercatorX);
    this.mercatorY = permute(this.mercatorY);
    this.flags = permute(this.flags);
    this.rating = permute(this.rating);
    this.reviews = permute(this.reviews);
    this.specs = permute(this.specs, this.words);
    // The spaces too, each slot's beside its neighbours'.
    const space = new Int32Array(this.space.length);
    const spaceStart = new Int32Array(this.capacity);
    const spaceCount = new Int32Array(this.capacity);
    let at = 0;
    for (let j = 0; j < n; j++) {
      const from = order[j]!;
      const count = this.spaceCount[from]!;
      spaceStart[j] = at;
      spaceCount[j] = count;
      space.set(this.space.subarray(this.spaceStart[from]! * SPACE_FIELDS, (this.spaceStart[from]! + count) * SPACE_FIELDS), at * SPACE_FIELDS);
      at += count;
    }
    this.space = space;
    this.spaceStart = spaceStart;
    this.spaceCount = spaceCount;
  }

  /** The live slot of a warehouse, or -1. */
  slotOf(id: number): number {
    const appended = this.appended.get(id);
    if (appended !== undefined) return appended;
    let lo = 0;
    let hi = this.baseCount - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.sortedIds[mid]!;
      if (v < id) lo = mid + 1;
      else if (v > id) hi = mid - 1;
      else {
        const slot = this.slotAt[mid]!;
        return this.flags[slot]! & FLAG_DEAD ? -1 : slot;
      }
    }
    return -1;
  }

  /** Replaces what the index holds of `ids` by `columns` (the listed ones among them), their photos and their spaces. */
  replace(ids: number[], columns: IndexColumns, photos: Buffer | null, spaces: Buffer) {
    for (const id of ids) {
      const slot = this.slotOf(id);
      if (slot < 0) continue;
      this.flags[slot]! |= FLAG_DEAD;
      this.appended.delete(id);
      this.dead += 1;
    }
    const first = this.append(columns, photos, spaces);
    for (let slot = first; slot < this.count; slot++) this.appended.set(this.id[slot]!, slot);
  }

  /**
   * Live slots whose position lies in the box (millionths of a degree, bounds included), in the
   * first entries of a buffer shared by every call (read them before the next): how many.
   */
  inBox(box: Box): { slots: Int32Array; count: number } {
    const size = this.baseCount + this.appended.size;
    if (candidates.length < size) candidates = new Int32Array(Math.max(size, Math.ceil(candidates.length * 1.5)));
    let n = kdRange(this.lng, this.lat, this.baseCount, box, candidates, this.flags, FLAG_DEAD);
    for (const slot of this.appended.values()) {
      const la = this.lat[slot]!;
      const ln = this.lng[slot]!;
      if (la >= box.minLat && la <= box.maxLat && ln >= box.minLng && ln <= box.maxLng) candidates[n++] = slot;
    }
    return { slots: candidates, count: n };
  }

  live(): number {
    return this.count - this.dead;
  }

  memoryBytes(): number {
    const arrays = [
      this.id,
      this.lat,
      this.lng,
      this.cosLat,
      this.mercatorX,
      this.mercatorY,
      this.flags,
      this.rating,
      this.reviews,
      this.specs,
      this.spaceStart,
      this.spaceCount,
      this.space,
      this.sortedIds,
      this.slotAt,
    ];
    return arrays.reduce((sum, a) => sum + a.byteLength, 0) + this.appended.size * 40;
  }
}

/** The candidates of the last box query (IndexData.inBox): one buffer, grown to the largest. */
let candidates = new Int32Array(0);

/** Of a circle, the box of positions that may lie in it, in millionths of a degree (a little wider, for rounding). */
function circleBox(args: ZoneArgs): Box {
  const rad = Math.PI / 180;
  const delta = args.radiusM / EARTH_RADIUS_M;
  const dLat = delta / rad;
  const margin = 1e-5;
  const minLat = args.lat - dLat - margin;
  const maxLat = args.lat + dLat + margin;
  let all = minLat <= -90 || maxLat >= 90 || delta >= Math.PI / 2;
  let dLng = 360;
  if (!all) {
    // The widest longitude of a spherical cap that holds no pole.
    const s = Math.sin(delta) / Math.cos(args.lat * rad);
    if (s >= 1) all = true;
    else dLng = Math.asin(s) / rad + margin;
  }
  if (all || args.lng - dLng < -180 || args.lng + dLng > 180) {
    return { minLat: Math.floor(Math.max(-90, minLat) * 1e6), maxLat: Math.ceil(Math.min(90, maxLat) * 1e6), minLng: -180_000_000, maxLng: 180_000_000 };
  }
  return {
    minLat: Math.floor(minLat * 1e6),
    maxLat: Math.ceil(maxLat * 1e6),
    minLng: Math.floor((args.lng - dLng) * 1e6),
    maxLng: Math.ceil((args.lng + dLng) * 1e6),
  };
}

/** A zone as the index holds it now: its points, and where its matches, spaces and ranks come from. */
function zoneOf(data: IndexData, args: ZoneArgs): { points: ZonePoints; source: ZoneSource } {
  const { slots: candidates, count } = data.inBox(circleBox(args));
  // The circle test reads the index's arrays at the candidates' slots: the zone's rows are its slots.
  const { points, rows: slots } = pointsInCircle(
    args,
    count,
    { ids: data.id, latE6: data.lat, lngE6: data.lng, flags: data.flags, redeemed: FLAG_REDEEMED, cosLat: data.cosLat },
    candidates,
  );
  const source: ZoneSource = {
    async matches(db, filter) {
      // The index keeps no floor area (no search filters by it today): PostgreSQL answers that.
      if (filter.area !== null) {
        const matching = await findZoneMatches(db, { ...args, specIds: [...filter.specIds].sort((a, b) => a - b), minArea: filter.area });
        return Uint8Array.from(points.ids, (id) => (matching.has(id) ? 1 : 0));
      }
      const result = new Uint8Array(points.size);
      const need = new Uint32Array(data.words);
      for (const specId of filter.specIds) {
        const bit = data.specBit.get(specId);
        // A specification no warehouse of the index offers.
        if (bit === undefined) return result;
        need[bit >>> 5]! |= 1 << (bit & 31);
      }
      for (let i = 0; i < points.size; i++) {
        const at = slots[i]! * data.words;
        let ok = 1;
        for (let w = 0; w < data.words; w++) if ((data.specs[at + w]! & need[w]!) >>> 0 !== need[w]) ok = 0;
        result[i] = ok;
      }
      return result;
    },
    async spaces() {
      // Those still free today (the index read those free on the day it read them).
      const today = dayNumber(italianDay());
      const offsets = new Int32Array(points.size + 1);
      let total = 0;
      for (let i = 0; i < points.size; i++) {
        const slot = slots[i]!;
        const start = data.spaceStart[slot]!;
        for (let k = 0; k < data.spaceCount[slot]!; k++) if (data.space[(start + k) * SPACE_FIELDS + 4]! >= today) total++;
        offsets[i + 1] = total;
      }
      const rows = newSpaceRows(offsets, total);
      let at = 0;
      for (let i = 0; i < points.size; i++) {
        const slot = slots[i]!;
        const start = data.spaceStart[slot]!;
        for (let k = 0; k < data.spaceCount[slot]!; k++) {
          const o = (start + k) * SPACE_FIELDS;
          if (data.space[o + 4]! < today) continue;
          rows.id[at] = data.space[o]!;
          rows.type[at] = data.space[o + 1]!;
          rows.quantity[at] = data.space[o + 2]!;
          rows.from[at] = data.space[o + 3]!;
          rows.until[at] = data.space[o + 4]!;
          rows.minTerm[at] = data.space[o + 5]!;
          rows.price[at] = data.space[o + 6]!;
          at++;
        }
      }
      return rows;
    },
    async ranks() {
      const ranks: ZoneRanks = { flags: new Uint8Array(points.size), rating: new Int16Array(points.size), reviews: new Int32Array(points.size) };
      for (let i = 0; i < points.size; i++) {
        const slot = slots[i]!;
        const f = data.flags[slot]!;
        ranks.flags[i] = (f & FLAG_PHOTO ? 1 : 0) + (f & FLAG_FAST ? 2 : 0);
        ranks.rating[i] = data.rating[slot]!;
        ranks.reviews[i] = data.reviews[slot]!;
      }
      return ranks;
    },
    // The zone is dropped as soon as the index changes (ZoneCache keys it by the index's version).
    ranksMaxAgeMs: Infinity,
    mercator() {
      const x = new Float64Array(points.size);
      const y = new Float64Array(points.size);
      for (let i = 0; i < points.size; i++) {
        x[i] = data.mercatorX[slots[i]!]!;
        y[i] = data.mercatorY[slots[i]!]!;
      }
      return { x, y };
    },
  };
  return { points, source };
}

type Range = { columns: IndexColumns; photos: Buffer | null; spaces: Buffer };

async function readRange(db: Database, after: number, upTo: number, today: string): Promise<Range> {
  const { rows } = await indexRangeQuery(after, upTo).execute(db);
  const { rows: photos } = await indexPhotosQuery(after, upTo).execute(db);
  const { rows: spaces } = await indexSpacesChunkQuery(after, upTo, today).execute(db);
  return { columns: rows[0]!, photos: photos[0]?.ids ?? null, spaces: spaces[0]?.spaces ?? Buffer.alloc(0) };
}

/**
 * Reads every listed warehouse in one snapshot; resolves with the data and the epoch of that
 * snapshot. The ids are split in ranges of about `chunk` warehouses, read by `readers`
 * connections side by side (the others import the first one's snapshot, so all read the same
 * moment) and appended in id order.
 */
async function build(db: Database, chunk: number, readers: number): Promise<{ data: IndexData; epoch: bigint }> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const epoch = BigInt(await readSearchEpoch(trx));
      const span = (await listedSpanQuery().execute(trx)).rows[0]!;
      const specs = await countSpecifications(trx);
      const data = new IndexData(span.n + 4096, Math.ceil((specs + 64) / 32), Math.ceil(span.n / 3) + 4096);
      const today = italianDay();
      const ranges: [number, number][] = [];
      const step = Math.max(1, Math.ceil((span.hi - span.lo + 1) / Math.max(1, Math.ceil(span.n / chunk))));
      for (let after = span.lo - 1; after < span.hi; after += step) ranges.push([after, Math.min(span.hi, after + step)]);
      const read = new Map<number, Range>();
      let toRead = 0;
      let toAppend = 0;
      const reader = async (conn: Database) => {
        while (toRead < ranges.length) {
          const k = toRead++;
          read.set(k, await readRange(conn, ranges[k]![0], ranges[k]![1], today));
          for (let next = read.get(toAppend); next; next = read.get(toAppend)) {
            read.delete(toAppend++);
            data.append(next.columns, next.photos, next.spaces);
          }
        }
      };
      const others = Math.min(readers - 1, ranges.length - 1);
      const snapshot = others > 0 ? await exportSnapshot(trx) : "";
      await Promise.all([
        reader(trx),
        ...Array.from({ length: Math.max(0, others) }, () =>
          db.connection().execute(async (conn) => {
            try {
              await beginAtSnapshot(conn, snapshot);
              await reader(conn);
            } finally {
              // Never hand the connection back to the pool inside a transaction.
              await endReadOnly(conn).catch(() => {});
            }
          }),
        ),
      ]);
      data.finish();
      return { data, epoch };
    });
}

/** One notification: the epoch after the change, and the ids (null: everything). */
function parseNotification(payload: string): { epoch: bigint; ids: number[] | null } | null {
  const colon = payload.indexOf(":");
  if (colon < 0) return null;
  const epoch = BigInt(payload.slice(0, colon));
  const rest = payload.slice(colon + 1);
  if (rest === "*") return { epoch, ids: null };
  return { epoch, ids: rest ? rest.split(",").map(Number) : [] };
}

export type SearchIndexStats = { ready: boolean; warehouses: number; memoryBytes: number; buildMs: number | null; epoch: string; version: number };

export class SearchIndex {
  private db: Database;
  private url: string;
  private log: Log;
  private opts: Required<Omit<SearchIndexOptions, "log">>;
  private data: IndexData | null = null;
  private applied = -1n;
  /** Raised at every change of what the index holds: zones taken from it are kept while it stays. */
  version = 0;
  /** The cards of listed warehouses, forgotten as the index learns of their changes. */
  readonly cards = new CardCache();
  private listener: pg.Client | null = null;
  private listening = false;
  private pending: string[] = [];
  /** Every read and every change is one link of this chain, so they happen one at a time, in order. */
  private chain: Promise<void> = Promise.resolve();
  private waiters = new Set<() => void>();
  private lastNotice = 0;
  private builtAt = 0;
  private buildMs: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reconnecting: NodeJS.Timeout | null = null;
  private stopped = false;
  private rebuildQueued = false;
  /** A full read is under way. */
  private reading = false;

  constructor(db: Database, url: string, opts: SearchIndexOptions = {}) {
    this.db = db;
    this.url = url;
    this.log = opts.log ?? { info: () => {}, warn: () => {} };
    this.opts = {
      checkEveryMs: opts.checkEveryMs ?? CHECK_EVERY_MS,
      rebuildEveryMs: opts.rebuildEveryMs ?? REBUILD_EVERY_MS,
      catchUpMs: opts.catchUpMs ?? CATCH_UP_MS,
      chunk: opts.chunk ?? CHUNK,
      readers: opts.readers ?? READERS,
      quietMs: opts.quietMs ?? QUIET_MS,
      missedGapMs: opts.missedGapMs ?? MISSED_GAP_MS,
    };
  }

  /** Listens, then reads everything; resolves once the index answers searches (else the check and the listener try again). */
  async start(): Promise<void> {
    this.timer = setInterval(() => void this.check().catch((err: Error) => this.log.warn(`search index check failed: ${err.message}`)), this.opts.checkEveryMs);
    this.timer.unref();
    try {
      await this.listen();
    } catch (err) {
      this.listenLater((err as Error).message);
      throw err;
    }
    await this.rebuild();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.reconnecting) clearTimeout(this.reconnecting);
    const listener = this.listener;
    this.listener = null;
    this.listening = false;
    await listener?.end().catch(() => {});
    await this.chain.catch(() => {});
    this.data = null;
    this.cards.clear();
  }

  /**
   * Built once: the ready probe waits for this. A lost listening connection afterwards does not
   * make the instance unready (every instance would lose it at once when the database restarts):
   * its searches ask PostgreSQL until it listens and has read everything again.
   */
  get ready(): boolean {
    return this.data !== null;
  }

  /** Built and listening: searches may use it. */
  private get usable(): boolean {
    return this.data !== null && this.listening;
  }

  stats(): SearchIndexStats {
    return {
      ready: this.usable,
      warehouses: this.data?.live() ?? 0,
      memoryBytes: this.data?.memoryBytes() ?? 0,
      buildMs: this.buildMs,
      epoch: String(this.applied),
      version: this.version,
    };
  }

  /**
   * The index's version when it holds everything up to search_epoch `epoch` (as a search just
   * read it), after waiting a moment for a notification on its way; null when the search must
   * ask PostgreSQL (not built yet, not listening, or behind).
   */
  async versionFor(epoch: string): Promise<number | null> {
    if (!this.usable) return null;
    const wanted = BigInt(epoch);
    if (this.applied >= wanted) return this.version;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timeout);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (this.applied >= wanted) done();
      };
      const timeout = setTimeout(done, this.opts.catchUpMs);
      this.waiters.add(check);
    });
    return this.usable && this.applied >= wanted ? this.version : null;
  }

  /** The zone of a centre and radius as the index holds it now (call after versionFor). */
  zone(args: ZoneArgs): { points: ZonePoints; source: ZoneSource } {
    if (!this.data) throw new Error("the search index is not built");
    return zoneOf(this.data, args);
  }

  /**
   * Compares search_epoch with what the notifications said: when it moved and no notification
   * came for a while, one was missed, and everything is read again. Also reads everything again
   * every rebuildEveryMs, and when the slots changed since the build pile up.
   */
  async check(): Promise<void> {
    if (this.stopped || !this.listening) return;
    // A read under way (the first one at start, at a million warehouses longer than the check's
    // period) holds what the check would ask for: it waits for that read instead of queuing
    // another, which would read everything twice.
    if (this.reading) return this.chain;
    // The first read failed (the database away at start): try again.
    if (!this.data) return this.rebuild();
    const data = this.data;
    const stale = Date.now() - this.builtAt > this.opts.rebuildEveryMs || data.count - data.baseCount > Math.max(20_000, data.baseCount / 10);
    const epoch = BigInt(await readSearchEpoch(this.db));
    // Not more often than missedGapMs: a connection that never gets notifications (PgBouncer in
    // transaction mode) would otherwise read everything every few seconds.
    const missed =
      epoch > this.applied &&
      this.pending.length === 0 &&
      Date.now() - this.lastNotice > this.opts.quietMs &&
      Date.now() - this.builtAt > this.opts.missedGapMs;
    if (missed) this.log.warn(`search index: search_epoch is ${epoch} but the notifications said ${this.applied}: reading it again`);
    if (missed || stale) await this.rebuild();
  }

  /** Reads everything again (queued after what is under way); the old data answers meanwhile. */
  rebuild(): Promise<void> {
    if (this.rebuildQueued) return this.chain;
    this.rebuildQueued = true;
    return this.enqueue(async () => {
      this.rebuildQueued = false;
      if (this.stopped) return;
      await this.rebuildNow();
      // What was notified during the read may have been read or not: read it again.
      if (this.pending.length) await this.applyPending();
    });
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task);
    this.chain = run.catch((err: Error) => {
      this.log.warn(`search index: ${err.message}`);
      if (err instanceof SpecOverflow) void this.rebuild();
    });
    return run;
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on("notification", (msg) => {
      if (msg.channel !== SEARCH_CHANGES_CHANNEL || msg.payload === undefined) return;
      this.lastNotice = Date.now();
      this.pending.push(msg.payload);
      if (this.pending.length === 1) void this.enqueue(() => this.applyPending());
    });
    const lost = (why: string) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      // Changes made until it listens again are unknown to it.
      this.cards.clear();
      client.end().catch(() => {});
      this.listenLater(why);
    };
    client.on("error", (err) => lost(err.message));
    client.on("end", () => lost("connection ended"));
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${SEARCH_CHANGES_CHANNEL}`);
    } catch (err) {
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      throw err;
    }
    this.listening = true;
  }

  /**
   * Listens again in a second, then reads everything (changes made while nobody listened are
   * unknown). Meanwhile the index answers no search: they ask PostgreSQL.
   */
  private listenLater(why: string) {
    if (this.stopped || this.reconnecting) return;
    this.log.warn(`search index: notifications lost (${why}); listening again in a second`);
    this.reconnecting = setTimeout(() => {
      this.reconnecting = null;
      this.listen()
        // A failed read is tried again by the periodic check.
        .then(() => this.rebuild().catch(() => {}))
        .catch((err: Error) => this.listenLater(err.message));
    }, 1000);
    this.reconnecting.unref();
  }

  /** Applies every notification received so far: the rows they name are read again. */
  private async applyPending(): Promise<void> {
    const payloads = this.pending;
    this.pending = [];
    if (!payloads.length || !this.data) return;
    let epoch = this.applied;
    let all = false;
    const ids = new Set<number>();
    for (const payload of payloads) {
      const notice = parseNotification(payload);
      if (!notice) continue;
      if (notice.epoch > epoch) epoch = notice.epoch;
      if (notice.ids === null) all = true;
      else for (const id of notice.ids) ids.add(id);
    }
    if (all) {
      await this.rebuildNow();
      return;
    }
    if (ids.size) {
      const list = [...ids].sort((a, b) => a - b);
      const [{ columns, photos }, spaces] = await Promise.all([findIndexRows(this.db, list), findSpacesOf(this.db, list, italianDay())]);
      this.data.replace(list, columns, photos, spaces);
      this.cards.forget(list);
      this.version += 1;
    }
    if (epoch > this.applied) this.applied = epoch;
    this.wake();
  }

  /** A rebuild from inside the chain (a notification said everything changed). */
  private async rebuildNow(): Promise<void> {
    const started = performance.now();
    this.reading = true;
    let built: Awaited<ReturnType<typeof build>>;
    try {
      built = await build(this.db, this.opts.chunk, this.opts.readers);
    } finally {
      this.reading = false;
    }
    const { data, epoch } = built;
    this.data = data;
    this.cards.clear();
    // Notifications already applied to the old data may be older than the snapshot, or newer: those are read again next.
    this.applied = epoch;
    this.version += 1;
    this.builtAt = Date.now();
    this.buildMs = performance.now() - started;
    this.log.info(
      `search index: ${data.live().toLocaleString("en")} warehouses read in ${Math.round(this.buildMs)} ms, ${(data.memoryBytes() / 2 ** 20).toFixed(0)} MB`,
    );
    this.wake();
  }
}

/**
 * Starts a search index (one per app instance, passed to the searches through AppServices:
 * the server's build has its own copy of this module, so no module state would reach it).
 */
export function startSearchIndex(db: Database, url: string, opts: SearchIndexOptions = {}): { index: SearchIndex; built: Promise<void> } {
  const index = new SearchIndex(db, url, opts);
  return { index, built: index.start() };
}
