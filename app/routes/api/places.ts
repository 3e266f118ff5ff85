// GET /api/places?location= → { status, predictions[].description }: place autocomplete.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { geocoderFor, placePredictions } from "../../server/geo/geocoder.service.ts";
import { placesQuery } from "../../schemas/geo.ts";
import { placesAnswer } from "../../schemas/search-answers.ts";

export const loader = apiLoader({ access: "public", query: placesQuery, response: placesAnswer }, ({ query, services, locale }) =>
  placePredictions(geocoderFor(services), query.location, locale),
);

export const action = methodNotAllowed;
