// {stocker_prefix}/warehouses/new: the warehouse form for a new warehouse (pending approval as a hub).
import type { Route } from "./+types/warehouse-new";
import { m } from "../../paraglide/messages.js";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import { areaWarehouseNewLoader } from "../shared/warehouse-pages.server.ts";
import { WarehouseFormPage } from "../../components/warehouse-manage/WarehouseFormPage.tsx";

export const loader = areaWarehouseNewLoader("stocker");

export function meta() {
  return [{ title: m.page_title({ title: m.wm_new_title() }) }, { name: "robots", content: "noindex" }];
}

export default function StockerWarehouseNew({ loaderData: { setup, wiring } }: Route.ComponentProps) {
  const paths = warehouseAreaPaths(wiring.apiArea, useLocale(), wiring.base);
  return <WarehouseFormPage framed setup={setup} title={m.wm_new_title()} intro={m.wm_new_intro()} back={{ href: paths.list, label: m.wm_back_to_list() }} />;
}
