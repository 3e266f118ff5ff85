// Quote requests in the logged-in areas: the list queries of GET /api/{stocker|referent}/requests
// and GET /api/stock-hunter/requests (the spec's limit, offset as the page INDEX, filters[…]),
// the body of POST /api/{stocker|referent}/warehouse-requests/{id}/update, and the same checks
// for the pages (their URL filters and their state selector).
import { z } from "zod";
import { idNumber, numeric } from "./common.ts";
import { optionalIsoDate } from "./quote.ts";
import { REQUEST_STATES } from "../lib/warehouse-pages.ts";

export { REQUEST_STATES };

/** The spec's page size in these lists, and the most one call may ask for. */
export const REQUESTS_DEFAULT_LIMIT = 8;
export const REQUESTS_MAX_LIMIT = 50;
/** The last page index a list call accepts (8 × 100,000 rows is beyond any real history). */
export const REQUESTS_MAX_OFFSET = 100_000;

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

const optionalId = z.preprocess(blankToNull, idNumber.nullable());
const optionalState = z.preprocess(blankToNull, z.enum(REQUEST_STATES).nullable());

/** from ≤ to, both Italian calendar days; a reversed range flags both ends (either may be the wrong one). */
export function checkRange(data: { from: string | null; to: string | null }, ctx: z.RefinementCtx) {
  if (data.from && data.to && data.from > data.to) {
    ctx.addIssue({ code: "custom", path: ["from"], message: "after_end" });
    ctx.addIssue({ code: "custom", path: ["to"], message: "before_start" });
  }
}

export const hunterRequestFiltersSchema = z.object({ from: optionalIsoDate, to: optionalIsoDate, state: optionalState }).superRefine(checkRange);
export type HunterRequestFilters = z.infer<typeof hunterRequestFiltersSchema>;

export const handlerRequestFiltersSchema = z
  .object({ warehouse_id: optionalId, from: optionalIsoDate, to: optionalIsoDate, state: optionalState })
  .superRefine(checkRange);
export type HandlerRequestFilters = z.infer<typeof handlerRequestFiltersSchema>;

const limit = z.preprocess(blankToNull, numeric(z.number().int().min(1).max(REQUESTS_MAX_LIMIT)).nullable()).transform((v) => v ?? REQUESTS_DEFAULT_LIMIT);
const offset = z.preprocess(blankToNull, numeric(z.number().int().min(0).max(REQUESTS_MAX_OFFSET)).nullable()).transform((v) => v ?? 0);

/** GET /api/{stocker|referent}/requests?limit=8&offset=0&filters[warehouse_id]=…&filters[from]=…&filters[to]=…&filters[state]=… */
export const handlerRequestsQuery = z.object({
  limit,
  offset,
  filters: z.preprocess((v) => v ?? {}, handlerRequestFiltersSchema),
});
export type HandlerRequestsQuery = z.infer<typeof handlerRequestsQuery>;

/** GET /api/stock-hunter/requests?limit=8&offset=0&filters[from]=…&filters[to]=…&filters[state]=… */
export const hunterRequestsQuery = z.object({
  limit,
  offset,
  filters: z.preprocess((v) => v ?? {}, hunterRequestFiltersSchema),
});
export type HunterRequestsQuery = z.infer<typeof hunterRequestsQuery>;

/** POST …/warehouse-requests/{id}/update: the link's new state. */
export const requestStateSchema = z.object({ state: z.enum(REQUEST_STATES) });

/** The handler page's state selector: which link, and its new state. */
export const requestStateFormSchema = z.object({ link_id: idNumber, state: z.enum(REQUEST_STATES) });
