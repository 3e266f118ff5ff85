// The reviews and reports an owner has received, newest first:
// - a stocker: those written about the warehouses it owns (target 'warehouse');
// - a referent: those about the warehouses it manages (target 'warehouse');
// - a stock hunter: those written about it by the warehouses it asked (target 'hunter'), i.e. on
//   the links of its own requests.
// Plans: the owner's warehouses by warehouses_user_id_idx / warehouses_referent_id_idx, each one's
// feedback by reviews_warehouse_id_created_at_idx / reports_warehouse_id_created_at_idx; the
// hunter's requests by warehouse_requests_user_id_created_at_idx, their feedback by
// reviews_warehouse_request_id_idx / reports_warehouse_request_id_idx. Never the whole table
// (received-feedback.db.test.ts reads the plans).
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/database.ts";
import type { AreaRole } from "../../lib/area-paths.ts";

export type FeedbackOwner = { id: number; role: AreaRole };

/** Which feedback rows (alias f, its warehouse w) the owner received. */
function received(owner: FeedbackOwner): RawBuilder<SqlBool> {
  switch (owner.role) {
    case "stocker":
      return sql<SqlBool>`f.target = 'warehouse' and w.user_id = ${owner.id}`;
    case "referent":
      return sql<SqlBool>`f.target = 'warehouse' and w.referent_id = ${owner.id}`;
    case "stock_hunter":
      return sql<SqlBool>`f.target = 'hunter' and f.warehouse_request_id in (select q.id from warehouse_requests q where q.user_id = ${owner.id})`;
  }
}

function reviewsFrom(db: Database, owner: FeedbackOwner) {
  return db.selectFrom("reviews as f").innerJoin("warehouses as w", "w.id", "f.warehouse_id").where(received(owner));
}

function reportsFrom(db: Database, owner: FeedbackOwner) {
  return db.selectFrom("reports as f").innerJoin("warehouses as w", "w.id", "f.warehouse_id").where(received(owner));
}

const AUTHOR = ["a.company as author_company", "a.first_name as author_first_name", "a.last_name as author_last_name"] as const;
const WAREHOUSE = ["w.id as warehouse_id", "w.name as warehouse_name", "w.redeemed as warehouse_redeemed"] as const;

function reviewColumns(db: Database, owner: FeedbackOwner) {
  return reviewsFrom(db, owner)
    .innerJoin("users as a", "a.id", "f.user_id")
    .select([
      "f.id",
      "f.full_name",
      "f.description",
      "f.reliability_value",
      "f.communication_value",
      "f.services_value",
      "f.structure_value",
      "f.payments_value",
      "f.goods_value",
      "f.avg_value",
      "f.created_at",
      "f.warehouse_request_id",
      ...AUTHOR,
      ...WAREHOUSE,
    ]);
}

function reportColumns(db: Database, owner: FeedbackOwner) {
  return reportsFrom(db, owner)
    .innerJoin("users as a", "a.id", "f.user_id")
    .select(["f.id", "f.full_name", "f.subject", "f.description", "f.created_at", "f.warehouse_request_id", ...AUTHOR, ...WAREHOUSE]);
}

/** A page of the owner's received reviews, newest first. */
export function receivedReviewsPageQuery(db: Database, owner: FeedbackOwner, args: { limit: number; offset: number }) {
  return reviewColumns(db, owner).orderBy("f.created_at", "desc").orderBy("f.id", "desc").limit(args.limit).offset(args.offset);
}

/** A page of the owner's received reports, newest first. */
export function receivedReportsPageQuery(db: Database, owner: FeedbackOwner, args: { limit: number; offset: number }) {
  return reportColumns(db, owner).orderBy("f.created_at", "desc").orderBy("f.id", "desc").limit(args.limit).offset(args.offset);
}

export async function countReceivedReviews(db: Database, owner: FeedbackOwner): Promise<number> {
  const row = await reviewsFrom(db, owner)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countReceivedReports(db: Database, owner: FeedbackOwner): Promise<number> {
  const row = await reportsFrom(db, owner)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One review the owner received, or undefined (someone else's or missing). */
export function findReceivedReview(db: Database, owner: FeedbackOwner, id: number) {
  return reviewColumns(db, owner).where("f.id", "=", id).executeTakeFirst();
}

/** One report the owner received, or undefined (someone else's or missing). */
export function findReceivedReport(db: Database, owner: FeedbackOwner, id: number) {
  return reportColumns(db, owner).where("f.id", "=", id).executeTakeFirst();
}

export type ReceivedReviewRow = NonNullable<Awaited<ReturnType<typeof findReceivedReview>>>;
export type ReceivedReportRow = NonNullable<Awaited<ReturnType<typeof findReceivedReport>>>;
