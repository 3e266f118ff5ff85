// A search result as the server answers it (app/server/search/search.service.ts) and the lists
// and map cards draw it (app/components/search/ResultCard.tsx). Here so the browser code needs
// no server module.
import type { SearchSort } from "./search-form.ts";
import type { WarehouseTrust } from "./warehouse-trust.ts";

export type ResultSpecification = { id: number; value: string; cat_id: number };

/** A free space a warehouse declared, in its public fields only (decision 033). */
export type SpaceAvailability = {
  m2_type: "m2" | "pallet";
  quantity: number;
  /** ISO days; until null: open-ended. */
  available_from: string;
  available_until: string | null;
  /** 0: no minimum. */
  min_term_months: number;
  /** Indicative cents per unit per month, VAT excluded, only when the owner made it public. */
  price_month: number | null;
};

/** What a warehouse of the second list misses of the search. */
export type UnmetCriterion = "dates" | "quantity" | "specifications";

/**
 * One warehouse of a search, with its trust figures (rating_avg, review_count, answer_hours,
 * answer_rate, verified: lib/warehouse-trust.ts), which an anonymised one never has.
 */
export type SearchResultWarehouse = {
  id: number;
  name: string;
  city: string;
  address: string;
  cap: string | null;
  lat: number;
  lng: number;
  /** Kilometres from the centre to the published position. */
  distance: number;
  is_hub: boolean;
  total_m2: number | null;
  /**
   * Redeemed: claimed and covered by its owner's subscription, so its identity is public
   * (decision 009). Otherwise the name, address and photo are anonymised.
   */
  c_sub: boolean;
  /** Nobody owns it yet: a logged-out visitor may register to claim it. */
  claimable: boolean;
  img: string | null;
  /** The first specifications in display order (at most 4). */
  specifications: ResultSpecification[];
  specifications_count: number;
  /**
   * The space that answers the search: the best one that matches; in the second list the
   * largest that covers the dates but is too small; without dates or quantity the largest free
   * today; null when none (decision 033).
   */
  availability: SpaceAvailability | null;
  /** It declares no free space: availability on request. */
  on_request: boolean;
  /** What it misses of the search (empty for a match). */
  unmet: UnmetCriterion[];
  /** How many of the asked specifications it does not offer. */
  missing_specifications: number;
} & WarehouseTrust;

/** The search's answer (GET /api/warehouses/search, and the search page's loader). */
export type SearchResponse = {
  /** The nearest SEARCH_LIST_LIMIT warehouses that match every filter, nearest first. */
  warehouses: SearchResultWarehouse[];
  /** The nearest SEARCH_LIST_LIMIT of the zone's other warehouses, nearest first. */
  other_warehouses: SearchResultWarehouse[];
  /** Bounds of every result (both kinds); of the searched circle when there is none. */
  min_lat: number | null;
  max_lat: number | null;
  min_lng: number | null;
  max_lng: number | null;
  /** null, or "location_not_found" when the location could not be geocoded. */
  error: string | null;
  /** The centre searched around and how it was named. */
  location: string | null;
  lat: number | null;
  lng: number | null;
  radius: number;
  /** How many warehouses match / do not match in the whole zone (the lists hold the nearest). */
  total_warehouses: number;
  total_other_warehouses: number;
  /** True when a list holds fewer warehouses than its total. */
  truncated: boolean;
  /** The lists' order, over the whole zone (decision 034). */
  sort: SearchSort;
  /** Nothing matched: the smallest wider radius (WIDEN_RADII_KM) that finds some, and how many; null otherwise. */
  wider: { radius: number; count: number } | null;
  /** Nothing matched: the criterion whose dropping finds the most in the same circle, and how many; null otherwise. */
  relax: { criterion: UnmetCriterion; count: number } | null;
  /** Of each list's total, how many are not redeemed (anonymised): the lists put them last. */
  unredeemed_warehouses: number;
  unredeemed_other_warehouses: number;
};

/**
 * The answer as the search page receives it: each list's first cards, and the ids of all its
 * cards in order, whose next cards "show more" asks for.
 */
export type SearchPageResult = SearchResponse & { warehouse_ids: number[]; other_warehouse_ids: number[] };
