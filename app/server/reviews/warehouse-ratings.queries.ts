// A warehouse's average rating where a hunter chooses warehouses (the sheet, the comparison, the
// search's cards): the mean of its hunters' reviews (target 'warehouse') that gave at least one
// rating, on the avg_value scale (× 10), and how many those are. One grouped query for all the
// ids asked, read through reviews_warehouse_id_created_at_idx (warehouse_id leads it), and on the
// sheet the same per criterion.
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { WarehouseRating, WarehouseRatingCriterion } from "../../lib/received-feedback.ts";
import { HUNTER_CRITERIA } from "../../schemas/feedback.ts";

export async function warehouseRatings(db: Database, warehouseIds: number[]): Promise<Map<number, WarehouseRating>> {
  const ratings = new Map<number, WarehouseRating>();
  if (warehouseIds.length === 0) return ratings;
  const rows = await db
    .selectFrom("reviews")
    .select(["warehouse_id", sql<number>`round(avg(avg_value))::int`.as("avg_value"), sql<number>`count(*)::int`.as("count")])
    .where("warehouse_id", "in", warehouseIds)
    .where("target", "=", "warehouse")
    // A review without any rating has avg_value 0: it says nothing about the average.
    .where("avg_value", ">", 0)
    .groupBy("warehouse_id")
    .execute();
  for (const row of rows) ratings.set(Number(row.warehouse_id), { avg_value: Number(row.avg_value), count: Number(row.count) });
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
  return HUNTER_CRITERIA.filter((key) => Number(row[`${key}_count`]) > 0).map((key) => ({ key, avg_value: Number(row[`${key}_avg`]), count: Number(row[`${key}_count`]) }));
}
