// What the areas' reviews and reports page ({prefix}/reviews) loads, in the area owner's name:
// ?show=reviews|reports chooses the list (reviews when absent or unknown), ?page=N its page
// (8 to a page), ?selected=id the one opened, which must be one the owner received (another's
// is a 404, like a missing one).
import { pageLoader } from "../../server/http/page.ts";
import { receivedFeedbackQuery } from "../../schemas/received-feedback.ts";
import {
  countReceivedFeedback,
  getReceivedReport,
  getReceivedReview,
  listReceivedReports,
  listReceivedReviews,
} from "../../server/reviews/received-feedback.service.ts";
import { FEEDBACK_PAGE_SIZE, type FeedbackKind, type ReceivedReport, type ReceivedReview } from "../../lib/received-feedback.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import { pageCount } from "../../lib/pagination.ts";
import { areaFrame, optionalId } from "./area-pages.server.ts";

export type FeedbackListData =
  { show: "reviews"; items: ReceivedReview[]; selected: ReceivedReview | null } | { show: "reports"; items: ReceivedReport[]; selected: ReceivedReport | null };

/** {prefix}/reviews: the owner's received reviews or reports, a page of them (?page=N, the JSON twin's offset) and the one opened. */
export const feedbackListPageLoader = (role: AreaRole) =>
  pageLoader({ access: { area: role }, query: receivedFeedbackQuery, urlNames: { page: "offset" } }, async ({ area, url, query, services: { db } }) => {
    const show: FeedbackKind = url.searchParams.get("show") === "reports" ? "reports" : "reviews";
    const selectedId = optionalId(url.searchParams.get("selected"));
    const pageArgs = { page: query.offset, limit: FEEDBACK_PAGE_SIZE };

    const readList = async (): Promise<FeedbackListData> => {
      if (show === "reviews") {
        const [items, selected] = await Promise.all([
          listReceivedReviews(db, area.owner, pageArgs),
          selectedId === null ? null : getReceivedReview(db, area.owner, selectedId),
        ]);
        return { show, items: items.reviews, selected };
      }
      const [items, selected] = await Promise.all([
        listReceivedReports(db, area.owner, pageArgs),
        selectedId === null ? null : getReceivedReport(db, area.owner, selectedId),
      ]);
      return { show, items: items.reports, selected };
    };
    // Both counts, for the two tabs; the shown list's count also gives its pages.
    const [list, counts] = await Promise.all([readList(), countReceivedFeedback(db, area.owner)]);

    const total = show === "reviews" ? counts.reviews_count : counts.reports_count;
    return {
      list,
      reviews_count: counts.reviews_count,
      reports_count: counts.reports_count,
      page: query.offset + 1,
      pages: pageCount(total, FEEDBACK_PAGE_SIZE),
      frame: areaFrame(area),
      locale: area.locale,
    };
  });
