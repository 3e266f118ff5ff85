// The requester's pages of one request (decision 036), each the comparison of its offers with the
// request's summary, the twins of GET /api/stock-hunter/requests/{request_id}/offers:
// - {stock_hunter prefix}/messages/{id}: the hunter's own request (and the administrator's view
//   of it, audited as every area page); a request that is not the hunter's is a 404;
// - /{locale}/requests/{token}: the request's personal link, for a visitor without an account;
//   a malformed, unknown or revoked token is the site's 404.
// ?sort= orders the rows (price, distance, rating, speed); a value that is no sort is the default.
import { pageLoader } from "../../server/http/page.ts";
import { hunterComparison, visitorComparison } from "../../server/deal/comparison.service.ts";
import { comparisonPageParams, comparisonQuery, requestAccessParams } from "../../schemas/offer-comparison.ts";
import { todayInItaly } from "../../lib/format.ts";
import { areaFrame } from "./area-pages.server.ts";

const SORT_URL = { sort: "sort" };

/** {stock_hunter prefix}/messages/{id}: the hunter's request, its offers compared. */
export const hunterComparisonPageLoader = pageLoader(
  { access: { area: "stock_hunter" }, params: comparisonPageParams, query: comparisonQuery, urlNames: SORT_URL },
  async ({ area, params, query, services }) => {
    const comparison = await hunterComparison(services.db, area.owner, params.id, {
      vatRate: services.config.billing.vatRate,
      today: todayInItaly(),
      locale: area.locale,
      sort: query.sort,
    });
    return { comparison, sort: query.sort, frame: areaFrame(area), locale: area.locale };
  },
);

/** /{locale}/requests/{token}: the request a personal link opens, its offers compared. */
export const visitorComparisonPageLoader = pageLoader(
  { access: "public", params: requestAccessParams, query: comparisonQuery, urlNames: SORT_URL },
  async ({ params, query, locale, services }) => {
    const comparison = await visitorComparison(services.db, params.token, {
      vatRate: services.config.billing.vatRate,
      today: todayInItaly(),
      locale,
      sort: query.sort,
    });
    return { comparison, sort: query.sort, locale };
  },
);
