// The SQL of the abuse limits (rate-limit.ts decides): counters per key and window in rate_limits.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

/** One more hit on a key's window, atomically (an upsert); answers the window's hits so far. */
export async function addHit(db: Database, args: { key: string; windowStart: Date }): Promise<number> {
  const { rows } = await sql<{ hits: number }>`
    insert into rate_limits (key, window_start, hits) values (${args.key}, ${args.windowStart}, 1)
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning hits`.execute(db);
  return rows[0]?.hits ?? 0;
}

/** A key's hits in the windows that started after `since`, and the oldest of those windows. */
export function hitsSince(db: Database, args: { key: string; since: Date }) {
  return db
    .selectFrom("rate_limits")
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>("hits"), sql<number>`0`).as("failures"), eb.fn.min("window_start").as("oldest")])
    .where("key", "=", args.key)
    .where("window_start", ">", args.since)
    .executeTakeFirst();
}

/** Forget every window of a key. */
export async function deleteKey(db: Database, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Old windows are of no use: the maintenance job deletes them. */
export function deleteOldWindows(db: Database, olderThanSeconds = 24 * 3600) {
  return db
    .deleteFrom("rate_limits")
    .where("window_start", "<", new Date(Date.now() - olderThanSeconds * 1000))
    .executeTakeFirst();
}
