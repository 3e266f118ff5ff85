// GET /api/stock-hunter/requests/{request_id}/offers?sort=price|distance|rating|speed → the
// comparison of the hunter's request: { request, rows, counts } (app/lib/offer-comparison.ts).
// Another hunter's request (or none) is 404; another role 403; anonymous 401.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { hunterComparison } from "../../../server/deal/comparison.service.ts";
import { comparisonParams, comparisonQuery } from "../../../schemas/offer-comparison.ts";
import { offerComparisonAnswer } from "../../../schemas/area-answers.ts";
import { todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader(
  { access: ["stock_hunter"], params: comparisonParams, query: comparisonQuery, response: offerComparisonAnswer },
  ({ actor, params, query, services, locale }) =>
    hunterComparison(services.db, actor, params.request_id, { vatRate: services.config.billing.vatRate, today: todayInItaly(), locale, sort: query.sort }),
);
export const action = methodNotAllowed;
