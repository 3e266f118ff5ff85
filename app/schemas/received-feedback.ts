// The reviews and reports an owner receives: the list query of GET /api/{stocker|referent|stock_hunter}/{reviews|reports}
// (the spec's limit, default 8, and offset as the page INDEX).
import { z } from "zod";
import { numeric } from "./common.ts";

export const FEEDBACK_DEFAULT_LIMIT = 8;
export const FEEDBACK_MAX_LIMIT = 50;
/** The last page index a call accepts. */
export const FEEDBACK_MAX_OFFSET = 100_000;

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

/** GET …/reviews?limit=8&offset=0 and …/reports?limit=8&offset=0 */
export const receivedFeedbackQuery = z.object({
  limit: z.preprocess(blankToNull, numeric(z.number().int().min(1).max(FEEDBACK_MAX_LIMIT)).nullable()).transform((v) => v ?? FEEDBACK_DEFAULT_LIMIT),
  offset: z.preprocess(blankToNull, numeric(z.number().int().min(0).max(FEEDBACK_MAX_OFFSET)).nullable()).transform((v) => v ?? 0),
});
export type ReceivedFeedbackQuery = z.infer<typeof receivedFeedbackQuery>;
