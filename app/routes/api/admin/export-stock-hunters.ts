// GET /api/admin/export-stock-hunters?search_term&filters[active|with_requests]&order[key]&order[dir]&format=csv|xlsx[&ids=1,2,3]
// → the stock hunters the list shows, filtered and in its order, streamed, named
// stock_hunter_<day.month.year>.csv or .xlsx.
// With ?ids=1,2,3 (each once, at most 1000; else 422) only those rows: the bulk bar's "Esporta".
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportStockHunters, STOCK_HUNTERS_EXPORT_COLUMNS } from "../../../server/accounts/admin-users.service.ts";
import { stockHuntersExportQuery } from "../../../schemas/admin-lists.ts";
import { stockHuntersSelection } from "../../shared/admin-user-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: stockHuntersExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = stockHuntersSelection(query);
  const rows = await exportStockHunters(services.db, actor, { ...filters, ids: query.ids }, order);
  return tableExportResponse({
    format: query.format,
    fileName: `stock_hunter_${formatDate(todayInItaly())}`,
    columns: STOCK_HUNTERS_EXPORT_COLUMNS,
    rows,
    sheetName: "Stock hunter",
  });
});
