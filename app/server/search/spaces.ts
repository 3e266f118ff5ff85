// The free spaces owners declare (table warehouse_spaces) as the search weighs them, in memory:
// a zone's spaces are read once with the zone (zoneSpacesQuery) and every search of the zone,
// whatever its dates and quantity, is judged here without asking PostgreSQL again. Decision 033.
//
// The rule:
// - a space covers a period when it is of the asked type (m² or pallet positions), free from
//   on or before the first day, until the last day or open-ended, and the period lasts at least
//   its minimum term (calendar months, monthsBetween);
// - it matches when it also holds the asked quantity (quantity ≥ m2_value);
// - only a quantity asked: the period is today (Italy's day), and no minimum term applies (the
//   seeker said nothing of how long); only dates asked: any quantity;
// - the best match is the smallest space that holds the asked quantity (the least surplus to
//   pay for), then the cheapest public price, the earliest free, the oldest declared; with no
//   quantity asked the largest;
// - a warehouse that declares no space at all is "availability on request": it never matches
//   a search that asks for dates or a quantity, and says so.
import { ZONE_SPACE_BYTES, ZONE_SPACE_OPEN_END } from "./search.queries.ts";
import type { SpaceAvailability, UnmetCriterion } from "../../lib/search-results.ts";

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → days since 1970-01-01. */
export function dayNumber(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The whole calendar months a stay from `start` to `end` (both days included) lasts: from the
 * first day to the day after the last, a month counted each time the day of the month comes
 * round again. 01.12.2026–31.05.2027 is 6 months, 15.01–14.03 is 2, 31.01–28.02 is 1 (a month
 * without a 31st ends on its last day).
 */
export function monthsBetween(start: string, end: string): number {
  const [y1, m1, d1] = start.split("-").map(Number) as [number, number, number];
  const after = new Date((dayNumber(end) + 1) * DAY_MS);
  const y2 = after.getUTCFullYear();
  const m2 = after.getUTCMonth() + 1;
  const d2 = after.getUTCDate();
  let months = (y2 - y1) * 12 + (m2 - m1);
  // The first day's number does not come round in a short month: its last day stands for it.
  const lastOfMonth = new Date(Date.UTC(y2, m2, 0)).getUTCDate();
  if (d2 < Math.min(d1, lastOfMonth)) months -= 1;
  return Math.max(0, months);
}

/** What a search asks of the spaces, as the search query carries it. */
export type SpaceAsk = {
  type: 0 | 1;
  /** null: no quantity asked. */
  quantity: number | null;
  /** First and last day (day numbers) of the period; today and today without dates. */
  start: number;
  end: number;
  /** The period in months, or null without dates (no minimum term applies). */
  months: number | null;
  /** Dates were asked. */
  dated: boolean;
};

export function spaceAsk(q: { m2_type: "m2" | "pallet"; m2_value?: number; start_date?: string; end_date?: string }, today: string): SpaceAsk | null {
  const quantity = q.m2_value !== undefined && q.m2_value > 0 ? q.m2_value : null;
  const dated = !!(q.start_date || q.end_date);
  if (quantity === null && !dated) return null;
  const start = q.start_date ?? (q.end_date && q.end_date < today ? q.end_date : today);
  const end = q.end_date ?? start;
  return {
    type: q.m2_type === "pallet" ? 1 : 0,
    quantity,
    start: dayNumber(start),
    end: dayNumber(end),
    months: dated ? monthsBetween(start, end) : null,
    dated,
  };
}

/** The spaces of some warehouses, grouped by warehouse (its index among them): offsets[i]..offsets[i+1]. */
export type SpaceRows = {
  offsets: Int32Array;
  id: Int32Array;
  type: Int32Array;
  quantity: Int32Array;
  from: Int32Array;
  until: Int32Array;
  minTerm: Int32Array;
  /** Public cents per unit per month, -1 when not public or not given. */
  price: Int32Array;
};

/** Space rows for `total` spaces, each warehouse's from offsets[i] to offsets[i + 1], to be filled in. */
export function newSpaceRows(offsets: Int32Array, total: number): SpaceRows {
  return {
    offsets,
    id: new Int32Array(total),
    type: new Int32Array(total),
    quantity: new Int32Array(total),
    from: new Int32Array(total),
    until: new Int32Array(total),
    minTerm: new Int32Array(total),
    price: new Int32Array(total),
  };
}

/** Unpacks zoneSpacesQuery's answer for the warehouses `ids` (a space of another warehouse is dropped). */
export function spaceRowsFromPacked(ids: ArrayLike<number>, packed: Buffer): SpaceRows {
  const indexOf = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) indexOf.set(ids[i]!, i);
  const count = packed.length / ZONE_SPACE_BYTES;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const owner = new Int32Array(count);
  const offsets = new Int32Array(ids.length + 1);
  for (let k = 0; k < count; k++) {
    const i = indexOf.get(view.getInt32(k * ZONE_SPACE_BYTES));
    owner[k] = i ?? -1;
    if (i !== undefined) offsets[i + 1]! += 1;
  }
  for (let i = 0; i < ids.length; i++) offsets[i + 1]! += offsets[i]!;
  const total = offsets[ids.length]!;
  const rows = newSpaceRows(offsets, total);
  const next = offsets.slice(0, ids.length);
  for (let k = 0; k < count; k++) {
    const i = owner[k]!;
    if (i < 0) continue;
    const at = next[i]!++;
    const o = k * ZONE_SPACE_BYTES;
    rows.id[at] = view.getInt32(o + 4);
    rows.type[at] = view.getInt32(o + 8);
    rows.quantity[at] = view.getInt32(o + 12);
    rows.from[at] = view.getInt32(o + 16);
    rows.until[at] = view.getInt32(o + 20);
    rows.minTerm[at] = view.getInt32(o + 24);
    rows.price[at] = view.getInt32(o + 28);
  }
  return rows;
}

/** How a warehouse stands against what a search asks of its spaces. */
export type SpaceVerdict = {
  /** It declares at least one space still free today or later. */
  declared: boolean;
  /** The best space that matches, or -1. */
  match: number;
  /** No match: the largest space of the type that covers the period (too small), or -1. */
  partial: number;
};

const priceKey = (p: number) => (p < 0 ? Number.MAX_SAFE_INTEGER : p);

/** Whether space `a` is a better pick than `b` (see the rule above). */
function better(rows: SpaceRows, a: number, b: number, smallest: boolean): boolean {
  if (rows.quantity[a] !== rows.quantity[b]) return smallest ? rows.quantity[a]! < rows.quantity[b]! : rows.quantity[a]! > rows.quantity[b]!;
  const pa = priceKey(rows.price[a]!);
  const pb = priceKey(rows.price[b]!);
  if (pa !== pb) return pa < pb;
  if (rows.from[a] !== rows.from[b]) return rows.from[a]! < rows.from[b]!;
  return rows.id[a]! < rows.id[b]!;
}

/** Warehouse i's spaces against the ask (without an ask: the largest space free today, of the type). */
export function judge(rows: SpaceRows, i: number, ask: SpaceAsk): SpaceVerdict {
  let match = -1;
  let partial = -1;
  const first = rows.offsets[i]!;
  const last = rows.offsets[i + 1]!;
  for (let k = first; k < last; k++) {
    if (rows.type[k] !== ask.type) continue;
    if (rows.from[k]! > ask.start || rows.until[k]! < ask.end) continue;
    if (ask.months !== null && rows.minTerm[k]! > ask.months) continue;
    if (ask.quantity === null || rows.quantity[k]! >= ask.quantity) {
      if (match < 0 || better(rows, k, match, ask.quantity !== null)) match = k;
    } else if (partial < 0 || better(rows, k, partial, false)) partial = k;
  }
  return { declared: last > first, match, partial };
}

/** A space's public fields, as a card shows it. */
export function availabilityOf(rows: SpaceRows, k: number): SpaceAvailability {
  return {
    m2_type: rows.type[k] === 1 ? "pallet" : "m2",
    quantity: rows.quantity[k]!,
    available_from: isoDay(rows.from[k]!),
    available_until: rows.until[k] === ZONE_SPACE_OPEN_END ? null : isoDay(rows.until[k]!),
    min_term_months: rows.minTerm[k]!,
    price_month: rows.price[k]! < 0 ? null : rows.price[k]!,
  };
}

/** What a warehouse that misses the search lacks, in the order a card says it. */
export function unmetCriteria(verdict: SpaceVerdict | null, ask: SpaceAsk | null, missingSpecs: number): UnmetCriterion[] {
  const unmet: UnmetCriterion[] = [];
  if (ask && verdict && verdict.match < 0) {
    if (!verdict.declared) {
      if (ask.dated) unmet.push("dates");
      if (ask.quantity !== null) unmet.push("quantity");
    } else if (verdict.partial >= 0) unmet.push("quantity");
    else unmet.push(ask.dated ? "dates" : "quantity");
  }
  if (missingSpecs > 0) unmet.push("specifications");
  return unmet;
}
