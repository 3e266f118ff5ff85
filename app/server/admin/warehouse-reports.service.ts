// The back office's reports on warehouses (/admin/reports): open ones are what the dashboard's
// work queue counts as waiting; an administrator reads one, acts on the warehouse (its edit page)
// or the request, and closes it, with a note if they like (audited on the warehouse, in the same
// transaction). The list filters by state (open, closed, all), sorts by date or warehouse, and
// exports what it shows (CSV or XLSX, server/http/table-export.ts).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import type { ExportColumn } from "../http/table-export.ts";
import { pages, type CsvCell } from "../http/csv.ts";
import { personName } from "../../lib/person-name.ts";
import { requestNumber } from "../../lib/format.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import { WAREHOUSE_REPORTS_ORDER, WAREHOUSE_REPORTS_PAGE_SIZE, type WarehouseReportsOrderKey } from "../../lib/list-params.ts";
import * as q from "./warehouse-reports.queries.ts";

export type { WarehouseReportFilters } from "./warehouse-reports.queries.ts";
export type WarehouseReportsOrder = ListOrder<WarehouseReportsOrderKey>;

export type WarehouseReportItem = {
  id: number;
  warehouse_id: number;
  warehouse_name: string | null;
  warehouse_request_id: number;
  full_name: string;
  email: string;
  telephone: string;
  subject: string;
  description: string;
  created_at: Date;
  /** Null while open. */
  closed_at: Date | null;
  /** The administrator who closed it (null: open, or closed before closing was recorded). */
  closed_by_name: string | null;
  close_note: string | null;
};

function requireAdmin(actor: Actor | null): Actor {
  if (!actor || actor.role !== "admin") throw new ForbiddenError();
  return actor;
}

type Row = Awaited<ReturnType<typeof q.warehouseReportsPage>>[number];

function toItem(r: Row): WarehouseReportItem {
  const closer = r.closer_email ? personName({ first_name: r.closer_first_name, last_name: r.closer_last_name, email: r.closer_email }) : null;
  return {
    id: Number(r.id),
    warehouse_id: Number(r.warehouse_id),
    warehouse_name: r.warehouse_name ?? null,
    warehouse_request_id: Number(r.warehouse_request_id),
    full_name: r.full_name,
    email: r.email,
    telephone: r.telephone,
    subject: r.subject,
    description: r.description,
    created_at: r.created_at,
    closed_at: r.closed_at,
    closed_by_name: closer || null,
    close_note: r.close_note,
  };
}

/** One page (from 0) of the reports in the state asked, in the order asked, and how many there are. */
export async function listWarehouseReports(
  db: Database,
  actor: Actor | null,
  args: { filters: q.WarehouseReportFilters; order?: WarehouseReportsOrder; page: number },
): Promise<{ reports: WarehouseReportItem[]; reports_count: number }> {
  requireAdmin(actor);
  const order = args.order ?? WAREHOUSE_REPORTS_ORDER.defaults;
  const [rows, reports_count] = await Promise.all([
    q.warehouseReportsPage(db, { filters: args.filters, order, limit: WAREHOUSE_REPORTS_PAGE_SIZE, offset: args.page * WAREHOUSE_REPORTS_PAGE_SIZE }),
    q.countWarehouseReports(db, args.filters),
  ]);
  return { reports: rows.map(toItem), reports_count };
}

/** The open reports, the longest waiting first: what the work queue counts. */
export const listOpenWarehouseReports = (db: Database, actor: Actor | null, args: { page: number }) =>
  listWarehouseReports(db, actor, { filters: { state: "open" }, page: args.page });

/** The export's columns: the list's facts, the request number and the telephone as text. */
export const WAREHOUSE_REPORTS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "Data", type: "datetime", width: 18 },
  { header: "Magazzino", type: "text", width: 30 },
  { header: "ID magazzino", type: "integer" },
  { header: "Richiesta", type: "text", width: 14 },
  { header: "Autore", type: "text", width: 24 },
  { header: "E-mail", type: "text", width: 30 },
  { header: "Telefono", type: "text", width: 16 },
  { header: "Oggetto", type: "text", width: 30 },
  { header: "Testo", type: "text", width: 50 },
  { header: "Chiusa", type: "boolean" },
  { header: "Chiusa il", type: "datetime", width: 18 },
  { header: "Chiusa da", type: "text", width: 24 },
  { header: "Nota di chiusura", type: "text", width: 40 },
];

/** The reports the list shows, in its state and order, streamed by keyset pages; audited as an export. */
export async function exportWarehouseReports(
  db: Database,
  actor: Actor | null,
  filters: q.WarehouseReportFilters,
  order: WarehouseReportsOrder = WAREHOUSE_REPORTS_ORDER.defaults,
): Promise<AsyncIterable<CsvCell[]>> {
  const admin = requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, admin, {
      action: "warehouse.export_reports",
      entityType: "warehouse",
      entityId: null,
      details: { state: filters.state, order: `${order.key} ${order.dir}` },
    }),
  );
  const rows = pages(
    (after: q.WarehouseReportKeyset | null, size) => q.warehouseReportsExportPage(db, { filters, order, after, size }),
    (r) => ({ sort: r.sort_key, id: Number(r.id) }),
  );
  return (async function* () {
    for await (const row of rows) {
      const r = toItem(row);
      yield [
        r.created_at,
        r.warehouse_name ?? "",
        r.warehouse_id,
        requestNumber(r.warehouse_request_id),
        r.full_name,
        r.email,
        r.telephone,
        r.subject,
        r.description,
        r.closed_at !== null,
        r.closed_at,
        r.closed_by_name ?? "",
        r.close_note ?? "",
      ];
    }
  })();
}

/**
 * Closes a report on a warehouse (POST /api/admin/warehouse-reports/{id}/close and the page's
 * "Chiudi"), with the administrator's note if any; audited on the warehouse in the same
 * transaction. Unknown (or a report on a hunter) → 404. Already closed → the same answer as the
 * first time, `already_closed` set, nothing changed or audited again: a repeated click or a retry
 * is harmless, and the first closer and note stay (decision 053).
 */
export async function closeWarehouseReport(
  db: Database,
  actor: Actor | null,
  id: number,
  note: string | null,
): Promise<{ report_id: number; warehouse_id: number; closed_at: Date; already_closed: boolean }> {
  const admin = requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const closed = await q.closeOpenWarehouseReport(trx, { id, closedBy: admin.id, note });
    if (closed) {
      await auditAdminAction(trx, admin, {
        action: "warehouse.close_report",
        entityType: "warehouse",
        entityId: Number(closed.warehouse_id),
        details: { report_id: Number(closed.id), subject: closed.subject, note },
      });
      return { report_id: Number(closed.id), warehouse_id: Number(closed.warehouse_id), closed_at: closed.closed_at!, already_closed: false };
    }
    const report = await q.findWarehouseReport(trx, id);
    if (!report?.closed_at) throw new NotFoundError();
    return { report_id: Number(report.id), warehouse_id: Number(report.warehouse_id), closed_at: report.closed_at, already_closed: true };
  });
}
