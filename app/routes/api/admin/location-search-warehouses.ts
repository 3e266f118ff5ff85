// GET /api/admin/location-search-warehouses?filters[location]&filters[radius]&lat&lng&wh_limit&wh_offset
// → { warehouses, warehouses_count }: every warehouse within the radius (km, 10 when empty) of
// lat/lng, nearest first, real names; wh_offset is the page index from 0 like the other lists'
// offset, wh_limit 20 by default.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { searchLocationWarehouses } from "../../../server/admin-search/location-search.service.ts";
import { LOCATION_WAREHOUSES_PAGE_SIZE, locationWarehousesQuery } from "../../../schemas/admin-location-search.ts";
import { locationWarehousesAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader(
  { access: ["admin"], response: locationWarehousesAnswer, query: locationWarehousesQuery, queryAliases: { limit: "wh_limit", offset: "wh_offset" } },
  ({ actor, query, services }) =>
    searchLocationWarehouses(services.db, actor, {
      circle: { lat: query.lat, lng: query.lng, radiusKm: query.filters.radius },
      limit: query.wh_limit ?? LOCATION_WAREHOUSES_PAGE_SIZE,
      page: query.wh_offset ?? 0,
    }),
);

export const action = methodNotAllowed;
