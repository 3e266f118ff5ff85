// The received reviews and reports calls, built once for the three areas:
// /api/stocker/{reviews|reports}, /api/referent/{reviews|reports} and
// /api/stock_hunter/{reviews|reports} (underscore, as the spec writes it). Each answers the
// caller's own: a stocker's and a referent's about their warehouses, a hunter's about itself.
import { apiLoader } from "../../../server/http/api.ts";
import type { Role } from "../../../server/http/guard.ts";
import { listReceivedReports, listReceivedReviews } from "../../../server/reviews/received-feedback.service.ts";
import { receivedFeedbackQuery } from "../../../schemas/received-feedback.ts";
import { receivedReportsAnswer, receivedReviewsAnswer } from "../../../schemas/area-answers.ts";
import type { ReceivedReport, ReceivedReview } from "../../../lib/received-feedback.ts";

export type FeedbackArea = "stocker" | "referent" | "stock_hunter";

const ROLE: Record<FeedbackArea, Role> = { stocker: "stocker", referent: "referent", stock_hunter: "stock_hunter" };

// The spec's client reads the author as `user` (company, first_name, last_name).
const withUser = <T extends ReceivedReview | ReceivedReport>(item: T) => ({ ...item, user: item.author });

/** GET /api/{area}/reviews?limit=8&offset=(page index) → { reviews, reviews_count }. */
export const receivedReviewsEndpoint = (area: FeedbackArea) =>
  apiLoader({ access: [ROLE[area]], query: receivedFeedbackQuery, response: receivedReviewsAnswer }, async ({ actor, query, services }) => {
    const list = await listReceivedReviews(services.db, actor, { page: query.offset, limit: query.limit });
    return { reviews: list.reviews.map(withUser), reviews_count: list.reviews_count };
  });

/** GET /api/{area}/reports?limit=8&offset=(page index) → { reports, reports_count }. */
export const receivedReportsEndpoint = (area: FeedbackArea) =>
  apiLoader({ access: [ROLE[area]], query: receivedFeedbackQuery, response: receivedReportsAnswer }, async ({ actor, query, services }) => {
    const list = await listReceivedReports(services.db, actor, { page: query.offset, limit: query.limit });
    return { reports: list.reports.map(withUser), reports_count: list.reports_count };
  });
