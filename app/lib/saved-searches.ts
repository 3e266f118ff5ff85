// Saved searches (decision 038) as both sides see them: their limits, the shape the hunter's
// list answers (GET /api/stock-hunter/saved-searches and the area's page), their state, and the
// search page's address that runs one again. Here, without Zod, so the pages load no schema
// (app/schemas/saved-searches.ts checks what reaches the server and re-exports these).
import type { Locale } from "./locale.ts";
import { placeInItaly } from "./format.ts";
import { DEFAULT_SORT, paramsFromFormValues, specGroupOfCategory, SPEC_GROUPS, type SearchFormValues } from "./search-form.ts";

/** The hunter's saved searches, 8 to a page like the areas' other lists (the page, its JSON twin and the service read it). */
export const SAVED_SEARCHES_PAGE_SIZE = 8;
/** The most one list call may ask for. */
export const SAVED_SEARCHES_MAX_LIMIT = 50;
/** The last page index a list call accepts. */
export const SAVED_SEARCHES_MAX_OFFSET = 100_000;
/** Longest name of a saved search (the database's check). */
export const SAVED_SEARCH_NAME_MAX = 80;
/**
 * Most saved searches one stock hunter keeps, and one visitor's address (confirmed or waiting
 * for confirmation): more than a person follows, few enough that the matching of a change never
 * meets one seeker's thousands of circles.
 */
export const SAVED_SEARCHES_PER_OWNER = 50;
/** How long a visitor's confirmation link works. */
export const SAVED_SEARCH_CONFIRM_DAYS = 7;

/** active: matched; paused: kept, not matched; unconfirmed: a visitor's, waiting for its address's confirmation. */
export type SavedSearchState = "active" | "paused" | "unconfirmed";

/** An asked specification, named in the page's language; cat_id gives its group in the search's address. */
export type SavedSearchSpecification = { id: number; value: string; cat_id: number };

/** What a saved search asks, as its row keeps it. */
export type SavedSearchCriteria = {
  location: string;
  lat: number;
  lng: number;
  /** Kilometres. */
  radius: number;
  start_date: string | null;
  end_date: string | null;
  m2_type: "m2" | "pallet";
  m2_value: number | null;
  specification_ids: number[];
};

/** One saved search as the hunter's list answers it. */
export type SavedSearchView = SavedSearchCriteria & {
  id: number;
  name: string;
  /** The asked specifications that still exist, in the catalogue's order. */
  specifications: SavedSearchSpecification[];
  paused: boolean;
  state: SavedSearchState;
  /** The language its alerts are written in. */
  lang: Locale;
  created_at: Date | string;
};

export type SavedSearchesList = { saved_searches: SavedSearchView[]; saved_searches_count: number };

/** The state of a saved search's row. */
export function savedSearchState(row: { confirmed_at: Date | string | null; paused: boolean }): SavedSearchState {
  if (row.confirmed_at === null) return "unconfirmed";
  return row.paused ? "paused" : "active";
}

/**
 * The search page's address for a saved search ("run it now"): its place with its centre, radius,
 * dates, quantity and each specification in its group, as the search page's own form writes them.
 */
export function savedSearchHref(
  locale: Locale,
  s: Pick<SavedSearchView, "location" | "lat" | "lng" | "radius" | "start_date" | "end_date" | "m2_type" | "m2_value"> & {
    specifications: { id: number; cat_id: number }[];
  },
): string {
  const values: SearchFormValues = {
    location: s.location,
    lat: String(s.lat),
    lng: String(s.lng),
    radius: String(s.radius),
    start_date: s.start_date ?? "",
    end_date: s.end_date ?? "",
    m2_type: s.m2_type,
    m2_value: s.m2_value === null ? "" : String(s.m2_value),
    sort: DEFAULT_SORT,
    ...(Object.fromEntries(SPEC_GROUPS.map((g) => [g, [] as number[]])) as Record<(typeof SPEC_GROUPS)[number], number[]>),
  };
  for (const spec of s.specifications) {
    const group = specGroupOfCategory(spec.cat_id);
    if (group) values[group].push(spec.id);
  }
  return `/${locale}/stocks?${paramsFromFormValues(values)}`;
}

/** The page a visitor's confirmation link opens (GET shows a button, POST confirms). */
export const savedSearchConfirmPath = (locale: Locale, token: string) => `/${locale}/saved-searches/confirm/${token}`;

/** A saved search's default name: the place searched, as a heading says it ("Verona (VR)"). */
export function defaultSavedSearchName(location: string | null | undefined): string {
  return placeInItaly((location ?? "").trim())
    .slice(0, SAVED_SEARCH_NAME_MAX)
    .trim();
}

/** What the hunter's page's action answers a change it made (a failure is the usual PageActionFailure). */
export type SavedSearchChanged =
  { ok: true; intent: "update"; change: "renamed" | "paused" | "resumed"; saved_search_id: number } | { ok: true; intent: "delete"; saved_search_id: number };
