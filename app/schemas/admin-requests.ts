// The back office's quote requests: the list's query (limit, offset as the page index,
// search_term, filters[from|to|answered|requester], order[key|dir]), read by its page and its
// export too, the add-warehouses popup's search (search_term, ids already selected) and its body
// (ids). The page's URL filters use the same schema, so a reversed or impossible date is refused
// the same way on both.
import { z } from "zod";
import { idNumber } from "./common.ts";
import { exportFormat, listOrder, listPaging } from "./admin-lists.ts";
import { optionalIsoDate } from "./quote.ts";
import { MAX_QUOTE_WAREHOUSES } from "../lib/quote-limits.ts";
import { ADMIN_REQUESTS_ORDER, REQUESTER_KINDS } from "../lib/list-params.ts";
import { YES_NO } from "../lib/admin-lists.ts";
import { checkRange } from "./area-requests.ts";

/**
 * Created from / to (Italian calendar days, both inclusive; from ≤ to), answered (yes: at least one
 * contacted warehouse answered; no: none yet), requester (account or visitor).
 */
export const adminRequestFiltersSchema = z
  .object({ from: optionalIsoDate, to: optionalIsoDate, answered: z.enum(YES_NO).optional(), requester: z.enum(REQUESTER_KINDS).optional() })
  .superRefine(checkRange);
export type AdminRequestFilters = z.infer<typeof adminRequestFiltersSchema>;

/** GET /api/admin/warehouse-requests?limit=8&offset=0&search_term=…&filters[from]=…&filters[answered]=yes&order[key]=warehouses&order[dir]=desc */
export const adminRequestsQuery = z.object({
  ...listPaging,
  filters: z.preprocess((v) => v ?? {}, adminRequestFiltersSchema),
  order: listOrder(ADMIN_REQUESTS_ORDER.keys),
});

/** GET /api/admin/export-warehouse-requests: the list's query and the file's format. */
export const adminRequestsExportQuery = adminRequestsQuery.extend({ format: exportFormat });

/** Most ids the popup's search may exclude (the selection of one popup, plus room). */
export const MAX_EXCLUDED_IDS = 200;

/** `ids=1&ids=2`, `ids[]=1`, `ids=1,2` or a JSON list: the ids as a list (none when absent). */
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : v),
  z.array(idNumber).max(MAX_EXCLUDED_IDS),
);

/** GET /api/admin/warehouse-requests/{id}/warehouses/search?search_term=…&ids=… */
export const requestWarehouseSearchQuery = z.object({
  search_term: listPaging.search_term,
  ids: idList,
});

/** POST /api/admin/warehouse-requests/{id}/add-warehouses { ids }: at most as many as one request may reach. */
export const addWarehousesBody = z.object({
  ids: z
    .array(idNumber)
    .min(1)
    .max(MAX_QUOTE_WAREHOUSES)
    .transform((ids) => [...new Set(ids)]),
});
export type AddWarehousesBody = z.infer<typeof addWarehousesBody>;
