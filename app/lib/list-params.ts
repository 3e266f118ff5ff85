// The two URL parameters every back-office list reads: the search box's text and the page
// (from 1). Shared so that each list trims, caps and defaults them the same way.
import { pageParam } from "./pagination.ts";
import { listOrderSpec, listUrlNames } from "./admin-lists.ts";
import { CRM_ORDER_KEYS, DEFAULT_CRM_ORDER } from "./crm.ts";

/** The stockers list's subscription filter (filters[sub_type] of GET /api/admin/stockers, ?sub= of its page). */
export const SUBSCRIPTION_FILTERS = ["all", "active", "expired"] as const;

/** The stockers' account types (?type=): a Stocker (0, or none given) or a Stock Keeper (1). */
export const STOCKER_ACCOUNT_TYPES = ["stocker", "keeper"] as const;

/** The columns the stockers' list sorts by (?sort=), the default newest first. */
export const STOCKERS_ORDER = listOrderSpec(["name", "account_type", "created_at", "active"] as const, { key: "created_at", dir: "desc" }, ["created_at"]);
export type StockersOrderKey = (typeof STOCKERS_ORDER.keys)[number];
/** The stockers' list's URL: ?search, ?sub, ?type, ?confirmed, ?active, ?sort, ?dir, ?page. */
export const STOCKERS_URL_NAMES = listUrlNames({ sub: "sub_type", type: "account_type", confirmed: "confirmed", active: "active" });

/** The columns the stock hunters' list sorts by (?sort=), the default newest first. */
export const STOCK_HUNTERS_ORDER = listOrderSpec(["name", "created_at", "active"] as const, { key: "created_at", dir: "desc" }, ["created_at"]);
export type StockHuntersOrderKey = (typeof STOCK_HUNTERS_ORDER.keys)[number];
/** The stock hunters' list's URL: ?search, ?active, ?requests (with requests or without), ?sort, ?dir, ?page. */
export const STOCK_HUNTERS_URL_NAMES = listUrlNames({ active: "active", requests: "with_requests" });

/** The columns the hub requests sort by (?sort=), the default the longest waiting first. */
export const HUB_REQUESTS_ORDER = listOrderSpec(["name", "city", "total_m2", "created_at"] as const, { key: "created_at", dir: "asc" }, ["total_m2"]);
export type HubRequestsOrderKey = (typeof HUB_REQUESTS_ORDER.keys)[number];
/** The hub requests' URL: ?search_term, ?waiting (days at least), ?sort, ?dir, ?page. */
export const HUB_REQUESTS_URL_NAMES = listUrlNames({ waiting: "waiting_days" }, "search_term");

/** The columns the new stockers sort by (?sort=), the default newest first. */
export const STOCKER_REQUESTS_ORDER = listOrderSpec(["name", "city", "created_at"] as const, { key: "created_at", dir: "desc" }, ["created_at"]);
export type StockerRequestsOrderKey = (typeof STOCKER_REQUESTS_ORDER.keys)[number];
/** The new stockers' URL: ?search, ?status (pending or refused), ?waiting (days at least), ?sort, ?dir, ?page. */
export const STOCKER_REQUESTS_URL_NAMES = { ...listUrlNames({ waiting: "waiting_days" }), status: "filters.approved" };

/** The reports on warehouses' state filter (?state=): open (the default, what the work queue counts), closed, or all. */
export const REPORT_STATES = ["open", "closed", "all"] as const;
export type ReportState = (typeof REPORT_STATES)[number];
/** A closing note's longest text (the close's schema and the page's field). */
export const REPORT_CLOSE_NOTE_MAX = 2000;
/** The columns the reports sort by (?sort=): the report's date (the default, the longest waiting first) or its warehouse's name. */
export const WAREHOUSE_REPORTS_ORDER = listOrderSpec(["created_at", "warehouse"] as const, { key: "created_at", dir: "asc" });
export type WarehouseReportsOrderKey = (typeof WAREHOUSE_REPORTS_ORDER.keys)[number];
/** The reports' URL: ?state, ?sort, ?dir, ?page (no search). */
export const WAREHOUSE_REPORTS_URL_NAMES = listUrlNames({ state: "state" });

/** The columns the specifications sort by (?sort=): the default is the group's order (group, then the catalogue's position). */
export const SPECIFICATIONS_ORDER = listOrderSpec(["group", "title", "active"] as const, { key: "group", dir: "asc" });
export type SpecificationsOrderKey = (typeof SPECIFICATIONS_ORDER.keys)[number];
/** The specifications' URL: ?search, ?cat_id (the group), ?active, ?sort, ?dir, ?page. */
export const SPECIFICATIONS_URL_NAMES = listUrlNames({ cat_id: "cat_id", active: "active" });

/** The promo codes' state filter (?state=): usable now, expired, used up, or all (none given). */
export const PROMO_STATE_FILTERS = ["usable", "expired", "used_up"] as const;
export type PromoStateFilter = (typeof PROMO_STATE_FILTERS)[number];
/** The columns the promo codes sort by (?sort=), the default newest first. */
export const PROMO_CODES_ORDER = listOrderSpec(["code", "created_at", "uses", "expiry"] as const, { key: "created_at", dir: "desc" }, ["created_at", "uses"]);
export type PromoCodesOrderKey = (typeof PROMO_CODES_ORDER.keys)[number];
/** The promo codes' URL: ?search (the code), ?state, ?sort, ?dir, ?page, and ?edit (the popup open on one code, not a filter). */
export const PROMO_CODES_URL_NAMES = listUrlNames({ state: "state" });

/** What a waiting transfer is for (?kind=): a subscription to start, or warehouses added to a running one. */
export const TRANSFER_KINDS = ["subscription", "addition"] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
/** The columns the transfers sort by (?sort=), the default the longest waiting first. */
export const TRANSFERS_ORDER = listOrderSpec(["name", "requested_at", "amount", "kind"] as const, { key: "requested_at", dir: "asc" }, ["amount"]);
export type TransfersOrderKey = (typeof TRANSFERS_ORDER.keys)[number];
/** The transfers' URL: ?search, ?kind, ?waiting (days at least), ?sort, ?dir, ?page. */
/** The undelivered e-mails' orders: newest first (the default), by recipient, by attempts (most first). */
export const FAILED_EMAILS_ORDER = listOrderSpec(["created_at", "recipient", "attempts"] as const, { key: "created_at", dir: "desc" }, [
  "created_at",
  "attempts",
]);
export type FailedEmailsOrderKey = (typeof FAILED_EMAILS_ORDER.keys)[number];
/** Their page's URL: ?search=, ?template=, ?lang=, ?sort=, ?dir=, ?page=. */
export const FAILED_EMAILS_URL_NAMES = listUrlNames({ template: "template", lang: "lang" });

export const TRANSFERS_URL_NAMES = listUrlNames({ kind: "kind", waiting: "waiting_days" });

/** Who asked (?requester=): someone with an account (a stock hunter), or a visitor without one. */
export const REQUESTER_KINDS = ["account", "visitor"] as const;
export type RequesterKind = (typeof REQUESTER_KINDS)[number];
/**
 * The quote requests' orders (?sort=): the date (the default, newest first; ascending is the oldest
 * first), the number of warehouses contacted, the quantity asked for (m² or pallet positions, as
 * the request gave it; none given counts as 0). Each an index of migration 0038 or 0013.
 */
export const ADMIN_REQUESTS_ORDER = listOrderSpec(["created_at", "warehouses", "quantity"] as const, { key: "created_at", dir: "desc" }, [
  "created_at",
  "warehouses",
  "quantity",
]);
export type AdminRequestsOrderKey = (typeof ADMIN_REQUESTS_ORDER.keys)[number];
/** The quote requests' URL: ?search, ?from, ?to (Italian days), ?answered (yes|no), ?requester, ?sort, ?dir, ?page; ?open and ?thread are the open card, not the selection. */
export const ADMIN_REQUESTS_URL_NAMES = listUrlNames({ from: "from", to: "to", answered: "answered", requester: "requester" });

/** The columns the CRM's entries sort by (?sort=, order[key]), the default newest first; dates start newest first. */
export const CRM_ENTRIES_ORDER = listOrderSpec(CRM_ORDER_KEYS, DEFAULT_CRM_ORDER, ["date"]);
/** The CRM's URL: ?search, ?date (one day), ?event_type, ?sort, ?dir, ?page, and ?edit (the popup open on one entry, not a filter). */
export const CRM_ENTRIES_URL_NAMES = listUrlNames({ date: "date", event_type: "event_type" });

/**
 * The columns the follow-up actions sort by (?sort=): the day the action is due (its event's day;
 * the default, the soonest due first), the business name, when the entry was written, the state.
 */
export const CRM_ACTIONS_ORDER = listOrderSpec(["date", "client", "created_at", "follow_up_done"] as const, { key: "date", dir: "asc" }, ["created_at"]);
export type CrmActionsOrderKey = (typeof CRM_ACTIONS_ORDER.keys)[number];
/** The follow-up actions' URL: ?search, ?status (pending by default, overdue, done, all), ?sort, ?dir, ?page. */
export const CRM_ACTIONS_URL_NAMES = listUrlNames({ status: "follow_up_done" });

/**
 * The back office lists' page sizes, one per list, read by the page, its JSON twin (the default
 * of ?limit) and the service alike. The other lists' are beside their own options:
 * lib/admin-location-search.ts, lib/area-requests.ts,
 * lib/area-notifications.ts, lib/received-feedback.ts, lib/area-pages.ts (favourites),
 * lib/promo-codes.ts, lib/saved-searches.ts.
 */
export const STOCKERS_PAGE_SIZE = 20;
export const STOCK_HUNTERS_PAGE_SIZE = 20;
export const STOCKER_REQUESTS_PAGE_SIZE = 20;
export const TRANSFERS_PAGE_SIZE = 20;
/** The quote requests are cards with their warehouses: fewer a page. */
export const ADMIN_REQUESTS_PAGE_SIZE = 8;
export const ADMIN_WAREHOUSES_PAGE_SIZE = 20;
export const HUB_REQUESTS_PAGE_SIZE = 20;
export const SPECIFICATIONS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 20;
/** The audit log's URL names are its export's query names (GET /api/admin/export-audit-log), one for one. */
export const AUDIT_URL_NAMES: Record<string, string> = {
  ...Object.fromEntries(["admin_id", "action", "entity_type", "entity_id", "from", "to"].map((n) => [n, n])),
  search: "search_term",
};
export const FAILED_EMAILS_PAGE_SIZE = 20;
export const WAREHOUSE_REPORTS_PAGE_SIZE = 20;
/** 20 CRM entries a page, and 20 follow-up actions. */
export const CRM_PAGE_SIZE = 20;

/** Longest search text a list accepts; longer input is cut, not refused (it comes from a URL). */
export const SEARCH_MAX_LENGTH = 120;

/** ?{searchName}= (trimmed, capped, null when empty) and ?page= (1 for junk). */
export function listParams(url: URL, searchName = "search"): { search: string | null; page: number } {
  const search = (url.searchParams.get(searchName) ?? "").trim().slice(0, SEARCH_MAX_LENGTH) || null;
  return { search, page: pageParam(url.searchParams.get("page")) };
}
