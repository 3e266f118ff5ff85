// Abuse limits stored in PostgreSQL, so they hold across several app instances: a fixed
// window counter per key (e.g. "login:ip:1.2.3.4", "login:email:a@b.it"), incremented
// atomically with an upsert.
import type { Database } from "../db/database.ts";
import { RateLimitError } from "../errors.ts";
import { addHit, deleteKey, hitsSince } from "./rate-limit.queries.ts";

/** `code`: the error code of a refusal, for a limit the user is told about in its own words. */
export type Limit = { name: string; max: number; windowSeconds: number; code?: string };

/** Count one hit on each key; throws RateLimitError (429) when any is over its limit. */
export async function hit(db: Database, limit: Limit, keys: (string | null | undefined)[]): Promise<void> {
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / (limit.windowSeconds * 1000)) * limit.windowSeconds * 1000);
  for (const key of keys) {
    if (!key) continue;
    if ((await addHit(db, { key: `${limit.name}:${key.toLowerCase()}`, windowStart })) > limit.max) {
      const retryAfter = Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - now) / 1000);
      throw new RateLimitError(Math.max(1, retryAfter), limit.code);
    }
  }
}

// Failures over a sliding window, for "N wrong attempts in a row" (logins, codes): a fixed
// window would let an attacker split a burst across its boundary. Failures are counted in
// one-minute buckets of the same table and summed over the last `windowSeconds`.
const BUCKET_SECONDS = 60;

export type FailureLimit = { name: string; max: number; windowSeconds: number };

function bucketStart(now: number): Date {
  return new Date(Math.floor(now / (BUCKET_SECONDS * 1000)) * BUCKET_SECONDS * 1000);
}

function failureKey(limit: FailureLimit, key: string): string {
  return `${limit.name}:${key.toLowerCase()}`;
}

/** Throws RateLimitError (429) when any key already has `max` failures in the window. Counts nothing. */
export async function refuseAfterFailures(db: Database, limit: FailureLimit, keys: (string | null | undefined)[]): Promise<void> {
  const now = Date.now();
  const since = new Date(now - limit.windowSeconds * 1000);
  for (const key of keys) {
    if (!key) continue;
    const row = await hitsSince(db, { key: failureKey(limit, key), since });
    if (row && Number(row.failures) >= limit.max) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now;
      throw new RateLimitError(Math.max(1, Math.ceil((oldest + limit.windowSeconds * 1000 - now) / 1000)));
    }
  }
}

/** Count one failure on each key. */
export async function recordFailure(db: Database, limit: FailureLimit, keys: (string | null | undefined)[]): Promise<void> {
  const start = bucketStart(Date.now());
  for (const key of keys) {
    if (!key) continue;
    await addHit(db, { key: failureKey(limit, key), windowStart: start });
  }
}

/** Forget a key's failures (a success ends the streak). */
export async function clearFailures(db: Database, limit: FailureLimit, key: string): Promise<void> {
  await deleteKey(db, failureKey(limit, key));
}
