// The quote request: one schema for POST /api/warehouses/send-requests and the popup's form.
// The rules that depend on who sends it (a visitor must tick conditions and privacy and, on
// the sheet, answer the two consents) are in visitorQuoteErrors, used by both sides too.
import { z } from "zod";
import { email, flag, idNumber, isoDayFromText, numberFromText, optionalText, requiredText } from "./common.ts";
import { todayInItaly } from "../lib/format.ts";
import { MAX_QUOTE_WAREHOUSES } from "../lib/quote-limits.ts";

/** An e-mail that is required: blank says "required", not "not an e-mail". */
const requiredEmail = z.string().trim().min(1).pipe(email);

/** More specification ids than the catalogue could hold is not a real search. */
export const MAX_QUOTE_SPECIFICATIONS = 300;
export const QUOTE_DEFAULT_RADIUS = 10;
export const QUOTE_MESSAGE_MAX = 5000;

const id = idNumber;

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

/** An optional number from a form or JSON: blank → null. */
const optionalNumber = (min: number, max: number) => z.preprocess((v) => numberFromText(blankToNull(v)), z.number().min(min).max(max).nullable());

/** 'YYYY-MM-DD' that is a real calendar date (also as a date field shows it, 21.11.2026); blank → null. */
export const optionalIsoDate = z.preprocess(
  (v) => isoDayFromText(blankToNull(v)),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "invalid")
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "2000-01-01" && v <= "2100-12-31";
    }, "invalid")
    .nullable(),
);

/** A yes/no consent that may be unanswered: true, false or null. */
export const consent = z.preprocess(
  blankToNull,
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"])])
    .nullable()
    .transform((v) => (v === null ? null : v === true || v === 1 || v === "1" || v === "true" || v === "on" || v === "yes")),
);

export const quoteSources = ["search", "sheet"] as const;
export type QuoteSource = (typeof quoteSources)[number];

export const quoteRequestDataSchema = z
  .object({
    business_name: requiredText(255),
    contact: requiredEmail,
    telephone: optionalText(40),
    referent: requiredText(255),
    message: requiredText(QUOTE_MESSAGE_MAX),
    location: optionalText(255),
    radius: optionalNumber(0.1, 1000),
    m2_type: z.preprocess(blankToNull, z.enum(["m2", "pallet"]).nullable()),
    m2_value: optionalNumber(0, 1_000_000_000),
    start_date: optionalIsoDate,
    end_date: optionalIsoDate,
    conditions: flag,
    privacy: flag,
    data_f: consent,
    data_g: consent,
    lat: optionalNumber(-90, 90),
    lng: optionalNumber(-180, 180),
    /** Which form sent it: the sheet's form also requires the telephone. */
    source: z.preprocess(blankToNull, z.enum(quoteSources).nullable()).transform((v) => v ?? "search"),
  })
  .superRefine((data, ctx) => {
    // Space is asked for from today on (Italian calendar).
    const today = todayInItaly();
    if (data.start_date && data.start_date < today) ctx.addIssue({ code: "custom", path: ["start_date"], message: "in_the_past" });
    if (data.end_date && data.end_date < today) ctx.addIssue({ code: "custom", path: ["end_date"], message: "in_the_past" });
    if (data.start_date && data.end_date && data.start_date > data.end_date) {
      // Both dates are flagged: either one may be the wrong one.
      ctx.addIssue({ code: "custom", path: ["start_date"], message: "after_end" });
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "before_start" });
    }
    if (data.source === "sheet" && !data.telephone) ctx.addIssue({ code: "custom", path: ["telephone"], message: "required" });
    if ((data.lat === null) !== (data.lng === null)) ctx.addIssue({ code: "custom", path: ["lat"], message: "invalid" });
  });

export type QuoteRequestData = z.infer<typeof quoteRequestDataSchema>;

export const sendRequestsSchema = z.object({
  request_data: quoteRequestDataSchema,
  warehouse_ids: z
    .array(id)
    .min(1)
    .max(MAX_QUOTE_WAREHOUSES)
    .transform((ids) => [...new Set(ids)]),
  specification_ids: z
    .array(id)
    .max(MAX_QUOTE_SPECIFICATIONS)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  /** The honeypot: a field people never see. Anything in it means a robot filled the form. */
  hp: z.string().max(10_000).nullish(),
});

export type SendRequestsInput = z.infer<typeof sendRequestsSchema>;

/** What a logged-out visitor must add: conditions and privacy ticked, and on the sheet both consents answered. */
export function visitorQuoteErrors(data: Pick<QuoteRequestData, "conditions" | "privacy" | "data_f" | "data_g" | "source">): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!data.conditions) errors.conditions = "required";
  if (!data.privacy) errors.privacy = "required";
  if (data.source === "sheet") {
    if (data.data_f === null) errors.data_f = "required";
    if (data.data_g === null) errors.data_g = "required";
  }
  return errors;
}
