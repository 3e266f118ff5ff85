// Building blocks shared by the endpoint schemas and the forms.
import { z } from "zod";
import { decimalText } from "../lib/format.ts";
import { isoFromDateText } from "../lib/date-text.ts";

// PostgreSQL cannot store a NUL character: such text is refused as invalid, not a 500.
const noNul = (v: string) => !v.includes("\u0000");

/** A required text: trimmed, not blank, bounded. */
export const requiredText = (max = 255) => z.string().trim().min(1).max(max).refine(noNul, { message: "invalid" });
/** An optional text: trimmed; blank becomes null. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noNul, { message: "invalid" })
    .nullish()
    .transform((v) => (v ? v : null));

// Numbers: a JSON number as it is, or a form's or query string's decimal text. Nothing else
// becomes a number: not [], true, "0x10", "Infinity" nor " " (Zod's coerce would take them all).
const DECIMAL_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d{1,3})?\s*$/;

/**
 * Too close to zero to mean anything here (a coordinate's centimetre is 1e-7), and PostgreSQL's
 * float arithmetic underflows on such values: they are refused like text.
 */
export function isNegligible(n: number): boolean {
  return n !== 0 && Math.abs(n) < 1e-9;
}

/** Decimal text → number; every other value is left for the schema to refuse. */
export function numberFromText(value: unknown): unknown {
  if (typeof value !== "string" || !DECIMAL_TEXT.test(value)) return value;
  const n = Number(value);
  return isNegligible(n) ? value : n;
}

/**
 * numberFromText for what a person typed in a form's field: Italian notation as the site
 * shows it as well ("1.234,5", "1234,5"; "1.234" is a thousand and more), since a form posted
 * without JavaScript sends the field's text.
 */
export function typedNumberFromText(value: unknown): unknown {
  return typeof value === "string" ? numberFromText(decimalText(value)) : value;
}

/**
 * A day as a date field shows it ("21.11.2026", also "21/11/26"…, see isoFromDateText) →
 * 'YYYY-MM-DD', since a form posted without JavaScript sends the field's text. ISO stays as
 * it is; anything else is left for the schema to refuse.
 */
export function isoDayFromText(value: unknown): unknown {
  return typeof value === "string" ? (isoFromDateText(value) ?? value) : value;
}

/** A number given as a number or as decimal text, checked by `schema` (a z.number()…). */
export const numeric = <S extends z.ZodType>(schema: S) => z.preprocess(numberFromText, schema);

/** A database id: a positive whole number (as number or digits). */
export const idNumber = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** A page's path with one id ({id}): a path that is not a whole number names nothing (pageLoader's 404). */
export const idPathParams = z.object({ id: idNumber });

export const TELEPHONE_PATTERN = /^[0-9+()./\s-]{5,40}$/;
/** An optional telephone number: digits, spaces and + ( ) . / -, 5 to 40 characters. */
export const telephoneText = optionalText(40).refine((v) => v === null || TELEPHONE_PATTERN.test(v), "invalid");

const WEBSITE = /^(https?:\/\/)?[^\s/$.?#]+\.[^\s]{2,}$/i;
/** An optional web address, with or without its scheme ("www.example.com"). */
export const websiteText = optionalText(255).refine((v) => v === null || WEBSITE.test(v), "invalid");

/** An e-mail address, trimmed and lowercased. */
export const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** Checkboxes and flags arrive as true/false, 1/0, "1"/"0", "on", "true"/"false". */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["1", "0", "on", "true", "false", "off", ""])])
  .nullish()
  .transform((v) => v === true || v === 1 || v === "1" || v === "on" || v === "true");

/** A checkbox that must be ticked. */
export const ticked = flag.refine((v) => v === true, { message: "required" });
