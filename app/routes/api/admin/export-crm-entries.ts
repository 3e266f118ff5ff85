// GET /api/admin/export-crm-entries?search_term&filters[date]&filters[event_type]&order[key]&order[dir]&format=csv|xlsx
// → the CRM's entries (columns: date, business name, contact, event type, description,
// follow-up, action, handled), the list's selection in the list's order (newest first by
// default), streamed, named crm_<day.month.year>.csv or .xlsx.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { CRM_EXPORT_COLUMNS, exportCrmEntries } from "../../../server/crm/crm.service.ts";
import { crmEntriesExportQuery } from "../../../schemas/crm.ts";
import { crmEntriesSelection } from "../../shared/crm-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: crmEntriesExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = crmEntriesSelection(query);
  const rows = await exportCrmEntries(services.db, actor, filters, order);
  return tableExportResponse({ format: query.format, fileName: `crm_${formatDate(todayInItaly())}`, columns: CRM_EXPORT_COLUMNS, rows, sheetName: "CRM" });
});
export const action = methodNotAllowed;
