// The deal's limits and names, shared by the schemas, the services and the pages (decision 036).
import type { SpaceUnit } from "./spaces.ts";
import type { OfferTotals } from "./offer-totals.ts";

/** € 1.000 per pallet moved in or out. */
export const MAX_HANDLING_CENTS = 100_000;
/** € 1.000.000 once. */
export const MAX_FEE_CENTS = 100_000_000;
/** What is included, notes, a decline's reason. */
export const MAX_OFFER_TEXT = 2000;
/** One message of a conversation. */
export const MAX_MESSAGE_LENGTH = 4000;

export const OFFER_STATES = ["open", "superseded", "withdrawn", "accepted", "declined"] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** What a person sees: an open offer past its valid_until is expired. */
export type OfferStatus = Exclude<OfferState, "open"> | "open" | "expired";

/** An offer as every answer carries it: its terms, its totals against the request, its status. */
export type OfferView = {
  offer_id: number;
  link_id: number;
  revision: number;
  status: OfferStatus;
  m2_type: SpaceUnit;
  quantity: number;
  price_month: number;
  handling_in: number | null;
  handling_out: number | null;
  one_off_fee: number | null;
  start_date: string;
  end_date: string;
  min_term_months: number | null;
  included: string;
  notes: string;
  valid_until: string;
  decline_reason: string | null;
  created_at: string;
  totals: OfferTotals;
};

/** An open offer is expired from the day after its valid_until (days in Italy's calendar). */
export function offerStatus(state: OfferState, validUntil: string, today: string): OfferStatus {
  return state === "open" && validUntil < today ? "expired" : state;
}
