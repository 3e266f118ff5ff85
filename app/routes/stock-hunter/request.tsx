// {stock_hunter_prefix}/messages/{id}: one of the hunter's requests, the offers of the warehouses
// it went to compared side by side (?sort=price|distance|rating|speed), and the request itself.
// A request that is not the hunter's is a 404. The twin of GET /api/stock-hunter/requests/{id}/offers.
import { Link, useActionData } from "react-router";
import type { Route } from "./+types/request";
import { m } from "../../paraglide/messages.js";
import { hunterComparisonPageAction, hunterComparisonPageLoader } from "../shared/comparison-pages.server.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import { requestNumber } from "../../lib/format.ts";
import { RequestComparisonView } from "../../components/deal/RequestComparisonView.tsx";
import { requesterRowParts } from "../../components/deal/requester-row-parts.tsx";
import { keepPageOnFailure } from "../../lib/page-action.ts";
import { backLinkClass } from "../../components/ui/styles.ts";

export const loader = hunterComparisonPageLoader;
export const action = hunterComparisonPageAction;
// A failed answer leaves the page as it is: the form shows its error and keeps what was typed.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnFailure(serverAction);

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? m.cmp_page_title({ number: requestNumber(loaderData.comparison.request.id) }) : m.cmp_title();
  return [{ title: m.page_title({ title }) }, { name: "robots", content: "noindex" }];
}

export default function HunterRequest({ loaderData }: Route.ComponentProps) {
  const { comparison, conversations, sort, frame, locale } = loaderData;
  const lastResult = useActionData<typeof action>();
  const parts = requesterRowParts({ comparison, conversations, readOnly: frame.asAdmin, lastResult });
  return (
    <RequestComparisonView
      comparison={comparison}
      sort={sort}
      locale={locale}
      {...parts}
      top={
        <Link to={`${areaPaths(frame.base).messages}?selected=${comparison.request.id}`} className={backLinkClass}>
          ← {m.cmp_back_to_requests()}
        </Link>
      }
    />
  );
}
