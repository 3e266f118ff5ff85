// SQL of card payments: Stripe's webhook events applied (by id, once) and the stocker's Stripe customer.
import type { Database } from "../db/database.ts";

/** Records a webhook event by id. Returns false when it was recorded before (a retry, a replay). */
export async function recordStripeEvent(db: Database, event: { id: string; type: string; created: Date }): Promise<boolean> {
  const inserted = await db
    .insertInto("stripe_events")
    .values({ id: event.id, type: event.type, created_at: event.created })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets an event that could not be applied, so that Stripe's retry is. */
export async function forgetStripeEvent(db: Database, id: string): Promise<void> {
  await db.deleteFrom("stripe_events").where("id", "=", id).execute();
}

/** Stores the stocker's Stripe customer, unless one is stored already. */
export async function setStripeCustomer(db: Database, args: { userId: number; customerId: string }): Promise<void> {
  await db.updateTable("users").set({ stripe_customer_id: args.customerId }).where("id", "=", args.userId).where("stripe_customer_id", "is", null).execute();
}
