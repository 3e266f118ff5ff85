// GET /api/warehouses/search/cards?ids=1,2&lat=&lng=[&counted=1] → { warehouses }: the public
// cards of warehouses the search's map shows or its lists hold further down (anonymised when
// unclaimed), distances from lat/lng. Each is a search appearance, unless counted=1 says the
// search page's answer counted it already.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { searchCards } from "../../server/search/search.service.ts";
import { searchCardsQuery } from "../../schemas/search.ts";
import { countSearchAppearances } from "../../server/stats/count-views.ts";
import { searchCardsAnswer } from "../../schemas/search-answers.ts";

export const loader = apiLoader(
  { access: "public", query: searchCardsQuery, response: searchCardsAnswer },
  async ({ query, services, info, locale, request }) => {
    const answer = await searchCards(services.db, query, locale);
    return query.counted ? answer : countSearchAppearances(services, request, info, answer);
  },
);

export const action = methodNotAllowed;
