// A warehouse's free space: the rules a save keeps (the surface), what the public sheet shows
// of it, and the owner's reminder when its spaces have all ended or were not saved for 60 days
// (decisions 031 and 032). Who may save is the editing service's (warehouse-editing.service.ts:
// updateWarehouse, updateWarehouseSpaces).
import type { Logger } from "pino";
import type { Database } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { formatDate, todayInItaly } from "../../lib/format.ts";
import { lastSpaceDay, SPACES_STALE_DAYS, type PublicSpace, type SpaceValue } from "../../lib/spaces.ts";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import * as q from "./warehouse-spaces.queries.ts";

/**
 * What a space in square metres may not exceed: the warehouse's total surface when it has one,
 * else its internal surface; null (no check) when it has neither.
 */
export function surfaceLimit(w: { total_m2: number | null; m2: number | null }): number | null {
  const total = w.total_m2 !== null && w.total_m2 > 0 ? w.total_m2 : null;
  const internal = w.m2 !== null && w.m2 > 0 ? w.m2 : null;
  return total ?? internal;
}

/**
 * The checks a space needs the warehouse for: each space in square metres at most the surface
 * (spaces.{i}.quantity: over_surface). Pallet positions have no surface to be checked against.
 */
export function checkSpaces(spaces: readonly SpaceValue[], surface: number | null): void {
  if (surface === null) return;
  const errors: Record<string, string> = {};
  spaces.forEach((s, i) => {
    if (s.m2_type === "m2" && s.quantity > surface) errors[`spaces.${i}.quantity`] = "over_surface";
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Saves the whole set of a warehouse's spaces, inside the caller's transaction. */
export async function saveSpaces(trx: Database, warehouseId: number, spaces: readonly SpaceValue[], now = new Date()): Promise<void> {
  await q.replaceSpaces(trx, { warehouseId, spaces, lastDay: lastSpaceDay(spaces), now });
}

/**
 * The spaces the sheet and the comparison show, by warehouse: current and upcoming (not ended in
 * Italy today), the price only when public. A warehouse without any is not in the map.
 */
export async function publicSpaces(db: Database, warehouseIds: readonly number[], now = new Date()): Promise<Map<number, PublicSpace[]>> {
  const rows = await q.listPublicSpaces(db, { warehouseIds, today: todayInItaly(now) });
  const byWarehouse = new Map<number, PublicSpace[]>();
  for (const { warehouse_id, ...space } of rows) {
    const list = byWarehouse.get(warehouse_id) ?? [];
    list.push(space);
    byWarehouse.set(warehouse_id, list);
  }
  return byWarehouse;
}

// ------------------------------------------------------------------ the reminder

/** Reminders queued by one run, at most (the next run takes the rest). */
const REMINDERS_PER_RUN = 500;

/**
 * The owners' reminders, run by the workers every hour: a warehouse whose every space has ended,
 * and one whose spaces were not saved for 60 days, each told once since its last save (the
 * warehouse remembers it; a save starts over). In the owner's language, with a link to the
 * warehouse's page in its area. Safe to run twice, and by two instances at once.
 */
export async function runSpacesReminders(db: Database, ctx: { origin: string; log?: Logger }, now = new Date()): Promise<{ ended: number; stale: number }> {
  const today = todayInItaly(now);
  let ended = 0;
  for (const w of await q.dueEndedReminders(db, { today, limit: REMINDERS_PER_RUN })) {
    if (await remind(db, ctx, w, "ended", now)) ended++;
  }
  let stale = 0;
  const before = new Date(now.getTime() - SPACES_STALE_DAYS * 86_400_000);
  for (const w of await q.dueStaleReminders(db, { before, limit: REMINDERS_PER_RUN })) {
    if (await remind(db, ctx, w, "stale", now)) stale++;
  }
  if (ended || stale) ctx.log?.info({ ended, stale }, "free space reminders queued");
  return { ended, stale };
}

async function remind(db: Database, ctx: { origin: string }, w: q.ReminderRow, kind: "ended" | "stale", now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await q.markReminded(trx, { warehouseId: w.id, kind, savedAt: w.spaces_updated_at, now }))) return false;
    const lang: Locale = w.lang === "en" ? "en" : "it";
    await queueMail(trx, {
      to: w.email,
      lang,
      template: "spaces_reminder",
      data: {
        firstName: w.first_name,
        kind,
        warehouse: { name: w.name, city: w.city },
        lastDay: w.spaces_last_day ? formatDate(w.spaces_last_day) : null,
        days: SPACES_STALE_DAYS,
        link: `${ctx.origin}${warehouseAreaPaths("stocker", lang).detail(w.id)}#availability`,
      },
      origin: ctx.origin,
    });
    return true;
  });
}
