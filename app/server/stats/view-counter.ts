// How often each warehouse appeared in search results and how often its sheet was opened, per
// Italian day, counted without a database write on the search's path: the search and the sheet
// add to counters in this process's memory, and a background job (app/server/jobs/workers.ts,
// every FLUSH_EVERY_MS and once more when the app stops) writes everything pending into
// warehouse_daily_stats (migration 0007), adding to what other app instances wrote for the same
// warehouse and day.
//
// - The counts are numbers in maps, not an object per warehouse, and a flush sorts them as one
//   typed array and writes them in statements of FLUSH_ROWS rows: a busy instance gathers
//   100,000 keys in seconds, and building, sorting and sending them as objects held its event
//   loop (and the searches waiting on it) for up to 150 ms, while one statement of that size
//   held a core of the database for 200 ms.
//
// - One counter per app process, created by server/start.ts and handed to loaders and routes in
//   AppServices (services.views). Not a module singleton: the server entry and the routes'
//   bundle load their own copies of this module, so a singleton here would count in one copy
//   and flush from the other.
// - Memory is bounded: past `earlyFlushKeys` pending (warehouse, day) keys the counter flushes
//   at once instead of waiting for the timer; while the database refuses writes the pending
//   counts are kept for the next try, up to `maxKeys`, beyond which new keys are dropped (and
//   the number dropped logged): these are statistics, not money, and the app must not grow
//   without limit during an outage.
// - A failed statement puts back its counts and those of the statements not yet sent (added to
//   what arrived meanwhile) and logs once; the statements before it are written.
// - A warehouse deleted meanwhile is left out by the statement itself (`where exists`); if
//   it is deleted between that check and the insert, the foreign key fails the statement, the
//   counts go back, and the next flush leaves it out.
// - Rows are written in (warehouse_id, day) order, so two instances flushing at once lock the
//   same rows in the same order and cannot deadlock.
import type { Database } from "../db/database.ts";
import { writeStatsBatch } from "./stats.queries.ts";
import { italianDay } from "../italian-day.ts";

/** How often the background job writes the pending counts. */
export const FLUSH_EVERY_MS = 10_000;
/** Rows per statement of a flush. */
export const FLUSH_ROWS = 5_000;
/** Pending keys past which the counter flushes without waiting for the timer. */
export const EARLY_FLUSH_KEYS = 100_000;
/** Pending keys kept at most while flushes fail (about 100 bytes each). */
export const MAX_PENDING_KEYS = 300_000;
/** After a failed flush, no early flush is tried before this long. */
const RETRY_AFTER_MS = 5_000;

/** One day's pending counts by warehouse id (a key is pending when either map has it). */
type DayCounts = { appearances: Map<number, number>; views: Map<number, number> };
type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type FlushResult = {
  /** Pending (warehouse, day) keys the flush took. */
  keys: number;
  /** Rows inserted or updated. */
  written: number;
  /** Keys of the statements that ran left out because their warehouse no longer exists. */
  skipped: number;
  /** A statement failed; its counts and the later statements' were put back for the next flush. */
  failed: boolean;
};

export type ViewCounter = {
  /** One search response showed these warehouses: each is counted once, however often it is listed. */
  searchAppearances(ids: Iterable<number>, now?: number): void;
  /** A warehouse's public sheet was opened. */
  sheetView(id: number, now?: number): void;
  /** Writes every pending count (after a flush already running, if any). */
  flush(): Promise<FlushResult>;
  /** Pending (warehouse, day) keys, and keys dropped so far because the memory bound was reached. */
  pending(): { keys: number; dropped: number };
};

export type ViewCounterOptions = {
  log: Log;
  earlyFlushKeys?: number;
  maxKeys?: number;
  /** Rows per statement (FLUSH_ROWS). */
  flushRows?: number;
  /** The statement that writes a batch (tests replace it to make a flush fail). */
  write?: (db: Database, batch: StatsBatch) => Promise<number>;
};

/** A statement's rows as four parallel arrays, sorted by (warehouse_id, day). */
export type StatsBatch = { ids: number[]; days: string[]; appearances: number[]; views: number[] };

/** Every pending count, sorted by (warehouse_id, day), without an object per row. */
function sortedRows(taken: Map<string, DayCounts>): StatsBatch {
  const days = [...taken.keys()].sort();
  let size = 0;
  for (const counts of taken.values()) {
    size += counts.appearances.size;
    for (const id of counts.views.keys()) if (!counts.appearances.has(id)) size += 1;
  }
  // warehouse id × the number of days + the day's rank: a day or two, so exact in a double for
  // any id a warehouse can have (bigint sequence values far below 2^50).
  const slots = days.length;
  const order = new Float64Array(size);
  let n = 0;
  days.forEach((day, rank) => {
    const counts = taken.get(day)!;
    for (const id of counts.appearances.keys()) order[n++] = id * slots + rank;
    for (const id of counts.views.keys()) if (!counts.appearances.has(id)) order[n++] = id * slots + rank;
  });
  order.sort();
  const rows: StatsBatch = {
    ids: new Array<number>(size),
    days: new Array<string>(size),
    appearances: new Array<number>(size),
    views: new Array<number>(size),
  };
  for (let k = 0; k < size; k++) {
    const rank = order[k]! % slots;
    const id = (order[k]! - rank) / slots;
    const counts = taken.get(days[rank]!)!;
    rows.ids[k] = id;
    rows.days[k] = days[rank]!;
    rows.appearances[k] = counts.appearances.get(id) ?? 0;
    rows.views[k] = counts.views.get(id) ?? 0;
  }
  return rows;
}

export function createViewCounter(db: Database, options: ViewCounterOptions): ViewCounter {
  const earlyFlushKeys = options.earlyFlushKeys ?? EARLY_FLUSH_KEYS;
  const maxKeys = Math.max(options.maxKeys ?? MAX_PENDING_KEYS, earlyFlushKeys);
  const flushRows = Math.max(1, options.flushRows ?? FLUSH_ROWS);
  const write = options.write ?? writeStatsBatch;
  // day → its counts by warehouse id. A day or two at a time; numeric keys and values are fast.
  let pending = new Map<string, DayCounts>();
  let keys = 0;
  let dropped = 0;
  let droppedLogged = 0;
  let retryAt = 0;
  // An early flush asked for and not finished yet: one at a time, however many keys arrive meanwhile.
  let earlyFlush = false;
  let chain: Promise<unknown> = Promise.resolve();

  /** Adds to the counts of (id, day) when it is pending or there is room for it (else counts it as dropped). */
  function add(day: string, id: number, appearances: number, views: number): void {
    let counts = pending.get(day);
    if (!counts) {
      counts = { appearances: new Map(), views: new Map() };
      pending.set(day, counts);
    }
    if (!counts.appearances.has(id) && !counts.views.has(id)) {
      if (appearances === 0 && views === 0) return;
      if (keys >= maxKeys) {
        dropped += 1;
        return;
      }
      keys += 1;
      if (keys >= earlyFlushKeys && !earlyFlush && Date.now() >= retryAt) {
        earlyFlush = true;
        void flush().finally(() => {
          earlyFlush = false;
        });
      }
    }
    if (appearances) counts.appearances.set(id, (counts.appearances.get(id) ?? 0) + appearances);
    if (views) counts.views.set(id, (counts.views.get(id) ?? 0) + views);
  }

  function validId(id: number): boolean {
    return Number.isSafeInteger(id) && id > 0;
  }

  async function flushOnce(): Promise<FlushResult> {
    if (keys === 0) return { keys: 0, written: 0, skipped: 0, failed: false };
    const taken = pending;
    const takenKeys = keys;
    pending = new Map();
    keys = 0;
    const rows = sortedRows(taken);
    let written = 0;
    let sent = 0;
    try {
      // Statement after statement, each awaited: the event loop serves requests in between.
      for (; sent < rows.ids.length; sent += flushRows) {
        const end = Math.min(rows.ids.length, sent + flushRows);
        written += await write(db, {
          ids: rows.ids.slice(sent, end),
          days: rows.days.slice(sent, end),
          appearances: rows.appearances.slice(sent, end),
          views: rows.views.slice(sent, end),
        });
      }
      retryAt = 0;
      if (dropped > droppedLogged) {
        options.log.warn({ dropped: dropped - droppedLogged }, "view statistics: counts dropped while the database refused writes");
        droppedLogged = dropped;
      }
      return { keys: takenKeys, written, skipped: takenKeys - written, failed: false };
    } catch (err) {
      // No early flush for a while (set first: putting the counts back must not start one).
      retryAt = Date.now() + RETRY_AFTER_MS;
      // Put back the counts not written, added to whatever arrived meanwhile (within the memory bound).
      for (let k = sent; k < rows.ids.length; k++) add(rows.days[k]!, rows.ids[k]!, rows.appearances[k]!, rows.views[k]!);
      options.log.error({ err, keys: takenKeys - sent }, "view statistics: flush failed, counts kept for the next one");
      return { keys: takenKeys, written, skipped: sent - written, failed: true };
    }
  }

  /** One flush at a time: a call made while one runs waits for it, then writes what came since. */
  function flush(): Promise<FlushResult> {
    const next = chain.then(flushOnce);
    chain = next.catch(() => {});
    return next;
  }

  return {
    searchAppearances(ids, now = Date.now()) {
      const day = italianDay(now);
      const seen = new Set<number>();
      for (const id of ids) {
        if (seen.has(id) || !validId(id)) continue;
        seen.add(id);
        add(day, id, 1, 0);
      }
    },
    sheetView(id, now = Date.now()) {
      if (!validId(id)) return;
      add(italianDay(now), id, 0, 1);
    },
    flush,
    pending: () => ({ keys, dropped }),
  };
}
