// GET /api/admin/export-crm-actions?search_term&filters[follow_up_done]&order[key]&order[dir]&format=csv|xlsx
// → the follow-up actions the list shows, filtered and in its order, streamed, named
// azioni_crm_<day.month.year>.csv or .xlsx (days and instants as dates, contacts as text).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { CRM_ACTIONS_EXPORT_COLUMNS, exportCrmActions } from "../../../server/crm/crm.service.ts";
import { crmActionsExportQuery } from "../../../schemas/crm.ts";
import { crmActionsSelection } from "../../shared/crm-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: crmActionsExportQuery }, async ({ actor, query, services }) => {
  const rows = await exportCrmActions(services.db, actor, crmActionsSelection(query));
  return tableExportResponse({
    format: query.format,
    fileName: `azioni_crm_${formatDate(todayInItaly())}`,
    columns: CRM_ACTIONS_EXPORT_COLUMNS,
    rows,
    sheetName: "Azioni CRM",
  });
});
export const action = methodNotAllowed;
