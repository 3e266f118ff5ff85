// The hunter's saved searches (decision 038):
// GET /api/stock-hunter/saved-searches?limit=8&offset=0 (offset: the page index) → { saved_searches, saved_searches_count };
// POST /api/stock-hunter/saved-searches { saved_search_data: { name, location, lat, lng, radius,
// start_date, end_date, m2_type, m2_value, specification_ids } } → { saved_search_id }: 422 for
// bad data (nothing saved), 409 saved_search_limit past the cap.
import { apiAction, apiLoader } from "../../../server/http/api.ts";
import { createHunterSavedSearch, listHunterSavedSearches } from "../../../server/saved-searches/saved-searches.service.ts";
import { savedSearchCreateSchema, savedSearchesQuery } from "../../../schemas/saved-searches.ts";
import { savedSearchesAnswer, savedSearchIdAnswer } from "../../../schemas/area-answers.ts";

export const loader = apiLoader({ access: ["stock_hunter"], query: savedSearchesQuery, response: savedSearchesAnswer }, ({ actor, query, services, locale }) =>
  listHunterSavedSearches(services.db, actor.id, { page: query.offset, limit: query.limit, locale }),
);

export const action = apiAction(
  { access: ["stock_hunter"], body: savedSearchCreateSchema, response: savedSearchIdAnswer },
  ({ actor, body, services, locale }) => createHunterSavedSearch(services.db, actor, body.saved_search_data, { locale }),
);
