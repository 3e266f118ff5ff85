// How often each warehouse appeared in search results and how often its sheet was opened, per
// Italian day, counted without a database write on the search's path: the search and the sheet
// add to counters in this process's memory, and a background job (app/server/jobs/workers.ts,
// every FLUSH_EVERY_MS and once more when the app stops) writes everything pending with ONE
// statement into warehouse_daily_stats (migration 0007), adding to what other app instances
// wrote for the same warehouse and day.
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
// - A failed flush puts its counts back (added to what arrived meanwhile) and logs once.
// - A warehouse deleted meanwhile is left out by the statement itself (`where exists`); if
//   it is deleted between that check and the insert, the foreign key fails the statement, the
//   counts go back, and the next flush leaves it out.
// - Rows are written in (warehouse_id, day) order, so two instances flushing at once lock the
//   same rows in the same order and cannot deadlock.
import type { Database } from "../db/database.ts";
import { writeStatsBatch } from "./stats.queries.ts";

/** How often the background job writes the pending counts. */
export const FLUSH_EVERY_MS = 10_000;
/** Pending keys past which the counter flushes without waiting for the timer. */
export const EARLY_FLUSH_KEYS = 100_000;
/** Pending keys kept at most while flushes fail (about 100 bytes each). */
export const MAX_PENDING_KEYS = 300_000;
/** After a failed flush, no early flush is tried before this long. */
const RETRY_AFTER_MS = 5_000;

type Counts = { appearances: number; views: number };
type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type FlushResult = {
  /** Pending (warehouse, day) keys the flush took. */
  keys: number;
  /** Rows inserted or updated. */
  written: number;
  /** Keys left out because their warehouse no longer exists. */
  skipped: number;
  /** The statement failed; its counts were put back for the next flush. */
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
  /** The statement that writes a batch (tests replace it to make a flush fail). */
  write?: (db: Database, batch: StatsBatch) => Promise<number>;
};

/** A flush's rows as four parallel arrays, sorted by (warehouse_id, day). */
export type StatsBatch = { ids: number[]; days: string[]; appearances: number[]; views: number[] };

const romeDayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit" });
let dayCache = { second: -1, day: "" };

/**
 * The Italian calendar day of an instant, 'YYYY-MM-DD'. Formatting a date costs about a
 * microsecond, so the answer is kept for the rest of its UTC second: midnight in Rome (and every
 * change of its offset) falls on a whole second, so one second never spans two days.
 */
export function romeDay(nowMs: number): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== dayCache.second) dayCache = { second, day: romeDayFormat.format(nowMs) };
  return dayCache.day;
}

export function createViewCounter(db: Database, options: ViewCounterOptions): ViewCounter {
  const earlyFlushKeys = options.earlyFlushKeys ?? EARLY_FLUSH_KEYS;
  const maxKeys = Math.max(options.maxKeys ?? MAX_PENDING_KEYS, earlyFlushKeys);
  const write = options.write ?? writeStatsBatch;
  // day → warehouse id → counts. The outer map holds a day or two; numeric inner keys are fast.
  let pending = new Map<string, Map<number, Counts>>();
  let keys = 0;
  let dropped = 0;
  let droppedLogged = 0;
  let retryAt = 0;
  // An early flush asked for and not finished yet: one at a time, however many keys arrive meanwhile.
  let earlyFlush = false;
  let chain: Promise<unknown> = Promise.resolve();

  /** The counts of (id, day), created when there is room; null when the bound is reached. */
  function slot(day: string, id: number): Counts | null {
    let byId = pending.get(day);
    if (!byId) {
      byId = new Map();
      pending.set(day, byId);
    }
    let counts = byId.get(id);
    if (counts) return counts;
    if (keys >= maxKeys) {
      dropped += 1;
      return null;
    }
    counts = { appearances: 0, views: 0 };
    byId.set(id, counts);
    keys += 1;
    if (keys >= earlyFlushKeys && !earlyFlush && Date.now() >= retryAt) {
      earlyFlush = true;
      void flush().finally(() => {
        earlyFlush = false;
      });
    }
    return counts;
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
    const rows: { id: number; day: string; counts: Counts }[] = [];
    for (const [day, byId] of taken) for (const [id, counts] of byId) rows.push({ id, day, counts });
    rows.sort((a, b) => a.id - b.id || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const batch: StatsBatch = { ids: [], days: [], appearances: [], views: [] };
    for (const row of rows) {
      batch.ids.push(row.id);
      batch.days.push(row.day);
      batch.appearances.push(row.counts.appearances);
      batch.views.push(row.counts.views);
    }
    try {
      const written = await write(db, batch);
      retryAt = 0;
      if (dropped > droppedLogged) {
        options.log.warn({ dropped: dropped - droppedLogged }, "view statistics: counts dropped while the database refused writes");
        droppedLogged = dropped;
      }
      return { keys: takenKeys, written, skipped: takenKeys - written, failed: false };
    } catch (err) {
      // No early flush for a while (set first: putting the counts back must not start one).
      retryAt = Date.now() + RETRY_AFTER_MS;
      // Put the counts back, added to whatever arrived meanwhile (within the memory bound).
      for (const row of rows) {
        const counts = slot(row.day, row.id);
        if (!counts) continue;
        counts.appearances += row.counts.appearances;
        counts.views += row.counts.views;
      }
      options.log.error({ err, keys: takenKeys }, "view statistics: flush failed, counts kept for the next one");
      return { keys: takenKeys, written: 0, skipped: 0, failed: true };
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
      const day = romeDay(now);
      const seen = new Set<number>();
      for (const id of ids) {
        if (seen.has(id) || !validId(id)) continue;
        seen.add(id);
        const counts = slot(day, id);
        if (counts) counts.appearances += 1;
      }
    },
    sheetView(id, now = Date.now()) {
      if (!validId(id)) return;
      const counts = slot(romeDay(now), id);
      if (counts) counts.views += 1;
    },
    flush,
    pending: () => ({ keys, dropped }),
  };
}
