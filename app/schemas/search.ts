// The search filters: one schema for GET /api/warehouses/search, the /{locale}/stocks page's
// URL (the search state lives there) and the browser's form. Query strings carry lists as
// repeated keys (service=1&service=2), bracketed keys (service[]=1) or commas (service=1,2).
import { z } from "zod";
import { latitude, LOCATION_MAX, longitude, queryNumber } from "./geo.ts";
import { numberFromText, typedNumberFromText } from "./common.ts";
import { formatNumberInput, parseNumber } from "../lib/format.ts";

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
/** The orders of the result lists: nearest first (the default), largest first, best rated first. */
export const SEARCH_SORTS = ["nearest", "largest", "rating"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/**
 * The radii a search without results offers to widen to (km): the first larger than the
 * searched one that finds something is suggested, with its count.
 */
export const WIDEN_RADII_KM = [25, 50, 100, 200, MAX_RADIUS_KM] as const;
/** Most specification ids one group may carry. */
const MAX_IDS_PER_GROUP = 50;

export function specGroupOfCategory(catId: number): SpecGroup | null {
  return SPEC_GROUPS[catId - 1] ?? null;
}

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/**
 * An optional number from a query string ("" counts as missing), in Italian notation too: the
 * form sent without JavaScript carries its fields' text ("1.234,5").
 */
const optionalNumber = <S extends z.ZodNumber>(schema: S) =>
  z.preprocess((v) => {
    return typedNumberFromText(blankToUndefined(v));
  }, schema.optional());

function toList(v: unknown): unknown[] {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.flatMap(toList);
  if (typeof v === "object") return Object.values(v as Record<string, unknown>).flatMap(toList);
  if (typeof v === "string") return v.split(",").map((s) => s.trim()).filter(Boolean);
  return [v];
}

const idList = z.preprocess(
  (v) => [...new Set(toList(v).map(numberFromText))],
  z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(MAX_IDS_PER_GROUP),
);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' (a real one), or null. */
const optionalDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .refine((s) => {
      const m = ISO_DATE.exec(s);
      if (!m) return false;
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
    }, "invalid")
    .optional(),
);

export const searchQuery = z
  .object({
    location: z.preprocess(blankToUndefined, z.string().trim().max(LOCATION_MAX).optional()),
    lat: z.preprocess(blankToUndefined, latitude.optional()),
    lng: z.preprocess(blankToUndefined, longitude.optional()),
    /** Kilometres; 10 when empty. */
    radius: optionalNumber(z.number().gt(0).max(MAX_RADIUS_KM)).transform((v) => v ?? DEFAULT_RADIUS_KM),
    start_date: optionalDate,
    end_date: optionalDate,
    m2_type: z.preprocess(blankToUndefined, z.enum(["m2", "pallet"]).default("m2")),
    m2_value: optionalNumber(z.number().min(0).max(100_000_000)),
    service: idList,
    material: idList,
    security: idList,
    equipment: idList,
    it: idList,
    lu: idList,
    certification: idList,
    sort: z.preprocess(blankToUndefined, z.enum(SEARCH_SORTS).default("nearest")),
  })
  .superRefine((q, ctx) => {
    if (!q.location && (q.lat === undefined || q.lng === undefined)) {
      ctx.addIssue({ code: "custom", path: ["location"], message: "required" });
    }
    if ((q.lat === undefined) !== (q.lng === undefined)) {
      ctx.addIssue({ code: "custom", path: [q.lat === undefined ? "lat" : "lng"], message: "required" });
    }
    if (q.start_date && q.end_date && q.start_date > q.end_date) {
      ctx.addIssue({ code: "custom", path: ["start_date"], message: "after_end_date" });
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "before_start_date" });
    }
  });

export type SearchQuery = z.infer<typeof searchQuery>;

/** The part of the map a search's map call asks for: a zoom level and the visible box. */
export const mapView = z.object({
  zoom: queryNumber(z.number().min(0).max(24)),
  west: queryNumber(z.number().min(-360).max(360)),
  south: queryNumber(z.number().min(-90).max(90)),
  east: queryNumber(z.number().min(-360).max(360)),
  north: queryNumber(z.number().min(-90).max(90)),
});

/** GET /api/warehouses/search/map: the search's filters and the visible part of the map. */
export const searchMapQuery = z.intersection(searchQuery, mapView);
export type SearchMapQuery = z.infer<typeof searchMapQuery>;

/** Most cards one GET /api/warehouses/search/cards call answers. */
export const MAX_CARDS_PER_CALL = 50;

/** GET /api/warehouses/search/cards: the cards of warehouses shown on the map, distances from the search's centre. */
export const searchCardsQuery = z.object({
  ids: z.preprocess(
    (v) => [...new Set(toList(v).map(numberFromText))],
    z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(MAX_CARDS_PER_CALL),
  ),
  lat: latitude,
  lng: longitude,
});

/** Every selected specification id, all groups together. */
export function selectedSpecificationIds(q: Pick<SearchQuery, SpecGroup>): number[] {
  return [...new Set(SPEC_GROUPS.flatMap((g) => q[g]))];
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

/** The form's values with radius and space as the fields show them, in Italian notation ("1.234,5"). */
export function fieldValues(v: SearchFormValues): SearchFormValues {
  return { ...v, radius: formatNumberInput(v.radius) || v.radius, m2_value: formatNumberInput(v.m2_value) || v.m2_value };
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
    start_date: text("start_date"),
    end_date: text("end_date"),
    m2_type: params.get("m2_type") === "pallet" ? "pallet" : "m2",
    m2_value: addressNumber(text("m2_value")),
    sort: (SEARCH_SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as SearchSort) : "nearest",
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
  if (v.sort !== "nearest") p.set("sort", v.sort);
  return p;
}
