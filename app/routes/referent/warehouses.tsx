// {referent_prefix}/warehouses: the warehouses the referent manages, as cards.
import type { Route } from "./+types/warehouses";
import { m } from "../../paraglide/messages.js";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import { areaWarehousesLoader } from "../shared/warehouse-pages.server.ts";
import { MyWarehousesView } from "../../components/warehouse-manage/WarehouseCards.tsx";

export const loader = areaWarehousesLoader("referent");

export function meta() {
  return [{ title: m.page_title({ title: m.wm_list_title() }) }, { name: "robots", content: "noindex" }];
}

export default function Warehouses({ loaderData: { warehouses, wiring } }: Route.ComponentProps) {
  const paths = warehouseAreaPaths(wiring.apiArea, useLocale(), wiring.base);
  return <MyWarehousesView area="referent" warehouses={warehouses} paths={paths} canCreate={!wiring.asAdmin} />;
}
