// What the billing services' tests share: the configuration they run with, Stripe through the
// local stand-in and the real SDK, the people around a stocker (an administrator, another stocker
// and their warehouse), and a stocker's warehouses, promo codes and what a subscription makes public.
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../app/server/db/database.ts";
import type { User } from "../../app/server/db/types.ts";
import { loadConfig } from "../../app/server/config.ts";
import { createBillingGateway, type BillingGateway } from "../../app/server/billing/stripe-gateway.ts";
import { makeUser, makeWarehouse } from "./factories.ts";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in.ts";

export const billingConfig = loadConfig({ NODE_ENV: "test", ORIGIN: "http://stockspace.test" });

/** The stand-in started for the file and a gateway to it; read `stripe.standIn` and `stripe.gateway` inside tests. */
export function useStripeStandIn(): { standIn: StripeStandIn; gateway: BillingGateway; services: () => { billing: BillingGateway } } {
  const stripe = { services: () => ({ billing: stripe.gateway }) } as {
    standIn: StripeStandIn;
    gateway: BillingGateway;
    services: () => { billing: BillingGateway };
  };
  beforeAll(async () => {
    stripe.standIn = await startStripeStandIn();
    stripe.gateway = createBillingGateway({
      secretKey: stripe.standIn.secretKey,
      publishableKey: "pk_test_standin",
      webhookSecret: stripe.standIn.webhookSecret,
      apiBase: stripe.standIn.url,
    });
  });
  afterAll(() => stripe.standIn?.close());
  return stripe;
}

/** An administrator, and another stocker with a warehouse of theirs (made once for the file). */
export function useBillingPeople(t: { db: Database }): { admin: User; otherStocker: User; othersWarehouse: { id: number } } {
  const people = {} as { admin: User; otherStocker: User; othersWarehouse: { id: number } };
  beforeAll(async () => {
    people.admin = await makeUser(t.db, { role: "admin" });
    people.otherStocker = await makeUser(t.db, { role: "stocker" });
    people.othersWarehouse = await makeWarehouse(t.db, { user_id: people.otherStocker.id, name: "Altrui" });
  });
  return people;
}

/** A stocker with three approved warehouses, one a hub, and one pending. */
export async function stockerWithWarehouses(db: Database, fields: Partial<User> = {}) {
  const stocker = await makeUser(db, { role: "stocker", ...fields });
  const a = await makeWarehouse(db, { user_id: stocker.id, name: `Alfa ${stocker.id}` });
  const b = await makeWarehouse(db, { user_id: stocker.id, name: `Beta ${stocker.id}`, is_hub: true });
  const c = await makeWarehouse(db, { user_id: stocker.id, name: `Gamma ${stocker.id}` });
  const pending = await makeWarehouse(db, { user_id: stocker.id, name: `Pending ${stocker.id}`, status: "pending" });
  return { stocker, ids: [a.id, b.id, c.id], pending };
}

/** A promo code with a unique text and the given columns. */
export async function makePromo(db: Database, fields: Record<string, unknown>) {
  return db
    .insertInto("promo_codes")
    .values({ code: `P${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether each warehouse is public (redeemed), in id order. */
export const redeemedOf = async (db: Database, ids: number[]) =>
  (await db.selectFrom("warehouses").select(["id", "redeemed"]).where("id", "in", ids).orderBy("id").execute()).map((w) => w.redeemed);
