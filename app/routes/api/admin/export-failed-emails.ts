// GET /api/admin/export-failed-emails?search_term&filters[template]&filters[lang]&order[key]&order[dir]&format=csv|xlsx
// → the undelivered e-mails the list shows, filtered and in its order, streamed, named
// email_non_consegnate_<day.month.year>.csv or .xlsx (attempts as numbers, times as dates);
// audited as an export.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { tableExportResponse } from "../../../server/http/table-export.ts";
import { exportFailedMail, FAILED_EMAILS_EXPORT_COLUMNS } from "../../../server/mail/failed-mail.service.ts";
import { failedEmailsExportQuery } from "../../../schemas/admin-lists.ts";
import { failedEmailsSelection } from "../../shared/failed-email-lists.server.ts";
import { formatDate, todayInItaly } from "../../../lib/format.ts";

export const loader = apiLoader({ access: ["admin"], query: failedEmailsExportQuery }, async ({ actor, query, services }) => {
  const { filters, order } = failedEmailsSelection(query);
  return tableExportResponse({
    format: query.format,
    fileName: `email_non_consegnate_${formatDate(todayInItaly())}`,
    columns: FAILED_EMAILS_EXPORT_COLUMNS,
    rows: await exportFailedMail(services.db, actor, filters, order),
    sheetName: "E-mail non consegnate",
  });
});
export const action = methodNotAllowed;
