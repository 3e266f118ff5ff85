// What every list of the back office reads from its URL, in one place: the search, the filters,
// the order (?sort=key&dir=asc|desc, a whitelist per list) and the page, each under a short URL
// name that maps to the JSON twin's query (search_term, filters[…], order[key], order[dir],
// offset). The page's loader parses its URL with that map (pageLoader's urlNames), and the
// export links turn the same URL into the export's query, so a list and its export always
// select the same rows in the same order. No Zod here: the pages import it.
import { ORDER_DIRS, type OrderDir } from "./crm.ts";

export { ORDER_DIRS, type OrderDir };

export type ListOrder<K extends string> = { key: K; dir: OrderDir };

/** A list's orders: the keys its columns sort by, the default, and the direction each column starts in. */
export type ListOrderSpec<K extends string> = {
  keys: readonly K[];
  defaults: ListOrder<K>;
  /** Dates and counts newest or largest first; names A to Z. */
  firstDir: (key: K) => OrderDir;
};

export function listOrderSpec<K extends string>(keys: readonly K[], defaults: ListOrder<K>, descFirst: readonly K[] = []): ListOrderSpec<K> {
  return { keys, defaults, firstDir: (key) => (descFirst.includes(key) ? "desc" : "asc") };
}

/** The order the query asked for (a key alone starts in its own first direction), else the list's default. */
export function resolveOrder<K extends string>(spec: ListOrderSpec<K>, asked: { key?: K; dir?: OrderDir } | undefined): ListOrder<K> {
  if (!asked?.key) return asked?.dir ? { key: spec.defaults.key, dir: asked.dir } : spec.defaults;
  return { key: asked.key, dir: asked.dir ?? spec.firstDir(asked.key) };
}

export function isDefaultOrder<K extends string>(spec: ListOrderSpec<K>, order: ListOrder<K>): boolean {
  return order.key === spec.defaults.key && order.dir === spec.defaults.dir;
}

/** ?sort= and ?dir= as a search box keeps them: nothing for the default order, which stays out of the URL. */
export function orderKept<K extends string>(spec: ListOrderSpec<K>, order: ListOrder<K>): { sort: string | null; dir: string | null } {
  return isDefaultOrder(spec, order) ? { sort: null, dir: null } : { sort: order.key, dir: order.dir };
}

/** The URL names every list shares: ?search=, ?sort=, ?dir=, ?page= (from 1). */
const COMMON_URL_NAMES = { search: "search_term", sort: "order.key", dir: "order.dir", page: "offset" } as const;

/**
 * A list's URL names → its query's paths (pageLoader's urlNames): the common ones and its
 * filters, given as URL name → filter name (`{ sub: "sub_type" }`: ?sub= is filters[sub_type]).
 */
export function listUrlNames(filters: Record<string, string> = {}, searchName = "search"): Record<string, string> {
  const { search, ...others } = COMMON_URL_NAMES;
  const names: Record<string, string> = { [searchName]: search, ...others };
  for (const [urlName, filter] of Object.entries(filters)) names[urlName] = `filters.${filter}`;
  return names;
}

/** `filters.sub_type` → `filters[sub_type]`, the JSON API's bracketed name. */
function bracketed(path: string): string {
  const [head, ...rest] = path.split(".");
  return head + rest.map((part) => `[${part}]`).join("");
}

/**
 * The list's JSON query (search_term, filters[…], order[…]) read from the page's URL through the
 * page's URL names (the same `urlNames` its loader reads), the page itself left out: what its
 * export and its "select all" act on, so a filter a list gains later is in both.
 */
export function listQueryFromUrl(urlSearch: string, urlNames: Record<string, string>): Record<string, string> {
  const from = new URLSearchParams(urlSearch);
  const query: Record<string, string> = {};
  for (const [urlName, path] of Object.entries(urlNames)) {
    if (path === "offset" || path === "limit") continue;
    const value = from.get(urlName);
    if (value) query[bracketed(path)] = value;
  }
  return query;
}

/** The export's query for what a list's URL shows (listQueryFromUrl), plus the format. */
export function exportQuery(urlSearch: string, urlNames: Record<string, string>, format: "csv" | "xlsx"): string {
  const out = new URLSearchParams(listQueryFromUrl(urlSearch, urlNames));
  out.set("format", format);
  return out.toString();
}

/** How long a request has waited at least (?waiting=1|3|7 days): the hub requests' and new stockers' age filter. */
export const WAITING_DAYS = ["1", "3", "7"] as const;
export type WaitingDays = (typeof WAITING_DAYS)[number];

/** The yes/no filters' values (?active=yes). */
export const YES_NO = ["yes", "no"] as const;
export type YesNo = (typeof YES_NO)[number];
