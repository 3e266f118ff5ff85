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
