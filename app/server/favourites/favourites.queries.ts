import type { Database } from "../db/database.ts";

export async function listFavouriteIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("favourites").select("warehouse_id").where("user_id", "=", userId).orderBy("created_at").orderBy("warehouse_id").execute();
  return rows.map((r) => r.warehouse_id);
}

/** Deletes the favourite; true when there was one. */
export async function deleteFavourite(db: Database, userId: number, warehouseId: number): Promise<boolean> {
  const result = await db.deleteFrom("favourites").where("user_id", "=", userId).where("warehouse_id", "=", warehouseId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertFavourite(db: Database, userId: number, warehouseId: number): Promise<void> {
  await db
    .insertInto("favourites")
    .values({ user_id: userId, warehouse_id: warehouseId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findWarehouseForFavourite(db: Database, warehouseId: number) {
  return db.selectFrom("warehouses").select(["id", "redeemed", "status", "deactivated"]).where("id", "=", warehouseId).executeTakeFirst();
}
