// Reads and writes of quote requests (warehouse_requests), their specifications and their
// per-warehouse links (warehouse_request_warehouses).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { NewWarehouseRequest } from "../db/types.ts";
import { isListed } from "../warehouses/warehouses.queries.ts";

/** The warehouses among `ids` that may receive a request (approved, not deactivated), with who handles them. */
export function findRequestableWarehouses(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("warehouses")
    .leftJoin("users as owner", "owner.id", "warehouses.user_id")
    .leftJoin("users as referent", "referent.id", "warehouses.referent_id")
    .select([
      "warehouses.id",
      "warehouses.name",
      "warehouses.address",
      "warehouses.city",
      "warehouses.user_id",
      "warehouses.redeemed",
      "owner.email as owner_email",
      "owner.first_name as owner_first_name",
      "owner.lang as owner_lang",
      "owner.active as owner_active",
      "warehouses.owner_request_emails",
      "warehouses.referent_id",
      "referent.email as referent_email",
      "referent.first_name as referent_first_name",
      "referent.last_name as referent_last_name",
      "referent.lang as referent_lang",
      "referent.active as referent_active",
    ])
    .where("warehouses.id", "in", ids)
    .where(isListed)
    .execute();
}

/** Active administrators: they receive the requests for unclaimed warehouses. */
export function listActiveAdmins(db: Database) {
  return db.selectFrom("users").select(["id", "email", "first_name", "lang"]).where("role", "=", "admin").where("active", "=", true).orderBy("id").execute();
}

/** Whether an account uses this e-mail (case-insensitive, as the unique index). */
export async function emailHasAccount(db: Database, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export function findSpecifications(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("specifications")
    .select(["id", "value", "value_en"])
    .where("id", "in", ids)
    .orderBy("cat_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export function insertWarehouseRequest(db: Database, row: NewWarehouseRequest) {
  return db.insertInto("warehouse_requests").values(row).returning(["id", "created_at"]).executeTakeFirstOrThrow();
}

export async function insertRequestSpecifications(db: Database, requestId: number, specificationIds: number[]) {
  if (specificationIds.length === 0) return;
  await db
    .insertInto("warehouse_request_specifications")
    .values(specificationIds.map((specification_id) => ({ warehouse_request_id: requestId, specification_id })))
    .execute();
}

/** One link per warehouse, state pending. */
export function insertRequestLinks(db: Database, requestId: number, warehouseIds: number[]) {
  return db
    .insertInto("warehouse_request_warehouses")
    .values(warehouseIds.map((warehouse_id) => ({ warehouse_request_id: requestId, warehouse_id, state: "pending" as const })))
    .returning(["id", "warehouse_id"])
    .execute();
}

/** Whose accepted requests a quote limit counts: an account's, or visitors' by IP or by contact address. */
export type RequestCounter = { userId: number } | { visitorIp: string } | { visitorContact: string };

/**
 * Serialises the requests of one counter until the transaction ends, so that two concurrent
 * requests cannot both see "one left" and both be written.
 */
export async function lockRequestCounter(db: Database, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`quote-limit:${key}`}, 0))`.execute(db);
}

/** Accepted requests of one counter since `since`, and the oldest of them (indexes of migration 0005). */
export async function countRequestsSince(db: Database, counter: RequestCounter, since: Date): Promise<{ count: number; oldest: Date | null }> {
  let query = db
    .selectFrom("warehouse_requests")
    .select((eb) => [eb.fn.countAll<string>().as("count"), eb.fn.min("created_at").as("oldest")])
    .where("created_at", ">", since);
  if ("userId" in counter) query = query.where("user_id", "=", counter.userId);
  else if ("visitorIp" in counter) query = query.where("user_id", "is", null).where("ip", "=", counter.visitorIp);
  else query = query.where("user_id", "is", null).where(sql`lower(contact)`, "=", counter.visitorContact.toLowerCase());
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
}
