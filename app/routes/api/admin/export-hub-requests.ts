// GET /api/admin/export-hub-requests?search_term&filters[waiting_days]&order[key]&order[dir]&format=csv|xlsx
// → the hub requests the list shows, filtered and in its order, streamed, named
// richieste_hub_<day.month.year>.csv or .xlsx.
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportHubRequests, HUB_REQUESTS_EXPORT_COLUMNS } from "../../../server/warehouses/admin-warehouses.service.ts";
import { hubRequestsExportQuery } from "../../../schemas/admin-warehouses.ts";
import { hubRequestsSelection } from "../../shared/hub-request-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: hubRequestsExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = hubRequestsSelection(query);
  const rows = await exportHubRequests(services.db, actor, filters, order);
  return tableExportResponse({
    format: query.format,
    fileName: `richieste_hub_${formatDate(todayInItaly())}`,
    columns: HUB_REQUESTS_EXPORT_COLUMNS,
    rows,
    sheetName: "Richieste hub",
  });
});
