// A warehouse's free space: the limits the form, the schema and the search share (the page
// loads this without the validation library).
export const M2_TYPES = ["m2", "pallet"] as const;
export type SpaceUnit = (typeof M2_TYPES)[number];

/** Spaces one warehouse may declare at once. */
export const MAX_SPACES = 20;
export const MAX_SPACE_QUANTITY = 10_000_000;
export const MAX_MIN_TERM_MONTHS = 120;
/** € 10.000 per unit per month. */
export const MAX_PRICE_MONTH_CENTS = 1_000_000;
