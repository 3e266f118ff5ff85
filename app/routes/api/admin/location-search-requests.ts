// GET /api/admin/location-search-requests?filters[location]&filters[radius]&lat&lng&wr_limit&wr_offset
// → { warehouse_requests, warehouse_requests_count }: the quote requests whose own position lies
// within the radius (km, 10 when empty) of lat/lng, newest first; wr_offset is the page index
// from 0, wr_limit 8 by default.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { searchLocationRequests } from "../../../server/admin-search/location-search.service.ts";
import { LOCATION_REQUESTS_PAGE_SIZE, locationRequestsQuery } from "../../../schemas/admin-location-search.ts";
import { locationRequestsAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader(
  { access: ["admin"], response: locationRequestsAnswer, query: locationRequestsQuery, queryAliases: { limit: "wr_limit", offset: "wr_offset" } },
  ({ actor, query, services }) =>
    searchLocationRequests(services.db, actor, {
      circle: { lat: query.lat, lng: query.lng, radiusKm: query.filters.radius },
      limit: query.wr_limit ?? LOCATION_REQUESTS_PAGE_SIZE,
      page: query.wr_offset ?? 0,
    }),
);

export const action = methodNotAllowed;
