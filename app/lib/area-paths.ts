// The logged-in areas' pages. Each area lives under its own prefix: the user's own area at
// /{locale}/{stocker|referent|stock-hunter}/profile, and the administrator's view of a stocker's
// or a stock hunter's area at /admin/{stocker|stock-hunter}/{user id} (the spec's admin flag
// changing the prefix). Every link inside an area is built from its base, so the same pages
// serve both prefixes.
import type { Locale } from "./locale.ts";

export type AreaRole = "stocker" | "referent" | "stock_hunter";

export type AreaSection =
  "dashboard" | "warehouses" | "saved-searches" | "messages" | "statistics" | "notifications" | "data" | "reviews" | "invite" | "billing" | "api-tokens";

/** The sections of each area, in the order of its navigation. */
export const AREA_SECTIONS: Record<AreaRole, readonly AreaSection[]> = {
  stocker: ["dashboard", "warehouses", "messages", "statistics", "notifications", "reviews", "invite", "billing", "data", "api-tokens"],
  referent: ["dashboard", "warehouses", "messages", "statistics", "notifications", "reviews", "data", "api-tokens"],
  stock_hunter: ["dashboard", "warehouses", "saved-searches", "messages", "notifications", "reviews", "data"],
};

/** The areas an administrator can open in a user's name (the administrator's view of an area). */
export const ADMIN_VIEWABLE: readonly AreaRole[] = ["stocker", "stock_hunter"];

const SEGMENT: Record<AreaRole, string> = { stocker: "stocker", referent: "referent", stock_hunter: "stock-hunter" };

/** The base of an area: the user's own (`viewedUserId` null) or an administrator's view of user `viewedUserId`. */
export function areaBase(role: AreaRole, locale: Locale, viewedUserId: number | null = null): string {
  return viewedUserId === null ? `/${locale}/${SEGMENT[role]}/profile` : `/admin/${SEGMENT[role]}/${viewedUserId}`;
}

/** Every page of an area, from its base. */
export function areaPaths(base: string) {
  return {
    dashboard: base,
    warehouses: `${base}/warehouses`,
    warehouseNew: `${base}/warehouses/new`,
    warehouse: (id: number) => `${base}/warehouses/${id}`,
    warehouseEdit: (id: number) => `${base}/warehouses/${id}/edit`,
    /** The stock hunter's saved searches (decision 038). */
    savedSearches: `${base}/saved-searches`,
    messages: `${base}/messages`,
    /** One request's page: the hunter's request (its offers compared, its conversations) or a handler's request link (its offers, its conversation). */
    request: (id: number) => `${base}/messages/${id}`,
    statistics: `${base}/statistics`,
    notifications: `${base}/notifications`,
    data: `${base}/data`,
    reviews: `${base}/reviews`,
    reports: `${base}/reviews?show=reports`,
    invite: `${base}/invite`,
    /** The stocker's subscription: pick warehouses, plan, payment (decision 009). */
    billing: `${base}/billing`,
    /** Where Stripe returns after the card step. */
    confirmSubscription: `${base}/confirm-subscription`,
    section: (section: AreaSection) => (section === "dashboard" ? base : `${base}/${section}`),
  };
}

export type AreaPaths = ReturnType<typeof areaPaths>;
