// What the warehouse pages of the back office and the two owners' areas load (the form, the
// detail, the list). Each page checks its role in its own loader (pageLoader), whatever the area
// guard already did; a warehouse that is not the area's is a 404 on a page (the JSON calls tell 403
// from 404).
import { z } from "zod";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import { listMyWarehouses, warehouseDetail, warehouseFormStart } from "../../server/warehouses/warehouse-pages.service.ts";
import { warehouseAreaPaths, type WarehouseArea } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import type { Actor, AppServices } from "../../server/context.ts";
import { updateWarehouseSpaces, warehouseToEdit } from "../../server/warehouses/warehouse-editing.service.ts";
import { ownerAsReader } from "../../server/areas/area-access.ts";
import { idNumber } from "../../schemas/common.ts";
import { spacesPageForm } from "../../schemas/spaces.ts";
import type { AreaPage } from "./area-pages.server.ts";
import type { WarehouseFormSetup } from "../../lib/warehouse-form.ts";

/** Someone else's warehouse answers the same 404 as a missing one. */
async function own<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ForbiddenError) throw new NotFoundError();
    throw err;
  }
}

type FormWiring = { actor: Actor; apiArea: WarehouseArea; locale: Locale; listHref: string };

async function formFor(services: AppServices, wiring: FormWiring, id: number | null): Promise<{ setup: WarehouseFormSetup; name: string | null }> {
  const start = await own(() => warehouseFormStart(services.db, wiring.actor, id, wiring.locale));
  const api = warehouseAreaPaths(wiring.apiArea, wiring.locale).api;
  return {
    name: start.name,
    setup: {
      kind: wiring.apiArea === "admin" ? "admin" : "owner",
      warehouseId: id,
      values: start.values,
      catalogue: start.catalogue,
      images: start.images,
      emailReadOnly: wiring.apiArea !== "admin",
      saveUrl: id === null ? `${api}/create` : `${api}/${id}/update`,
      uploadBase: api,
      doneHref: wiring.listHref,
      mapStyleUrl: services.config.mapStyleUrl,
    },
  };
}

const warehouseId = z.object({ id: idNumber });
const adminWiring = (actor: Actor): FormWiring => ({ actor, apiArea: "admin", locale: "it", listHref: warehouseAreaPaths("admin", "it").list });

/** The back office's new-warehouse form. */
export const adminWarehouseNewLoader = pageLoader({ access: ["admin"] }, ({ actor, services }) => formFor(services, adminWiring(actor), null));

/** The back office's edit form of any warehouse. */
export const adminWarehouseEditLoader = pageLoader({ access: ["admin"], params: warehouseId }, ({ actor, params, services }) =>
  formFor(services, adminWiring(actor), params.id),
);

/**
 * The warehouse pages of an area live under its base; their calls are the area's own, or the
 * back office's in an administrator's view (so the change is the administrator's, audited).
 */
function wiringOf(page: AreaPage, role: "stocker" | "referent") {
  const apiArea: WarehouseArea = page.asAdmin ? "admin" : role;
  return { base: page.base, apiArea, asAdmin: page.asAdmin };
}
export type AreaWarehouseWiring = ReturnType<typeof wiringOf>;

async function areaForm(area: AreaPage, services: AppServices, role: "stocker" | "referent", id: number | null) {
  const wiring = wiringOf(area, role);
  // An administrator registers warehouses in the back office, where the owner is chosen.
  if (area.asAdmin && id === null) throw new NotFoundError();
  // The warehouse must be the area's: checked in the owner's name, whoever edits it.
  if (area.asAdmin && id !== null) await own(() => warehouseToEdit(services.db, ownerAsReader(area), id));
  const form = await formFor(services, { actor: area.actor, apiArea: wiring.apiArea, locale: area.locale, listHref: `${area.base}/warehouses` }, id);
  return { ...form, wiring };
}

/** An area's form of a new warehouse (the stocker's own area only). */
export const areaWarehouseNewLoader = (role: "stocker" | "referent") =>
  pageLoader({ access: { area: role } }, ({ area, services }) => areaForm(area, services, role, null));

/** An area's form of one of the area's warehouses. */
export const areaWarehouseEditLoader = (role: "stocker" | "referent") =>
  pageLoader({ access: { area: role }, params: warehouseId }, ({ area, params, services }) => areaForm(area, services, role, params.id));

/** A warehouse's page in an area: the warehouse, its referent, its latest requests. */
export const areaWarehouseDetailLoader = (role: "stocker" | "referent") =>
  pageLoader({ access: { area: role }, params: warehouseId }, async ({ area, params, services }) => ({
    detail: await own(() => warehouseDetail(services.db, ownerAsReader(area), params.id, area.locale)),
    wiring: wiringOf(area, role),
  }));

/** The area's warehouses: the stocker's own, or those the referent manages. */
export const areaWarehousesLoader = (role: "stocker" | "referent") =>
  pageLoader({ access: { area: role } }, async ({ area, services }) => ({
    warehouses: await listMyWarehouses(services.db, ownerAsReader(area)),
    wiring: wiringOf(area, role),
  }));

/**
 * The availability panel of a warehouse's page (intent "spaces"): the whole set of its free spaces,
 * posted as the JSON twin's body (`spaces[0][quantity]`…, the price in euros as typed), saved by
 * the same service as POST /api/{area}/warehouses/{id}/update-spaces, in the name of whoever saves
 * (an administrator's view saves as the administrator, audited). Someone else's warehouse is a
 * not-found; bad rows come back as the form's field codes (spaces.0.quantity). The rows are
 * checked before the warehouse, which tells nothing: their rules are the same for every warehouse.
 */
export const spacesPageAction = (role: "stocker" | "referent") =>
  pageAction({ access: { area: role }, params: warehouseId, body: spacesPageForm }, async ({ area, params, body, services }) => {
    await own(() => warehouseToEdit(services.db, ownerAsReader(area), params.id));
    const saved = await updateWarehouseSpaces(services.db, area.actor, params.id, body.spaces);
    return { ok: true as const, intent: "spaces" as const, spaces: saved.spaces };
  });
export type SpacesActionResult = Awaited<ReturnType<ReturnType<typeof spacesPageAction>>>;
