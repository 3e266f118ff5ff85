// The deal's limits and names, shared by the schemas, the services and the pages (decision 036).
import type { SpaceUnit } from "./spaces.ts";
import type { RequestDetails } from "./area-requests.ts";
import { offerTotals, type AskedTerms, type OfferTotals } from "./offer-totals.ts";

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

/** An offer's row as the database gives it (dates as 'YYYY-MM-DD', created_at a Date). */
export type OfferRow = Omit<OfferView, "offer_id" | "status" | "totals" | "created_at"> & { id: number; state: OfferState; created_at: Date | string };

/** The one way a stored offer becomes what pages, e-mails and the API show: its status today and its totals against the request. */
export function offerView(row: OfferRow, asked: AskedTerms, vatRate: number, today: string): OfferView {
  const { id, state, created_at, ...terms } = row;
  return {
    offer_id: id,
    ...terms,
    status: offerStatus(state, row.valid_until, today),
    created_at: created_at instanceof Date ? created_at.toISOString() : created_at,
    totals: offerTotals(row, asked, vatRate),
  };
}

/** The offer form's starting values, amounts in cents (null: left blank). */
export type OfferPrefill = {
  m2_type: SpaceUnit;
  quantity: number | null;
  price_month: number | null;
  handling_in: number | null;
  handling_out: number | null;
  one_off_fee: number | null;
  start_date: string;
  end_date: string;
  min_term_months: number | null;
  included: string;
  notes: string;
  valid_until: string;
};

/** The handler's page of one link: the request, the link's state and review pages, its offers, the form's starting values. */
export type HandlerOfferPage = {
  link: {
    id: number;
    state: "pending" | "confirmed" | "refused";
    created_at: Date | string;
    warehouse: { id: number; name: string; city: string };
    request: RequestDetails;
    review_url: string | null;
    report_url: string;
  };
  offers: OfferView[];
  /** The newest revision, if any (offers[0]). */
  current: OfferView | null;
  prefill: OfferPrefill;
};
