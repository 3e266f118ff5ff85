// SQL of the back office's reports on warehouses (/admin/reports, its export and closing one):
// the reports hunters made on a warehouse of one of their requests, open (closed_at is null) or
// closed, each with its warehouse's name (gone: null) and, once closed, who closed it and the note.
// The open ones by date read reports_open_warehouse_idx (migration 0031); the reports are few
// (at most one open per author and request link), so the other states and the warehouse's order
// are a short scan and sort of the reports themselves (decision 053).
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/database.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import type { ReportState, WarehouseReportsOrderKey } from "../../lib/list-params.ts";

export type WarehouseReportFilters = { state: ReportState };
export type WarehouseReportKeyset = { sort: string | Date; id: number };

function reportsOf(db: Database, filters: WarehouseReportFilters) {
  let query = db.selectFrom("reports as r").leftJoin("warehouses as w", "w.id", "r.warehouse_id").where("r.target", "=", "warehouse");
  if (filters.state === "open") query = query.where("r.closed_at", "is", null);
  else if (filters.state === "closed") query = query.where("r.closed_at", "is not", null);
  return query;
}

/** The column a list's order reads: the report's date, or its warehouse's name (lower-cased; a gone warehouse last A to Z). */
function sortKey(key: WarehouseReportsOrderKey): RawBuilder<string | Date> {
  return key === "warehouse" ? sql<string>`lower(coalesce(w.name, ''))` : sql<Date>`r.created_at`;
}

function selectRows(db: Database, filters: WarehouseReportFilters, order: ListOrder<WarehouseReportsOrderKey>) {
  const dir = order.dir === "asc" ? sql`asc` : sql`desc`;
  return reportsOf(db, filters)
    .leftJoin("users as closer", "closer.id", "r.closed_by")
    .select([
      "r.id",
      "r.warehouse_id",
      "r.warehouse_request_id",
      "r.full_name",
      "r.email",
      "r.telephone",
      "r.subject",
      "r.description",
      "r.created_at",
      "r.closed_at",
      "r.close_note",
      "w.name as warehouse_name",
    ])
    .select(["closer.first_name as closer_first_name", "closer.last_name as closer_last_name", "closer.email as closer_email"])
    .select(sortKey(order.key).as("sort_key"))
    .orderBy(sql`${sortKey(order.key)} ${dir}`)
    .orderBy(sql`r.id ${dir}`);
}

export function warehouseReportsPage(
  db: Database,
  args: { filters: WarehouseReportFilters; order: ListOrder<WarehouseReportsOrderKey>; limit: number; offset: number },
) {
  return selectRows(db, args.filters, args.order).limit(args.limit).offset(args.offset).execute();
}

/** The export's pages: the rows after the last one read (its sort key and id), in the list's order. */
export function warehouseReportsExportPage(
  db: Database,
  args: { filters: WarehouseReportFilters; order: ListOrder<WarehouseReportsOrderKey>; after: WarehouseReportKeyset | null; size: number },
) {
  let query = selectRows(db, args.filters, args.order);
  if (args.after) {
    const { sort, id } = args.after;
    const key = sortKey(args.order.key);
    const after: Expression<SqlBool> =
      args.order.dir === "asc" ? sql<SqlBool>`(${key}, r.id) > (${sort}, ${id})` : sql<SqlBool>`(${key}, r.id) < (${sort}, ${id})`;
    query = query.where(after);
  }
  return query.limit(args.size).execute();
}

export async function countWarehouseReports(db: Database, filters: WarehouseReportFilters): Promise<number> {
  const row = await reportsOf(db, filters)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Closes an open report on a warehouse: one conditional statement, so of two administrators
 * closing it at once one closes it and the other finds it closed. Undefined when it was not open.
 */
export function closeOpenWarehouseReport(db: Database, args: { id: number; closedBy: number; note: string | null }) {
  return db
    .updateTable("reports")
    .set({ closed_at: sql`now()`, closed_by: args.closedBy, close_note: args.note })
    .where("id", "=", args.id)
    .where("target", "=", "warehouse")
    .where("closed_at", "is", null)
    .returning(["id", "warehouse_id", "subject", "closed_at"])
    .executeTakeFirst();
}

/** A report on a warehouse, open or closed (closing one answers for one already closed). */
export function findWarehouseReport(db: Database, id: number) {
  return db
    .selectFrom("reports")
    .select(["id", "warehouse_id", "subject", "closed_at"])
    .where("id", "=", id)
    .where("target", "=", "warehouse")
    .executeTakeFirst();
}
