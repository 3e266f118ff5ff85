// The pieces the answers' schemas share (app/schemas/*-answers.ts): ids and counts, and the
// answers several calls give alike.
import { z } from "zod";

export const id = z.number().int().positive();
export const count = z.number().int().min(0);

/** An account's role. */
export const role = z.enum(["stock_hunter", "stocker", "referent", "admin"]);

/** A warehouse's approval. */
export const warehouseStatus = z.enum(["pending", "approved", "refused"]);

/** The account a call acted on or made. */
export const userIdAnswer = z.strictObject({ user_id: id });

/** The warehouse a call made or changed. */
export const warehouseIdAnswer = z.strictObject({ warehouse_id: id });

/** Done, with nothing else to say. */
export const successAnswer = z.strictObject({ success: z.literal(true) });

/** A list's rows matching its filters, for a bulk action on all of them: their ids (up to the call's limit) and how many match in all. */
export const matchingIdsAnswer = z.strictObject({ ids: z.array(id), total: count });

/** A bulk call's answer: one result per id, done (changed, or already as asked) or why not (the error code one call would answer: not_found, not_waiting…). */
export const bulkResultsAnswer = z.strictObject({
  results: z.array(
    z.discriminatedUnion("ok", [
      z.strictObject({ id, ok: z.literal(true), changed: z.boolean() }),
      z.strictObject({ id, ok: z.literal(false), error: z.string() }),
    ]),
  ),
});
