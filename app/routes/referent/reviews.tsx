// {referent_prefix}/reviews: the reviews (?show=reviews, the default) or the reports (?show=reports)
// the owner received, 8 to a page (?page=N), and the one opened (?selected=id)
// (app/routes/shared/feedback-list-pages.server.ts).
import type { Route } from "./+types/reviews";
import { m } from "../../paraglide/messages.js";
import { feedbackListPageLoader } from "../shared/feedback-list-pages.server.ts";
import { PageHeading } from "../../components/ui/PageParts.tsx";
import { ReceivedFeedback } from "../../components/area/ReceivedFeedback.tsx";

export const loader = feedbackListPageLoader("referent");

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_reviews() }) }, { name: "robots", content: "noindex" }];
}

export default function ReferentReviews({ loaderData: { list, reviews_count, reports_count, page, pages, frame } }: Route.ComponentProps) {
  return (
    <div>
      <PageHeading title={m.area_nav_reviews()} intro={m.afb_intro_owner()} />
      <ReceivedFeedback list={list} reviewsCount={reviews_count} reportsCount={reports_count} page={page} pages={pages} role={frame.role} />
    </div>
  );
}
