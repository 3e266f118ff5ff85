// The reviews and reports an owner received, as the server answers them
// (app/server/reviews/received-feedback.service.ts) and the view draws them
// (app/components/area/ReceivedFeedback.tsx); here, so the component needs no server module.
import type { RatingKey } from "../schemas/feedback.ts";
import { displayName } from "./person-name.ts";

/** Page size of the reviews and reports lists. */
export const FEEDBACK_PAGE_SIZE = 8;

export type FeedbackKind = "reviews" | "reports";

/** Who wrote it: their account's company and names, and the name they signed the form with. */
export type FeedbackAuthor = { company: string | null; first_name: string | null; last_name: string | null; full_name: string };

type ReceivedBase = {
  id: number;
  author: FeedbackAuthor;
  /** As shown: the company, else the full name. */
  author_name: string;
  warehouse: { id: number; name: string };
  warehouse_request_id: number;
  description: string | null;
  created_at: Date | string;
};

export type ReceivedReview = ReceivedBase & {
  /** The mean of the given ratings × 10 (43 = 4,3 out of 5); 0 when no rating was given. */
  avg_value: number;
  reliability_value: number | null;
  communication_value: number | null;
  services_value: number | null;
  structure_value: number | null;
  payments_value: number | null;
  goods_value: number | null;
  /** The ratings that were given, in the form's order. */
  ratings: { key: RatingKey; value: number }[];
};

export type ReceivedReport = ReceivedBase & { subject: string; description: string };

/** A warehouse's average over its hunters' reviews (avg_value scale: × 10), shown once it has some. */
export type WarehouseRating = { avg_value: number; count: number };

/** One criterion of that average on the sheet: the mean of the reviews that rated it (× 10), and their count. */
export type WarehouseRatingCriterion = { key: RatingKey; avg_value: number; count: number };

/** The name an author is shown by: the company, else the full name (the account's, else the form's). */
export function authorName(author: FeedbackAuthor): string {
  return displayName({ company: author.company, first_name: author.first_name, last_name: author.last_name }) || author.full_name;
}
