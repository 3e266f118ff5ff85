// The shapes of the areas' start pages (the stocker's dashboard, the referent's and the stock
// hunter's profile) and of the hunter's favourites, as their loaders answer them
// (app/server/areas/dashboard.service.ts); here, so the components need no server module.
import type { MyWarehouseCard, RequestState } from "./warehouse-pages.ts";

/** The favourites page's page size (the areas' lists are paged by 8). */
export const FAVOURITES_PAGE_SIZE = 8;

export type UserSummary = {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  email: string;
  telephone: string | null;
  created_at: Date | string;
  invite_count: number;
};

export type LatestRequest = {
  link_id: number;
  request_id: number;
  business_name: string;
  warehouse_id: number;
  warehouse_name: string;
  created_at: Date | string;
  state: RequestState;
};

export type OwnerDashboard = {
  user: UserSummary;
  warehouses: MyWarehouseCard[];
  warehouses_count: number;
  /** Listed warehouses no active subscription covers: the search shows them anonymised. */
  anonymised_warehouses_count: number;
  pending_requests_count: number;
  latest_requests: LatestRequest[];
};

/** A favourite as a hunter sees it: anonymised (name and address) unless the warehouse is redeemed. */
export type FavouriteCard = {
  id: number;
  name: string;
  city: string;
  province: string;
  address: string | null;
  is_hub: boolean;
  redeemed: boolean;
  total_m2: number | null;
  img: string | null;
  /** The referent's contact, for redeemed warehouses only. */
  referent: { name: string; email: string } | null;
  /** Where a quote request to it is placed; null when it takes none (not approved, or switched off). */
  quote_position: { lat: number; lng: number } | null;
  /** Its public sheet, while it has one (redeemed and listed). */
  detail_url: string | null;
};

export type HunterRequestSummary = {
  id: number;
  created_at: Date | string;
  location: string;
  m2_type: "m2" | "pallet";
  m2_value: number | null;
  warehouses: { name: string; state: RequestState }[];
};

export type HunterProfile = {
  user: UserSummary;
  favourites: FavouriteCard[];
  favourites_count: number;
  requests: HunterRequestSummary[];
  requests_count: number;
};
