// GET /api/admin/export-stocker-requests?search_term&filters[approved]&filters[waiting_days]&order[key]&order[dir]&format=csv|xlsx
// → the stocker registrations the New stockers list shows, filtered and in its order, streamed,
// named nuovi_stocker_<day.month.year>.csv or .xlsx.
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportStockerRequests, STOCKER_REQUESTS_EXPORT_COLUMNS } from "../../../server/accounts/stocker-approval.service.ts";
import { stockerRequestsExportQuery } from "../../../schemas/stocker-approval.ts";
import { stockerRequestsSelection } from "../../shared/stocker-request-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: stockerRequestsExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = stockerRequestsSelection(query);
  const rows = await exportStockerRequests(services.db, actor, filters, order);
  return tableExportResponse({
    format: query.format,
    fileName: `nuovi_stocker_${formatDate(todayInItaly())}`,
    columns: STOCKER_REQUESTS_EXPORT_COLUMNS,
    rows,
    sheetName: "Nuovi stocker",
  });
});
