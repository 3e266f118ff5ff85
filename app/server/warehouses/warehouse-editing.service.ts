// Creating and editing warehouses, for every area through one set of rules (decision 007):
// the back office creates and edits any warehouse; a stocker creates its own (pending, a hub
// request) and edits the ones it owns; a referent edits the ones it manages. What a role may
// not change is never taken from its payload: an owner cannot approve, change the owner, the
// referent (that has its own call), the status or the main e-mail.
//
// Not yours: a warehouse listed on the map is no secret (its id is on every marker), so
// touching someone else's answers 403; one that is not listed (pending, refused, switched off)
// answers 404, like one that does not exist, so its existence cannot be probed.
import type { Logger } from "pino";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { ContactRole, NewWarehouse, WarehouseUpdate } from "../db/types.ts";
import type { Locale } from "../../lib/locale.ts";
import type { Geocoder } from "../geo/geocoder.ts";
import { locateAddress } from "../geo/address.ts";
import { italianPlaceWithin } from "../geo/gazetteer.queries.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction, changedFields } from "../audit/audit.ts";
import { WEEKDAYS } from "../../lib/opening-hours.ts";
import type { WarehouseCreateInput, WarehouseData, WarehouseSaveInput } from "../../schemas/warehouse.ts";
import type { ImageStorage } from "../images/image-storage.ts";
import { queueMail } from "../mail/outbox.service.ts";
import * as q from "./warehouse-editing.queries.ts";
import { findWarehouseTimes } from "./warehouses.queries.ts";
import { fullName } from "../../lib/person-name.ts";
import type { SpaceValue } from "../../lib/spaces.ts";
import { checkSpaces, saveSpaces, surfaceLimit } from "./warehouse-spaces.service.ts";
import { findSurface, listSpaces } from "./warehouse-spaces.queries.ts";
import type { AppMetrics } from "../metrics/metrics.ts";

export type EditingContext = {
  db: Database;
  geocoder: Geocoder;
  /** GEOCODER_URL is set: addresses can be placed on the street, not only the town. */
  streetLevel: boolean;
  storage: ImageStorage;
  locale: Locale;
  /** Where the operator is told of a stocker's new warehouse (SUPPORT_EMAIL), and the site's address for the link. */
  operator?: { email: string; origin: string };
  log?: Logger;
  /** The app's metrics: the time each uploaded image's processing takes. */
  metrics?: Pick<AppMetrics, "imageProcessing">;
};

/** May this user edit this warehouse? Admins any; a stocker its own; a referent the ones it manages. */
export function mayEdit(actor: Actor, w: Pick<q.EditableWarehouse, "user_id" | "referent_id">): boolean {
  if (actor.role === "admin") return true;
  if (actor.role === "stocker") return w.user_id === actor.id;
  if (actor.role === "referent") return w.referent_id === actor.id;
  return false;
}

/** The refusal for a warehouse that is not the actor's: 403 when it is on the map anyway, else 404. */
export function notYours(w: Pick<q.EditableWarehouse, "status" | "deactivated"> | undefined): never {
  if (w && w.status === "approved" && !w.deactivated) throw new ForbiddenError();
  throw new NotFoundError();
}

/** The warehouse, when the actor may edit it; else 403 or 404 (see notYours). */
export async function warehouseToEdit(db: Database, actor: Actor, id: number, opts: { lock?: boolean } = {}): Promise<q.EditableWarehouse> {
  const w = await q.findWarehouseForEditing(db, { id, lock: opts.lock });
  if (!w || !mayEdit(actor, w)) notYours(w);
  return w;
}

/** A pin farther than this from every Italian locality is not in Italy (Italy's comuni lie a few km apart). */
const ITALIAN_PLACE_KM = 20;

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * Where the warehouse stands: the pin from the form; without one, the stored position while
 * the address is the same, else the address geocoded. Never saved without a position in Italy.
 */
async function resolvePosition(ctx: EditingContext, data: WarehouseData, current: q.EditableWarehouse | null): Promise<{ lat: number; lng: number }> {
  if (data.lat !== null && data.lng !== null) {
    // The schema kept the pin inside Italy's box; the box also holds Tunis and Nice, so the
    // pin must also lie near an Italian locality (every comune's centre is in the gazetteer).
    const near = await italianPlaceWithin(ctx.db, { lat: data.lat, lng: data.lng, km: ITALIAN_PLACE_KM });
    if (near === false) throw new ValidationError({ lat: "outside_italy" });
    return { lat: data.lat, lng: data.lng };
  }
  const moved = !current || !(["address", "cap", "city", "province", "country"] as const).every((f) => sameText(current[f], data[f]));
  if (current && !moved) return { lat: current.lat, lng: current.lng };
  const found = await locateAddress(ctx.geocoder, data, { locale: ctx.locale, streetLevel: ctx.streetLevel });
  if (!found) throw new ValidationError({ lat: "required" });
  return { lat: found.lat, lng: found.lng };
}

/** The columns of the form an actor may write (the main e-mail only in the back office). */
function formColumns(actor: Actor, data: WarehouseData, position: { lat: number; lng: number }) {
  const { lat: _lat, lng: _lng, email, ...rest } = data;
  return { ...rest, ...(actor.role === "admin" ? { email } : {}), lat: position.lat, lng: position.lng };
}

function timesRow(times: WarehouseCreateInput["warehouse_times"]): q.TimesRow {
  const row: q.TimesRow = {};
  for (const d of WEEKDAYS) {
    const open = times[`is_${d}_open`];
    row[`is_${d}_open`] = open;
    // A closed day keeps no hours: reopening it starts from "open all day".
    row[`${d}_open_time`] = open ? times[`${d}_open_time`] : null;
    row[`${d}_close_time`] = open ? times[`${d}_close_time`] : null;
  }
  return row;
}

/**
 * The specification ids to store: the visible ones sent, plus the hidden ones the warehouse
 * already has (a hidden value leaves the forms but stays on the warehouses that have it).
 * An unknown id, or a hidden one the warehouse does not have, is bad input.
 */
async function specificationChanges(trx: Database, sent: number[], warehouseId: number | null) {
  const found = await q.findSpecificationsByIds(trx, { ids: sent });
  const current = warehouseId ? await q.listWarehouseSpecificationIds(trx, { warehouseId }) : [];
  const currentIds = new Set(current.map((s) => s.id));
  if (found.length !== sent.length || found.some((s) => s.hidden && !currentIds.has(s.id))) throw new ValidationError({ specifications: "invalid" });
  const wanted = new Set([...sent, ...current.filter((s) => s.hidden).map((s) => s.id)]);
  return {
    add: [...wanted].filter((id) => !currentIds.has(id)).sort((a, b) => a - b),
    remove: [...currentIds].filter((id) => !wanted.has(id)).sort((a, b) => a - b),
  };
}

const contactRows = (contacts: WarehouseCreateInput["contacts"]) =>
  contacts.map((c) => ({ full_name: c.full_name, phone: c.phone, email: c.email, role: c.role as ContactRole }));

/** POST /api/{admin|stocker}/warehouses/create → the new warehouse's id. */
export async function createWarehouse(ctx: EditingContext, actor: Actor, input: WarehouseCreateInput): Promise<{ warehouseId: number }> {
  if (actor.role !== "admin" && actor.role !== "stocker") throw new ForbiddenError();
  checkSpaces(input.spaces, surfaceLimit(input.warehouse_data));
  const position = await resolvePosition(ctx, input.warehouse_data, null);
  // Inside the caller's transaction when given one: approving a stocker creates their warehouse
  // with the decision (app/server/accounts/stocker-approval.service.ts).
  const inTransaction = <T>(fn: (trx: Database) => Promise<T>) => (ctx.db.isTransaction ? fn(ctx.db) : ctx.db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const columns = formColumns(actor, input.warehouse_data, position);
    const row: NewWarehouse =
      actor.role === "admin"
        ? // The back office's defaults: approved, no hub request.
          { ...columns, status: "approved", is_hub: false, to_approve: false, user_id: null, created_by: actor.id }
        : // A stocker's new warehouse waits for approval as a hub request.
          { ...columns, email: actor.email, status: "pending", is_hub: true, to_approve: true, user_id: actor.id, created_by: actor.id };
    const warehouseId = await q.insertWarehouse(trx, row);
    await q.replaceContacts(trx, { warehouseId, contacts: contactRows(input.contacts) });
    await q.upsertTimes(trx, { warehouseId, times: timesRow(input.warehouse_times) });
    const specs = await specificationChanges(trx, input.specifications, null);
    await q.setWarehouseSpecifications(trx, { warehouseId, ...specs });
    if (input.spaces.length) await saveSpaces(trx, warehouseId, input.spaces);
    if (actor.role === "stocker" && ctx.operator) await tellOperator(trx, ctx.operator, actor, { id: warehouseId, ...input.warehouse_data });
    await auditAdminAction(trx, actor, {
      action: "warehouse.create",
      entityType: "warehouse",
      entityId: warehouseId,
      details: {
        after: changedFields({}, row),
        contacts: input.contacts,
        warehouse_times: timesRow(input.warehouse_times),
        specifications: specs.add,
        ...(input.spaces.length ? { spaces: input.spaces } : {}),
      },
    });
    return { warehouseId };
  });
}

/**
 * POST /api/stocker/warehouses/{id}/resubmit: the owner asks for a refused warehouse to be checked
 * again, usually after changing what the refusal's reason asked. It waits again as a hub request
 * (pending, to_approve), the operator is told, and the earlier reason stays in status_note for the
 * back office until the new decision replaces it. Only the owner, only a refused warehouse (409
 * not_refused otherwise: a second press, or a decision meanwhile).
 */
export async function resubmitWarehouse(ctx: Pick<EditingContext, "db" | "operator">, actor: Actor, id: number): Promise<{ warehouseId: number }> {
  if (actor.role !== "stocker") throw new ForbiddenError();
  return ctx.db.transaction().execute(async (trx) => {
    const w = await q.findWarehouseForEditing(trx, { id, lock: true });
    if (!w || w.user_id !== actor.id) notYours(w);
    if (w.status !== "refused") throw new ConflictError("not_refused");
    await q.updateWarehouseRow(trx, { id, set: { status: "pending", to_approve: true } });
    if (ctx.operator) await tellOperator(trx, ctx.operator, actor, w, { resubmitted: true });
    return { warehouseId: id };
  });
}

/** The operator learns of a hub request with the change that made it (the back office works in Italian). */
async function tellOperator(
  trx: Database,
  operator: { email: string; origin: string },
  actor: Actor,
  w: Pick<WarehouseData, "name" | "address" | "cap" | "city" | "province" | "country"> & { id: number },
  opts: { resubmitted?: boolean } = {},
) {
  const name = fullName({ first_name: actor.firstName, last_name: actor.lastName });
  await queueMail(trx, {
    to: operator.email,
    lang: "it",
    template: "hub_request_admin",
    replyTo: actor.email,
    data: {
      warehouseName: w.name,
      owner: [actor.company, name].filter(Boolean).join(" – ") || actor.email,
      email: actor.email,
      place: `${w.address}, ${w.cap} ${w.city} (${w.province}), ${w.country}`,
      link: `${operator.origin}/admin/warehouses/${w.id}/edit`,
      resubmitted: opts.resubmitted ?? false,
    },
    origin: operator.origin,
  });
}

/** POST /api/{admin|stocker|referent}/warehouses/{id}/update → its id. Photos listed in imgs_to_delete are removed. */
export async function updateWarehouse(ctx: EditingContext, actor: Actor, id: number, input: WarehouseSaveInput): Promise<{ warehouseId: number }> {
  // Checked before the geocoder is asked anything, and again under the row lock below.
  const seen = await warehouseToEdit(ctx.db, actor, id);
  if (input.spaces) checkSpaces(input.spaces, surfaceLimit(input.warehouse_data));
  const position = await resolvePosition(ctx, input.warehouse_data, seen);
  const removedImages = await ctx.db.transaction().execute(async (trx) => {
    const before = await warehouseToEdit(trx, actor, id, { lock: true });
    const images = await q.listWarehouseImages(trx, { warehouseId: id });
    const imageIds = new Set(images.map((i) => i.id));
    if (input.imgs_to_delete.some((imageId) => !imageIds.has(imageId))) throw new ValidationError({ imgs_to_delete: "invalid" });

    const set: WarehouseUpdate = formColumns(actor, input.warehouse_data, position);
    const contactsBefore = await q.listContacts(trx, { warehouseId: id });
    const timesBefore = (await findWarehouseTimes(trx, id)) ?? {};
    const specs = await specificationChanges(trx, input.specifications, id);

    await q.updateWarehouseRow(trx, { id, set });
    await q.replaceContacts(trx, { warehouseId: id, contacts: contactRows(input.contacts) });
    const times = timesRow(input.warehouse_times);
    await q.upsertTimes(trx, { warehouseId: id, times });
    await q.setWarehouseSpecifications(trx, { warehouseId: id, ...specs });
    await q.deleteImages(trx, { warehouseId: id, ids: input.imgs_to_delete });
    // No `spaces` key: an older client's save, which leaves them as they are (decision 031).
    const spacesBefore = input.spaces ? await listSpaces(trx, { warehouseId: id }) : [];
    if (input.spaces) await saveSpaces(trx, id, input.spaces);

    const contactsAfter = contactRows(input.contacts);
    const timeChanges = changedFields(timesBefore, times);
    await auditAdminAction(trx, actor, {
      action: "warehouse.update",
      entityType: "warehouse",
      entityId: id,
      details: {
        changes: changedFields(before, set),
        ...(JSON.stringify(contactsBefore) !== JSON.stringify(contactsAfter) ? { contacts: { before: contactsBefore, after: contactsAfter } } : {}),
        ...(Object.keys(timeChanges).length ? { warehouse_times: timeChanges } : {}),
        ...(specs.add.length || specs.remove.length ? { specifications: { added: specs.add, removed: specs.remove } } : {}),
        ...(input.imgs_to_delete.length ? { images_deleted: input.imgs_to_delete } : {}),
        ...(input.spaces && JSON.stringify(spacesBefore) !== JSON.stringify(input.spaces) ? { spaces: { before: spacesBefore, after: input.spaces } } : {}),
      },
    });
    return images.filter((i) => input.imgs_to_delete.includes(i.id));
  });
  // The rows are gone (committed): now their files. A file left behind by a failure here is
  // only unreachable garbage, never a broken image on a page.
  await removeImageFiles(ctx, removedImages);
  return { warehouseId: id };
}

/**
 * POST /api/{admin|stocker|referent}/warehouses/{id}/update-spaces and the availability panel of
 * the warehouse's page: the whole set of its free spaces, nothing else of the warehouse. Who may
 * is who may edit it (403 or 404 otherwise); square metres are checked against its stored surface.
 */
export async function updateWarehouseSpaces(
  db: Database,
  actor: Actor,
  id: number,
  spaces: SpaceValue[],
): Promise<{ warehouseId: number; spaces: SpaceValue[] }> {
  await warehouseToEdit(db, actor, id);
  return db.transaction().execute(async (trx) => {
    await warehouseToEdit(trx, actor, id, { lock: true });
    const surface = await findSurface(trx, { warehouseId: id });
    checkSpaces(spaces, surface ? surfaceLimit(surface) : null);
    const before = await listSpaces(trx, { warehouseId: id });
    await saveSpaces(trx, id, spaces);
    if (JSON.stringify(before) !== JSON.stringify(spaces)) {
      await auditAdminAction(trx, actor, {
        action: "warehouse.update_spaces",
        entityType: "warehouse",
        entityId: id,
        details: { spaces: { before, after: spaces } },
      });
    }
    return { warehouseId: id, spaces: await listSpaces(trx, { warehouseId: id }) };
  });
}

/** Deletes the stored files of removed photos (the demo pictures, shared by many rows, stay). */
export async function removeImageFiles(
  ctx: Pick<EditingContext, "storage" | "log">,
  images: Pick<q.StoredImageRow, "file" | "thumb_file" | "storage">[],
): Promise<void> {
  for (const image of images) {
    if (!image.thumb_file) continue; // a demo picture: no file of its own
    if (image.storage !== ctx.storage.kind) {
      ctx.log?.warn({ storage: image.storage }, "image files live in a storage that is not configured any more; left in place");
      continue;
    }
    for (const key of [image.file, image.thumb_file]) {
      await ctx.storage.delete(key).catch((err: unknown) => ctx.log?.warn({ err, key }, "could not delete an image file"));
    }
  }
}
