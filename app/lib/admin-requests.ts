// The shapes of the back office's quote requests (/admin/requests, GET /api/admin/warehouse-requests
// and its warehouse search), as the server answers them (app/server/admin-requests/) and the
// views draw them (app/components/admin/RequestCard.tsx); here, so the components need no server module.
import type { RequestDetails } from "./area-requests.ts";
import type { RequestState } from "./warehouse-pages.ts";

/** Most warehouses the add-warehouses popup's search returns at once. */
export const REQUEST_WAREHOUSE_SEARCH_LIMIT = 20;

/** After a pick in the add-warehouses popup, the search waits this long, so the list does not change under the pointer. */
export const PICK_LOCK_MS = 900;

/** Who answers for a warehouse: its referent, else its owner (as the notification goes). */
export type RequestHandler = { kind: "referent" | "owner"; name: string | null; email: string };

/** A warehouse a request went to, with its real identity (the back office sees every name). */
export type AdminRequestWarehouse = {
  link_id: number;
  id: number;
  name: string;
  city: string;
  address: string;
  state: RequestState;
  is_hub: boolean;
  /** Has a public sheet (Vai alla scheda); otherwise the back office's edit page (Modifica scheda). */
  redeemed: boolean;
  /** Approved and not deactivated. */
  listed: boolean;
  handler: RequestHandler | null;
  /** When the link was made (the request's date, or later when added from the back office). */
  created_at: Date | string;
};

/** A request as the list shows it: `answered_count` of its warehouses answered (a first state change or offer). */
export type AdminRequestItem = RequestDetails & { user_id: number | null; answered_count: number; warehouses: AdminRequestWarehouse[] };

export type AdminRequestsList = { warehouse_requests: AdminRequestItem[]; warehouse_requests_count: number };

/** A result of the add-warehouses popup's search. */
export type RequestWarehouseCandidate = {
  id: number;
  name: string;
  city: string;
  province: string;
  address: string;
  redeemed: boolean;
  is_hub: boolean;
  /** From the request's place, when listed as nearby (no term typed); null for a search's results. */
  distance_km: number | null;
};

/** The public sheet of a redeemed warehouse, else its edit page in the back office (both open in a new tab). */
export function adminWarehouseHref(w: { id: number; redeemed: boolean }): string {
  return w.redeemed ? `/it/warehouses/${w.id}` : `/admin/warehouses/${w.id}/edit`;
}
