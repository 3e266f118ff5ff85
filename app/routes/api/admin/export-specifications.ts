// GET /api/admin/export-specifications?search_term&filters[cat_id]&filters[active]=yes|no
// &order[key]=group|title|active&order[dir]=asc|desc&format=csv|xlsx → the specifications the
// list shows, filtered and in its order, streamed, named specifiche_<day.month.year>.csv or .xlsx.
import { apiLoader } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportSpecifications, SPECIFICATIONS_EXPORT_COLUMNS } from "../../../server/specifications/specifications.service.ts";
import { specificationsExportQuery } from "../../../schemas/specification.ts";
import { specificationsSelection } from "../../shared/admin-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: specificationsExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = specificationsSelection(query);
  const rows = await exportSpecifications(services.db, actor, filters, order);
  return tableExportResponse({
    format: query.format,
    fileName: `specifiche_${formatDate(todayInItaly())}`,
    columns: SPECIFICATIONS_EXPORT_COLUMNS,
    rows,
    sheetName: "Specifiche",
  });
});
