// A warehouse's average rating where a hunter chooses warehouses (the sheet, the comparison, the
// search's cards): the mean of its hunters' reviews (target 'warehouse') that gave at least one
// rating, on the avg_value scale (× 10), and how many those are. One grouped query for all the
// ids asked, read through reviews_warehouse_id_created_at_idx (warehouse_id leads it).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { WarehouseRating } from "../../lib/received-feedback.ts";

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
