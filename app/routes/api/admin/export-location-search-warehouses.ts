// GET /api/admin/export-location-search-warehouses?filters[location]&filters[radius]&lat&lng → the
// warehouses of the search as a semicolon CSV (server/http/csv.ts), streamed, named
// magazzini_<place>_<radius>km_<day.month.year>.csv; audited as an export.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { csvResponse } from "../../../server/http/csv.ts";
import { exportLocationWarehouses, LOCATION_WAREHOUSES_CSV_HEADER, locationExportFileName } from "../../../server/admin-search/location-search.service.ts";
import { locationExportQuery } from "../../../schemas/admin-location-search.ts";
import { todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: locationExportQuery }, async ({ actor, query, services }) => {
  const selection = { location: query.filters.location, circle: { lat: query.lat, lng: query.lng, radiusKm: query.filters.radius } };
  const rows = await exportLocationWarehouses(services.db, actor, selection);
  return csvResponse({ fileName: locationExportFileName("warehouses", selection, todayInItaly()), header: LOCATION_WAREHOUSES_CSV_HEADER, rows });
});

export const action = methodNotAllowed;
