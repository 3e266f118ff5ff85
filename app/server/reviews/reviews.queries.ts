// Reviews and reports of a request link (warehouse_request_warehouses).
import type { Database } from "../db/database.ts";
import type { Insertable } from "kysely";
import type { ReportsTable, ReviewsTable } from "../db/types.ts";

/** The link of a request to a warehouse, with what decides who may review or report it. */
export function findLinkForFeedback(db: Database, warehouseId: number, requestId: number) {
  return db
    .selectFrom("warehouse_request_warehouses as l")
    .innerJoin("warehouse_requests as r", "r.id", "l.warehouse_request_id")
    .innerJoin("warehouses as w", "w.id", "l.warehouse_id")
    .select([
      "l.id as link_id",
      "l.state",
      "l.created_at as link_created_at",
      "r.id as request_id",
      "r.user_id as requester_id",
      "r.business_name",
      "r.referent as requester_name",
      "r.created_at as request_created_at",
      "w.id as warehouse_id",
      "w.name as warehouse_name",
      "w.city as warehouse_city",
      "w.user_id as owner_id",
      "w.redeemed",
      "w.referent_id",
    ])
    .where("l.warehouse_id", "=", warehouseId)
    .where("l.warehouse_request_id", "=", requestId)
    .executeTakeFirst();
}

export async function hasReviewed(db: Database, userId: number, linkId: number): Promise<boolean> {
  const row = await db.selectFrom("reviews").select("id").where("user_id", "=", userId).where("link_id", "=", linkId).executeTakeFirst();
  return row !== undefined;
}

export function insertReview(db: Database, row: Insertable<ReviewsTable>) {
  return db.insertInto("reviews").values(row).returning("id").executeTakeFirstOrThrow();
}

/** Whether the user has an open report on the link (one at a time: the partial unique index of migration 0019). */
export async function hasOpenReport(db: Database, userId: number, linkId: number): Promise<boolean> {
  const row = await db
    .selectFrom("reports")
    .select("id")
    .where("user_id", "=", userId)
    .where("link_id", "=", linkId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertReport(db: Database, row: Insertable<ReportsTable>) {
  return db.insertInto("reports").values(row).returning("id").executeTakeFirstOrThrow();
}

/** What the feedback notifications and e-mails need of their recipients. */
export function findFeedbackRecipients(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").select(["id", "email", "first_name", "lang", "role", "active"]).where("id", "in", ids).execute();
}
