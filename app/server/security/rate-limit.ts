// Abuse limits stored in PostgreSQL, so they hold across several app instances: a fixed
// window counter per key (e.g. "login:ip:1.2.3.4", "login:email:a@b.it"), incremented
// atomically with an upsert.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { RateLimitError } from "../errors.ts";

export type Limit = { name: string; max: number; windowSeconds: number };

/** Count one hit on each key; throws RateLimitError (429) when any is over its limit. */
export async function hit(db: Database, limit: Limit, keys: (string | null | undefined)[]): Promise<void> {
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / (limit.windowSeconds * 1000)) * limit.windowSeconds * 1000);
  for (const key of keys) {
    if (!key) continue;
    const { rows } = await sql<{ hits: number }>`
      insert into rate_limits (key, window_start, hits) values (${`${limit.name}:${key.toLowerCase()}`}, ${windowStart}, 1)
      on conflict (key, window_start) do update set hits = rate_limits.hits + 1
      returning hits`.execute(db);
    if ((rows[0]?.hits ?? 0) > limit.max) {
      const retryAfter = Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - now) / 1000);
      throw new RateLimitError(Math.max(1, retryAfter));
    }
  }
}

/** Old windows are of no use: the maintenance job deletes them. */
export function deleteOldWindows(db: Database, olderThanSeconds = 24 * 3600) {
  return db.deleteFrom("rate_limits").where("window_start", "<", new Date(Date.now() - olderThanSeconds * 1000)).executeTakeFirst();
}
