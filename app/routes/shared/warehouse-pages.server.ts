// What the warehouse pages of the three areas load (the form, the detail, the list). Each page
// checks its role here, in its own loader, whatever the area guard already did; a warehouse
// that is not the actor's is a 404 on a page (the JSON calls tell 403 from 404).
import { data, type RouterContextProvider } from "react-router";
import { actorContext, localeContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import { listMyWarehouses, warehouseDetail, warehouseFormStart } from "../../server/warehouses/warehouse-pages.service.ts";
import { warehouseAreaPaths, type WarehouseArea } from "../../lib/paths.ts";
import type { WarehouseFormSetup } from "../../lib/warehouse-form.ts";

type Context = Readonly<RouterContextProvider>;

const ROLE = { admin: "admin", stocker: "stocker", referent: "referent" } as const;

/** The page's user, who must have the area's role (401/403 as the error page otherwise). */
function areaActor(context: Context, area: WarehouseArea) {
  return pageWork(() => requireRole(context.get(actorContext), ROLE[area]));
}

/** The page's warehouse id; anything but a whole number is a 404. */
export function warehouseIdParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw data({ code: "not_found" }, { status: 404 });
  return Number(raw);
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

/** The new-warehouse form (id null) or the edit form of one, wired to the area's calls and pages. */
export async function loadWarehouseForm(context: Context, area: WarehouseArea, id: number | null): Promise<{ setup: WarehouseFormSetup; name: string | null }> {
  const actor = await areaActor(context, area);
  const services = context.get(servicesContext);
  const locale = area === "admin" ? "it" : context.get(localeContext);
  const start = await ownWork(() => warehouseFormStart(services.db, actor, id, locale));
  const paths = warehouseAreaPaths(area, locale);
  return {
    name: start.name,
    setup: {
      kind: area === "admin" ? "admin" : "owner",
      warehouseId: id,
      values: start.values,
      catalogue: start.catalogue,
      images: start.images,
      emailReadOnly: area !== "admin",
      saveUrl: id === null ? `${paths.api}/create` : `${paths.api}/${id}/update`,
      uploadBase: paths.api,
      doneHref: paths.list,
      mapStyleUrl: services.config.mapStyleUrl,
    },
  };
}

export async function loadWarehouseDetail(context: Context, area: "stocker" | "referent", id: number) {
  const actor = await areaActor(context, area);
  return ownWork(() => warehouseDetail(context.get(servicesContext).db, actor, id));
}

export async function loadMyWarehouses(context: Context, area: "stocker" | "referent") {
  const actor = await areaActor(context, area);
  return pageWork(() => listMyWarehouses(context.get(servicesContext).db, actor));
}
