// SQL of the map search. The radius test runs on the GiST index over ll_to_earth(lat, lng)
// (earthdistance): earth_box(centre, r) @> ll_to_earth(lat, lng) is the indexable test of the
// box around the circle, and <-> orders by distance straight from the index (nearest first).
import { sql, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";

export type SearchCandidate = {
  id: number;
  name: string;
  city: string;
  address: string;
  cap: string;
  /** True position: server-side only (unclaimed warehouses are shown jittered). */
  lat: number;
  lng: number;
  is_hub: boolean;
  total_m2: number | null;
  claimed: boolean;
  /** Every specification of the warehouse (warehouses.spec_ids, kept by triggers). */
  spec_ids: number[];
  /** The first image (by position) of a claimed warehouse, if any. */
  img: string | null;
};

type NearArgs = { lat: number; lng: number; radiusM: number; limit: number };

/**
 * Approved, active warehouses whose true position lies in the box around the circle of
 * `radiusM` metres, nearest first, at most `limit`. The caller makes the exact distance test on
 * the position it publishes (and widens the radius by the jitter margin for it).
 */
export async function findWarehousesNear(db: Database, args: NearArgs): Promise<SearchCandidate[]> {
  const rows = await db.transaction().execute(async (trx) => {
    await searchPlanSettings().execute(trx);
    return (await warehousesNearQuery(args).execute(trx)).rows;
  });
  for (const row of rows) row.spec_ids = parseIds(row.spec_ids as unknown as string);
  return rows;
}

/** "3,17,42" → [3, 17, 42]: cheaper than node-postgres' general array parser, a thousand times per search. */
function parseIds(text: string): number[] {
  if (!text) return [];
  const parts = text.split(",");
  const ids = new Array<number>(parts.length);
  for (let i = 0; i < parts.length; i++) ids[i] = Number(parts[i]);
  return ids;
}

/**
 * PostgreSQL rates a GiST box test at a fixed 0.1% of the table, so in a dense zone it would
 * read the whole box with a bitmap scan and sort it. The nearest-first index scan (KNN on <->)
 * stops after `limit` rows instead; this makes the planner take it. Transaction-local.
 */
export function searchPlanSettings(): RawBuilder<unknown> {
  return sql`set local enable_bitmapscan = off`;
}

/** The statement of findWarehousesNear (the benchmark runs it bare, tests EXPLAIN it). */
export function warehousesNearQuery(args: NearArgs): RawBuilder<SearchCandidate> {
  const centre = sql`ll_to_earth(${args.lat}::float8, ${args.lng}::float8)`;
  // No earth_distance() per row: its SQL wrappers cost more than the index scan; the box
  // bounds the scan and the caller measures the exact great-circle distance.
  return sql<SearchCandidate>`
    select w.id, w.name, w.city, w.address, w.cap, w.lat, w.lng, w.is_hub, w.total_m2,
           w.user_id is not null as claimed, array_to_string(w.spec_ids, ',') as spec_ids,
           case when w.user_id is not null
             then (select i.src from images i where i.warehouse_id = w.id order by i.position, i.id limit 1)
           end as img
    from warehouses w
    where earth_box(${centre}, ${args.radiusM}::float8) @> ll_to_earth(w.lat, w.lng)
      and w.status = 'approved'
      and not w.deactivated
    order by ll_to_earth(w.lat, w.lng) <-> ${centre}
    limit ${args.limit}`;
}

export type PublicSpecification = {
  id: number;
  cat_id: number;
  value: string;
  value_en: string | null;
  description: string | null;
  description_en: string | null;
  position: number;
};

/** The visible specifications, in display order (category, position, id). */
export async function listVisibleSpecifications(db: Database): Promise<PublicSpecification[]> {
  return db
    .selectFrom("specifications")
    .select(["id", "cat_id", "value", "value_en", "description", "description_en", "position"])
    .where("hidden", "=", false)
    .orderBy("cat_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}
