// GET /api/warehouses/search/map?<the search's filters>&zoom=&west=&south=&east=&north=
// → { items: [{ kind: "cluster", id, lat, lng, count, color, expansion_zoom } | { kind: "marker", id, lat, lng, claimed, matches }], truncated, error }:
// what the search's map draws in view, clustered over every result of the zone.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { geocoderFor } from "../../server/geo/geocoder.service.ts";
import { searchMap } from "../../server/search/search-map.service.ts";
import { zoneReadGuard } from "../../server/search/search.service.ts";
import { searchMapQuery } from "../../schemas/search.ts";
import { searchMapAnswer } from "../../schemas/search-answers.ts";

export const loader = apiLoader({ access: "public", query: searchMapQuery, response: searchMapAnswer }, ({ query, services, info, locale }) =>
  searchMap(
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
);

export const action = methodNotAllowed;
