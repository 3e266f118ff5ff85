// The public warehouse sheet and the comparison. Both show redeemed warehouses only (claimed and
// covered by the owner's subscription): any other one is anonymised everywhere and has no sheet.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { NotFoundError } from "../errors.ts";
import type { SpecificationGroup, SpecificationValue } from "../../lib/specifications.ts";
import { openingStatus, weeklySchedule, type OpeningStatus, type WeeklyHours } from "../../lib/opening-hours.ts";
import {
  findFirstImages,
  findPublicWarehouse,
  findPublicWarehouses,
  findWarehousesTimes,
  findWarehouseTimes,
  listImages,
  listWarehouseSpecifications,
} from "./warehouses.queries.ts";
import { warehouseRatingCriteria } from "../reviews/warehouse-ratings.queries.ts";
import { warehouseTrust } from "../../lib/warehouse-trust.ts";
import { isFavourite } from "../requests/area-requests.queries.ts";
import { distanceM } from "../search/zones.ts";
import { QUOTE_DEFAULT_RADIUS } from "../../schemas/quote.ts";
import type { CompareQuoteArea, CompareResult, CompareWarehouse } from "../../lib/compare.ts";
import { publicSpaces } from "./warehouse-spaces.service.ts";

/** How many specification values a comparison card shows (the spec's business constant). */
export const COMPARE_SPECIFICATIONS = 4;
/** At most this many warehouses are compared at once; more ids are ignored. */
export const COMPARE_MAX = 12;

/** A website as a safe link: http(s) only, the scheme added when missing; anything else → null. */
export function websiteLink(raw: string | null | undefined): { href: string; label: string } | null {
  const text = raw?.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return { href: url.toString(), label: `${url.host}${url.pathname === "/" ? "" : url.pathname}` };
  } catch {
    return null;
  }
}

type SpecRow = Awaited<ReturnType<typeof listWarehouseSpecifications>>[number];

function localizeSpec(row: SpecRow, locale: Locale): SpecificationValue {
  return {
    id: row.id,
    value: (locale === "en" ? row.value_en : null) || row.value,
    description: (locale === "en" ? row.description_en : null) || row.description,
  };
}

function groupSpecifications(rows: SpecRow[], locale: Locale): SpecificationGroup[] {
  const groups = new Map<number, SpecificationGroup>();
  for (const row of rows) {
    let group = groups.get(row.cat_id);
    if (!group) {
      group = { cat_id: row.cat_id, category: locale === "en" ? row.category_name_en : row.category_name, values: [] };
      groups.set(row.cat_id, group);
    }
    group.values.push(localizeSpec(row, locale));
  }
  return [...groups.values()].sort((a, b) => a.cat_id - b.cat_id);
}

export type WarehouseSheet = Awaited<ReturnType<typeof getWarehouseSheet>>;

/** The public sheet of a redeemed, approved, active warehouse; anything else is NotFound. */
/**
 * Where the viewer manages this warehouse, when it is theirs to manage: its owner's or its
 * referent's page in their area, or the back office's form for an administrator; else null.
 */
function manageUrl(actor: Actor | null, w: { id: number; user_id: number | null; referent_id: number | null }, locale: Locale): string | null {
  if (!actor) return null;
  if (actor.role === "admin") return `/admin/warehouses/${w.id}/edit`;
  if (actor.role === "stocker" && w.user_id === actor.id) return `/${locale}/stocker/profile/warehouses/${w.id}`;
  if (actor.role === "referent" && w.referent_id === actor.id) return `/${locale}/referent/profile/warehouses/${w.id}`;
  return null;
}

export async function getWarehouseSheet(db: Database, actor: Actor | null, id: number, opts: { locale: Locale; now?: Date }) {
  const warehouse = await findPublicWarehouse(db, id);
  if (!warehouse) throw new NotFoundError();
  const trust = warehouseTrust(warehouse);
  const [times, images, specs, ratingCriteria, favourite, spaces] = await Promise.all([
    findWarehouseTimes(db, id),
    listImages(db, id),
    listWarehouseSpecifications(db, [id]),
    trust.review_count > 0 ? warehouseRatingCriteria(db, id) : Promise.resolve([]),
    actor?.role === "stock_hunter" ? isFavourite(db, { userId: actor.id, warehouseId: id }) : Promise.resolve(null),
    publicSpaces(db, [id], opts.now).then((byWarehouse) => byWarehouse.get(id) ?? []),
  ]);
  const hours: WeeklyHours | null = times ?? null;
  const opening: OpeningStatus | null = openingStatus(hours, opts.now ?? new Date());
  return {
    id: warehouse.id,
    name: warehouse.name,
    is_hub: warehouse.is_hub,
    account_type: warehouse.account_type,
    country: warehouse.country,
    address: warehouse.address,
    cap: warehouse.cap,
    city: warehouse.city,
    province: warehouse.province,
    website: websiteLink(warehouse.website),
    total_m2: warehouse.total_m2,
    m2: warehouse.m2,
    m2_external: warehouse.m2_external,
    m2_office: warehouse.m2_office,
    height: warehouse.height,
    bays_number: warehouse.bays_number,
    lat: warehouse.lat,
    lng: warehouse.lng,
    imgs: images.map((img) => ({ id: img.id, src: img.src, thumb_src: img.thumb_src, width: img.width, height: img.height })),
    specifications: groupSpecifications(specs, opts.locale),
    opening,
    schedule: hours ? weeklySchedule(hours) : null,
    /** Its trust figures: rating_avg, review_count, answer_hours, answer_rate, verified (lib/warehouse-trust.ts). */
    ...trust,
    /** The average per criterion the hunters rated (empty before any rating). */
    rating_criteria: ratingCriteria,
    /** The viewer's own page of this warehouse, when they manage it (the sheet then says so). */
    manage_url: manageUrl(actor, warehouse, opts.locale),
    /** Whether it is among the viewing stock hunter's favourites; null for anyone else. */
    favourite,
    /** Its free space, current and upcoming (ended ones left out), the price only where the owner made it public. */
    spaces,
  };
}

/** Comparison ids from the query string: "1,2,3" → [1, 2, 3]; junk, duplicates and excess dropped. */
export function parseCompareIds(raw: string | null | undefined): number[] {
  if (!raw) return [];
  const ids: number[] = [];
  for (const part of raw.split(",")) {
    const text = part.trim();
    if (!/^\d{1,15}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && !ids.includes(id)) ids.push(id);
    if (ids.length >= COMPARE_MAX) break;
  }
  return ids;
}

/** The quote schema's largest radius (km). */
const QUOTE_MAX_RADIUS = 1000;

/**
 * Where a quote request to the compared warehouses is for: their towns as the location, their
 * centre, and a radius that reaches every one of them (at least the default 10 km), so the
 * request reads in the back office like one sent from a search around them.
 */
export function compareQuoteArea(warehouses: Pick<CompareWarehouse, "city" | "lat" | "lng">[]): CompareQuoteArea | null {
  if (warehouses.length === 0) return null;
  const lat = warehouses.reduce((sum, w) => sum + w.lat, 0) / warehouses.length;
  const lng = warehouses.reduce((sum, w) => sum + w.lng, 0) / warehouses.length;
  const farthestKm = Math.max(...warehouses.map((w) => distanceM(lat, lng, w.lat, w.lng) / 1000));
  const radius = Math.min(QUOTE_MAX_RADIUS, Math.max(QUOTE_DEFAULT_RADIUS, Math.ceil(farthestKm)));
  const cities = [...new Set(warehouses.map((w) => w.city.trim()).filter(Boolean))];
  let location = cities.join(", ");
  if (location.length > 255) location = `${location.slice(0, 254)}…`;
  return { location, lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)), radius };
}

/**
 * The comparison of some warehouses, in the order asked: each one's public facts, first photo,
 * open-now status, trust figures and specifications (the first 4 for the spec's card, and all of them
 * for the table's rows), the specifications any of them has grouped by category, and where a
 * quote request to all of them is for. Only redeemed, listed warehouses are compared; the other
 * ids come back as `missing`.
 */
export async function compareWarehouses(db: Database, _actor: Actor | null, ids: number[], opts: { locale: Locale; now?: Date }): Promise<CompareResult> {
  const wanted = ids.slice(0, COMPARE_MAX);
  const rows = await findPublicWarehouses(db, wanted);
  const found = rows.map((r) => r.id);
  const [specs, photos, times, spaces] = await Promise.all([
    listWarehouseSpecifications(db, found),
    findFirstImages(db, found),
    findWarehousesTimes(db, found),
    publicSpaces(db, found, opts.now),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const photoOf = new Map(photos.map((p) => [p.warehouse_id, p]));
  const hoursById = new Map<number, WeeklyHours>(times.map((t) => [t.warehouse_id, t]));
  const now = opts.now ?? new Date();
  const warehouses = wanted.flatMap((id): CompareWarehouse[] => {
    const w = byId.get(id);
    if (!w) return [];
    const own = specs.filter((s) => s.warehouse_id === id);
    const photo = photoOf.get(id);
    const hours = hoursById.get(id) ?? null;
    return [
      {
        id: w.id,
        name: w.name,
        is_hub: w.is_hub,
        address: w.address,
        cap: w.cap,
        city: w.city,
        province: w.province,
        lat: w.lat,
        lng: w.lng,
        website: websiteLink(w.website),
        total_m2: w.total_m2,
        m2: w.m2,
        m2_external: w.m2_external,
        m2_office: w.m2_office,
        height: w.height,
        bays_number: w.bays_number,
        photo: photo ? { src: photo.thumb_src ?? photo.src, width: photo.width, height: photo.height } : null,
        opening: openingStatus(hours, now),
        schedule: hours ? weeklySchedule(hours) : null,
        ...warehouseTrust(w),
        spaces: spaces.get(id) ?? [],
        specifications: own.slice(0, COMPARE_SPECIFICATIONS).map((s) => localizeSpec(s, opts.locale)),
        specification_ids: own.map((s) => s.id),
      },
    ];
  });
  // Each specification once, in catalogue order (the query's order), for the table's rows.
  const seen = new Set<number>();
  const union = specs.filter((s) => !seen.has(s.id) && seen.add(s.id));
  return {
    warehouses,
    specification_groups: groupSpecifications(union, opts.locale),
    missing: wanted.filter((id) => !byId.has(id)),
    quote_area: compareQuoteArea(warehouses),
  };
}
