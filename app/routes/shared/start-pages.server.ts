// What the areas' start pages and the hunter's favourites load, in the area owner's name.
import { pageLoader } from "../../server/http/page.ts";
import { hunterProfile, listFavourites, ownerDashboard } from "../../server/areas/dashboard.service.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { areaFrame } from "./area-pages.server.ts";
import { FAVOURITES_PAGE_SIZE } from "../../lib/area-pages.ts";

/** The stocker's dashboard or the referent's profile. */
export const ownerStartPageLoader = (role: "stocker" | "referent") =>
  pageLoader({ access: { area: role } }, async ({ area, services }) => ({ data: await ownerDashboard(services.db, area.owner), frame: areaFrame(area) }));

/** The stock hunter's profile. */
export const hunterStartPageLoader = pageLoader({ access: { area: "stock_hunter" } }, async ({ area, services }) => ({
  data: await hunterProfile(services.db, area.owner.id, area.locale),
  frame: areaFrame(area),
  locale: area.locale,
}));

/** A page of the hunter's favourites (?page=N; the list has no JSON twin). */
export const favouritesPageLoader = pageLoader({ access: { area: "stock_hunter" } }, async ({ area, url, services }) => {
  const current = pageParam(url.searchParams.get("page"));
  const list = await listFavourites(services.db, area.owner.id, { page: current - 1, limit: FAVOURITES_PAGE_SIZE, locale: area.locale });
  return { ...list, page: current, pages: pageCount(list.favourites_count, FAVOURITES_PAGE_SIZE), frame: areaFrame(area), locale: area.locale };
});
