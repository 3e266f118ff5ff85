// /{locale}/requests/{token}: a request followed through its personal link (decision 036), by a
// visitor who sent it without an account: the offers of the warehouses it went to compared
// (?sort=…) and the request itself. No login; a malformed, unknown or revoked token is the
// site's 404. The token is in the address, so the page is never indexed and sends no referrer.
import type { Route } from "./+types/request-access";
import { m } from "../paraglide/messages.js";
import { useActionData } from "react-router";
import { visitorComparisonPageAction, visitorComparisonPageLoader } from "./shared/comparison-pages.server.ts";
import { requestNumber } from "../lib/format.ts";
import { RequestComparisonView } from "../components/deal/RequestComparisonView.tsx";
import { requesterRowParts } from "../components/deal/requester-row-parts.tsx";
import { VisitorFollowUp } from "../components/deal/VisitorFollowUp.tsx";
import { keepPageOnFailure } from "../lib/page-action.ts";

export const loader = visitorComparisonPageLoader;
export const action = visitorComparisonPageAction;
// A failed answer leaves the page as it is: the form shows its error and keeps what was typed.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnFailure(serverAction);

/**
 * Not indexed, the token never leaves in a Referer (the base headers' policy is overridden here),
 * and the page (the request's contacts) is kept by no shared cache.
 */
export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? m.cmp_page_title({ number: requestNumber(loaderData.comparison.request.id) }) : m.cmp_title();
  return [{ title: m.page_title({ title }) }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

export default function RequestAccess({ loaderData }: Route.ComponentProps) {
  const { comparison, conversations, followUp, sort, locale } = loaderData;
  const lastResult = useActionData<typeof action>();
  const parts = requesterRowParts({ comparison, conversations, readOnly: false, lastResult });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <RequestComparisonView comparison={comparison} sort={sort} locale={locale} intro={m.cmp_visitor_intro()} {...parts}>
        {followUp && <VisitorFollowUp {...followUp} failure={lastResult && !lastResult.ok ? lastResult : null} />}
      </RequestComparisonView>
    </div>
  );
}
