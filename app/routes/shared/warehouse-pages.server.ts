// What the warehouse pages of the back office and the two owners' areas load (the form, the
// detail, the list). Each page checks its role here, in its own loader, whatever the area guard
// already did; a warehouse that is not the area's is a 404 on a page (the JSON calls tell 403
// from 404).
import { data, type RouterContextProvider } from "react-router";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import { listMyWarehouses, warehouseDetail, warehouseFormStart } from "../../server/warehouses/warehouse-pages.service.ts";
import { warehouseAreaPaths, type WarehouseArea } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import type { Actor } from "../../server/context.ts";
import { updateWarehouseSpaces, warehouseToEdit } from "../../server/warehouses/warehouse-editing.service.ts";
import { pageAction } from "../../server/http/page.ts";
import { InputError } from "../../server/http/respond.ts";
import { checkInput, formToObject } from "../../server/http/input.ts";
import { spacesPageForm } from "../../schemas/spaces.ts";
import { ownerAsReader } from "../../server/areas/area-access.ts";
import { areaAction, areaPage, idParam, type AreaArgs, type AreaPage } from "./area-pages.server.ts";
import type { WarehouseFormSetup } from "../../lib/warehouse-form.ts";

type Context = Readonly<RouterContextProvider>;

/** The back office page's user, who must be an administrator (401/403 as the error page otherwise). */
function adminActor(context: Context) {
  return pageWork(() => requireRole(context.get(actorContext), "admin"));
}


/** Runs a page's work: someone else's warehouse answers the same 404 as a missing one. */
function ownWork<T>(work: () => Promise<T>): Promise<T> {
  return pageWork(async () => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ForbiddenError) throw new NotFoundError();
      throw err;
    }
  });
}

type FormWiring = { actor: Actor; apiArea: WarehouseArea; locale: Locale; listHref: string };

async function formFor(context: Context, wiring: FormWiring, id: number | null): Promise<{ setup: WarehouseFormSetup; name: string | null }> {
  const services = context.get(servicesContext);
  const start = await ownWork(() => warehouseFormStart(services.db, wiring.actor, id, wiring.locale));
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

/** The back office's new-warehouse form (id null) or edit form of any warehouse. */
export async function loadWarehouseForm(context: Context, id: number | null): Promise<{ setup: WarehouseFormSetup; name: string | null }> {
  const actor = await adminActor(context);
  return formFor(context, { actor, apiArea: "admin", locale: "it", listHref: warehouseAreaPaths("admin", "it").list }, id);
}

/**
 * The warehouse pages of an area live under its base; their calls are the area's own, or the
 * back office's in an administrator's view (so the change is the administrator's, audited).
 */
function wiringOf(page: AreaPage, role: "stocker" | "referent") {
  const apiArea: WarehouseArea = page.asAdmin ? "admin" : role;
  return { base: page.base, apiArea, asAdmin: page.asAdmin };
}
export type AreaWarehouseWiring = ReturnType<typeof wiringOf>;

/** An area's form of a new warehouse (the stocker's own area only) or of one of the area's warehouses. */
export async function loadAreaWarehouseForm(args: AreaArgs, role: "stocker" | "referent", id: number | null) {
  const page = await areaPage(args, role);
  const wiring = wiringOf(page, role);
  // An administrator registers warehouses in the back office, where the owner is chosen.
  if (page.asAdmin && id === null) throw data({ code: "not_found" }, { status: 404 });
  // The warehouse must be the area's: checked in the owner's name, whoever edits it.
  if (page.asAdmin && id !== null) await ownWork(() => warehouseToEdit(args.context.get(servicesContext).db, ownerAsReader(page), id));
  const form = await formFor(args.context, { actor: page.actor, apiArea: wiring.apiArea, locale: page.locale, listHref: `${page.base}/warehouses` }, id);
  return { ...form, wiring };
}

/** A warehouse's page in an area: the warehouse, its referent, its latest requests. */
export async function loadAreaWarehouseDetail(args: AreaArgs, role: "stocker" | "referent") {
  const page = await areaPage(args, role);
  const id = idParam(args.params.id);
  const detail = await ownWork(() => warehouseDetail(args.context.get(servicesContext).db, ownerAsReader(page), id, page.locale));
  return { detail, wiring: wiringOf(page, role) };
}

/** The area's warehouses: the stocker's own, or those the referent manages. */
export async function loadAreaWarehouses(args: AreaArgs, role: "stocker" | "referent") {
  const page = await areaPage(args, role);
  const warehouses = await pageWork(() => listMyWarehouses(args.context.get(servicesContext).db, ownerAsReader(page)));
  return { warehouses, wiring: wiringOf(page, role) };
}

/**
 * The availability panel of a warehouse's page (intent "spaces"): the whole set of its free spaces,
 * posted as the JSON twin's body (`spaces[0][quantity]`…, the price in euros as typed), saved by
 * the same service as POST /api/{area}/warehouses/{id}/update-spaces. The area is opened and the
 * warehouse checked to be the area's (in the owner's name, whoever saves: an administrator's view
 * saves as the administrator, audited) before the form is read: someone else's warehouse is the
 * 404 page, whatever was posted. Bad rows come back as the form's field codes (spaces.0.quantity).
 */
export function spacesPageAction(role: "stocker" | "referent") {
  return (args: AreaArgs) =>
    pageAction({ access: "user" }, async ({ form, services }) => {
      const page = await areaAction(args, role);
      const id = idParam(args.params.id);
      await ownWork(() => warehouseToEdit(services.db, ownerAsReader(page), id));
      const input = formToObject(form.entries());
      checkInput(input);
      const parsed = spacesPageForm.safeParse(input);
      if (!parsed.success) throw new InputError(parsed.error, input);
      const saved = await updateWarehouseSpaces(services.db, page.actor, id, parsed.data.spaces);
      return { ok: true as const, intent: "spaces" as const, spaces: saved.spaces };
    })(args);
}
export type SpacesActionResult = Awaited<ReturnType<ReturnType<typeof spacesPageAction>>>;
