// What the owners' and the back office's warehouse pages show: the form's starting values,
// a warehouse's detail (its referent, its latest requests), and the list of one's warehouses.
// Each checks who asks first (warehouseToEdit: 403 or 404 otherwise).
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { ForbiddenError } from "../errors.ts";
import { WEEKDAYS } from "../../lib/opening-hours.ts";
import { formatNumberInput } from "../../lib/format.ts";
import { AREA_FIELDS, BASIC_FIELDS, COST_FIELDS } from "../../schemas/warehouse.ts";
import type { MyWarehouseCard, WarehouseDetailData } from "../../lib/warehouse-pages.ts";
import { emptyWarehouseForm, type CatalogueGroup, type StoredImage, type WarehouseFormValues } from "../../lib/warehouse-form.ts";
import { findWarehouseTimes, isListedRow, publicSheetPath } from "./warehouses.queries.ts";
import * as q from "./warehouse-editing.queries.ts";
import { warehouseToEdit } from "./warehouse-editing.service.ts";
import { listOwnerReferents } from "./warehouse-referents.queries.ts";
import { listSpaces } from "./warehouse-spaces.queries.ts";
import { spaceFormRow } from "../../lib/spaces.ts";

/** Every visible specification value, grouped by category, in the page's language. */
export async function formCatalogue(db: Database, locale: Locale): Promise<CatalogueGroup[]> {
  const rows = await q.listVisibleCatalogue(db);
  const groups = new Map<number, CatalogueGroup>();
  for (const r of rows) {
    let group = groups.get(r.cat_id);
    if (!group) groups.set(r.cat_id, (group = { cat_id: r.cat_id, category: locale === "en" ? r.category_name_en : r.category_name, values: [] }));
    group.values.push({
      id: r.id,
      value: (locale === "en" ? r.value_en : null) || r.value,
      description: (locale === "en" ? r.description_en : null) || r.description,
    });
  }
  return [...groups.values()];
}

/** Numbers as the form shows them: "1500.5" (the form accepts Italian notation back). */
const asText = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const hhmm = (v: string | null | undefined) => (v ? v.slice(0, 5) : "");

export type WarehouseFormStart = {
  values: WarehouseFormValues;
  images: StoredImage[];
  catalogue: CatalogueGroup[];
  name: string | null;
  status: string | null;
};

/** The form of a new warehouse (the owner's main e-mail filled in), or of an existing one the actor may edit. */
export async function warehouseFormStart(db: Database, actor: Actor, id: number | null, locale: Locale): Promise<WarehouseFormStart> {
  const catalogue = await formCatalogue(db, locale);
  if (id === null) {
    if (actor.role !== "admin" && actor.role !== "stocker") throw new ForbiddenError();
    return { values: emptyWarehouseForm(actor.role === "stocker" ? { email: actor.email } : {}), images: [], catalogue, name: null, status: null };
  }
  const w = await warehouseToEdit(db, actor, id);
  const [contacts, times, specs, images, spaces] = await Promise.all([
    q.listContacts(db, { warehouseId: id }),
    findWarehouseTimes(db, id),
    q.listWarehouseSpecificationIds(db, { warehouseId: id }),
    q.listWarehouseImages(db, { warehouseId: id }),
    listSpaces(db, { warehouseId: id }),
  ]);
  const values = emptyWarehouseForm();
  for (const f of BASIC_FIELDS) values.data[f] = asText(w[f]);
  // Numbers as the form shows them: Italian notation, euros with two decimals ("1.500", "4,50").
  for (const f of AREA_FIELDS) values.data[f] = formatNumberInput(w[f]);
  for (const f of COST_FIELDS) values.data[f] = formatNumberInput(w[f], 2);
  values.position = { lat: w.lat, lng: w.lng };
  values.contacts = contacts.length
    ? contacts.map((c) => ({ full_name: c.full_name, phone: c.phone ?? "", email: c.email ?? "", role: c.role }))
    : values.contacts;
  for (const d of WEEKDAYS) {
    if (times) values.times[d] = { open: times[`is_${d}_open`], from: hhmm(times[`${d}_open_time`]), to: hhmm(times[`${d}_close_time`]) };
  }
  // Hidden values stay on the warehouse without being on the form (the service keeps them).
  values.specifications = specs.filter((s) => !s.hidden).map((s) => s.id);
  values.spaces = spaces.map(spaceFormRow);
  return { values, images: images.map((i) => ({ id: i.id, src: i.src, thumb_src: i.thumb_src })), catalogue, name: w.name, status: w.status };
}

/** A warehouse's page in the owner's or the referent's area: the warehouse, its referent, its latest requests, the referents to choose from. */
export async function warehouseDetail(db: Database, actor: Actor, id: number, locale: Locale): Promise<WarehouseDetailData> {
  const w = await warehouseToEdit(db, actor, id);
  const [referent, requests, referents, spaces] = await Promise.all([
    w.referent_id ? q.findUserSummary(db, { id: w.referent_id }) : Promise.resolve(undefined),
    q.latestRequestLinksOfWarehouse(db, { warehouseId: id, limit: LATEST_REQUESTS }),
    listOwnerReferents(db, { ownerId: w.user_id, actorId: actor.id }),
    listSpaces(db, { warehouseId: id }),
  ]);
  const listed = isListedRow(w);
  return {
    warehouse: {
      id: w.id,
      name: w.name,
      is_hub: w.is_hub,
      status: w.status,
      to_approve: w.to_approve,
      deactivated: w.deactivated,
      address: w.address,
      cap: w.cap,
      city: w.city,
      province: w.province,
      telephone: w.telephone,
      website: w.website,
      total_m2: w.total_m2,
      public_sheet_url: publicSheetPath(locale, { id: w.id, redeemed: w.redeemed, listed }),
      anonymised_in_search: listed && !w.redeemed,
      refusal_note: w.status === "refused" ? w.status_note : null,
      // The owner may ask for a refused warehouse to be checked again (not the referent, nor an
      // administrator in the owner's area: they decide it in the back office).
      can_resubmit: w.status === "refused" && actor.role === "stocker" && w.user_id === actor.id,
      owner_request_emails: w.owner_request_emails,
      m2: w.m2,
      spaces_updated_at: w.spaces_updated_at,
    },
    spaces,
    referent: referent
      ? {
          id: referent.id,
          first_name: referent.first_name,
          last_name: referent.last_name,
          email: referent.email,
          telephone: referent.telephone,
          completed: referent.password_hash !== null,
        }
      : null,
    requests,
    referents: referents.filter((r) => r.active).map(({ active: _a, completed, ...r }) => ({ ...r, completed: Boolean(completed) })),
  };
}

/** How many of a warehouse's latest requests its detail page shows. */
export const LATEST_REQUESTS = 8;

/** The stocker's own warehouses, or the referent's managed ones, newest first, with their waiting requests. */
export async function listMyWarehouses(db: Database, actor: Actor): Promise<MyWarehouseCard[]> {
  if (actor.role !== "stocker" && actor.role !== "referent") throw new ForbiddenError();
  const rows = await q.myWarehousesQuery(db, { by: actor.role === "stocker" ? "owner" : "referent", userId: actor.id, limit: MY_WAREHOUSES_MAX }).execute();
  return rows.map(myWarehouseCard);
}

/** A row of myWarehousesQuery as its card. */
export function myWarehouseCard({ redeemed, ...r }: q.MyWarehouseRow): MyWarehouseCard {
  return { ...r, pending_warehouse_requests_count: Number(r.pending_warehouse_requests_count ?? 0), anonymised_in_search: isListedRow(r) && !redeemed };
}

/** An owner with more warehouses than this pages through them (the list's pagination is the areas' issue). */
export const MY_WAREHOUSES_MAX = 500;
