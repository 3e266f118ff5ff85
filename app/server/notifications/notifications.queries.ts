import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { NewNotification } from "../db/types.ts";

export function insertNotifications(db: Database, rows: NewNotification[]) {
  return db.insertInto("notifications").values(rows).returning("id").execute();
}

/** How many of a user's notifications are unread (the partial index notifications_unread_idx). */
export async function countUnreadNotifications(db: Database, args: { userId: number }): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", args.userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type NotificationListFilters = { unread: boolean; type: string | null };

/**
 * A page of a user's notifications, newest first: notifications_user_id_created_at_idx read in
 * order for the user (the id only breaks ties of one transaction's notifications).
 */
export function notificationsPageQuery(db: Database, args: { userId: number; filters: NotificationListFilters; limit: number; offset: number }) {
  let query = db.selectFrom("notifications").select(["id", "type", "title", "message", "data", "created_at", "read_at"]).where("user_id", "=", args.userId);
  if (args.filters.unread) query = query.where("read_at", "is", null);
  if (args.filters.type) query = query.where("type", "=", args.filters.type);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(args.limit).offset(args.offset);
}

/** How many notifications the same filters match (the same index, or notifications_unread_idx for the unread ones). */
export async function countNotifications(db: Database, args: { userId: number; filters: NotificationListFilters }): Promise<number> {
  let query = db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", args.userId);
  if (args.filters.unread) query = query.where("read_at", "is", null);
  if (args.filters.type) query = query.where("type", "=", args.filters.type);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One notification, whoever it belongs to (the service decides what the caller may know). */
export function findNotification(db: Database, id: number) {
  return db
    .selectFrom("notifications")
    .select(["id", "user_id", "type", "title", "message", "data", "created_at", "read_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Marks a user's notification read, once: the first read_at stays. Returns whether it changed. */
export async function setNotificationRead(db: Database, args: { id: number; userId: number }): Promise<boolean> {
  const rows = await db
    .updateTable("notifications")
    .set({ read_at: sql<Date>`now()` })
    .where("id", "=", args.id)
    .where("user_id", "=", args.userId)
    .where("read_at", "is", null)
    .returning("id")
    .execute();
  return rows.length > 0;
}
