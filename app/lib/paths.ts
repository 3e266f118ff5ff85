// Page paths used across the layout, so a path is spelled once.
import { isLocale, type Locale } from "./locale.ts";

export const legalPages = ["stock-hunter-conditions", "stocker-conditions", "privacy-policy", "general-conditions"] as const;
export type LegalPage = (typeof legalPages)[number];

export const paths = {
  home: (locale: Locale) => `/${locale}`,
  stocks: (locale: Locale, location?: string) => (location ? `/${locale}/stocks?${new URLSearchParams({ location })}` : `/${locale}/stocks`),
  forgotPassword: (locale: Locale) => `/${locale}/forgot-password`,
  confirmCode: (locale: Locale) => `/${locale}/confirm-code`,
  completeAccount: (locale: Locale, userId: number) => `/${locale}/complete-account/${userId}`,
  resetPassword: (locale: Locale, userId: number) => `/${locale}/reset-password/${userId}`,
  legal: (locale: Locale, page: LegalPage) => `/${locale}/${page}`,
  howItWorks: (locale: Locale) => `/${locale}#how-it-works`,
  owners: (locale: Locale) => `/${locale}#owners`,
  faq: (locale: Locale) => `/${locale}#faq`,
};

/**
 * What a search result's link to a sheet carries in the history entry's state: the search it
 * came from, so the sheet's back link returns to those results (place, radius, filters, order)
 * rather than to a new search around the warehouse's city. Not in the address: a sheet's
 * address is what visitors share.
 */
export type FromSearchState = { fromSearch: string };

/** The search a sheet was opened from, when the state holds one of this language's searches. */
export function searchBackPath(state: unknown, locale: Locale): string | null {
  const from = (state as Partial<FromSearchState> | null)?.fromSearch;
  if (typeof from !== "string") return null;
  const prefix = `/${locale}/stocks`;
  return from === prefix || from.startsWith(`${prefix}?`) ? from : null;
}

/**
 * The same page in another language: "/it/stocks?x=1" → "/en/stocks?x=1". A path without a
 * locale prefix gets one.
 */
export function switchLocalePath(target: Locale, pathname: string, search = "", hash = ""): string {
  const parts = pathname.split("/");
  if (isLocale(parts[1])) parts[1] = target;
  else parts.splice(1, 0, target);
  let path = parts.join("/");
  if (path.endsWith("/") && path.length > 1) path = path.slice(0, -1);
  return `${path}${search}${hash}`;
}

/**
 * Where an invited user goes after completing the account: a stocker to the warehouse they
 * were given (its edit page), else to their area.
 */
export function afterCompletePath(locale: Locale, role: "stocker" | "referent" | "stock_hunter" | "admin", warehouseId: number | null): string {
  if (role === "stocker") return warehouseId ? `/${locale}/stocker/profile/warehouses/${warehouseId}/edit` : `/${locale}/stocker/profile`;
  if (role === "referent") return `/${locale}/referent/profile`;
  if (role === "stock_hunter") return `/${locale}/stock-hunter/profile`;
  return "/admin";
}

/** The three areas that manage warehouses: the back office, the stocker's and the referent's. */
export type WarehouseArea = "admin" | "stocker" | "referent";

/**
 * The warehouse pages and calls of an area: the back office under /admin (Italian), the others
 * under /{locale}/{area}/profile. `pagesBase` puts the pages under another prefix (an
 * administrator's view of a stocker's area, /admin/stocker/{id}) while the calls stay the area's.
 */
export function warehouseAreaPaths(area: WarehouseArea, locale: Locale, pagesBase?: string) {
  const base = pagesBase ?? (area === "admin" ? "/admin" : `/${locale}/${area}/profile`);
  return {
    list: `${base}/warehouses`,
    create: `${base}/warehouses/new`,
    detail: (id: number) => `${base}/warehouses/${id}`,
    edit: (id: number) => `${base}/warehouses/${id}/edit`,
    messages: `${base}/messages`,
    /** The JSON calls: `${api}/create`, `${api}/{id}/update`, `${api}/{id}/upload`… */
    api: `/api/${area}/warehouses`,
  };
}

export type WarehouseAreaPaths = ReturnType<typeof warehouseAreaPaths>;
