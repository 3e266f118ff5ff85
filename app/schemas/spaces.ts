// A warehouse's free space as the create and update calls carry it (`spaces`, beside contacts
// and warehouse_times): each space in square metres or pallet positions, from a day, until a day
// or open-ended, a minimum term in months and an indicative price per unit per month in cents,
// VAT excluded, public only when price_public is set. The check against the warehouse's total
// surface needs the warehouse, so it is the warehouse schema's (or the service's) to make.
import { z } from "zod";
import { flag, isoDayFromText, numberFromText } from "./common.ts";
import { MAX_SPACES, MAX_SPACE_QUANTITY, MAX_MIN_TERM_MONTHS, MAX_PRICE_MONTH_CENTS } from "../lib/spaces.ts";

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day, 'YYYY-MM-DD' (or as the date field shows it, 21.11.2026). */
export const calendarDay = z.preprocess(
  isoDayFromText,
  z.string().refine((s) => {
    const m = ISO_DATE.exec(s);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
  }, "invalid"),
);

export const spaceSchema = z
  .object({
    m2_type: z.enum(["m2", "pallet"]),
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

export const spacesSchema = z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(spaceSchema).max(MAX_SPACES));

export type SpaceInput = z.infer<typeof spaceSchema>;
