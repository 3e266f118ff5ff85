// The back office's warehouse calls: the hub decision, the deactivated toggle, and
// the two lists' queries. One schema each for the endpoint and the page's own form.
//   POST /api/admin/warehouses/{id}/update-status      { warehouse_data: { status: approved|refused, to_approve: 0, note } }
//   POST /api/admin/warehouses/{id}/toggle-deactivated { warehouse_data: { deactivated: 0|1 } }
import { z } from "zod";
import { numeric, optionalText } from "./common.ts";
import { SUBSCRIPTION_FILTERS } from "../lib/list-params.ts";
import { PROVINCE_CODE, WAREHOUSE_ORDER_DIRS, WAREHOUSE_ORDER_KEYS, WAREHOUSE_STATUS_FILTERS, YES_NO_FILTERS } from "../lib/admin-warehouses.ts";
import { exportFormat, listOrder } from "./admin-lists.ts";
import { WAITING_DAYS } from "../lib/admin-lists.ts";
import { HUB_REQUESTS_ORDER } from "../lib/list-params.ts";

/** The Warehouses list's filter (spec: filters{deactivated: act, deact, all}). */
export const DEACTIVATED_FILTERS = ["act", "deact", "all"] as const;
export type DeactivatedFilter = (typeof DEACTIVATED_FILTERS)[number];

const zeroOrOne = numeric(z.union([z.literal(0), z.literal(1)]));
/** A required yes/no: 0/1, "0"/"1" or a boolean; missing or anything else is refused (no silent false). */
const strictFlag = z.union([z.boolean(), zeroOrOne]).transform((v) => v === true || v === 1);

export const hubDecisionSchema = z
  .object({
    warehouse_data: z.object({
      status: z.enum(["approved", "refused"]),
      // Both decisions close the request: the spec sends to_approve 0, nothing else is meaningful.
      to_approve: z.union([z.literal(false), numeric(z.literal(0))]).optional(),
      note: optionalText(2000),
    }),
  })
  .superRefine((body, ctx) => {
    if (body.warehouse_data.status === "refused" && !body.warehouse_data.note)
      ctx.addIssue({ code: "custom", path: ["warehouse_data", "note"], message: "required" });
  });
export type HubDecisionBody = z.infer<typeof hubDecisionSchema>;

export const toggleDeactivatedSchema = z.object({ warehouse_data: z.object({ deactivated: strictFlag }) });

const listBase = {
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
};

/** GET /api/admin/hub-requests (and its page): waiting at least filters[waiting_days] days, in order[key] order[dir]. */
export const hubRequestsQuery = z.object({
  ...listBase,
  filters: z.object({ waiting_days: z.enum(WAITING_DAYS).optional() }).optional(),
  order: listOrder(HUB_REQUESTS_ORDER.keys),
});

/** GET /api/admin/export-hub-requests: the list's query and the file's format. */
export const hubRequestsExportQuery = hubRequestsQuery.extend({ format: exportFormat });

/**
 * GET /api/admin/warehouses and its export, read by the page too: filters[deactivated|status|hub|
 * redeemed|sub_type|province|photos|free_space], order[key|dir]. A value outside its list is
 * refused (422, the field named), never a 500 nor a silent "all".
 */
export const adminWarehouseFilters = z.object({
  deactivated: z.enum(DEACTIVATED_FILTERS).optional(),
  status: z.enum(WAREHOUSE_STATUS_FILTERS).optional(),
  hub: z.enum(YES_NO_FILTERS).optional(),
  redeemed: z.enum(YES_NO_FILTERS).optional(),
  sub_type: z.enum(SUBSCRIPTION_FILTERS).optional(),
  province: z
    .string()
    .regex(PROVINCE_CODE, "invalid")
    .transform((v) => v.toUpperCase())
    .optional(),
  photos: z.enum(YES_NO_FILTERS).optional(),
  free_space: z.enum(YES_NO_FILTERS).optional(),
});
export type AdminWarehouseFiltersInput = z.infer<typeof adminWarehouseFilters>;

const warehouseOrder = z.object({ key: z.enum(WAREHOUSE_ORDER_KEYS).optional(), dir: z.enum(WAREHOUSE_ORDER_DIRS).optional() });

export const adminWarehousesQuery = z.object({
  ...listBase,
  filters: adminWarehouseFilters.optional(),
  order: warehouseOrder.optional(),
});
