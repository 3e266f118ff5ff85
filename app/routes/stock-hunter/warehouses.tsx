// {stock_hunter_prefix}/warehouses: the favourite warehouses, 8 to a page (?page=N), anonymised
// unless redeemed.
import { Link } from "react-router";
import type { Route } from "./+types/warehouses";
import { m } from "../../paraglide/messages.js";
import { favouritesPageLoader } from "../shared/start-pages.server.ts";
import { FavouritesGrid } from "../../components/area/AreaStartPages.tsx";
import { PageHeading } from "../../components/ui/PageParts.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass } from "../../components/ui/styles.ts";

export const loader = favouritesPageLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_favourites() }) }, { name: "robots", content: "noindex" }];
}

export default function Favourites({ loaderData: { favourites, page, pages, frame, locale } }: Route.ComponentProps) {
  return (
    <div>
      <PageHeading title={m.area_nav_favourites()} intro={m.area_favourites_intro()} />
      <FavouritesGrid
        favourites={favourites}
        headingLevel={2}
        base={frame.base}
        asAdmin={frame.asAdmin}
        emptyAction={
          <Link to={`/${locale}/stocks`} className={buttonClass("primary", "sm", "mt-3")}>
            {m.area_search_warehouses()}
          </Link>
        }
      />
      <Pagination page={page} pages={pages} />
    </div>
  );
}
