// GET /api/geocode/address?address=&cap=&city=&province=&country= → { status, results[0] { geometry.location, precision } }:
// the warehouse form's pin.
import { apiLoader, methodNotAllowed } from "../../server/http/api.ts";
import { geocodeAddress } from "../../server/geo/geocoder.service.ts";
import { geocodeAddressQuery } from "../../schemas/geo.ts";

export const loader = apiLoader({ access: "public", query: geocodeAddressQuery }, ({ query, services, locale }) => geocodeAddress(services, query, locale));

export const action = methodNotAllowed;
