// The search's constants and its form as the address holds it (/{locale}/stocks?location=…
// &radius=…&service=1&service=2…), without the schemas: the search page reads and writes its
// address with these, and loads no validation library for it (app/schemas/search.ts checks
// what reaches the server).
import { formatNumberInput, parseNumber } from "./format.ts";
import { isoFromDateText } from "./date-text.ts";

/** Longest location text accepted: longer is not a place name. */
export const LOCATION_MAX = 200;

/** The seven specification groups, in category order: cat_id = index + 1. */
export const SPEC_GROUPS = ["service", "material", "security", "equipment", "it", "lu", "certification"] as const;
export type SpecGroup = (typeof SPEC_GROUPS)[number];

export const DEFAULT_RADIUS_KM = 10;
/**
 * Cards per list a search answers (nearest first): more than a person reads through, and a
 * search in a dense zone stays small; the totals and the map cover every result.
 */
export const SEARCH_LIST_LIMIT = 100;
export const MAX_RADIUS_KM = 300;
/**
 * The orders of the result lists (decision 034): relevance (the default: a matching space, then
 * photos and a fast responder, then nearest), nearest, cheapest public price, space closest to
 * the asked quantity, best rated; in each the redeemed warehouses come before the anonymised.
 */
export const SEARCH_SORTS = ["relevance", "distance", "price", "space", "rating"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SORT: SearchSort = "relevance";
/** The orders of earlier addresses, still read: nearest first is now "distance", largest first "space". */
const OLD_SORTS: Record<string, SearchSort> = { nearest: "distance", largest: "space" };

/** The order an address's ?sort= asks for (an unknown one: the default). */
export function sortFromText(text: string | null | undefined): SearchSort {
  if (!text) return DEFAULT_SORT;
  if ((SEARCH_SORTS as readonly string[]).includes(text)) return text as SearchSort;
  return OLD_SORTS[text] ?? DEFAULT_SORT;
}

/** Whether a text names an order, an earlier one included. */
export function isSortText(text: string): boolean {
  return (SEARCH_SORTS as readonly string[]).includes(text) || Object.hasOwn(OLD_SORTS, text);
}
/**
 * The radii a search without results offers to widen to (km): the first larger than the
 * searched one that finds something is suggested, with its count.
 */
export const WIDEN_RADII_KM = [25, 50, 100, 200, MAX_RADIUS_KM] as const;
/** Most specification ids one group may carry. */
export const MAX_IDS_PER_GROUP = 50;

export function specGroupOfCategory(catId: number): SpecGroup | null {
  return SPEC_GROUPS[catId - 1] ?? null;
}

/** The search form's fields as the inputs hold them (text), read from and written to the URL. */
export type SearchFormValues = {
  location: string;
  lat: string;
  lng: string;
  radius: string;
  start_date: string;
  end_date: string;
  m2_type: "m2" | "pallet";
  m2_value: string;
  /** Not a filter: the lists' order, kept when the filters are edited. */
  sort: SearchSort;
} & Record<SpecGroup, number[]>;

/**
 * A number typed in the search form ("1.234,5", "12.5") as the address carries it: plain
 * decimals, two at most ("1234.5"), so the address never holds a "1.234" that could read as
 * Italian thousands. Blank → ""; no number → the text, for the search to refuse.
 */
export function addressNumber(text: string): string {
  const n = parseNumber(text);
  return n === null ? text.trim() : String(Math.round(n * 100) / 100);
}

/** The form's values with radius and space as the address and a search take them ("1234.5"). */
export function addressValues(v: SearchFormValues): SearchFormValues {
  return { ...v, radius: addressNumber(v.radius), m2_value: addressNumber(v.m2_value) };
}

/**
 * The form's values with radius and space as the fields show them, in Italian notation ("1.234,5").
 * An address without a radius searches 10 km, so the field says 10 (a value, not a grey
 * placeholder that read as an empty field beside "within 10 km").
 */
export function fieldValues(v: SearchFormValues): SearchFormValues {
  return { ...v, radius: formatNumberInput(v.radius) || v.radius || String(DEFAULT_RADIUS_KM), m2_value: formatNumberInput(v.m2_value) || v.m2_value };
}

/** The form's values in the address: numbers as addressNumber writes them, whatever notation the address had. */
export function formValuesFromParams(params: URLSearchParams): SearchFormValues {
  const text = (key: string) => (params.get(key) ?? "").slice(0, LOCATION_MAX * 2);
  const ids = (key: string) => {
    const out = new Set<number>();
    for (const raw of [...params.getAll(key), ...params.getAll(`${key}[]`)]) {
      for (const part of raw.split(",")) {
        const n = Number(part);
        if (Number.isInteger(n) && n > 0) out.add(n);
      }
    }
    return [...out].slice(0, MAX_IDS_PER_GROUP);
  };
  return {
    location: text("location"),
    lat: text("lat"),
    lng: text("lng"),
    radius: addressNumber(text("radius")),
    // ISO, also when the form was sent without JavaScript (the field's "21.11.2027").
    start_date: isoFromDateText(text("start_date")) ?? text("start_date"),
    end_date: isoFromDateText(text("end_date")) ?? text("end_date"),
    m2_type: params.get("m2_type") === "pallet" ? "pallet" : "m2",
    m2_value: addressNumber(text("m2_value")),
    sort: sortFromText(params.get("sort")),
    service: ids("service"),
    material: ids("material"),
    security: ids("security"),
    equipment: ids("equipment"),
    it: ids("it"),
    lu: ids("lu"),
    certification: ids("certification"),
  };
}

/** The page address's query for the form's values: what is set only, lists as repeated keys. */
export function paramsFromFormValues(v: SearchFormValues): URLSearchParams {
  const p = new URLSearchParams();
  const put = (key: string, value: string) => {
    if (value.trim() !== "") p.set(key, value.trim());
  };
  put("location", v.location);
  if (v.lat.trim() && v.lng.trim()) {
    put("lat", v.lat);
    put("lng", v.lng);
  }
  put("radius", addressNumber(v.radius));
  put("start_date", v.start_date);
  put("end_date", v.end_date);
  if (v.m2_type !== "m2") p.set("m2_type", v.m2_type);
  put("m2_value", addressNumber(v.m2_value));
  for (const g of SPEC_GROUPS) for (const id of v[g]) p.append(g, String(id));
  if (v.sort !== DEFAULT_SORT) p.set("sort", v.sort);
  return p;
}

/** The search's filters beyond the place, as GET /api/warehouses/search/cards takes them (its cards then say how each answers them). */
export function cardFilterQuery(v: SearchFormValues): Record<string, string | number[]> {
  const query: Record<string, string | number[]> = {};
  if (v.start_date) query.start_date = v.start_date;
  if (v.end_date) query.end_date = v.end_date;
  query.m2_type = v.m2_type;
  if (v.m2_value) query.m2_value = addressNumber(v.m2_value);
  for (const g of SPEC_GROUPS) if (v[g].length) query[g] = v[g];
  return query;
}
