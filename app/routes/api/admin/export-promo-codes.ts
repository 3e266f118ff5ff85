// GET /api/admin/export-promo-codes?search_term&filters[state]=usable|expired|used_up
// &order[key]=code|created_at|uses|expiry&order[dir]=asc|desc&format=csv|xlsx → the promo codes
// the list shows, filtered and in its order, streamed, named codici_promo_<day.month.year>.csv or .xlsx.
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportPromoCodes, PROMO_CODES_EXPORT_COLUMNS } from "../../../server/billing/promo-codes.service.ts";
import { promoCodesExportQuery } from "../../../schemas/admin-lists.ts";
import { promoCodesSelection } from "../../shared/admin-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: promoCodesExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = promoCodesSelection(query);
  const rows = await exportPromoCodes(services.db, actor, filters, order);
  return tableExportResponse({
    format: query.format,
    fileName: `codici_promo_${formatDate(todayInItaly())}`,
    columns: PROMO_CODES_EXPORT_COLUMNS,
    rows,
    sheetName: "Codici promo",
  });
});
