// GET /api/admin/export-stockers?search_term&filters[sub_type|account_type|confirmed|active]&order[key]&order[dir]&format=csv|xlsx[&ids=1,2,3]
// → the stockers the list shows, filtered and in its order (columns: first name, last name,
// account type, e-mail, signup date, confirmed, subscription expiry, active), streamed, named
// stocker_<day.month.year>.csv or .xlsx.
// With ?ids=1,2,3 (each once, at most 1000; else 422) only those rows: the bulk bar's "Esporta".
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportStockers, STOCKERS_EXPORT_COLUMNS } from "../../../server/accounts/admin-users.service.ts";
import { stockersExportQuery } from "../../../schemas/admin-lists.ts";
import { stockersSelection } from "../../shared/admin-user-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: stockersExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = stockersSelection(query);
  const rows = await exportStockers(services.db, actor, { ...filters, ids: query.ids }, order);
  return tableExportResponse({
    format: query.format,
    fileName: `stocker_${formatDate(todayInItaly())}`,
    columns: STOCKERS_EXPORT_COLUMNS,
    rows,
    sheetName: "Stocker",
  });
});
