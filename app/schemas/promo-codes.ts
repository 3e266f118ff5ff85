// The back office's promo-code form (/admin/promo-codes): one schema for the page action and the
// browser. The form has one discount (a kind and a value: euros for a fixed amount, a percentage
// otherwise) and calendar days for the validity window, the last day included; toPromoCodeInput
// turns it into what the service stores (cents, at most one discount column set).
import { z } from "zod";
import { flag, isoDayFromText, typedNumberFromText } from "./common.ts";
import { DISCOUNT_KINDS, normalisePromoCode, PROMO_CODE_MAX, PROMO_CODE_PATTERN } from "../lib/promo-codes.ts";

/** A fixed discount above this (in cents: 100.000 €) is a typing mistake, not a promotion. */
export const MAX_AMOUNT_OFF = 10_000_000;
export const MAX_REDEMPTIONS = 1_000_000;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' (no 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2100 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whole hundredths (cents, or a percentage with two decimals as the column keeps it). */
export const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

// A form sends "" for an empty field (Conform sends nothing): both mean "not given".
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
// A day as the date field shows it (21.11.2026) is read too: a form posted without JavaScript sends that.
const optionalDay = z.preprocess(
  (v) => (blank(v) ? null : typeof v === "string" ? isoDayFromText(v.trim()) : v),
  z.string().refine(isIsoDay, "invalid").nullable(),
);
const optionalCount = z.preprocess((v) => (blank(v) ? null : typedNumberFromText(v)), z.number().int().min(1).max(MAX_REDEMPTIONS).nullable());

export const promoCodeFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(PROMO_CODE_MAX)
      .transform(normalisePromoCode)
      .refine((v) => PROMO_CODE_PATTERN.test(v), "promo_code_format"),
    discount_kind: z.enum(DISCOUNT_KINDS),
    // Euros for amount_off, a percentage for the other two; typed in Italian notation ("1.500,50") or with a point.
    discount_value: z.preprocess(typedNumberFromText, z.number().positive()),
    valid_from: optionalDay,
    valid_until: optionalDay,
    max_redemptions: optionalCount,
    active: flag,
  })
  .superRefine((v, ctx) => {
    if (v.discount_kind === "amount_off") {
      if (!hasTwoDecimalsAtMost(v.discount_value) || Math.round(v.discount_value * 100) > MAX_AMOUNT_OFF) {
        ctx.addIssue({ code: "custom", path: ["discount_value"], message: "invalid" });
      }
    } else if (v.discount_value > 100 || !hasTwoDecimalsAtMost(v.discount_value)) {
      ctx.addIssue({ code: "custom", path: ["discount_value"], message: "percent_range" });
    }
    if (v.valid_from && v.valid_until && v.valid_until < v.valid_from) {
      ctx.addIssue({ code: "custom", path: ["valid_until"], message: "date_order" });
    }
  });

export type PromoCodeForm = z.infer<typeof promoCodeFormSchema>;

/** What the service stores: cents, one discount column set, the window as calendar days. */
export type PromoCodeInput = {
  code: string;
  amount_off: number | null;
  percent_off: number | null;
  hub_percent_off: number | null;
  /** First day of validity, 'YYYY-MM-DD' (from 00:00 Italian time). */
  valid_from: string | null;
  /** Last day of validity, included, 'YYYY-MM-DD' (until 24:00 Italian time). */
  valid_until: string | null;
  max_redemptions: number | null;
  active: boolean;
};

export function toPromoCodeInput(form: PromoCodeForm): PromoCodeInput {
  const value = form.discount_value;
  return {
    code: form.code,
    amount_off: form.discount_kind === "amount_off" ? Math.round(value * 100) : null,
    percent_off: form.discount_kind === "percent_off" ? value : null,
    hub_percent_off: form.discount_kind === "hub_percent_off" ? value : null,
    valid_from: form.valid_from,
    valid_until: form.valid_until,
    max_redemptions: form.max_redemptions,
    active: form.active,
  };
}
