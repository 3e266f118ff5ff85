// GET /api/geocode/location?location= → { status, results[0].geometry.location { lat, lng } }.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { geocodeLocation, geocoderFor } from "../../server/geo/geocoder.service.ts";
import { geocodeLocationQuery } from "../../schemas/geo.ts";
import { geocodeAnswer } from "../../schemas/search-answers.ts";

export const loader = apiLoader({ access: "public", query: geocodeLocationQuery, response: geocodeAnswer }, ({ query, services, locale }) =>
  geocodeLocation(geocoderFor(services), query.location, locale),
);

export const action = methodNotAllowed;
