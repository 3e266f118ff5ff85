// GET /api/warehouses/search?location=&lat=&lng=&radius=&start_date=&end_date=&m2_type=&m2_value=&service=…
// → { warehouses, other_warehouses, min_lat, max_lat, min_lng, max_lng, error }: the map search.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { geocoderFor } from "../../server/geo/geocoder.service.ts";
import { searchWarehouses, zoneReadGuard } from "../../server/search/search.service.ts";
import { searchQuery } from "../../schemas/search.ts";
import { countSearchAppearances } from "../../server/stats/count-views.ts";
import { searchAnswer } from "../../schemas/search-answers.ts";

export const loader = apiLoader({ access: "public", query: searchQuery, response: searchAnswer }, async ({ query, services, info, locale, request }) =>
  countSearchAppearances(
    services,
    request,
    info,
    await searchWarehouses(
      {
        db: services.db,
        geocoder: geocoderFor(services),
        beforeZoneRead: zoneReadGuard(services.db, services.config.searchZoneReadsPerIp, info.ip),
        metrics: services.metrics,
        searchIndex: services.searchIndex,
      },
      query,
      locale,
    ),
  ),
);

export const action = methodNotAllowed;
