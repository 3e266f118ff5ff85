// The back office's open reports on warehouses, read only: what the dashboard's work queue counts
// as waiting, to read before acting on the warehouse (its edit page) or the request.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError } from "../errors.ts";
import { countOpenWarehouseReports, openWarehouseReportsPage } from "./warehouse-reports.queries.ts";
import { WAREHOUSE_REPORTS_PAGE_SIZE } from "../../lib/list-params.ts";

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
};

export async function listOpenWarehouseReports(
  db: Database,
  actor: Actor,
  args: { page: number },
): Promise<{ reports: WarehouseReportItem[]; reports_count: number }> {
  if (actor.role !== "admin") throw new ForbiddenError();
  const [rows, reports_count] = await Promise.all([
    openWarehouseReportsPage(db, { limit: WAREHOUSE_REPORTS_PAGE_SIZE, offset: args.page * WAREHOUSE_REPORTS_PAGE_SIZE }),
    countOpenWarehouseReports(db),
  ]);
  const reports = rows.map((r) => ({
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
  }));
  return { reports, reports_count };
}
