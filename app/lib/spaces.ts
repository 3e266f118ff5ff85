// A warehouse's free space: the limits the form, the schema and the search share, and the one
// conversion between the euros people type and the cents the API carries (the page loads this
// without the validation library).
import { decimalText, formatNumberInput, formatPrice } from "./format.ts";

export const M2_TYPES = ["m2", "pallet"] as const;
export type SpaceUnit = (typeof M2_TYPES)[number];

/** Spaces one warehouse may declare at once. */
export const MAX_SPACES = 20;
export const MAX_SPACE_QUANTITY = 10_000_000;
export const MAX_MIN_TERM_MONTHS = 120;
/** € 10.000 per unit per month. */
export const MAX_PRICE_MONTH_CENTS = 1_000_000;

/** The owner is reminded when no space was saved for this many days (decision 032). */
export const SPACES_STALE_DAYS = 60;

/** A space as the API carries it (price_month in cents per unit per month, VAT excluded). */
export type SpaceValue = {
  m2_type: SpaceUnit;
  quantity: number;
  available_from: string;
  available_until: string | null;
  min_term_months: number;
  price_month: number | null;
  price_public: boolean;
};

/** A space as anyone may see it: current or upcoming, the price only when the owner made it public. */
export type PublicSpace = {
  m2_type: SpaceUnit;
  quantity: number;
  available_from: string;
  available_until: string | null;
  min_term_months: number;
  /** Cents per unit per month, VAT excluded; null when not public (or not given). */
  price_month: number | null;
};

const EUROS = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Euros as typed ("5,20", "5.2", "1.250", "€ 5,20") → cents (520), computed on whole numbers so
 * no float rounding creeps in. Blank → null. Text that is no amount of euros and cents (letters,
 * a negative, three decimals) comes back trimmed, for the schema to refuse as it refuses any
 * text where a number belongs. The one conversion of the form, the page actions and the seed.
 */
export function centsFromEuroText(text: string | null | undefined): number | null | string {
  const trimmed = (text ?? "").replace(/€/g, "").trim();
  if (trimmed === "") return null;
  const match = EUROS.exec(decimalText(trimmed));
  if (!match) return trimmed;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents → the field's text in Italian notation ("5,20"); null → "". */
export function euroTextFromCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : formatNumberInput(cents / 100, 2);
}

/** Cents → "€ 5,20". */
export function formatCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : formatPrice(cents / 100);
}

/**
 * Where a space stands on `today` (an ISO day): "current" from its first day to its last,
 * "upcoming" before, "ended" after its last day (available_until is the last day it is free).
 */
export function spacePhase(space: Pick<SpaceValue, "available_from" | "available_until">, today: string): "current" | "upcoming" | "ended" {
  if (space.available_until !== null && space.available_until < today) return "ended";
  return space.available_from > today ? "upcoming" : "current";
}

/** The last day any of the spaces is free: null when one is open-ended, or there is none. */
export function lastSpaceDay(spaces: readonly Pick<SpaceValue, "available_until">[]): string | null {
  if (spaces.length === 0 || spaces.some((s) => s.available_until === null)) return null;
  return spaces
    .map((s) => s.available_until!)
    .sort()
    .at(-1)!;
}

// ------------------------------------------------------------------ the forms' rows

/** A space as its form row holds it: numbers and euros as typed ("1.500", "5,20"), days as ISO ("" when none). */
export type SpaceFormRow = {
  m2_type: SpaceUnit;
  quantity: string;
  available_from: string;
  available_until: string;
  min_term_months: string;
  /** Euros per unit per month, as typed ("5,20"). */
  price: string;
  price_public: boolean;
};

export const EMPTY_SPACE_ROW: SpaceFormRow = {
  m2_type: "m2",
  quantity: "",
  available_from: "",
  available_until: "",
  min_term_months: "",
  price: "",
  price_public: false,
};

/** A stored space → its form row. */
export function spaceFormRow(s: SpaceValue): SpaceFormRow {
  return {
    m2_type: s.m2_type,
    quantity: formatNumberInput(s.quantity),
    available_from: s.available_from,
    available_until: s.available_until ?? "",
    min_term_months: s.min_term_months ? String(s.min_term_months) : "",
    price: euroTextFromCents(s.price_month),
    price_public: s.price_public,
  };
}

/**
 * A form row → the API's space: numbers as plain decimal text, the price in cents
 * (centsFromEuroText). What is no number is passed on for the schema to refuse.
 */
export function spacePayload(row: SpaceFormRow) {
  return {
    m2_type: row.m2_type,
    quantity: decimalText(row.quantity),
    available_from: row.available_from,
    available_until: row.available_until || null,
    min_term_months: decimalText(row.min_term_months),
    price_month: centsFromEuroText(row.price),
    price_public: row.price_public,
  };
}

/** The errors after removing row `removed` of a list named `list`: its own go, the later rows' move up one. */
export function withoutRowErrors(errors: Record<string, string>, list: string, removed: number): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`);
  for (const [field, code] of Object.entries(errors)) {
    const row = pattern.exec(field);
    if (!row) {
      out[field] = code;
      continue;
    }
    const index = Number(row[1]);
    if (index === removed) continue;
    out[index > removed ? `${list}.${index - 1}.${row[2]}` : field] = code;
  }
  return out;
}

/** The errors a row's edit settles: the list's, the fields changed, the quantity's surface check with the unit, the end's order with the start. */
export function settledByEdit(index: number, patch: Partial<SpaceFormRow>): string[] {
  const touched = Object.keys(patch).map((k) => `spaces.${index}.${k === "price" ? "price_month" : k}`);
  if ("m2_type" in patch) touched.push(`spaces.${index}.quantity`);
  if ("available_from" in patch) touched.push(`spaces.${index}.available_until`);
  return ["spaces", ...touched];
}
