// {stock_hunter_prefix}/warehouses/{id}: a warehouse the hunter saved or wrote to (anonymised
// unless redeemed) and the history of the hunter's requests to it; any other is a 404.
import type { Route } from "./+types/warehouse-detail";
import { m } from "../../paraglide/messages.js";
import { hunterWarehousePageLoader } from "../shared/request-pages.server.ts";
import { HunterWarehouseDetail } from "../../components/area/HunterWarehouseDetail.tsx";

export const loader = hunterWarehousePageLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: m.page_title({ title: loaderData?.detail.warehouse.name ?? m.area_nav_favourites() }) }, { name: "robots", content: "noindex" }];
}

export default function HunterWarehouse({ loaderData }: Route.ComponentProps) {
  return <HunterWarehouseDetail detail={loaderData.detail} base={loaderData.frame.base} asAdmin={loaderData.frame.asAdmin} />;
}
