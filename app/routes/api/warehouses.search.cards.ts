// GET /api/warehouses/search/cards?ids=1,2&lat=&lng= → { warehouses }: the public cards of
// warehouses the search's map shows (anonymised when unclaimed), distances from lat/lng.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { searchCards } from "../../server/search/search.service.ts";
import { searchCardsQuery } from "../../schemas/search.ts";
import { countSearchAppearances } from "../../server/stats/count-views.ts";

export const loader = apiLoader({ access: "public", query: searchCardsQuery }, async ({ query, services, info, locale, request }) =>
  countSearchAppearances(services, request, info, await searchCards(services.db, query, locale)),
);

export const action = methodNotAllowed;
