// GET /api/admin/export-location-search-requests?filters[location]&filters[radius]&lat&lng → the
// quote requests of the search as CSV (the spec's semicolon format) or XLSX (&format=xlsx, typed cells), streamed, newest first,
// named richieste_<place>_<radius>km_<day.month.year>.csv or .xlsx; audited as an export.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportLocationRequests, LOCATION_REQUESTS_EXPORT_COLUMNS, locationExportFileName } from "../../../server/admin-search/location-search.service.ts";
import { locationExportQuery } from "../../../schemas/admin-location-search.ts";
import { todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: locationExportQuery }, async ({ actor, query, services }) => {
  const selection = { location: query.filters.location, circle: { lat: query.lat, lng: query.lng, radiusKm: query.filters.radius } };
  const rows = await exportLocationRequests(services.db, actor, selection);
  return tableExportResponse({
    format: query.format,
    fileName: locationExportFileName("requests", selection, todayInItaly()),
    columns: LOCATION_REQUESTS_EXPORT_COLUMNS,
    rows,
    sheetName: "Richieste",
  });
});

export const action = methodNotAllowed;
