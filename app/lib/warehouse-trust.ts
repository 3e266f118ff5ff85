// What a seeker weighs before writing to a warehouse, as the search's cards, the map card, the
// sheet and the comparison receive it (decision 035): its hunters' rating, how fast and how often
// its owner answers quote requests, and whether the administrators approved its owner. Built on
// the server from the warehouse row's figures (migrations 0022 and 0025), never recounted per
// request; here so the components need no server module.

/** The answer figures are shown once this many requests were answered: fewer say little. */
export const TRUST_MIN_ANSWERED = 3;

export type WarehouseTrust = {
  /** Mean of its hunters' rated reviews on the reviews' 0–50 scale (shown divided by 10); null before any. */
  rating_avg: number | null;
  /** How many rated reviews that mean is of. */
  review_count: number;
  /** Median time to a first answer, in whole hours rounded up (at least 1); null below TRUST_MIN_ANSWERED answers. */
  answer_hours: number | null;
  /** Percent of the requests it received that were answered, rounded down (0–100); null below TRUST_MIN_ANSWERED answers. */
  answer_rate: number | null;
  /** Redeemed, and its owner's registration was approved by the administrators (and the account is active). */
  verified: boolean;
};

/** The row's figures as migration 0022 names them, and what decides the rest. */
export type TrustRow = {
  redeemed: boolean;
  review_count: number;
  rating_avg: number | null;
  requests_received: number;
  requests_answered: number;
  answer_seconds_median: number | null;
  /** The owner's approval_status is 'approved' and the account active. */
  owner_approved: boolean | null;
};

/** Nothing to show: no reviews, too few answers, not verified. */
export const NO_TRUST: WarehouseTrust = { rating_avg: null, review_count: 0, answer_hours: null, answer_rate: null, verified: false };

/**
 * The public figures of a warehouse. An unredeemed one shows none (decision 035): its identity
 * is hidden, and what its owner did is part of that identity; an unclaimed one has no handler,
 * so nobody answered or confirmed a request there and it has no figures anyway.
 */
export function warehouseTrust(row: TrustRow): WarehouseTrust {
  if (!row.redeemed) return NO_TRUST;
  const reviews = Number(row.review_count);
  const answered = Number(row.requests_answered);
  const received = Number(row.requests_received);
  const enough = answered >= TRUST_MIN_ANSWERED && row.answer_seconds_median !== null && received > 0;
  return {
    rating_avg: reviews > 0 && row.rating_avg !== null ? Number(row.rating_avg) : null,
    review_count: reviews > 0 && row.rating_avg !== null ? reviews : 0,
    answer_hours: enough ? Math.max(1, Math.ceil(Number(row.answer_seconds_median) / 3600)) : null,
    // Rounded down, so a warehouse that missed one request never reads "100%".
    answer_rate: enough ? Math.min(100, Math.floor((answered * 100) / received)) : null,
    verified: row.owner_approved === true,
  };
}

/** Up to this many hours the answer time is said in hours; beyond, in days ("within 47 hours" reads as "within 2 days"). */
export const ANSWER_HOURS_LIMIT = 24;

/** How the answer time is said: within an hour, within N hours (up to 24), within N days (rounded up: 25 h is 2 days). */
export function answerTimeUnit(hours: number): { unit: "hour" } | { unit: "hours"; hours: number } | { unit: "days"; days: number } {
  if (hours <= 1) return { unit: "hour" };
  if (hours <= ANSWER_HOURS_LIMIT) return { unit: "hours", hours };
  return { unit: "days", days: Math.ceil(hours / 24) };
}
