// GET /api/admin/export-location-search-warehouses?filters[location]&filters[radius]&lat&lng → the
// warehouses of the search as CSV (the spec's semicolon format) or XLSX (&format=xlsx, typed cells), streamed, named
// magazzini_<place>_<radius>km_<day.month.year>.csv or .xlsx; audited as an export.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportLocationWarehouses, LOCATION_WAREHOUSES_EXPORT_COLUMNS, locationExportFileName } from "../../../server/admin-search/location-search.service.ts";
import { locationExportQuery } from "../../../schemas/admin-location-search.ts";
import { todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: locationExportQuery }, async ({ actor, query, services }) => {
  const selection = { location: query.filters.location, circle: { lat: query.lat, lng: query.lng, radiusKm: query.filters.radius } };
  const rows = await exportLocationWarehouses(services.db, actor, selection);
  return tableExportResponse({
    format: query.format,
    fileName: locationExportFileName("warehouses", selection, todayInItaly()),
    columns: LOCATION_WAREHOUSES_EXPORT_COLUMNS,
    rows,
    sheetName: "Magazzini",
  });
});

export const action = methodNotAllowed;
