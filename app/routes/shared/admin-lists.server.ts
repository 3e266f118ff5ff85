// The reports', specifications' and promo codes' queries (their pages, JSON twins and exports,
// one schema each) as the services read them: the filters with their defaults, the order resolved
// against the list's whitelist and default.
import type { z } from "zod";
import type { warehouseReportsQuery } from "../../schemas/warehouse-reports.ts";
import type { WarehouseReportFilters, WarehouseReportsOrder } from "../../server/admin/warehouse-reports.service.ts";
import { resolveOrder } from "../../lib/admin-lists.ts";
import { WAREHOUSE_REPORTS_ORDER } from "../../lib/list-params.ts";

/** The reports' state (open when none is given: what the work queue counts) and order. */
export function warehouseReportsSelection(query: z.infer<typeof warehouseReportsQuery>): { filters: WarehouseReportFilters; order: WarehouseReportsOrder } {
  return { filters: { state: query.filters?.state ?? "open" }, order: resolveOrder(WAREHOUSE_REPORTS_ORDER, query.order) };
}
