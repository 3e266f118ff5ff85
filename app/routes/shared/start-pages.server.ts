// What the areas' start pages and the hunter's favourites load, in the area owner's name.
import { servicesContext } from "../../server/context.ts";
import { pageWork } from "../../server/http/respond.ts";
import { hunterProfile, listFavourites, ownerDashboard } from "../../server/areas/dashboard.service.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { areaFrame, areaPage, type AreaArgs } from "./area-pages.server.ts";
import { FAVOURITES_PAGE_SIZE } from "../../lib/area-pages.ts";

/** The stocker's dashboard or the referent's profile. */
export async function loadOwnerStartPage(args: AreaArgs, role: "stocker" | "referent") {
  const page = await areaPage(args, role);
  const data = await pageWork(() => ownerDashboard(args.context.get(servicesContext).db, page.owner));
  return { data, frame: areaFrame(page) };
}

/** The stock hunter's profile. */
export async function loadHunterStartPage(args: AreaArgs) {
  const page = await areaPage(args, "stock_hunter");
  const data = await pageWork(() => hunterProfile(args.context.get(servicesContext).db, page.owner.id, page.locale));
  return { data, frame: areaFrame(page), locale: page.locale };
}

/** A page of the hunter's favourites (?page=N). */
export async function loadFavouritesPage(args: AreaArgs) {
  const page = await areaPage(args, "stock_hunter");
  const current = pageParam(new URL(args.request.url).searchParams.get("page"));
  const list = await pageWork(() => listFavourites(args.context.get(servicesContext).db, page.owner.id, { page: current - 1, limit: FAVOURITES_PAGE_SIZE, locale: page.locale }));
  return { ...list, page: current, pages: pageCount(list.favourites_count, FAVOURITES_PAGE_SIZE), frame: areaFrame(page), locale: page.locale };
}
