// GET /api/admin/export-warehouse-reports?filters[state]=open|closed|all&order[key]=created_at|warehouse
// &order[dir]=asc|desc&format=csv|xlsx → the reports on warehouses the list shows, in its state
// (open when none is given) and order, streamed, named segnalazioni_<day.month.year>.csv or .xlsx.
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportWarehouseReports, WAREHOUSE_REPORTS_EXPORT_COLUMNS } from "../../../server/admin/warehouse-reports.service.ts";
import { warehouseReportsExportQuery } from "../../../schemas/warehouse-reports.ts";
import { warehouseReportsSelection } from "../../shared/admin-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: warehouseReportsExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = warehouseReportsSelection(query);
  const rows = await exportWarehouseReports(services.db, actor, filters, order);
  return tableExportResponse({
    format: query.format,
    fileName: `segnalazioni_${formatDate(todayInItaly())}`,
    columns: WAREHOUSE_REPORTS_EXPORT_COLUMNS,
    rows,
    sheetName: "Segnalazioni",
  });
});
