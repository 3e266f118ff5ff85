// The shapes of the warehouse pages of the owners' areas (lists and detail), as their loaders
// answer them (app/server/warehouses/warehouse-pages.service.ts); here, so the components
// need no server module.
import type { WarehouseStatusValue } from "./warehouse-status.ts";
import type { SpaceValue } from "./spaces.ts";

export type MyWarehouseCard = {
  id: number;
  name: string;
  address: string;
  city: string;
  province: string;
  total_m2: number | null;
  is_hub: boolean;
  status: WarehouseStatusValue;
  to_approve: boolean;
  deactivated: boolean;
  pending_warehouse_requests_count: number;
  /** The first photo's thumbnail, or null. */
  img: string | null;
  /** Listed but not redeemed (no active subscription covers it): the search shows it without name, address or photos. */
  anonymised_in_search: boolean;
};

/** A quote request's state for one warehouse (warehouse_requests.state). */
export const REQUEST_STATES = ["pending", "confirmed", "refused"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export type WarehouseDetailData = {
  warehouse: {
    id: number;
    name: string;
    is_hub: boolean;
    status: WarehouseStatusValue;
    to_approve: boolean;
    deactivated: boolean;
    address: string;
    cap: string;
    city: string;
    province: string;
    telephone: string | null;
    website: string | null;
    total_m2: number | null;
    /** Its public sheet, while it has one (redeemed and listed). */
    public_sheet_url: string | null;
    /** Listed but not redeemed (no active subscription covers it): the search shows it without name, address or photos. */
    anonymised_in_search: boolean;
    /** Why the back office did not approve it (its note to the owner), while it is refused. */
    refusal_note: string | null;
    /** The viewer is the owner and the warehouse was refused: it may be sent for a new check. */
    can_resubmit: boolean;
    /** While a referent handles its requests, the owner receives them by e-mail too (its choice; the notification always goes). */
    owner_request_emails: boolean;
    /** The internal surface (with total_m2, what a space in square metres may not exceed). */
    m2: number | null;
    /** When its free space was last saved; null: never. */
    spaces_updated_at: Date | string | null;
  };
  /** Its free space, every space (ended ones too), by first day. */
  spaces: SpaceValue[];
  referent: ReferentSummary | null;
  requests: { link_id: number; request_id: number; business_name: string; created_at: Date | string; state: RequestState }[];
  /** The referents the owner already has (the change-referent popup's choices). */
  referents: ReferentSummary[];
};

export type ReferentSummary = { id: number; first_name: string | null; last_name: string | null; email: string; telephone: string | null; completed: boolean };
