// The shapes of the areas' quote-request lists and of the hunter's warehouse page, as the
// server answers them (app/server/requests/area-requests.service.ts) and the views draw them
// (app/components/area/HandlerRequests.tsx, HunterRequests.tsx, HunterWarehouseDetail.tsx);
// here, so the components need no server module.
import type { ConversationMessage } from "./conversation.ts";
import type { WarehouseRating } from "./received-feedback.ts";
import type { Locale } from "./locale.ts";
import type { RequestState } from "./warehouse-pages.ts";
import type { PageActionResult, PageActionUnreachable } from "./page-action.ts";
import type { OfferStatus } from "./offers.ts";

/** Page size of every request list in the areas. */
export const REQUESTS_PAGE_SIZE = 8;

/** A requested specification, in the page's language. */
export type RequestSpecification = { id: number; value: string; category: string; cat_id: number };

/** What a quote request says, as the handler of a warehouse it went to sees it. */
export type RequestDetails = {
  id: number;
  business_name: string;
  referent: string;
  contact: string;
  telephone: string | null;
  message: string;
  location: string;
  radius: number;
  m2_type: "m2" | "pallet";
  m2_value: number | null;
  start_date: string | null;
  end_date: string | null;
  created_at: Date | string;
  specifications: RequestSpecification[];
};

/**
 * The review the list's owner wrote of a link (a hunter of the warehouse, a stocker or referent
 * of the hunter): one per user and link, so once it exists the link offers no review page but
 * shows this. Field names as the spec's Review.
 */
export type LinkReview = {
  id: number;
  /** The mean of the given ratings × 10 (43 = 4,3 out of 5); 0 when no rating was given. */
  avg_value: number;
  description: string | null;
  reliability_value: number | null;
  communication_value: number | null;
  services_value: number | null;
  structure_value: number | null;
  payments_value: number | null;
  goods_value: number | null;
  created_at: Date | string;
};

/** Whether the list's owner reviewed the link, and the review. */
export type LinkReviewState = { reviewed: boolean; review: LinkReview | null };

/** One link (request × warehouse) in the stocker's or the referent's list. */
export type HandlerRequestItem = {
  /** The link's id: the one POST …/warehouse-requests/{id}/update takes. */
  id: number;
  warehouse_id: number;
  warehouse_request_id: number;
  state: RequestState;
  created_at: Date | string;
  warehouse: { id: number; name: string; city: string };
  warehouse_request: RequestDetails;
  /** The review page: only once the link is confirmed, and not once reviewed. */
  review_url: string | null;
  report_url: string;
} & LinkReviewState;

export type HandlerRequestsList = { warehouse_requests: HandlerRequestItem[]; warehouse_requests_count: number };

/** A warehouse a hunter's request went to: anonymised (name, no address, no contact) unless redeemed. */
export type HunterRequestWarehouse = {
  link_id: number;
  id: number;
  name: string;
  city: string;
  address: string | null;
  state: RequestState;
  is_hub: boolean;
  redeemed: boolean;
  referent: { name: string; email: string } | null;
  /** The review page: only once the link is confirmed, and not once reviewed. */
  review_url: string | null;
  report_url: string;
  /** The public sheet, for redeemed warehouses that are listed. */
  detail_url: string | null;
} & LinkReviewState;

export type HunterRequestItem = RequestDetails & { warehouses: HunterRequestWarehouse[] };

export type HunterRequestsList = { user_requests: HunterRequestItem[]; user_requests_count: number };

/** The hunter's page of one warehouse: its card and the history of the hunter's requests to it. */
export type HunterWarehouseDetail = {
  warehouse: {
    id: number;
    name: string;
    city: string;
    province: string;
    address: string | null;
    cap: string | null;
    total_m2: number | null;
    is_hub: boolean;
    redeemed: boolean;
    img: string | null;
    referent: { name: string; email: string } | null;
    /** The hunters' average (avg_value scale) and how many reviews, once it has some. */
    rating: WarehouseRating | null;
    detail_url: string | null;
    /** Where a quote request from this page is placed (the warehouse's published position); null when it takes none (pending, deactivated). */
    quote_position: { lat: number; lng: number } | null;
  };
  favourite: boolean;
  requests: ({
    link_id: number;
    request_id: number;
    created_at: Date | string;
    state: RequestState;
    business_name: string;
    review_url: string | null;
    report_url: string;
  } & LinkReviewState)[];
};

/**
 * The review and report pages of a link (they take the warehouse and the request): the review
 * page once the link is confirmed, until the user reviewed it (one review per user and link).
 */
export function feedbackUrls(locale: Locale, warehouseId: number, requestId: number, state: RequestState, reviewed = false) {
  const base = `/${locale}/warehouses/${warehouseId}/requests/${requestId}`;
  return { review_url: state === "confirmed" && !reviewed ? `${base}/review` : null, report_url: `${base}/report` };
}

/** A link's review fields and pages, from the user's review of it (or none). */
export function linkFeedback(locale: Locale, warehouseId: number, requestId: number, state: RequestState, review: LinkReview | null) {
  return { ...feedbackUrls(locale, warehouseId, requestId, state, review !== null), reviewed: review !== null, review };
}

/** The filters of a request page as the URL had them, whether any applies, and the ones ignored (field → code). */
type PageFilters = { filters: Record<string, string>; filtered: boolean; filterErrors: Record<string, string> };

/** What {stocker|referent prefix}/messages loads (app/routes/shared/request-pages.server.ts). */
export type HandlerRequestsPageData = HandlerRequestsList &
  PageFilters & {
    page: number;
    pages: number;
    /** The owner's warehouses, for the filter. */
    warehouses: { id: number; name: string; city: string }[];
    /** The current offer's status of each link of the page that has one, by link id. */
    offer_statuses?: Record<number, OfferStatus>;
  };

/** What {stock_hunter prefix}/messages loads. */
export type HunterRequestsPageData = HunterRequestsList &
  PageFilters & {
    page: number;
    pages: number;
    /** The request opened by ?selected=id, if it is on this page. */
    selected: number | null;
    /** The selected request's conversations, by link id (a link without messages: an empty list). */
    conversations?: Record<string, ConversationMessage[]>;
  };

/** A request link's state changed by the handler's selector (handlerRequestsPageAction, app/routes/shared/request-pages.server.ts). */
export type RequestStateSaved = { ok: true; link_id: number; state: RequestState };

/** What the selector receives: the page action's answer, or the route's clientAction's when it could not be reached. */
export type StateActionResult = PageActionResult<RequestStateSaved> | PageActionUnreachable;
