// GET /api/admin/export-warehouse-requests?search_term&filters[from|to|answered|requester]&order[key]&order[dir]&format=csv|xlsx
// → the quote requests the list shows, filtered and in its order, streamed, named
// richieste_<day.month.year>.csv or .xlsx (the request number as text with its zeros, dates as
// dates, quantities and counts as numbers).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { ADMIN_REQUESTS_EXPORT_COLUMNS, exportAdminRequests } from "../../../server/admin-requests/admin-requests.service.ts";
import { adminRequestsExportQuery } from "../../../schemas/admin-requests.ts";
import { adminRequestsSelection } from "../../shared/admin-request-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: adminRequestsExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = adminRequestsSelection(query);
  const rows = await exportAdminRequests(services.db, actor, filters, order);
  return tableExportResponse({
    format: query.format,
    fileName: `richieste_${formatDate(todayInItaly())}`,
    columns: ADMIN_REQUESTS_EXPORT_COLUMNS,
    rows,
    sheetName: "Richieste",
  });
});
export const action = methodNotAllowed;
