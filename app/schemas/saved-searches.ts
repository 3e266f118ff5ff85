// Saved searches (decision 038): one set of schemas for the JSON calls
// (POST /api/stock-hunter/saved-searches, GET the same path, POST …/{id}/update and …/{id}/delete,
// POST /api/saved-searches for visitors), the hunter's page and the search page's dialog. The
// criteria are read as the search page reads its own (app/schemas/search.ts), so a saved search
// holds what a search can ask: a centre, a radius up to the search's, dates, m² or pallet
// positions and a quantity, specifications (one list here, the search's groups together).
import { z } from "zod";
import { email, idNumber, numberFromText, numeric, optionalText, requiredText } from "./common.ts";
import { latitude, longitude } from "./geo.ts";
import { optionalDate, optionalNumber, toList } from "./search.ts";
import { DEFAULT_RADIUS_KM, LOCATION_MAX, MAX_IDS_PER_GROUP, MAX_RADIUS_KM, SPEC_GROUPS } from "../lib/search-form.ts";
import { todayInItaly } from "../lib/format.ts";
import {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_MAX_LIMIT,
  SAVED_SEARCHES_MAX_OFFSET,
  SAVED_SEARCHES_PAGE_SIZE,
  SAVED_SEARCHES_PER_OWNER,
} from "../lib/saved-searches.ts";

export { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_PAGE_SIZE, SAVED_SEARCHES_PER_OWNER };

/** As many specifications as the search's seven groups may carry together. */
export const MAX_SAVED_SPECIFICATIONS = SPEC_GROUPS.length * MAX_IDS_PER_GROUP;
/** The specification ids are kept in an int[]. */
const INT4_MAX = 2_147_483_647;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

/** The search's criteria and a name: saved_search_data of the create calls. */
const savedSearchFields = {
  name: requiredText(SAVED_SEARCH_NAME_MAX),
  /** The place as the search named it; empty for a search around a point of the map. */
  location: optionalText(LOCATION_MAX).transform((v) => v ?? ""),
  lat: latitude,
  lng: longitude,
  /** Kilometres; 10 when empty, at most the search's largest radius. */
  radius: optionalNumber(z.number().gt(0).max(MAX_RADIUS_KM)).transform((v) => v ?? DEFAULT_RADIUS_KM),
  start_date: optionalDate.transform((v) => v ?? null),
  end_date: optionalDate.transform((v) => v ?? null),
  m2_type: z.preprocess(blankToUndefined, z.enum(["m2", "pallet"]).default("m2")),
  /**
   * Square metres or pallet positions, as the search takes them. Declared spaces are whole
   * numbers, so asking 12,5 is asking 13 (the search's rule, quantity ≥ asked, gives the same
   * warehouses); 0 or nothing asks no quantity.
   */
  m2_value: optionalNumber(z.number().min(0).max(100_000_000)).transform((v) => (v === undefined || v === 0 ? null : Math.ceil(v))),
  specification_ids: z.preprocess(
    (v) => [...new Set(toList(v).map(numberFromText))],
    z.array(z.number().int().positive().max(INT4_MAX)).max(MAX_SAVED_SPECIFICATIONS),
  ),
};

type Dated = { start_date: string | null; end_date: string | null };

/** The dates in order, and a period that has not ended yet (a search of the past would never tell of anything). */
function checkDates(data: Dated, ctx: z.RefinementCtx) {
  if (data.start_date && data.end_date && data.start_date > data.end_date) {
    ctx.addIssue({ code: "custom", path: ["start_date"], message: "after_end" });
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "before_start" });
    return;
  }
  const last = data.end_date ?? data.start_date;
  if (last && last < todayInItaly()) ctx.addIssue({ code: "custom", path: [data.end_date ? "end_date" : "start_date"], message: "in_the_past" });
}

export const savedSearchDataSchema = z.object(savedSearchFields).superRefine(checkDates);
export type SavedSearchData = z.infer<typeof savedSearchDataSchema>;

/** POST /api/stock-hunter/saved-searches { saved_search_data } → { saved_search_id }. */
export const savedSearchCreateSchema = z.object({ saved_search_data: savedSearchDataSchema });

/**
 * POST /api/saved-searches: the same data with the address the alerts go to and the privacy
 * consent, which a visitor must give (visitorSavedSearchErrors; a logged-in stock hunter's
 * search is the account's and needs neither). `hp`: the honeypot, a field people never see.
 */
export const visitorSavedSearchSchema = z.object({
  saved_search_data: z
    .object({
      ...savedSearchFields,
      email: z.preprocess(blankToNull, email.nullable()),
      privacy: z
        .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["1", "0", "on", "true", "false", "off", ""])])
        .nullish()
        .transform((v) => v === true || v === 1 || v === "1" || v === "on" || v === "true"),
    })
    .superRefine(checkDates),
  hp: z.string().max(10_000).nullish(),
});
export type VisitorSavedSearchInput = z.infer<typeof visitorSavedSearchSchema>;

/** What a visitor must add to the data: the address and the ticked privacy consent. */
export function visitorSavedSearchErrors(data: { email: string | null; privacy: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!data.email) errors.email = "required";
  if (!data.privacy) errors.privacy = "required";
  return errors;
}

/** A yes/no that may be absent (absent: unchanged). */
const optionalFlag = z
  .preprocess(blankToUndefined, z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["1", "0", "on", "true", "false", "off"])]).optional())
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === "1" || v === "on" || v === "true"));

/** Rename (name), pause (paused: true) or resume (paused: false); at least one of them. */
export const savedSearchUpdateDataSchema = z
  .object({ name: requiredText(SAVED_SEARCH_NAME_MAX).optional(), paused: optionalFlag })
  .refine((d) => d.name !== undefined || d.paused !== undefined, { message: "required" });
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateDataSchema>;

/** POST /api/stock-hunter/saved-searches/{id}/update { saved_search_data: { name?, paused? } } → { saved_search_id }. */
export const savedSearchUpdateSchema = z.object({ saved_search_data: savedSearchUpdateDataSchema });

/** GET /api/stock-hunter/saved-searches?limit=8&offset=0 (the page index, as the areas' other lists). */
export const savedSearchesQuery = z.object({
  limit: z.preprocess(blankToNull, numeric(z.number().int().min(1).max(SAVED_SEARCHES_MAX_LIMIT)).nullable()).transform((v) => v ?? SAVED_SEARCHES_PAGE_SIZE),
  offset: z.preprocess(blankToNull, numeric(z.number().int().min(0).max(SAVED_SEARCHES_MAX_OFFSET)).nullable()).transform((v) => v ?? 0),
});

/**
 * The hunter's page's forms, the JSON calls' shapes with the search they act on: intent
 * "update" (saved_search_data[name] or saved_search_data[paused]) or "delete".
 */
export const savedSearchPageForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), id: idNumber, saved_search_data: savedSearchUpdateDataSchema }),
  z.object({ intent: z.literal("delete"), id: idNumber }),
]);
export type SavedSearchPageForm = z.infer<typeof savedSearchPageForm>;
