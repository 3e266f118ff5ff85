// The public warehouse sheet and the comparison. Both show redeemed warehouses only (claimed and
// covered by the owner's subscription): any other one is anonymised everywhere and has no sheet.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { NotFoundError } from "../errors.ts";
import type { SpecificationGroup, SpecificationValue } from "../../lib/specifications.ts";
import { openingStatus, weeklySchedule, type OpeningStatus, type WeeklyHours } from "../../lib/opening-hours.ts";
import { findPublicWarehouse, findPublicWarehouses, findWarehouseTimes, listImages, listWarehouseSpecifications } from "./warehouses.queries.ts";
import { warehouseRatings } from "../reviews/warehouse-ratings.queries.ts";

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
export async function getWarehouseSheet(db: Database, _actor: Actor | null, id: number, opts: { locale: Locale; now?: Date }) {
  const warehouse = await findPublicWarehouse(db, id);
  if (!warehouse) throw new NotFoundError();
  const [times, images, specs, ratings] = await Promise.all([findWarehouseTimes(db, id), listImages(db, id), listWarehouseSpecifications(db, [id]), warehouseRatings(db, [id])]);
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
    /** The average of its hunters' reviews, once it has some (null before). */
    rating: ratings.get(id) ?? null,
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

export type CompareCard = Awaited<ReturnType<typeof compareWarehouses>>["warehouses"][number];

/** Cards for the comparison, in the order asked; ids that are not redeemed and listed come back as `missing`. */
export async function compareWarehouses(db: Database, _actor: Actor | null, ids: number[], opts: { locale: Locale }) {
  const wanted = ids.slice(0, COMPARE_MAX);
  const rows = await findPublicWarehouses(db, wanted);
  const [specs, ratings] = await Promise.all([
    listWarehouseSpecifications(
      db,
      rows.map((r) => r.id),
    ),
    warehouseRatings(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const warehouses = wanted.flatMap((id) => {
    const w = byId.get(id);
    if (!w) return [];
    return [
      {
        id: w.id,
        name: w.name,
        is_hub: w.is_hub,
        address: w.address,
        cap: w.cap,
        city: w.city,
        province: w.province,
        website: websiteLink(w.website),
        total_m2: w.total_m2,
        specifications: specs
          .filter((s) => s.warehouse_id === id)
          .slice(0, COMPARE_SPECIFICATIONS)
          .map((s) => localizeSpec(s, opts.locale)),
        rating: ratings.get(id) ?? null,
      },
    ];
  });
  return { warehouses, missing: wanted.filter((id) => !byId.has(id)) };
}
