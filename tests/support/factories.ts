// Small fixture builders for integration tests: each inserts one row with sensible defaults
// that a test overrides where it matters.
//
//   const owner = await makeUser(t.db, { role: "stocker" });
//   const w = await makeWarehouse(t.db, { user_id: owner.id });
import { randomBytes } from "node:crypto";
import type { Database } from "../../app/server/db/database.ts";
import type { Actor } from "../../app/server/context.ts";
import type {
  LinkState,
  NewUser,
  NewWarehouse,
  RequestOffersTable,
  SavedSearchesTable,
  SubscriptionsTable,
  User,
  WarehouseTimesTable,
} from "../../app/server/db/types.ts";
import type { Insertable } from "kysely";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

export async function makeUser(db: Database, fields: Partial<NewUser> = {}): Promise<User> {
  const role = fields.role ?? "stock_hunter";
  const id = unique();
  return db
    .insertInto("users")
    .values({
      email: `${role.replace("_", "-")}-${id}@test.example`,
      role,
      account_type: role === "stocker" ? 0 : null,
      first_name: "Test",
      last_name: role,
      telephone: "+39 02 1234567",
      lang: "it",
      invite_code: `INV${id}`.toUpperCase(),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The acting user of a request, as the root middleware builds it from a session. */
export function actorOf(user: User): Actor {
  return {
    id: user.id,
    role: user.role,
    accountType: user.account_type,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    company: user.company,
    telephone: user.telephone,
    lang: user.lang,
    sessionId: `test-${user.id}`,
  };
}

export async function makeWarehouse(db: Database, fields: Partial<NewWarehouse> = {}) {
  const n = unique();
  return db
    .insertInto("warehouses")
    .values({
      name: `Magazzino ${n}`,
      country: "Italia",
      address: "Via Roma 1",
      cap: "20100",
      city: "Milano",
      province: "MI",
      lat: 45.4642,
      lng: 9.19,
      total_m2: 12000,
      m2: 10000,
      m2_external: 1500,
      m2_office: 500,
      height: 11.5,
      bays_number: 12,
      website: "www.example.com",
      telephone: "+39 02 7654321",
      email: `warehouse-${n}@test.example`,
      m2_cost: 4.5,
      m2_month: 5.25,
      m2_pallet: 7.75,
      handling_cost: 3.1,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A claimed warehouse: an owner (stocker) and the warehouse, approved and active. */
export async function makeClaimedWarehouse(db: Database, fields: Partial<NewWarehouse> = {}, ownerFields: Partial<NewUser> = {}) {
  const owner = await makeUser(db, { role: "stocker", ...ownerFields });
  const warehouse = await makeWarehouse(db, { user_id: owner.id, ...fields });
  return { owner, warehouse };
}

/**
 * Covers the owner's warehouses with an active subscription (their live one, or a new yearly
 * card one): they become redeemed (warehouses.redeemed, kept by triggers).
 */
export async function subscribeWarehouses(db: Database, ownerId: number, warehouseIds: number[], fields: Partial<Insertable<SubscriptionsTable>> = {}) {
  const live = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("user_id", "=", ownerId)
    .where("stripe_status", "in", ["incomplete", "pending_transfer", "trialing", "active", "past_due"])
    .executeTakeFirst();
  const subscription =
    live ??
    (await db
      .insertInto("subscriptions")
      .values({
        user_id: ownerId,
        stripe_status: "active",
        plan: "yearly",
        payment_type: "card",
        price_unit_amount: 49_000,
        started_at: new Date(),
        ends_at: new Date(Date.now() + 300 * 86_400_000),
        ...fields,
      })
      .returning("id")
      .executeTakeFirstOrThrow());
  if (warehouseIds.length) {
    await db
      .insertInto("subscription_warehouses")
      .values(warehouseIds.map((warehouse_id) => ({ subscription_id: subscription.id, warehouse_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return subscription.id;
}

/** A redeemed warehouse: claimed, approved, active and covered by its owner's active subscription. */
export async function makeRedeemedWarehouse(db: Database, fields: Partial<NewWarehouse> = {}, ownerFields: Partial<NewUser> = {}) {
  const { owner, warehouse } = await makeClaimedWarehouse(db, fields, ownerFields);
  await subscribeWarehouses(db, owner.id, [warehouse.id]);
  return { owner, warehouse: await db.selectFrom("warehouses").selectAll().where("id", "=", warehouse.id).executeTakeFirstOrThrow() };
}

export async function makeSpecification(
  db: Database,
  fields: { cat_id?: number; value?: string; value_en?: string | null; position?: number; hidden?: boolean } = {},
) {
  const n = unique();
  return db
    .insertInto("specifications")
    .values({
      cat_id: fields.cat_id ?? 1,
      value: fields.value ?? `Servizio ${n}`,
      value_en: fields.value_en === undefined ? `Service ${n}` : fields.value_en,
      position: fields.position ?? 0,
      hidden: fields.hidden ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function attachSpecifications(db: Database, warehouseId: number, specificationIds: number[]) {
  if (specificationIds.length === 0) return;
  await db
    .insertInto("warehouse_specifications")
    .values(specificationIds.map((specification_id) => ({ warehouse_id: warehouseId, specification_id })))
    .execute();
}

export async function setTimes(db: Database, warehouseId: number, times: Partial<Insertable<WarehouseTimesTable>>) {
  await db
    .insertInto("warehouse_times")
    .values({ warehouse_id: warehouseId, ...times })
    .onConflict((oc) => oc.column("warehouse_id").doUpdateSet(times))
    .execute();
}

export async function addImages(db: Database, warehouseId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await db
      .insertInto("images")
      .values({
        warehouse_id: warehouseId,
        src: `/uploads/test/${warehouseId}-${i}.webp`,
        file: `test/${warehouseId}-${i}.webp`,
        width: 1200,
        height: 800,
        position: i,
      })
      .execute();
  }
}

/** A quote request with one link per warehouse, each in `state`. */
export async function makeRequest(db: Database, opts: { userId: number | null; warehouseIds: number[]; state?: LinkState; contact?: string }) {
  const request = await db
    .insertInto("warehouse_requests")
    .values({
      user_id: opts.userId,
      business_name: "Logistica Test srl",
      contact: opts.contact ?? `requester-${unique()}@test.example`,
      telephone: "+39 333 1234567",
      referent: "Mario Rossi",
      message: "Cerchiamo 500 m2 per sei mesi.",
      location: "Milano",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const links = await db
    .insertInto("warehouse_request_warehouses")
    .values(opts.warehouseIds.map((warehouse_id) => ({ warehouse_request_id: request.id, warehouse_id, state: opts.state ?? "pending" })))
    .returningAll()
    .execute();
  return { request, links };
}

/** Row counts of the tables a quote request writes, to check that nothing was written. */
export async function requestTableCounts(db: Database) {
  const count = async (table: "warehouse_requests" | "warehouse_request_warehouses" | "warehouse_request_specifications" | "notifications" | "mail_outbox") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    requests: await count("warehouse_requests"),
    links: await count("warehouse_request_warehouses"),
    specifications: await count("warehouse_request_specifications"),
    notifications: await count("notifications"),
    mails: await count("mail_outbox"),
  };
}

/**
 * An offer on a request link, stored as the handler's offers service stores it (for tests of
 * what reads offers): by default the link's next revision, open, 500 m² at € 4,50 a month for
 * the first half of 2031, valid until the end of 2099. Amounts in cents.
 */
export async function makeOffer(db: Database, linkId: number, fields: Partial<Insertable<RequestOffersTable>> = {}) {
  const { n } = await db
    .selectFrom("request_offers")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("link_id", "=", linkId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto("request_offers")
    .values({
      link_id: linkId,
      revision: Number(n) + 1,
      m2_type: "m2",
      quantity: 500,
      price_month: 450,
      handling_in: null,
      handling_out: null,
      one_off_fee: null,
      start_date: "2031-01-01",
      end_date: "2031-06-30",
      min_term_months: null,
      valid_until: "2099-12-31",
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A saved search as the saved-searches service stores it, confirmed and active, 30 km around
 * Milan, no other criterion. Pass `user_id` (a stock hunter's) or `email` (a visitor's).
 */
export async function makeSavedSearch(db: Database, fields: Partial<Insertable<SavedSearchesTable>> = {}) {
  const now = new Date();
  return db
    .insertInto("saved_searches")
    .values({
      user_id: null,
      email: null,
      lang: "it",
      name: `Ricerca ${unique()}`,
      location: "Milano",
      lat: 45.4642,
      lng: 9.19,
      radius: 30,
      confirmed_at: now,
      active_since: now,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
