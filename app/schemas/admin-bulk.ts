// The back office's bulk calls: one action on many rows picked in a list (or on every row the
// list's filters match), one result per id.
//   POST /api/admin/hub-requests/bulk-update-status      { ids, status: approved|refused, note }
//   POST /api/admin/warehouses/bulk-toggle-deactivated   { ids, deactivated }
//   POST /api/admin/users/bulk-toggle-active             { ids, active }
import { z } from "zod";
import { numeric, optionalText } from "./common.ts";

/** At most this many rows in one call (and in "every row the filters match"): a bigger list is narrowed first. */
export const BULK_MAX_IDS = 1000;

/** A yes/no: a boolean, 0/1 or "0"/"1"; anything else (or missing) is refused, never read as false. */
const flag = z.union([z.boolean(), numeric(z.union([z.literal(0), z.literal(1)]))]).transform((v) => v === true || v === 1);

/** The rows picked: not empty, each a positive integer once, at most BULK_MAX_IDS. */
export const bulkIds = z
  .array(numeric(z.number().int().positive().max(2_147_483_647)))
  .min(1)
  .max(BULK_MAX_IDS)
  .refine((ids) => new Set(ids).size === ids.length, { message: "duplicate" });

/**
 * ?ids=1,2,3 of a list's export (stockers, stock hunters): only the rows picked, the bulk bar's
 * "Esporta". One parameter, comma-separated (a repeated ?ids= is read too), the same rules as a
 * bulk call's ids; anything else is a 422.
 */
export const exportIds = z.preprocess((v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()) : v), bulkIds).optional();

export const bulkHubDecisionBody = z.object({ ids: bulkIds, status: z.enum(["approved", "refused"]), note: optionalText(2000) }).superRefine((body, ctx) => {
  // One note for all; a refusal needs it, as a single refusal does.
  if (body.status === "refused" && !body.note) ctx.addIssue({ code: "custom", path: ["note"], message: "required" });
});

export const bulkToggleDeactivatedBody = z.object({ ids: bulkIds, deactivated: flag });

export const bulkToggleActiveBody = z.object({ ids: bulkIds, active: flag });

/** One row's outcome: done (changed, or already as asked), or why not (an error code: not_found, not_waiting…). */
export type BulkResult = { id: number; ok: true; changed: boolean } | { id: number; ok: false; error: string };
export type BulkResponse = { results: BulkResult[] };

/** The ids every row of a list's filters matches, newest or longest-waiting first as the list, at most BULK_MAX_IDS; `total` counts them all. */
export type MatchingIds = { ids: number[]; total: number };
