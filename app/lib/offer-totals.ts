// The totals of an offer, computed one way for every page, e-mail and API answer (decision 036).
// Every amount is in cents, VAT excluded unless the name says otherwise:
//   quantity  = the request's quantity (whole units, rounded up) capped at the offer's; the
//               offer's when the request asked none or asked another unit
//   monthly   = price_month × quantity
//   days      = end − start + 1, over the request's dates (the offer's for a date the request
//               leaves open)
//   period    = round(monthly × days / 30) + (handling_in + handling_out) × quantity + one_off_fee
//   vat_included = round(period × (1 + VAT rate / 100))
// The browser never computes these: the server sends them with the offer.
import type { SpaceUnit } from "./spaces.ts";

export type OfferTerms = {
  m2_type: SpaceUnit;
  quantity: number;
  price_month: number;
  handling_in: number | null;
  handling_out: number | null;
  one_off_fee: number | null;
  start_date: string;
  end_date: string;
};

/** What the request asked: its unit, quantity (may have decimals, or be null) and dates (ISO days or null). */
export type AskedTerms = {
  m2_type: SpaceUnit;
  m2_value: number | string | null;
  start_date: string | null;
  end_date: string | null;
};

export type OfferTotals = {
  /** The units the totals count. */
  quantity: number;
  /** What the request asked, in whole units, when it asked in the offer's unit; else null. */
  asked_quantity: number | null;
  /** The offer covers less than asked ("covers 300 of 800"). */
  capped: boolean;
  /** The days the period totals count, and which they are. */
  start_date: string;
  end_date: string;
  days: number;
  monthly: number;
  period: number;
  vat_included: number;
  /** Each date the request named falls within the offer's (true when it named none). */
  dates_cover: boolean;
};

const DAY_MS = 86_400_000;

/** Whole days from a to b (ISO days), counted in UTC so no clock change shifts them. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** The request's quantity in whole units, or null when it asked none (0 or blank). */
export function askedUnits(m2Value: number | string | null): number | null {
  const value = m2Value === null ? NaN : Number(m2Value);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

export function offerTotals(offer: OfferTerms, asked: AskedTerms, vatRate: number): OfferTotals {
  const askedQuantity = asked.m2_type === offer.m2_type ? askedUnits(asked.m2_value) : null;
  const quantity = askedQuantity === null ? offer.quantity : Math.min(askedQuantity, offer.quantity);

  let start = asked.start_date ?? offer.start_date;
  let end = asked.end_date ?? offer.end_date;
  // A request open on one side whose other side falls outside the offer: the offer's own period.
  if (start > end) {
    start = offer.start_date;
    end = offer.end_date;
  }
  const days = daysBetween(start, end) + 1;

  const monthly = offer.price_month * quantity;
  const handling = ((offer.handling_in ?? 0) + (offer.handling_out ?? 0)) * quantity;
  const period = Math.round((monthly * days) / 30) + handling + (offer.one_off_fee ?? 0);
  const vatIncluded = Math.round((period * (100 + vatRate)) / 100);

  return {
    quantity,
    asked_quantity: askedQuantity,
    capped: askedQuantity !== null && offer.quantity < askedQuantity,
    start_date: start,
    end_date: end,
    days,
    monthly,
    period,
    vat_included: vatIncluded,
    dates_cover: [asked.start_date, asked.end_date].every((day) => day === null || (offer.start_date <= day && day <= offer.end_date)),
  };
}
