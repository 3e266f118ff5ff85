// GET /api/admin/export-crm-entries?search_term&filters[date]&filters[event_type] → the CRM's CSV
// (columns: date, business name, contact, event type, description, follow-up, action,
// handled), the list's selection newest first, streamed, named crm_<day.month.year>.csv.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { csvResponse } from "../../../server/http/csv.ts";
import { CRM_CSV_HEADER, exportCrmEntries } from "../../../server/crm/crm.service.ts";
import { crmEntriesQuery } from "../../../schemas/crm.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: crmEntriesQuery }, async ({ actor, query, services }) => {
  const rows = await exportCrmEntries(services.db, actor, {
    search: query.search_term,
    date: query.filters?.date ?? null,
    eventType: query.filters?.event_type ?? null,
  });
  return csvResponse({ fileName: `crm_${formatDate(todayInItaly())}.csv`, header: CRM_CSV_HEADER, rows });
});
export const action = methodNotAllowed;
