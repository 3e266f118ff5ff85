// GET /api/admin/export-warehouses?search_term&filters[…]&order[key|dir]&format=csv|xlsx → the
// Warehouses list as it shows, filtered and in its order, every page of it: the spec's CSV
// (semicolons) by default, or XLSX with real numbers and dates and postcodes as text; streamed,
// named magazzini_<dd.mm.yyyy>.csv|.xlsx, audited as an export with its filters.
// With ?ids=1,2,3 (each once, at most 1000; else 422) only those rows: the bulk bar's "Esporta".
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportFormat } from "../../../schemas/admin-lists.ts";
import { adminWarehouseSelection, exportWarehousesForAdmin, WAREHOUSES_EXPORT_COLUMNS } from "../../../server/warehouses/admin-warehouses.service.ts";
import { adminWarehousesQuery } from "../../../schemas/admin-warehouses.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";
import { exportIds } from "../../../schemas/admin-bulk.ts";

const exportQuery = adminWarehousesQuery.omit({ limit: true, offset: true }).extend({ format: exportFormat, ids: exportIds });

export const loader = apiLoader({ access: ["admin"], query: exportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = adminWarehouseSelection(query);
  const rows = await exportWarehousesForAdmin(services.db, actor, { filters: { ...filters, ids: query.ids }, order, format: query.format });
  return tableExportResponse({
    format: query.format,
    fileName: `magazzini_${formatDate(todayInItaly())}`,
    columns: WAREHOUSES_EXPORT_COLUMNS,
    rows,
    sheetName: "Magazzini",
  });
});
