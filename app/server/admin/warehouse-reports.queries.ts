// SQL of the back office's open reports on warehouses (/admin/reports): the reports hunters made
// on a warehouse of one of their requests and nobody closed yet, the longest waiting first, read
// from reports_open_warehouse_idx (migration 0031); each with its warehouse's name (gone: null).
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

const openWarehouseReports = (db: Database) => db.selectFrom("reports as r").where("r.target", "=", "warehouse").where("r.closed_at", "is", null);

export function openWarehouseReportsPage(db: Database, args: { limit: number; offset: number }) {
  return openWarehouseReports(db)
    .leftJoin("warehouses as w", "w.id", "r.warehouse_id")
    .select(["r.id", "r.warehouse_id", "r.warehouse_request_id", "r.full_name", "r.email", "r.telephone", "r.subject", "r.description", "r.created_at"])
    .select("w.name as warehouse_name")
    .orderBy("r.created_at", "asc")
    .orderBy("r.id", "asc")
    .limit(args.limit)
    .offset(args.offset)
    .execute();
}

export async function countOpenWarehouseReports(db: Database): Promise<number> {
  const row = await openWarehouseReports(db)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}
