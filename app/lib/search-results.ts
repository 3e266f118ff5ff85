// A search result as the server answers it (app/server/search/search.service.ts) and the lists
// and map cards draw it (app/components/search/ResultCard.tsx). Here so the browser code needs
// no server module.

export type ResultSpecification = { id: number; value: string; cat_id: number };

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
  /** The average of its hunters' rated reviews (avg_value: × 10) and their count; null before any. */
  rating: { avg_value: number; count: number } | null;
};
