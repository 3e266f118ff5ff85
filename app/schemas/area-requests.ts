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

// The lists' answers, described in the API's document and checked against every answer the tests
// get (apiLoader's `response`). Times are as JSON writes them (ISO 8601 strings).
export const requestState = z.enum(REQUEST_STATES);
const id = z.number().int().positive();

const linkReviewState = {
  /** Whether the list's owner reviewed the link, and the review. */
  reviewed: z.boolean(),
  review: z
    .strictObject({
      id,
      /** The mean of the given ratings × 10 (43 = 4,3 out of 5); 0 when no rating was given. */
      avg_value: z.number(),
      description: z.string().nullable(),
      reliability_value: z.number().nullable(),
      communication_value: z.number().nullable(),
      services_value: z.number().nullable(),
      structure_value: z.number().nullable(),
      payments_value: z.number().nullable(),
      goods_value: z.number().nullable(),
      created_at: z.string(),
    })
    .nullable(),
};

/** What a quote request says. */
export const requestDetails = z.strictObject({
  id,
  business_name: z.string(),
  referent: z.string(),
  /** The requester's e-mail. */
  contact: z.string(),
  telephone: z.string().nullable(),
  message: z.string(),
  location: z.string(),
  /** km around the location. */
  radius: z.number(),
  /** What m2_value counts: square metres or pallet places. */
  m2_type: z.enum(["m2", "pallet"]),
  m2_value: z.number().nullable(),
  /** 'YYYY-MM-DD' */
  start_date: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  end_date: z.string().nullable(),
  created_at: z.string(),
  specifications: z.array(z.strictObject({ id, value: z.string(), category: z.string(), cat_id: id })),
});

/** GET /api/{stocker|referent}/requests: one row per link (request × warehouse). */
export const handlerRequestsAnswer = z.strictObject({
  warehouse_requests: z.array(
    z.strictObject({
      /** The link's id: the one POST …/warehouse-requests/{id}/update takes. */
      id,
      warehouse_id: id,
      warehouse_request_id: id,
      state: requestState,
      created_at: z.string(),
      warehouse: z.strictObject({ id, name: z.string(), city: z.string() }),
      warehouse_request: requestDetails,
      review_url: z.string().nullable(),
      report_url: z.string(),
      ...linkReviewState,
    }),
  ),
  warehouse_requests_count: z.number().int().min(0),
});

/** GET /api/stock-hunter/requests: one row per request, with the warehouses it went to. */
export const hunterRequestsAnswer = z.strictObject({
  user_requests: z.array(
    requestDetails.extend({
      warehouses: z.array(
        z.strictObject({
          link_id: id,
          id,
          name: z.string(),
          city: z.string(),
          address: z.string().nullable(),
          state: requestState,
          is_hub: z.boolean(),
          redeemed: z.boolean(),
          referent: z.strictObject({ name: z.string(), email: z.string() }).nullable(),
          review_url: z.string().nullable(),
          report_url: z.string(),
          detail_url: z.string().nullable(),
          ...linkReviewState,
        }),
      ),
    }),
  ),
  user_requests_count: z.number().int().min(0),
});

/** POST /api/{stocker|referent}/warehouse-requests/{id}/update: the request whose link changed. */
export const requestStateAnswer = z.strictObject({ warehouse_request_id: id });
