// Favourites: a stock hunter's bookmarked warehouses, toggled from the map card.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { deleteFavourite, findWarehouseForFavourite, insertFavourite, listFavouriteIds } from "./favourites.queries.ts";

export { listFavouriteIds };

/**
 * Adds the warehouse to the hunter's favourites, or removes it when it is one; returns all
 * the hunter's favourite ids. Only redeemed, listed warehouses can be added (any other one is
 * anonymised); removing always works, so a favourite whose warehouse was later
 * deactivated can still be dropped.
 */
export async function toggleFavourite(db: Database, actor: Actor, warehouseId: number): Promise<number[]> {
  if (actor.role !== "stock_hunter") throw new ForbiddenError();
  return db.transaction().execute(async (trx) => {
    const warehouse = await findWarehouseForFavourite(trx, warehouseId);
    if (!warehouse) throw new NotFoundError();
    const removed = await deleteFavourite(trx, actor.id, warehouseId);
    if (!removed) {
      if (!warehouse.redeemed) throw new ValidationError({ warehouse_id: "not_claimed" }, "not_claimed");
      if (warehouse.status !== "approved" || warehouse.deactivated) throw new NotFoundError();
      await insertFavourite(trx, actor.id, warehouseId);
    }
    return listFavouriteIds(trx, actor.id);
  });
}
