// The answers of the logged-in areas' calls (/api/stocker/…, /api/referent/…, /api/stock-hunter/…,
// /api/stock_hunter/…) and of the warehouse and conversation calls the back office shares with
// them, described in the API's document and checked against every answer the tests get
// (apiLoader's `response`). Times are as JSON writes them (ISO 8601 strings), days 'YYYY-MM-DD',
// money in cents.
import { z } from "zod";
import { count, id } from "./answer-parts.ts";
import { ratingKeys } from "./feedback.ts";
import { requestDetails, requestState } from "./area-requests.ts";
import { EMAIL_KINDS } from "../lib/email-preferences.ts";
import { M2_TYPES } from "../lib/spaces.ts";
import { OFFER_STATES } from "../lib/offers.ts";
import { PLAN_NAMES, type PlanName } from "../lib/pricing.ts";
import { locales } from "../lib/locale.ts";

const cents = z.number().int().min(0);
const m2Type = z.enum(M2_TYPES);

// ---------------------------------------------------------------- ids of what a call changed

/** POST …/warehouse-requests/{id}/offers, …/offers/{offer_id}/withdraw and /api/stock-hunter/offers/{offer_id}/decline. */
export const offerIdAnswer = z.strictObject({ offer_id: id });

/** POST …/warehouse-requests/{id}/messages and /api/stock-hunter/warehouse-requests/{id}/ask-changes: the message kept in the link's conversation. */
export const messageIdAnswer = z.strictObject({ message_id: id });

/** POST /api/{stock-hunter|referent}/notifications/{id}/set-as-read. */
export const notificationReadAnswer = z.strictObject({ notification_id: id });

/** POST /api/stock-hunter/saved-searches, …/{id}/update and …/{id}/delete. */
export const savedSearchIdAnswer = z.strictObject({ saved_search_id: id });

// ---------------------------------------------------------------- offers and conversations

/** POST /api/stock-hunter/offers/{offer_id}/accept: the offer, its link, and the request's other offers declined with it. */
export const acceptOfferAnswer = z.strictObject({ offer_id: id, link_id: id, declined_offer_ids: z.array(id) });

/** GET /api/{stocker|referent|stock-hunter|admin}/warehouse-requests/{id}/messages: the link's thread, oldest first. */
export const linkMessagesAnswer = z.strictObject({
  messages: z.array(
    z.strictObject({
      message_id: id,
      /** Who wrote it: the requester's side or the warehouse's (its owner or referent). */
      side: z.enum(["hunter", "handler"]),
      /** "changes": the requester asked for changes to the offer. */
      kind: z.enum(["message", "changes"]),
      /** Plain text, as typed (never markup). */
      body: z.string(),
      /** Who wrote it, as the caller reads it: "you", "the requester", a handler's first name. */
      author: z.string(),
      /** Written by the caller (for a handler: by the area's owner). */
      mine: z.boolean(),
      created_at: z.string(),
    }),
  ),
});

/** An offer with its status today and its totals against what the request asked. */
const offer = z.strictObject({
  offer_id: id,
  link_id: id,
  revision: z.number().int().positive(),
  /** An open offer past its valid_until is "expired". */
  status: z.enum([...OFFER_STATES, "expired"]),
  m2_type: m2Type,
  /** Square metres or pallet positions. */
  quantity: z.number().int().positive(),
  /** Per unit per month, VAT excluded. */
  price_month: cents,
  /** Per pallet moved in and out (pallet offers only). */
  handling_in: cents.nullable(),
  handling_out: cents.nullable(),
  one_off_fee: cents.nullable(),
  start_date: z.string(),
  end_date: z.string(),
  min_term_months: z.number().int().nullable(),
  included: z.string(),
  notes: z.string(),
  /** The last day it can be accepted. */
  valid_until: z.string(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  totals: z.strictObject({
    /** The units the totals count: the asked quantity, capped at the offered one. */
    quantity: z.number().int(),
    /** What the request asked, in whole units, when it asked in the offer's unit. */
    asked_quantity: z.number().int().nullable(),
    /** The offer covers less than asked. */
    capped: z.boolean(),
    /** The days the period totals count. */
    start_date: z.string(),
    end_date: z.string(),
    days: z.number().int(),
    /** Per month, VAT excluded. */
    monthly: cents,
    /** The period's total (handling and one-off fee included), VAT excluded. */
    period: cents,
    /** The period's total, VAT included. */
    vat_included: cents,
    /** Each date the request named falls within the offer's. */
    dates_cover: z.boolean(),
  }),
});

/** GET /api/stock-hunter/requests/{request_id}/offers: the comparison of the offers of one of the hunter's requests. */
export const offerComparisonAnswer = z.strictObject({
  request: requestDetails.extend({ number: z.string() }),
  /** One row per contacted warehouse (request link), in the order asked (?sort=). */
  rows: z.array(
    z.strictObject({
      link_id: id,
      /** "Stocker N" and its city until redeemed. */
      warehouse: z.strictObject({
        id,
        name: z.string(),
        city: z.string(),
        redeemed: z.boolean(),
        is_hub: z.boolean(),
        /** Its public sheet, only while redeemed and listed. */
        detail_url: z.string().nullable(),
      }),
      state: requestState,
      /** The newest revision, whatever its status. */
      offer: offer.nullable(),
      /** The link's earlier revisions, newest first. */
      earlier_offers: z.array(offer),
      /** How many offers the link had. */
      revisions: count,
      /** The warehouse's declared free space against what the request asked. */
      availability: z.strictObject({
        status: z.enum(["available", "partial", "unavailable", "on_request", "not_asked"]),
        /** The space the judgement rests on. */
        space: z
          .strictObject({
            m2_type: m2Type,
            quantity: z.number().int().positive(),
            available_from: z.string(),
            /** null: open-ended. */
            available_until: z.string().nullable(),
            /** 0: no minimum. */
            min_term_months: z.number().int().min(0),
            /** Indicative, per unit per month, VAT excluded; null unless the owner made it public. */
            price_month: cents.nullable(),
          })
          .nullable(),
        unmet: z.array(z.enum(["dates", "quantity", "specifications"])),
      }),
      min_term_months: z.number().int().nullable(),
      /** From the asked place to the warehouse's public position; null when the request has no position. */
      distance_km: z.number().min(0).nullable(),
      /** The distance is to an approximate position (an unredeemed warehouse's). */
      distance_approx: z.boolean(),
      /** The hunters' average (× 10: 43 = 4,3 out of 5) and how many reviews. */
      rating: z.strictObject({ avg_value: z.number(), count: z.number().int().positive() }).nullable(),
      /** Seconds from the request to the warehouse's first answer; null before it. */
      answer_seconds: z.number().int().min(0).nullable(),
      /** Neither an offer nor a state change yet. */
      not_answered: z.boolean(),
      marks: z.strictObject({ cheapest: z.boolean(), best_rated: z.boolean() }),
    }),
  ),
  counts: z.strictObject({ contacted: count, offers: count, not_answered: count }),
});

// ---------------------------------------------------------------- received reviews and reports

/** Who wrote it: their account's company and names, and the name they signed the form with. */
const feedbackAuthor = z.strictObject({
  company: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
});

const receivedBase = {
  id,
  author: feedbackAuthor,
  /** The same as author (the name the spec's client reads). */
  user: feedbackAuthor,
  /** As shown: the company, else the full name. */
  author_name: z.string(),
  /** A hunter sees "Stocker N" for a warehouse that is not redeemed. */
  warehouse: z.strictObject({ id, name: z.string() }),
  warehouse_request_id: id,
  created_at: z.string(),
};

const ratingValue = z.number().int().min(1).max(5);

/** GET /api/{stocker|referent|stock_hunter}/reviews: the caller's received reviews, newest first. */
export const receivedReviewsAnswer = z.strictObject({
  reviews: z.array(
    z.strictObject({
      ...receivedBase,
      description: z.string().nullable(),
      /** The mean of the given ratings × 10 (43 = 4,3 out of 5); 0 when no rating was given. */
      avg_value: z.number().int().min(0),
      reliability_value: ratingValue.nullable(),
      communication_value: ratingValue.nullable(),
      services_value: ratingValue.nullable(),
      structure_value: ratingValue.nullable(),
      payments_value: ratingValue.nullable(),
      goods_value: ratingValue.nullable(),
      /** The ratings given on the criteria the caller is rated by, in the form's order. */
      ratings: z.array(z.strictObject({ key: z.enum(ratingKeys), value: ratingValue })),
    }),
  ),
  reviews_count: count,
});

/** GET /api/{stocker|referent|stock_hunter}/reports: the caller's received reports, newest first. */
export const receivedReportsAnswer = z.strictObject({
  reports: z.array(z.strictObject({ ...receivedBase, subject: z.string(), description: z.string() })),
  reports_count: count,
});

// ---------------------------------------------------------------- notifications

/** GET /api/{stock-hunter|referent}/notifications: the caller's notifications, newest first, in the caller's language. */
export const notificationsAnswer = z.strictObject({
  notifications: z.array(
    z.strictObject({
      id,
      /** What happened: "quote_request", "review_received", "referent_assigned"… */
      type: z.string(),
      title: z.string(),
      /** Safe HTML (a few inline tags), to render as markup. */
      message: z.string(),
      /** The ids and links of what happened, which vary with the type, and title and message again. */
      data: z.looseObject({ title: z.string(), message: z.string() }),
      created_at: z.string(),
      /** null while unread. */
      read_at: z.string().nullable(),
    }),
  ),
  notifications_count: count,
});

// ---------------------------------------------------------------- profile

/** POST /api/{area}/profile/update-credentials: whether a new address waits for the link sent to it. */
export const credentialsAnswer = z.strictObject({ user_id: id, email_change_pending: z.boolean() });

/** The notification kinds the address gets: true for those it gets. */
const emailPreferences = z.strictObject(
  Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, z.boolean()])) as Record<(typeof EMAIL_KINDS)[number], z.ZodBoolean>,
);

/** GET /api/{area}/profile/email-preferences: the caller's address and the kinds it gets. */
export const emailPreferencesAnswer = z.strictObject({ email: z.string(), email_preferences: emailPreferences });

/** POST /api/{area}/profile/email-preferences: the kinds the caller's address now gets. */
export const emailPreferencesSavedAnswer = z.strictObject({ user_id: id, email_preferences: emailPreferences });

/** What a bank transfer needs. */
const transfer = z.strictObject({
  /** VAT included. */
  amount: cents,
  amount_excl_vat: cents,
  beneficiary: z.string(),
  iban: z.string(),
  /** The reason the transfer must carry (the stocker's code). */
  reason: z.string(),
  plan: z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]),
  warehouses_count: count,
});

/** POST /api/stocker/profile/update-payment-type: the subscription waits for this transfer. */
export const paymentTypeAnswer = z.strictObject({ user_id: id, transfer });

/** POST /api/stocker/profile/add-subscription-warehouses: added at once (card, or nothing to pay), or waiting for a transfer. */
export const addSubscriptionWarehousesAnswer = z.strictObject({
  user_id: id,
  status: z.enum(["confirmed", "pending_transfer"]),
  /** Charged now, or to transfer: the rest of the current period, VAT included. */
  amount: cents,
  warehouses_count: z.number().int().positive(),
  /** The transfer to make; null when nothing waits for one. */
  transfer: transfer.nullable(),
});

// ---------------------------------------------------------------- warehouses

/** POST /api/{admin|stocker|referent}/warehouses/{id}/update-spaces: the warehouse's free spaces as saved, by first day. */
export const warehouseSpacesAnswer = z.strictObject({
  warehouse_id: id,
  spaces: z.array(
    z.strictObject({
      m2_type: m2Type,
      /** Square metres or pallet positions. */
      quantity: z.number().int().positive(),
      available_from: z.string(),
      /** Its last free day; null: open-ended. */
      available_until: z.string().nullable(),
      /** 0: no minimum. */
      min_term_months: z.number().int().min(0),
      /** Indicative, per unit per month, VAT excluded. */
      price_month: cents.nullable(),
      /** Whether seekers see the price. */
      price_public: z.boolean(),
    }),
  ),
});

/** POST /api/{admin|stocker|referent}/warehouses/{id}/upload: the photo's large view and thumbnail (public URLs). */
export const warehouseImageAnswer = z.strictObject({ image_id: id, src: z.string(), thumb_src: z.string() });

/** POST /api/stocker/warehouses/{id}/update-request-emails: whether the owner gets its referent's requests by e-mail. */
export const ownerRequestEmailsAnswer = z.strictObject({ warehouse_id: id, owner_request_emails: z.boolean() });

// ---------------------------------------------------------------- the stock hunter's own

/** POST /api/stock-hunter/warehouses/{id}/toggle-favourite: all the hunter's favourite warehouses after the change. */
export const favouritesAnswer = z.strictObject({ favourite_ids: z.array(id) });

/** GET /api/stock-hunter/saved-searches: a page of the hunter's saved searches, newest first. */
export const savedSearchesAnswer = z.strictObject({
  saved_searches: z.array(
    z.strictObject({
      id,
      name: z.string(),
      location: z.string(),
      lat: z.number(),
      lng: z.number(),
      /** Kilometres. */
      radius: z.number(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      m2_type: m2Type,
      m2_value: z.number().nullable(),
      specification_ids: z.array(id),
      /** The asked specifications that still exist, named in the caller's language. */
      specifications: z.array(z.strictObject({ id, value: z.string(), cat_id: id })),
      paused: z.boolean(),
      state: z.enum(["active", "paused", "unconfirmed"]),
      /** The language its alerts are written in. */
      lang: z.enum(locales),
      created_at: z.string(),
    }),
  ),
  saved_searches_count: count,
});
