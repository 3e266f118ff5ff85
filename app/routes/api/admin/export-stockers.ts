// GET /api/admin/export-stockers?search_term&filters[sub_type] → the stockers' CSV (columns:
// first name, last name, account type, e-mail, signup date, confirmed, subscription expiry,
// active), streamed, named stocker_<day.month.year>.csv.
import { apiLoader } from "../../../server/http/api.ts";
import { csvResponse } from "../../../server/http/csv.ts";
import { exportStockers, STOCKERS_CSV_HEADER } from "../../../server/accounts/admin-users.service.ts";
import { stockersQuery } from "../../../schemas/admin-lists.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: stockersQuery }, async ({ actor, query, services }) => {
  const rows = await exportStockers(services.db, actor, { search: query.search_term ?? null, subType: query.filters?.sub_type ?? "all" });
  return csvResponse({ fileName: `stocker_${formatDate(todayInItaly())}.csv`, header: STOCKERS_CSV_HEADER, rows });
});
