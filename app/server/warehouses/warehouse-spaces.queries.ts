// Reads and writes of a warehouse's free space (table warehouse_spaces, migration 0021) and of
// the owner's reminder about it (the warehouses' spaces_* columns, migration 0023).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { SpaceValue } from "../../lib/spaces.ts";

const SPACE_COLUMNS = ["m2_type", "quantity", "available_from", "available_until", "min_term_months", "price_month", "price_public"] as const;

/** A warehouse's spaces, every one (ended too), by first day. Private: the price whether public or not. */
export function listSpaces(db: Database, args: { warehouseId: number }): Promise<SpaceValue[]> {
  return db.selectFrom("warehouse_spaces").select(SPACE_COLUMNS).where("warehouse_id", "=", args.warehouseId).orderBy("available_from").orderBy("id").execute();
}

/**
 * The spaces anyone may see of some warehouses: not ended on `today` (an ISO day), by warehouse
 * and first day. The price only when the owner made it public, else null; price_public itself is
 * not read.
 */
export function listPublicSpaces(db: Database, args: { warehouseIds: readonly number[]; today: string }) {
  if (args.warehouseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("warehouse_spaces")
    .select(["warehouse_id", "m2_type", "quantity", "available_from", "available_until", "min_term_months"])
    .select((eb) => eb.case().when("price_public", "=", true).then(eb.ref("price_month")).else(null).end().as("price_month"))
    .where("warehouse_id", "in", args.warehouseIds)
    .where((eb) => eb.or([eb("available_until", "is", null), eb("available_until", ">=", args.today)]))
    .orderBy("warehouse_id")
    .orderBy("available_from")
    .orderBy("id")
    .execute();
}

/**
 * The spaces are one list: replaced whole, and the warehouse remembers when (its reminder starts
 * over) and the last day any of them is free.
 */
export async function replaceSpaces(
  db: Database,
  args: { warehouseId: number; spaces: readonly SpaceValue[]; lastDay: string | null; now: Date },
): Promise<void> {
  await db.deleteFrom("warehouse_spaces").where("warehouse_id", "=", args.warehouseId).execute();
  if (args.spaces.length) {
    await db
      .insertInto("warehouse_spaces")
      .values(args.spaces.map((s) => ({ warehouse_id: args.warehouseId, ...s, created_at: args.now, updated_at: args.now })))
      .execute();
  }
  await db
    .updateTable("warehouses")
    .set({ spaces_updated_at: args.now, spaces_last_day: args.lastDay, spaces_reminder: null, spaces_reminded_at: null })
    .where("id", "=", args.warehouseId)
    .execute();
}

/** The surfaces a space in square metres is checked against. */
export function findSurface(db: Database, args: { warehouseId: number }) {
  return db.selectFrom("warehouses").select(["total_m2", "m2"]).where("id", "=", args.warehouseId).executeTakeFirst();
}

const reminderColumns = [
  "w.id",
  "w.name",
  "w.city",
  "w.spaces_last_day",
  "w.spaces_updated_at",
  "owner.id as owner_id",
  "owner.email",
  "owner.first_name",
  "owner.lang",
] as const;

/**
 * Owned, listed warehouses whose every space has ended before `today` and that were not
 * reminded of it since their last save (index warehouses_spaces_ended_idx).
 */
export function dueEndedReminders(db: Database, args: { today: string; limit: number }) {
  return endedRemindersQuery(db, args).execute();
}
export function endedRemindersQuery(db: Database, args: { today: string; limit: number }) {
  return db
    .selectFrom("warehouses as w")
    .innerJoin("users as owner", "owner.id", "w.user_id")
    .select(reminderColumns)
    .where("w.spaces_reminder", "is", null)
    .where("w.user_id", "is not", null)
    .where("w.spaces_last_day", "<", args.today)
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .orderBy("w.spaces_last_day")
    .limit(args.limit);
}

/**
 * Owned, listed warehouses whose spaces were last saved before `before` and that were not
 * reminded of that since (index warehouses_spaces_stale_idx).
 */
export function dueStaleReminders(db: Database, args: { before: Date; limit: number }) {
  return staleRemindersQuery(db, args).execute();
}
export function staleRemindersQuery(db: Database, args: { before: Date; limit: number }) {
  return db
    .selectFrom("warehouses as w")
    .innerJoin("users as owner", "owner.id", "w.user_id")
    .select(reminderColumns)
    .where(sql<boolean>`w.spaces_reminder is distinct from 'stale'`)
    .where("w.user_id", "is not", null)
    .where("w.spaces_updated_at", "<", args.before)
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .orderBy("w.spaces_updated_at")
    .limit(args.limit);
}
export type ReminderRow = Awaited<ReturnType<typeof dueStaleReminders>>[number];

/**
 * Marks a warehouse reminded of `kind`, unless its spaces were saved meanwhile (the save time the
 * job read) or the reminder was sent already: true when this call marked it.
 */
export async function markReminded(db: Database, args: { warehouseId: number; kind: "ended" | "stale"; savedAt: Date | null; now: Date }): Promise<boolean> {
  const res = await db
    .updateTable("warehouses")
    .set({ spaces_reminder: args.kind, spaces_reminded_at: args.now })
    .where("id", "=", args.warehouseId)
    .where(sql<boolean>`spaces_reminder is distinct from ${args.kind}`)
    .where(args.kind === "ended" ? sql<boolean>`spaces_reminder is null` : sql<boolean>`true`)
    // Not saved since the job read it (the column may hold microseconds, a Date only milliseconds).
    .where((eb) =>
      args.savedAt === null ? eb("spaces_updated_at", "is", null) : sql<boolean>`spaces_updated_at < ${args.savedAt}::timestamptz + interval '1 millisecond'`,
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
