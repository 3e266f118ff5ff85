// A promo code's rules that the browser and the server share (no Zod here: a page may import this
// without loading it): the form of a code, its one normaliser, and the kinds of discount. The form's
// schema is app/schemas/promo-codes.ts; the codes themselves, the back office's and a stocker's
// use, are app/server/billing/promo-codes.service.ts.

/** A promo code's one discount (the back office's promo-code form): a share of the price, of the hub surcharge, or a fixed amount. */
export const DISCOUNT_KINDS = ["percent_off", "hub_percent_off", "amount_off"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** 3–40 letters, digits, "-" or "_"; stored upper-case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;
export const PROMO_CODE_MAX = 40;

/** The back office's list of codes: 20 a page (its page, its JSON twin and the service). */
export const PROMO_PAGE_SIZE = 20;

/** Codes are stored upper-case; they may be typed in any case and with spaces around. The one normaliser: the form, the back office's service and a stocker's code all use it. */
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

/** A promo code as the back office's form edits it: the fields of the list's item (promo-codes.service.ts) the form reads. */
export type EditedPromoCode = {
  id: number;
  code: string;
  /** Cents. */
  amount_off: number | null;
  percent_off: number | null;
  hub_percent_off: number | null;
  active: boolean;
  /** The window as the form shows it: first and last day (included), 'YYYY-MM-DD' in Italian time. */
  valid_from_day: string | null;
  valid_until_day: string | null;
  max_redemptions: number | null;
  times_redeemed: number;
};

/** The kind of a code's discount (exactly one is set on codes made in the back office). */
export function discountKindOf(code: { amount_off: number | null; percent_off: number | null; hub_percent_off: number | null }): DiscountKind {
  if (code.amount_off !== null) return "amount_off";
  if (code.hub_percent_off !== null) return "hub_percent_off";
  return "percent_off";
}
