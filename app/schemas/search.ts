// The search filters: one schema for GET /api/warehouses/search, the /{locale}/stocks page's
// URL (the search state lives there) and the browser's form. Query strings carry lists as
// repeated keys (service=1&service=2), bracketed keys (service[]=1) or commas (service=1,2).
import { z } from "zod";
import { latitude, longitude, queryNumber } from "./geo.ts";
import { flag, isoDayFromText, numberFromText, typedNumberFromText } from "./common.ts";
import {
  DEFAULT_RADIUS_KM,
  DEFAULT_SORT,
  isSortText,
  LOCATION_MAX,
  MAX_IDS_PER_GROUP,
  MAX_RADIUS_KM,
  SEARCH_SORTS,
  SPEC_GROUPS,
  sortFromText,
  type SpecGroup,
} from "../lib/search-form.ts";

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/**
 * An optional number from a query string ("" counts as missing), in Italian notation too: the
 * form sent without JavaScript carries its fields' text ("1.234,5").
 */
export const optionalNumber = <S extends z.ZodNumber>(schema: S) =>
  z.preprocess((v) => {
    return typedNumberFromText(blankToUndefined(v));
  }, schema.optional());

/** A list as a query string or a form carries it (repeated keys, bracketed keys, commas) or a JSON array, flattened. */
export function toList(v: unknown): unknown[] {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.flatMap(toList);
  if (typeof v === "object") return Object.values(v as Record<string, unknown>).flatMap(toList);
  if (typeof v === "string")
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return [v];
}

const idList = z.preprocess(
  (v) => [...new Set(toList(v).map(numberFromText))],
  z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(MAX_IDS_PER_GROUP),
);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' (a real one; also as the field shows it, 21.11.2026, sent without JavaScript), or null. */
export const optionalDate = z.preprocess(
  (v) => isoDayFromText(blankToUndefined(v)),
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

/** What a search asks of the warehouses beyond the place: dates, space, specifications. */
const filterFields = {
  start_date: optionalDate,
  end_date: optionalDate,
  m2_type: z.preprocess(blankToUndefined, z.enum(["m2", "pallet"]).default("m2")),
  /** Square metres or pallet positions needed: a declared space must hold as many (decision 033). */
  m2_value: optionalNumber(z.number().min(0).max(100_000_000)),
  service: idList,
  material: idList,
  security: idList,
  equipment: idList,
  it: idList,
  lu: idList,
  certification: idList,
};

export const searchQuery = z
  .object({
    location: z.preprocess(blankToUndefined, z.string().trim().max(LOCATION_MAX).optional()),
    lat: z.preprocess(blankToUndefined, latitude.optional()),
    lng: z.preprocess(blankToUndefined, longitude.optional()),
    /** Kilometres; 10 when empty. */
    radius: optionalNumber(z.number().gt(0).max(MAX_RADIUS_KM)).transform((v) => v ?? DEFAULT_RADIUS_KM),
    ...filterFields,
    /** relevance (default), distance, price, space, rating; the earlier nearest and largest are read as distance and space. */
    sort: z.preprocess((v) => {
      const text = blankToUndefined(v);
      return typeof text === "string" && isSortText(text) ? sortFromText(text) : text;
    }, z.enum(SEARCH_SORTS).default(DEFAULT_SORT)),
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

/**
 * GET /api/warehouses/search/cards: the cards of warehouses shown on the map or listed further
 * down a search's answer, distances from the search's centre. counted=1: the warehouses are
 * part of an answer that was counted already (the search page's lists), so they are not counted
 * as search appearances again. The search's filters, when given, make each card say how the
 * warehouse answers them, as the search's own answer does.
 */
export const searchCardsQuery = z.object({
  ids: z.preprocess((v) => [...new Set(toList(v).map(numberFromText))], z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(MAX_CARDS_PER_CALL)),
  lat: latitude,
  lng: longitude,
  counted: flag,
  // The search the cards belong to, so they say how each warehouse answers it (availability, unmet).
  ...filterFields,
});
export type SearchCardsQuery = z.infer<typeof searchCardsQuery>;

/** Every selected specification id, all groups together. */
export function selectedSpecificationIds(q: Pick<SearchQuery, SpecGroup>): number[] {
  return [...new Set(SPEC_GROUPS.flatMap((g) => q[g]))];
}
