// The saved searches' alerts (decision 038): the matching of the warehouses that changed, and
// the e-mails that tell each search's owner of the warehouses that started to match it.
//
// Matching (matchPendingChanges): the changes the triggers kept (one row per warehouse, with its
// state before its first change since the last matching) are read a batch at a time, locked
// (two runs never take the same change) and deleted in the transaction of the matches they
// produce. A warehouse starts to match a search when it matches now and did not in the state
// kept, and the search was active before the warehouse's last change. Matching is listed (approved,
// not switched off), at the published position within the circle, with every specification
// asked, and, when the search asks dates or a quantity, a declared space that satisfies them by
// the search page's own rule (app/server/search/spaces.ts, Italy's today), for the spaces now
// and for the spaces kept. The circle, the specifications and a search without dates or quantity
// are decided in SQL, through the circles' GiST index; only the pairs whose verdict needs the
// spaces come here. Each pair is recorded once (saved_search_matches' primary key).
//
// Alerts (sendDueAlerts): a search that is active, has matches not yet told of, and had no alert
// on this Italian day gets one e-mail, in its language, to the hunter's account address or to the
// visitor's confirmed one, listing the warehouses that still match it as the search's cards show
// them (anonymised unless redeemed; the matching space, its public price, the rating; the sheet's
// link when there is a sheet), nearest first, ALERT_CARDS at most, with a link to the search. A
// match whose warehouse no longer matches when the alert is written was never told of: it is
// dropped, so that it is told if it starts to match again. The e-mail, the matches marked told,
// the alert's row and the search's last_alert_at are one transaction per batch of searches.
import type { Logger } from "pino";
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import { queueMail } from "../mail/outbox.service.ts";
import type { AlertCard } from "../mail/templates.ts";
import { findSearchCards, findSpacesOf, ZONE_SPACE_OPEN_END, type SearchCard } from "../search/search.queries.ts";
import { publicResult } from "../search/search.service.ts";
import { availabilityOf, dayNumber, judge, newSpaceRows, spaceAsk, spaceRowsFromPacked, type SpaceAsk, type SpaceRows } from "../search/spaces.ts";
import { todayInItaly } from "../../lib/format.ts";
import { distanceM } from "../search/zones.ts";
import { publicSheetPath } from "../warehouses/warehouses.queries.ts";
import { savedSearchHref } from "../../lib/saved-searches.ts";
import {
  claimChanges,
  deleteChanges,
  dropPendingMatches,
  findSearchesWithNews,
  listSpecificationCategories,
  lockDueSearches,
  lockPendingMatches,
  markMatchesAlerted,
  matchChanges,
  recordAlerts,
  recordMatches,
  type ChangeRow,
  type DueSearch,
  type KeptSpace,
  type SpaceCandidate,
} from "./alerts.queries.ts";

/** Changed warehouses matched per transaction. */
export const MATCH_BATCH = 1000;
/** Searches alerted per transaction. */
export const ALERT_BATCH = 100;
/** Warehouses an alert shows; the others are counted, and the search's link shows them all. */
export const ALERT_CARDS = 20;

export type AlertsContext = { origin: string; log?: Pick<Logger, "info" | "warn"> };

export type MatchRun = { changes: number; matches: number; batches: number };
export type AlertRun = { searches: number; emails: number; skipped: number; warehouses: number; dropped: number };

// ------------------------------------------------------------------ matching

/** What a saved search asks of the spaces, as the search page reads it (null: neither dates nor a quantity). */
function askOf(s: { m2_type: "m2" | "pallet"; m2_value: number | null; start_date: string | null; end_date: string | null }, today: string): SpaceAsk | null {
  return spaceAsk({ m2_type: s.m2_type, m2_value: s.m2_value ?? undefined, start_date: s.start_date ?? undefined, end_date: s.end_date ?? undefined }, today);
}

/** The spaces kept in change rows, laid out as the search's judge reads them (no prices: the verdict needs none). */
export function spaceRowsFromKept(lists: KeptSpace[][]): SpaceRows {
  const total = lists.reduce((n, list) => n + list.length, 0);
  const rows = newSpaceRows(new Int32Array(lists.length + 1), total);
  rows.price.fill(-1);
  let k = 0;
  lists.forEach((list, i) => {
    for (const s of list) {
      rows.id[k] = k;
      rows.type[k] = s.m2_type === "pallet" ? 1 : 0;
      rows.quantity[k] = s.quantity;
      rows.from[k] = dayNumber(s.available_from);
      rows.until[k] = s.available_until === null ? ZONE_SPACE_OPEN_END : dayNumber(s.available_until);
      rows.minTerm[k] = s.min_term_months;
      k++;
    }
    rows.offsets[i + 1] = k;
  });
  return rows;
}

/** The pairs, among those whose search asks dates or a quantity, that match now and did not in the state kept. */
async function startedBySpaces(db: Database, changes: ChangeRow[], candidates: SpaceCandidate[], today: string) {
  const ids = [...new Set(candidates.map((c) => c.warehouse_id))];
  const index = new Map(ids.map((id, i) => [id, i]));
  const now = spaceRowsFromPacked(ids, await findSpacesOf(db, ids, today));
  // As the search reads a warehouse's spaces: those not ended today.
  const kept = new Map(changes.map((c) => [c.warehouse_id, c.spaces.filter((k) => k.available_until === null || k.available_until >= today)]));
  const before = spaceRowsFromKept(ids.map((id) => kept.get(id) ?? []));
  const asks = new Map<number, SpaceAsk | null>();
  const started: { saved_search_id: number; warehouse_id: number }[] = [];
  for (const c of candidates) {
    if (!asks.has(c.saved_search_id)) asks.set(c.saved_search_id, askOf(c, today));
    const ask = asks.get(c.saved_search_id);
    const i = index.get(c.warehouse_id)!;
    if (!ask || judge(now, i, ask).match < 0) continue;
    if (c.matched_before && judge(before, i, ask).match >= 0) continue;
    started.push({ saved_search_id: c.saved_search_id, warehouse_id: c.warehouse_id });
  }
  return started;
}

/** One batch of changes matched and deleted, in one transaction; how many changes it read and pairs it recorded. */
export async function matchChangeBatch(db: Database, opts: { now?: Date; limit?: number } = {}): Promise<{ changes: number; matches: number }> {
  const now = opts.now ?? new Date();
  const today = todayInItaly(now);
  return db.transaction().execute(async (trx) => {
    const changes = await claimChanges(trx, { limit: opts.limit ?? MATCH_BATCH });
    if (changes.length === 0) return { changes: 0, matches: 0 };
    const warehouseIds = changes.map((c) => c.warehouse_id);
    const { inserted, candidates } = await matchChanges(trx, { warehouseIds, today, now });
    const bySpaces = candidates.length ? await recordMatches(trx, { pairs: await startedBySpaces(trx, changes, candidates, today), now }) : 0;
    await deleteChanges(trx, { warehouseIds });
    return { changes: changes.length, matches: inserted + bySpaces };
  });
}

/** Every change pending (batch after batch, until one is not full or the signal stops it). */
export async function matchPendingChanges(db: Database, opts: { now?: Date; limit?: number; signal?: AbortSignal } = {}): Promise<MatchRun> {
  const limit = opts.limit ?? MATCH_BATCH;
  const run: MatchRun = { changes: 0, matches: 0, batches: 0 };
  while (!opts.signal?.aborted) {
    const batch = await matchChangeBatch(db, { now: opts.now, limit });
    if (batch.changes === 0) break;
    run.batches += 1;
    run.changes += batch.changes;
    run.matches += batch.matches;
    if (batch.changes < limit) break;
  }
  return run;
}

// ------------------------------------------------------------------ the alerts

type SearchCriteria = Pick<
  DueSearch,
  "lang" | "location" | "lat" | "lng" | "radius" | "start_date" | "end_date" | "m2_type" | "m2_value" | "specification_ids"
>;

/** The search page's address for a saved search's criteria, in its language (each specification in its group). */
export function savedSearchPath(s: SearchCriteria, categories: ReadonlyMap<number, number>): string {
  return savedSearchHref(s.lang, { ...s, specifications: s.specification_ids.map((id) => ({ id, cat_id: categories.get(id) ?? 0 })) });
}

/** A hunter's saved searches, in their area. */
export const savedSearchesAreaPath = (lang: Locale) => `/${lang}/stock-hunter/profile/saved-searches`;

/** The hour in Italy (0–23). */
const romeHour = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Rome", hour: "2-digit", hourCycle: "h23" });
export function hourInItaly(now: Date): number {
  return Number(romeHour.format(now));
}

type Judged = { pair: { saved_search_id: number; warehouse_id: number }; distance: number; card: AlertCard | null };

/** A pending match, judged again now: its card when the warehouse still matches the search, else null. */
function judgeNow(
  s: DueSearch,
  warehouseId: number,
  found: { cards: Map<number, SearchCard>; index: Map<number, number>; spaces: SpaceRows },
  today: string,
  origin: string,
): Judged {
  const pair = { saved_search_id: s.id, warehouse_id: warehouseId };
  const row = found.cards.get(warehouseId);
  if (!row) return { pair, distance: 0, card: null };
  const distance = distanceM(s.lat, s.lng, row.pub_lat, row.pub_lng);
  const offered = new Set(row.spec_ids);
  if (distance > s.radius * 1000 || !s.specification_ids.every((id) => offered.has(id))) return { pair, distance, card: null };
  const i = found.index.get(warehouseId)!;
  const ask = askOf(s, today);
  // Without dates or quantity the card shows the largest space of the type free today, as the search's does.
  const verdict = judge(
    found.spaces,
    i,
    ask ?? { ...askOf({ m2_type: s.m2_type, m2_value: null, start_date: today, end_date: today }, today)!, months: null, dated: false },
  );
  if (ask && verdict.match < 0) return { pair, distance, card: null };
  const availability = verdict.match >= 0 ? availabilityOf(found.spaces, verdict.match) : null;
  const result = publicResult(row, distance, new Map(), { availability, on_request: false, unmet: [], missing_specifications: 0 });
  const sheet = publicSheetPath(s.lang, { id: row.id, redeemed: row.redeemed, listed: true });
  return {
    pair,
    distance,
    card: {
      name: result.name,
      city: result.city,
      anonymised: !result.c_sub,
      space: result.availability,
      rating: result.rating_avg !== null && result.review_count > 0 ? { average: result.rating_avg, count: result.review_count } : null,
      link: sheet ? `${origin}${sheet}` : null,
    },
  };
}

/** One batch of due searches, alerted in one transaction. */
async function alertBatch(db: Database, ctx: AlertsContext, ids: number[], now: Date, categories: ReadonlyMap<number, number>): Promise<AlertRun> {
  const today = todayInItaly(now);
  return db.transaction().execute(async (trx) => {
    const run: AlertRun = { searches: 0, emails: 0, skipped: 0, warehouses: 0, dropped: 0 };
    const searches = await lockDueSearches(trx, { ids, today });
    if (searches.length === 0) return run;
    // Locked before the warehouses are read: a matching that records one of them again waits for this transaction.
    const pending = await lockPendingMatches(trx, { searchIds: searches.map((s) => s.id) });
    const warehouseIds = [...new Set(pending.map((p) => p.warehouse_id))];
    const [rows, packed] = await Promise.all([findSearchCards(trx, warehouseIds), findSpacesOf(trx, warehouseIds, today)]);
    const found = {
      cards: new Map(rows.map((r) => [r.id, r])),
      index: new Map(warehouseIds.map((id, i) => [id, i])),
      spaces: spaceRowsFromPacked(warehouseIds, packed),
    };
    const bySearch = new Map<number, number[]>();
    for (const p of pending) {
      const list = bySearch.get(p.saved_search_id);
      if (list) list.push(p.warehouse_id);
      else bySearch.set(p.saved_search_id, [p.warehouse_id]);
    }

    const told: Judged["pair"][] = [];
    const dropped: Judged["pair"][] = [];
    const alerts: { saved_search_id: number; warehouses: number }[] = [];
    for (const s of searches) {
      const judged = (bySearch.get(s.id) ?? []).map((w) => judgeNow(s, w, found, today, ctx.origin));
      const matching = judged.filter((j) => j.card !== null).sort((a, b) => a.distance - b.distance || a.pair.warehouse_id - b.pair.warehouse_id);
      dropped.push(...judged.filter((j) => j.card === null).map((j) => j.pair));
      if (matching.length === 0) continue;
      run.searches += 1;
      told.push(...matching.map((j) => j.pair));
      // A hunter's account switched off gets nothing; its matches count as told all the same.
      const mailId: number | null = s.owner_active
        ? await queueMail(trx, {
            to: s.to_address,
            lang: s.lang,
            template: "saved_search_alert",
            data: {
              firstName: s.first_name,
              search: s.name,
              location: s.location,
              warehouses: matching.slice(0, ALERT_CARDS).map((j) => j.card!),
              total: matching.length,
              searchLink: `${ctx.origin}${savedSearchPath(s, categories)}`,
              manageLink: s.user_id !== null ? `${ctx.origin}${savedSearchesAreaPath(s.lang)}` : null,
            },
            origin: ctx.origin,
          })
        : null;
      // No message (the address opted out of alerts): the matches are told all the same, so they do not pile up, and no alert is counted.
      if (mailId === null) {
        run.skipped += 1;
        continue;
      }
      run.emails += 1;
      run.warehouses += matching.length;
      alerts.push({ saved_search_id: s.id, warehouses: matching.length });
    }
    await dropPendingMatches(trx, { pairs: dropped });
    await markMatchesAlerted(trx, { pairs: told, now });
    await recordAlerts(trx, { alerts, now });
    run.dropped = dropped.length;
    return run;
  });
}

/**
 * The alerts due now: every active search with matches not yet told of and no alert on this
 * Italian day, a batch of searches per transaction. Safe to run twice and by two instances at once.
 */
export async function sendDueAlerts(db: Database, ctx: AlertsContext, opts: { now?: Date; signal?: AbortSignal } = {}): Promise<AlertRun> {
  const now = opts.now ?? new Date();
  const run: AlertRun = { searches: 0, emails: 0, skipped: 0, warehouses: 0, dropped: 0 };
  let categories: Map<number, number> | null = null;
  let after = 0;
  while (!opts.signal?.aborted) {
    const ids = await findSearchesWithNews(db, { after, limit: ALERT_BATCH });
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    categories ??= await listSpecificationCategories(db);
    const batch = await alertBatch(db, ctx, ids, now, categories);
    for (const key of Object.keys(run) as (keyof AlertRun)[]) run[key] += batch[key];
  }
  return run;
}

/**
 * The worker's run (every minute): the pending changes matched; the alerts sent once Italy's
 * clock has reached `alertHour` (`force`: whatever the hour, for `npm run alerts:run`).
 */
export async function runSavedSearchAlerts(
  db: Database,
  ctx: AlertsContext & { alertHour: number },
  opts: { now?: Date; signal?: AbortSignal; force?: boolean } = {},
): Promise<{ matching: MatchRun; alerts: AlertRun | null }> {
  const now = opts.now ?? new Date();
  const matching = await matchPendingChanges(db, { now, signal: opts.signal });
  const due = opts.force || hourInItaly(now) >= ctx.alertHour;
  const alerts = due && !opts.signal?.aborted ? await sendDueAlerts(db, ctx, { now, signal: opts.signal }) : null;
  if (matching.matches || alerts?.emails || alerts?.skipped) ctx.log?.info({ matching, alerts }, "saved search alerts");
  return { matching, alerts };
}
