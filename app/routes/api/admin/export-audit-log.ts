// GET /api/admin/export-audit-log?admin_id&action&entity_type&entity_id&search_term&from&to&format=csv|xlsx
// (search_term also read as search, the /admin/audit page's name for it)
// → the audit log as the /admin/audit list shows it with the same filters, newest first, every
// page, streamed, named registro_attivita_<day.month.year>.csv or .xlsx: the time as a date and
// time, the action, the entity and the details in words, ids as text. Audited as an export.
import { z } from "zod";
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportFormat } from "../../../schemas/admin-lists.ts";
import { AUDIT_EXPORT_COLUMNS, exportAuditLog } from "../../../server/audit/audit-log.service.ts";
import { auditFiltersOf, auditLogFilters } from "../../../schemas/audit-log.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader(
  { access: ["admin"], query: z.object({ ...auditLogFilters, format: exportFormat }), queryAliases: { search: "search_term" } },
  async ({ actor, query, services }) => {
    const rows = await exportAuditLog(services.db, actor, { filters: auditFiltersOf(query), format: query.format });
    return tableExportResponse({
      format: query.format,
      fileName: `registro_attivita_${formatDate(todayInItaly())}`,
      columns: AUDIT_EXPORT_COLUMNS,
      rows,
      sheetName: "Registro attività",
    });
  },
);
export const action = methodNotAllowed;
