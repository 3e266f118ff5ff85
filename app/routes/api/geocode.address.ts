// GET /api/geocode/address?address=&cap=&city=&province=&country= → { status, results[0] { geometry.location, precision } }:
// the warehouse form's pin.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { geocodeAddress } from "../../server/geo/geocoder.service.ts";
import { geocodeAddressQuery } from "../../schemas/geo.ts";
import { geocodeAddressAnswer } from "../../schemas/search-answers.ts";

export const loader = apiLoader({ access: "public", query: geocodeAddressQuery, response: geocodeAddressAnswer }, ({ query, services, locale }) =>
  geocodeAddress(services, query, locale),
);

export const action = methodNotAllowed;
