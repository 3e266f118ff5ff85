// The answers of the map search (its lists, cards and map), the geocoding calls, quote requests,
// favourites, saved searches, reviews and reports, described in the API's document and checked
// against every answer the tests get (apiLoader's `response`).
import { z } from "zod";
import { count, id } from "./answer-parts.ts";
import { SEARCH_SORTS } from "../lib/search-form.ts";

const unmetCriterion = z.enum(["dates", "quantity", "specifications"]);
/** null, or "location_not_found" when the location text could not be geocoded (nothing else is then answered). */
const searchError = z.literal("location_not_found").nullable();

/** A warehouse of a search, in its public form: anonymised ("Stocker {id}", its city, no photo) unless redeemed. */
const searchCard = z.strictObject({
  id,
  name: z.string(),
  city: z.string(),
  /** The street address when redeemed, else the city again. */
  address: z.string(),
  /** null when not redeemed. */
  cap: z.string().nullable(),
  /** The published position (degrees): the true one when redeemed, else moved by a fixed offset. */
  lat: z.number(),
  lng: z.number(),
  /** Kilometres from the search's centre to the published position, 2 decimals. */
  distance: z.number().min(0),
  is_hub: z.boolean(),
  /** Square metres. */
  total_m2: z.number().nullable(),
  /** Redeemed: claimed and covered by its owner's subscription, so its identity is public. */
  c_sub: z.boolean(),
  /** Nobody owns it yet: a visitor may register to claim it. */
  claimable: z.boolean(),
  /** The first photo's address (a thumbnail when there is one); null when not redeemed or without photos. */
  img: z.string().nullable(),
  /** The first specifications in display order (at most 4). */
  specifications: z.array(z.strictObject({ id, value: z.string(), /** The group, 1–7 (services … certifications). */ cat_id: id })).max(4),
  /** How many visible specifications it offers in all. */
  specifications_count: count,
  /** Its hunters' mean rating on a 0–50 scale (tenths of a mark); null before any rated review or when not redeemed. */
  rating_avg: z.number().nullable(),
  review_count: count,
  /** Median time to a first answer, in whole hours (at least 1); null below 3 answered requests or when not redeemed. */
  answer_hours: z.number().int().positive().nullable(),
  /** Percent of its received requests that were answered (0–100); null as answer_hours. */
  answer_rate: z.number().int().min(0).max(100).nullable(),
  /** Redeemed, and its owner's registration was approved by the administrators. */
  verified: z.boolean(),
  /**
   * The declared free space that answers the search: the best match; for a warehouse that misses
   * it, the largest that covers the dates but is too small; without dates or quantity the largest
   * free today; null when none.
   */
  availability: z
    .strictObject({
      m2_type: z.enum(["m2", "pallet"]),
      /** Square metres or pallet places, as m2_type says. */
      quantity: z.number().int().positive(),
      /** First and last free day (YYYY-MM-DD); available_until null: open-ended. */
      available_from: z.string(),
      available_until: z.string().nullable(),
      /** Shortest rental in months; 0: none. */
      min_term_months: z.number().int().min(0),
      /** Indicative cents per unit and month, VAT excluded; null unless the owner made it public. */
      price_month: z.number().int().min(0).nullable(),
    })
    .nullable(),
  /** It declares no free space: availability on request. */
  on_request: z.boolean(),
  /** What it misses of the search's filters; empty for a match. */
  unmet: z.array(unmetCriterion),
  /** How many of the selected specifications it does not offer. */
  missing_specifications: count,
});

/**
 * GET /api/warehouses/search: the warehouses within the radius of the searched place, those that
 * match every filter and the others of the same zone, each list in the asked order (the redeemed
 * first) and cut at 100; the totals, bounds and counts cover the whole zone.
 */
export const searchAnswer = z.strictObject({
  /** The first 100 warehouses that match every filter. */
  warehouses: z.array(searchCard),
  /** The first 100 of the zone's other warehouses, each saying what it misses (unmet). */
  other_warehouses: z.array(searchCard),
  /** The box around every warehouse of the zone (degrees), or around the searched circle when it has none; null when the location was not found. */
  min_lat: z.number().nullable(),
  max_lat: z.number().nullable(),
  min_lng: z.number().nullable(),
  max_lng: z.number().nullable(),
  error: searchError,
  /** The place searched around: the geocoded location's name (or the given text with lat/lng), and its centre in degrees. */
  location: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Kilometres. */
  radius: z.number().positive(),
  /** How many of the zone's warehouses match every filter / do not (the lists hold the first 100 of each). */
  total_warehouses: count,
  total_other_warehouses: count,
  /** A list holds fewer warehouses than its total: the map and GET /api/warehouses/search/cards show the rest. */
  truncated: z.boolean(),
  sort: z.enum(SEARCH_SORTS),
  /** Nothing matched: the smallest wider radius (km) within which some warehouses match, and how many; else null. */
  wider: z.strictObject({ radius: z.number().positive(), count: z.number().int().positive() }).nullable(),
  /** Nothing matched: the filter whose dropping finds the most in the same circle, and how many; else null. */
  relax: z.strictObject({ criterion: unmetCriterion, count: z.number().int().positive() }).nullable(),
  /** Of each total, how many are not redeemed (anonymised, listed after the redeemed). */
  unredeemed_warehouses: count,
  unredeemed_other_warehouses: count,
});

/** GET /api/warehouses/search/cards: the asked warehouses' cards, in the order of `ids` (one no longer listed is left out), distances from lat/lng. */
export const searchCardsAnswer = z.strictObject({ warehouses: z.array(searchCard) });

/**
 * GET /api/warehouses/search/map: what the map draws in the asked view, over every warehouse of the
 * search's zone. Below zoom 14.5 clusters and the warehouses that stand alone; from 14.5 one marker
 * per warehouse.
 */
export const searchMapAnswer = z.strictObject({
  items: z.array(
    z.discriminatedUnion("kind", [
      z.strictObject({
        kind: z.literal("cluster"),
        /** The cluster's id in this zone's clustering (not a warehouse id). */
        id: z.number().int().min(0),
        /** The cluster's centre, degrees. */
        lat: z.number(),
        lng: z.number(),
        /** How many warehouses it gathers. */
        count: z.number().int().min(2),
        /** red when its count exceeds the larger of 10 and the mean count of the clusters answered, else blue. */
        color: z.enum(["red", "blue"]),
        /** The zoom at which it splits. */
        expansion_zoom: z.number().int().min(0),
      }),
      z.strictObject({
        kind: z.literal("marker"),
        /** The warehouse's id (its card: GET /api/warehouses/search/cards). */
        id,
        /** Its published position, degrees. */
        lat: z.number(),
        lng: z.number(),
        /** Redeemed: its identity is public. */
        claimed: z.boolean(),
        /** It matches every filter of the search. */
        matches: z.boolean(),
      }),
    ]),
  ),
  /** More than 2,000 markers lie in view: only the first 2,000 are answered. */
  truncated: z.boolean(),
  error: searchError,
});

// The geocoding calls answer Google-style shapes, whichever geocoder answered.
const geoStatus = z.enum(["OK", "ZERO_RESULTS"]);
const geoLocation = z.strictObject({ location: z.strictObject({ lat: z.number(), lng: z.number() }) });
/** A place's identifier: its country code and coordinates ("IT:45.46420,9.19000"). */
const placeId = z.string();

/** GET /api/places: up to 5 places whose names start like the typed text. */
export const placesAnswer = z.strictObject({
  status: geoStatus,
  predictions: z.array(
    z.strictObject({
      /** "Milano (MI), Italia": the text to put in the location box. */
      description: z.string(),
      place_id: placeId,
      /** The place's name, and the rest of the description (province, country). */
      structured_formatting: z.strictObject({ main_text: z.string(), secondary_text: z.string() }),
      types: z.array(z.string()),
    }),
  ),
});

/** GET /api/geocode/location and GET /api/geocode/coords: the place found (at most one), with its parts. */
export const geocodeAnswer = z.strictObject({
  status: geoStatus,
  results: z.array(
    z.strictObject({
      formatted_address: z.string(),
      place_id: placeId,
      types: z.array(z.string()),
      geometry: geoLocation,
      /** The locality, then its province, region, country (short_name: ISO code) and postcode, as far as known; `types` says which. */
      address_components: z.array(z.strictObject({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) })),
    }),
  ),
});

/** GET /api/geocode/address: where a warehouse's address is, in Italy (at most one result). */
export const geocodeAddressAnswer = z.strictObject({
  status: geoStatus,
  results: z.array(
    z.strictObject({
      formatted_address: z.string(),
      /** street: the address itself was found; town: only its town's centre (the pin is then dragged onto the building). */
      precision: z.enum(["street", "town"]),
      geometry: geoLocation,
    }),
  ),
});

/** POST /api/warehouses/send-requests: the new quote request. */
export const sendRequestsAnswer = z.strictObject({
  error: z.literal(false),
  /** null when the request was dropped as automated (it is answered alike). */
  warehouse_request_id: id.nullable(),
});

/**
 * POST /api/saved-searches: a visitor's search waits for the e-mailed confirmation (confirmed
 * false); a logged-in stock hunter's is saved in the account at once.
 */
export const visitorSavedSearchAnswer = z.discriminatedUnion("confirmed", [
  z.strictObject({ confirmed: z.literal(false) }),
  z.strictObject({ confirmed: z.literal(true), saved_search_id: id }),
]);

/** POST /api/warehouses/{warehouseId}/requests/{requestId}/review. */
export const requestReviewAnswer = z.strictObject({ review_id: id });

/** POST /api/warehouses/{warehouseId}/requests/{requestId}/report. */
export const requestReportAnswer = z.strictObject({ report_id: id });
