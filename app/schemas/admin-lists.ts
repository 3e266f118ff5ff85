// Query strings of the back office's JSON lists: limit, offset (the page
// index), search_term and filters[...]. One schema per list, shared by the endpoint and its page.
import { z } from "zod";
import { numeric, optionalText } from "./common.ts";
import { SUBSCRIPTION_FILTERS } from "../lib/list-params.ts";

export const listPaging = {
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
};

export const stockersQuery = z.object({
  ...listPaging,
  filters: z.object({ sub_type: z.enum(SUBSCRIPTION_FILTERS).optional() }).optional(),
});

export const stockHuntersQuery = z.object(listPaging);

/** GET /api/admin/transfers, read by its page too. */
export const transfersQuery = z.object(listPaging);

export const toggleActiveBody = z.object({ user_data: z.object({ active: numeric(z.union([z.literal(0), z.literal(1)])) }) });
