// A warehouse's average rating: the mean of its hunters' reviews (target 'warehouse') that gave
// at least one rating, on the avg_value scale (× 10), and how many those are, as the warehouse
// row keeps them (migration 0025); and on the sheet the same per criterion, read from the
// reviews through reviews_warehouse_id_created_at_idx (warehouse_id leads it).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { WarehouseRating, WarehouseRatingCriterion } from "../../lib/received-feedback.ts";
import { HUNTER_CRITERIA } from "../../schemas/feedback.ts";

export async function warehouseRatings(db: Database, warehouseIds: number[]): Promise<Map<number, WarehouseRating>> {
  const ratings = new Map<number, WarehouseRating>();
  if (warehouseIds.length === 0) return ratings;
  const rows = await db
    .selectFrom("warehouses")
    .select(["id", "rating_avg", "review_count"])
    .where("id", "in", warehouseIds)
    .where("review_count", ">", 0)
    .execute();
  for (const row of rows) if (row.rating_avg !== null) ratings.set(Number(row.id), { avg_value: Number(row.rating_avg), count: Number(row.review_count) });
  return ratings;
}

/**
 * The sheet's breakdown of that average: for each criterion a hunter rates, the mean of the
 * reviews that rated it (× 10, as avg_value) and how many did; criteria nobody rated are left out.
 */
export async function warehouseRatingCriteria(db: Database, warehouseId: number): Promise<WarehouseRatingCriterion[]> {
  const row = (await db
    .selectFrom("reviews")
    .select(
      HUNTER_CRITERIA.flatMap((key) => [
        sql<number | null>`round(avg(${sql.ref(key)}) * 10)::int`.as(`${key}_avg`),
        sql<number>`count(${sql.ref(key)})::int`.as(`${key}_count`),
      ]),
    )
    .where("warehouse_id", "=", warehouseId)
    .where("target", "=", "warehouse")
    .executeTakeFirstOrThrow()) as Record<string, number | null>;
  return HUNTER_CRITERIA.filter((key) => Number(row[`${key}_count`]) > 0).map((key) => ({
    key,
    avg_value: Number(row[`${key}_avg`]),
    count: Number(row[`${key}_count`]),
  }));
}
