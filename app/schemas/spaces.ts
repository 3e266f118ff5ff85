// A warehouse's free space as the create and update calls carry it (`spaces`, beside contacts
// and warehouse_times) and as POST …/warehouses/{id}/update-spaces carries it alone: each space
// in square metres or pallet positions, from a day, until a day (its last free day) or
// open-ended, a minimum term in months and an indicative price per unit per month in cents, VAT
// excluded, public only when price_public is set. The check against the warehouse's total
// surface needs the warehouse, so it is the service's to make (warehouse-spaces.service.ts).
//
// On create a missing `spaces` is none; on update a missing `spaces` leaves the warehouse's
// spaces as they are (older clients send no such key), an explicit [] (or null) clears them
// (decision 031).
import { z } from "zod";
import { flag, isoDayFromText, numberFromText, typedNumberFromText } from "./common.ts";
import { M2_TYPES, MAX_SPACES, MAX_SPACE_QUANTITY, MAX_MIN_TERM_MONTHS, MAX_PRICE_MONTH_CENTS, centsFromEuroText } from "../lib/spaces.ts";

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day, 'YYYY-MM-DD' (or as the date field shows it, 21.11.2026); blank is "required". */
export const calendarDay = z.preprocess(
  isoDayFromText,
  z
    .string()
    .min(1)
    .refine((s) => {
      const m = ISO_DATE.exec(s);
      if (!m) return false;
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
    }, "invalid"),
);

export const spaceSchema = z
  .object({
    m2_type: z.enum(M2_TYPES),
    quantity: z.preprocess(numberFromText, z.number().int().positive().max(MAX_SPACE_QUANTITY)),
    available_from: calendarDay,
    available_until: z.preprocess(blankToNull, calendarDay.nullable()),
    min_term_months: z.preprocess((v) => numberFromText(blankToNull(v) ?? 0), z.number().int().min(0).max(MAX_MIN_TERM_MONTHS)),
    price_month: z.preprocess((v) => numberFromText(blankToNull(v)), z.number().int().min(0).max(MAX_PRICE_MONTH_CENTS).nullable()),
    price_public: z.preprocess((v) => (v === undefined || v === null || v === "" ? false : v), flag),
  })
  .superRefine((space, ctx) => {
    if (space.available_until !== null && space.available_until <= space.available_from) {
      ctx.addIssue({ code: "custom", path: ["available_until"], message: "before_start_date" });
    }
  });

/** The list itself: null is none. */
const spacesList = z.preprocess((v) => (v === null ? [] : v), z.array(spaceSchema).max(MAX_SPACES));

/** `spaces` of a create call: missing is none. */
export const spacesSchema = z.preprocess((v) => (v === undefined ? [] : v), spacesList);

/** `spaces` of an update call: missing leaves the stored spaces unchanged (undefined). */
export const optionalSpacesSchema = spacesList.optional();

/** POST /api/{area}/warehouses/{id}/update-spaces: the whole set, `spaces` required ([] clears). */
export const updateSpacesSchema = z.object({ spaces: spacesList });

// ------------------------------------------------------------------ the availability panel's form

/** `spaces[0][quantity]=…` arrives as { "0": {…}, "1": {…} }: its rows in their order. No row posted: none. */
function formRows(v: unknown): unknown {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v) || typeof v !== "object") return v;
  const keys = Object.keys(v);
  if (!keys.every((k) => /^\d{1,3}$/.test(k))) return v;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => (v as Record<string, unknown>)[k]);
}

/** A row as the panel posts it: numbers in Italian notation, the price in euros ("5,20"). */
function formRow(v: unknown): unknown {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  const row = v as Record<string, unknown>;
  return {
    ...row,
    quantity: typedNumberFromText(row.quantity),
    min_term_months: typedNumberFromText(row.min_term_months),
    price_month: typeof row.price_month === "string" ? centsFromEuroText(row.price_month) : row.price_month,
  };
}

/** The availability panel's page form: the JSON twin's body as a form posts it (bracketed names). */
export const spacesPageForm = z.object({ spaces: z.preprocess(formRows, z.array(z.preprocess(formRow, spaceSchema)).max(MAX_SPACES)) });

export type SpaceInput = z.infer<typeof spaceSchema>;
