// The reports', specifications' and promo codes' queries (their pages, JSON twins and exports,
// one schema each) as the services read them: the filters with their defaults, the order resolved
// against the list's whitelist and default.
import type { z } from "zod";
import type { warehouseReportsQuery } from "../../schemas/warehouse-reports.ts";
import type { specificationsQuery } from "../../schemas/specification.ts";
import type { promoCodesQuery } from "../../schemas/admin-lists.ts";
import type { PromoCodeFilters, PromoCodesOrder } from "../../server/billing/promo-codes.service.ts";
import type { SpecificationFilters, SpecificationsOrder } from "../../server/specifications/specifications.service.ts";
import type { WarehouseReportFilters, WarehouseReportsOrder } from "../../server/admin/warehouse-reports.service.ts";
import { resolveOrder } from "../../lib/admin-lists.ts";
import { PROMO_CODES_ORDER, SPECIFICATIONS_ORDER, WAREHOUSE_REPORTS_ORDER } from "../../lib/list-params.ts";

/** The reports' state (open when none is given: what the work queue counts) and order. */
export function warehouseReportsSelection(query: z.infer<typeof warehouseReportsQuery>): { filters: WarehouseReportFilters; order: WarehouseReportsOrder } {
  return { filters: { state: query.filters?.state ?? "open" }, order: resolveOrder(WAREHOUSE_REPORTS_ORDER, query.order) };
}

/** The specifications' search, group ("Tutte le categorie": none), active or hidden, and order. */
export function specificationsSelection(query: z.infer<typeof specificationsQuery>): { filters: SpecificationFilters; order: SpecificationsOrder } {
  const f = query.filters ?? {};
  return {
    filters: {
      search: query.search_term ?? null,
      catId: typeof f.cat_id === "number" ? f.cat_id : null,
      active: f.active === undefined ? undefined : f.active === "yes",
    },
    order: resolveOrder(SPECIFICATIONS_ORDER, query.order),
  };
}

/** The promo codes' search (the code), state (none: all) and order (newest first by default). */
export function promoCodesSelection(query: z.infer<typeof promoCodesQuery>): { filters: PromoCodeFilters; order: PromoCodesOrder } {
  return { filters: { search: query.search_term ?? null, state: query.filters?.state }, order: resolveOrder(PROMO_CODES_ORDER, query.order) };
}
