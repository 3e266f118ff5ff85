// The comparison's query (GET /api/stock-hunter/requests/{request_id}/offers?sort=…, and the
// pages' ?sort=): how to order the rows, by price when not given.
import { z } from "zod";
import { COMPARISON_SORTS, DEFAULT_COMPARISON_SORT } from "../lib/offer-comparison.ts";
import { idNumber } from "./common.ts";

export const comparisonQuery = z.object({ sort: z.enum(COMPARISON_SORTS).default(DEFAULT_COMPARISON_SORT) });

/** The API's path: the request's id. */
export const comparisonParams = z.object({ request_id: idNumber });

/** The hunter's page of one request: {prefix}/messages/{id}. */
export const comparisonPageParams = z.object({ id: idNumber });

/** The visitor's page: /{locale}/requests/{token} (resolveRequestAccess judges the token). */
export const requestAccessParams = z.object({ token: z.string().max(100) });
