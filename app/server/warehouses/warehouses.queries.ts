// Reads of the public warehouse sheet and the comparison. Only public columns are selected:
// the private costs (m2_cost, m2_month, m2_pallet, handling_cost), the contacts, the
// warehouse's own e-mail and telephone and the VAT number never leave the database here.
import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/types.ts";

/** The columns anyone may see of a redeemed warehouse. */
export const publicWarehouseColumns = [
  "warehouses.id",
  "warehouses.name",
  "warehouses.country",
  "warehouses.address",
  "warehouses.cap",
  "warehouses.city",
  "warehouses.province",
  "warehouses.website",
  "warehouses.total_m2",
  "warehouses.m2",
  "warehouses.m2_external",
  "warehouses.m2_office",
  "warehouses.height",
  "warehouses.bays_number",
  "warehouses.lat",
  "warehouses.lng",
  "warehouses.is_hub",
] as const;

/**
 * The trust figures kept on the row (migrations 0022 and 0025) and whether the owner (joined as
 * "owner") was approved by the administrators and is active: lib/warehouse-trust.ts makes them public.
 */
export const trustColumns = [
  "warehouses.redeemed",
  "warehouses.review_count",
  "warehouses.rating_avg",
  "warehouses.requests_received",
  "warehouses.requests_answered",
  "warehouses.answer_seconds_median",
  sql<boolean | null>`owner.approval_status = 'approved' and owner.active`.as("owner_approved"),
] as const;

/** A warehouse that can be shown and asked for quotes: approved and not deactivated. */
export function isListed(eb: ExpressionBuilder<DB, "warehouses">) {
  return eb.and([eb("warehouses.status", "=", "approved"), eb("warehouses.deactivated", "=", false)]);
}

/** isListed, for a warehouse already read. */
export function isListedRow(w: { status: string; deactivated: boolean }): boolean {
  return w.status === "approved" && !w.deactivated;
}

/** The path of a warehouse's public sheet, while it has one (redeemed and listed), else null. */
export function publicSheetPath(locale: string, w: { id: number; redeemed: boolean; listed: boolean }): string | null {
  return w.redeemed && w.listed ? `/${locale}/warehouses/${w.id}` : null;
}

/**
 * Redeemed: claimed and covered by its owner's active or trialing subscription (the column is kept
 * by triggers, migration 0008). Only redeemed warehouses have a public sheet.
 */
export function isRedeemed(eb: ExpressionBuilder<DB, "warehouses">) {
  return eb("warehouses.redeemed", "=", true);
}

/** A redeemed, listed warehouse with its owner's account type (and who manages it, for the server only), or undefined. */
export function findPublicWarehouse(db: Database, id: number) {
  return db
    .selectFrom("warehouses")
    .innerJoin("users as owner", "owner.id", "warehouses.user_id")
    .select([...publicWarehouseColumns, ...trustColumns, "owner.account_type", "warehouses.user_id", "warehouses.referent_id"])
    .where("warehouses.id", "=", id)
    .where((eb) => eb.and([isListed(eb), isRedeemed(eb)]))
    .executeTakeFirst();
}

/** Several redeemed, listed warehouses (unknown, anonymised and unlisted ids are left out). */
export function findPublicWarehouses(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("warehouses")
    .leftJoin("users as owner", "owner.id", "warehouses.user_id")
    .select([...publicWarehouseColumns, ...trustColumns])
    .where("warehouses.id", "in", ids)
    .where((eb) => eb.and([isListed(eb), isRedeemed(eb)]))
    .execute();
}

export function findWarehouseTimes(db: Database, warehouseId: number) {
  return db.selectFrom("warehouse_times").selectAll().where("warehouse_id", "=", warehouseId).executeTakeFirst();
}

export function listImages(db: Database, warehouseId: number) {
  return db
    .selectFrom("images")
    .select(["id", "src", "thumb_src", "width", "height"])
    .where("warehouse_id", "=", warehouseId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** The visible specifications of some warehouses, in category and catalogue order. */
export function listWarehouseSpecifications(db: Database, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("warehouse_specifications as ws")
    .innerJoin("specifications as s", "s.id", "ws.specification_id")
    .innerJoin("specification_categories as c", "c.id", "s.cat_id")
    .select([
      "ws.warehouse_id",
      "s.id",
      "s.cat_id",
      "s.value",
      "s.value_en",
      "s.description",
      "s.description_en",
      "c.name as category_name",
      "c.name_en as category_name_en",
    ])
    .where("ws.warehouse_id", "in", warehouseIds)
    .where("s.hidden", "=", false)
    .orderBy("s.cat_id")
    .orderBy("s.position")
    .orderBy("s.id")
    .execute();
}

/** The comparison's photos: each warehouse's first image (gallery order), one row per warehouse that has one. */
export function findFirstImages(db: Database, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("images")
    .distinctOn("warehouse_id")
    .select(["warehouse_id", "src", "thumb_src", "width", "height"])
    .where("warehouse_id", "in", warehouseIds)
    .orderBy("warehouse_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** The comparison's opening hours: the warehouse_times rows of some warehouses (none for those that gave no hours). */
export function findWarehousesTimes(db: Database, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("warehouse_times").selectAll().where("warehouse_id", "in", warehouseIds).execute();
}
