// SQL of warehouses added to a running subscription (subscription_additions, migration 0015).
import type { Insertable, Updateable } from "kysely";
import type { Database } from "../db/database.ts";
import type { SubscriptionAdditionsTable } from "../db/types.ts";

/** The subscription's addition waiting for its bank transfer (at most one), or undefined. */
export function findWaitingAddition(db: Database, subscriptionId: number) {
  return db
    .selectFrom("subscription_additions")
    .select(["id", "amount", "warehouse_ids", "created_at"])
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", "pending_transfer")
    .executeTakeFirst();
}

/** The names of the warehouses an addition lists, by name. */
export function additionWarehouses(db: Database, warehouseIds: number[]) {
  return db.selectFrom("warehouses").select(["id", "name", "city"]).where("id", "in", warehouseIds).orderBy("name").orderBy("id").execute();
}

/** An addition, locked for the rest of the transaction. */
export function lockAddition(db: Database, id: number) {
  return db.selectFrom("subscription_additions").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

/** Drops the subscription's addition waiting for its transfer (replaced, or nothing left to join). */
export async function cancelWaitingAdditions(db: Database, subscriptionId: number): Promise<void> {
  await db
    .updateTable("subscription_additions")
    .set({ status: "canceled" })
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", "pending_transfer")
    .execute();
}

export async function insertAddition(db: Database, values: Insertable<SubscriptionAdditionsTable>): Promise<number> {
  const row = await db.insertInto("subscription_additions").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddition(db: Database, id: number, changes: Updateable<SubscriptionAdditionsTable>): Promise<void> {
  await db.updateTable("subscription_additions").set(changes).where("id", "=", id).execute();
}
