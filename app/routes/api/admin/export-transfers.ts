// GET /api/admin/export-transfers?search_term&filters[kind|waiting_days]&order[key]&order[dir]&format=csv|xlsx
// → the waiting bank transfers the list shows, filtered and in its order, streamed, named
// bonifici_<day.month.year>.csv or .xlsx (amounts in euros, dates as dates, reason codes as text).
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportTransfers, TRANSFERS_EXPORT_COLUMNS } from "../../../server/billing/transfers.service.ts";
import { transfersExportQuery } from "../../../schemas/admin-lists.ts";
import { transfersSelection } from "../../shared/transfer-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: transfersExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = transfersSelection(query);
  const rows = await exportTransfers(services.db, actor, filters, order);
  return tableExportResponse({
    format: query.format,
    fileName: `bonifici_${formatDate(todayInItaly())}`,
    columns: TRANSFERS_EXPORT_COLUMNS,
    rows,
    sheetName: "Bonifici",
  });
});
