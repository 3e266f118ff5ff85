// GET /api/warehouses/search/cards?ids=1,2&lat=&lng= → { warehouses }: the public cards of
// warehouses the search's map shows (anonymised when unclaimed), distances from lat/lng.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { searchCards } from "../../server/search/search.service.ts";
import { searchCardsQuery } from "../../schemas/search.ts";

export const loader = apiLoader({ access: "public", query: searchCardsQuery }, ({ query, services, locale }) => searchCards(services.db, query, locale));

export const action = methodNotAllowed;
