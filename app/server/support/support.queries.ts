import type { Insertable } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/types.ts";

export async function insertSupportRequest(db: Database, values: Insertable<DB["support_requests"]>): Promise<number> {
  const row = await db.insertInto("support_requests").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}
