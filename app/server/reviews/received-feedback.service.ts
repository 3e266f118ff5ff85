// The reviews and reports an owner received, for the areas' pages and the
// JSON calls: a stocker's and a referent's are about their warehouses, a stock hunter's about
// itself (see received-feedback.queries.ts). Reads only; the owner is the area's owner.
import type { Database } from "../db/database.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { HANDLER_CRITERIA, HUNTER_CRITERIA, type RatingKey } from "../../schemas/feedback.ts";
import { authorName, type ReceivedReport, type ReceivedReview } from "../../lib/received-feedback.ts";
import { anonymisedName } from "../requests/requests.service.ts";
import {
  countReceivedReports,
  countReceivedReviews,
  findReceivedReport,
  findReceivedReview,
  receivedReportsPageQuery,
  receivedReviewsPageQuery,
  type FeedbackOwner,
  type ReceivedReportRow,
  type ReceivedReviewRow,
} from "./received-feedback.queries.ts";

export type { FeedbackOwner };

type Page = { page: number; limit: number };

function requireFeedbackOwner(owner: { id: number; role: string }): FeedbackOwner {
  if (owner.role !== "stocker" && owner.role !== "referent" && owner.role !== "stock_hunter") throw new ForbiddenError();
  return { id: owner.id, role: owner.role };
}

function base(row: ReceivedReviewRow | ReceivedReportRow, owner: FeedbackOwner) {
  const author = { company: row.author_company, first_name: row.author_first_name, last_name: row.author_last_name, full_name: row.full_name };
  return {
    id: row.id,
    author,
    author_name: authorName(author),
    // A hunter learns the identity of a warehouse that is not redeemed nowhere, not even here.
    warehouse: { id: row.warehouse_id, name: owner.role === "stock_hunter" && !row.warehouse_redeemed ? anonymisedName(row.warehouse_id) : row.warehouse_name },
    warehouse_request_id: row.warehouse_request_id,
    created_at: row.created_at,
  };
}

function toReview(row: ReceivedReviewRow, owner: FeedbackOwner): ReceivedReview {
  // A hunter is rated on its own criteria (payments, goods), a warehouse on its own (services, structure).
  const criteria: readonly RatingKey[] = owner.role === "stock_hunter" ? HANDLER_CRITERIA : HUNTER_CRITERIA;
  const ratings = criteria.flatMap((key) => {
    const value = row[key];
    return value === null ? [] : [{ key, value }];
  });
  return {
    ...base(row, owner),
    description: row.description,
    avg_value: row.avg_value,
    reliability_value: row.reliability_value,
    communication_value: row.communication_value,
    services_value: row.services_value,
    structure_value: row.structure_value,
    payments_value: row.payments_value,
    goods_value: row.goods_value,
    ratings,
  };
}

function toReport(row: ReceivedReportRow, owner: FeedbackOwner): ReceivedReport {
  return { ...base(row, owner), subject: row.subject, description: row.description };
}

/** A page (from 0) of the reviews the owner received, newest first, and how many there are. */
export async function listReceivedReviews(
  db: Database,
  owner: { id: number; role: string },
  args: Page,
): Promise<{ reviews: ReceivedReview[]; reviews_count: number }> {
  const who = requireFeedbackOwner(owner);
  const [rows, count] = await Promise.all([
    receivedReviewsPageQuery(db, who, { limit: args.limit, offset: args.page * args.limit }).execute(),
    countReceivedReviews(db, who),
  ]);
  return { reviews: rows.map((row) => toReview(row, who)), reviews_count: count };
}

/** A page (from 0) of the reports the owner received, newest first, and how many there are. */
export async function listReceivedReports(
  db: Database,
  owner: { id: number; role: string },
  args: Page,
): Promise<{ reports: ReceivedReport[]; reports_count: number }> {
  const who = requireFeedbackOwner(owner);
  const [rows, count] = await Promise.all([
    receivedReportsPageQuery(db, who, { limit: args.limit, offset: args.page * args.limit }).execute(),
    countReceivedReports(db, who),
  ]);
  return { reports: rows.map((row) => toReport(row, who)), reports_count: count };
}

/** How many reviews and reports the owner received (the page's two tabs). */
export async function countReceivedFeedback(db: Database, owner: { id: number; role: string }): Promise<{ reviews_count: number; reports_count: number }> {
  const who = requireFeedbackOwner(owner);
  const [reviews, reports] = await Promise.all([countReceivedReviews(db, who), countReceivedReports(db, who)]);
  return { reviews_count: reviews, reports_count: reports };
}

/** One review the owner received; anything else is the same 404 as a missing one. */
export async function getReceivedReview(db: Database, owner: { id: number; role: string }, id: number): Promise<ReceivedReview> {
  const who = requireFeedbackOwner(owner);
  const row = await findReceivedReview(db, who, id);
  if (!row) throw new NotFoundError();
  return toReview(row, who);
}

/** One report the owner received; anything else is the same 404 as a missing one. */
export async function getReceivedReport(db: Database, owner: { id: number; role: string }, id: number): Promise<ReceivedReport> {
  const who = requireFeedbackOwner(owner);
  const row = await findReceivedReport(db, who, id);
  if (!row) throw new NotFoundError();
  return toReport(row, who);
}
