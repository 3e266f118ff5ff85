import type { Database } from "../db/database.ts";
import type { NewNotification } from "../db/types.ts";

export function insertNotifications(db: Database, rows: NewNotification[]) {
  return db.insertInto("notifications").values(rows).returning("id").execute();
}
