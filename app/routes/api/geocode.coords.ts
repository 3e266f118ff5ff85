// GET /api/geocode/coords?latitude=&longitude= → { status, results[].address_components[] }:
// the locality at a point (use-my-position puts it in the location box).
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { geocodeCoords, geocoderFor } from "../../server/geo/geocoder.service.ts";
import { geocodeCoordsQuery } from "../../schemas/geo.ts";
import { geocodeAnswer } from "../../schemas/search-answers.ts";

export const loader = apiLoader({ access: "public", query: geocodeCoordsQuery, response: geocodeAnswer }, ({ query, services, locale }) =>
  geocodeCoords(geocoderFor(services), query.latitude, query.longitude, locale),
);

export const action = methodNotAllowed;
