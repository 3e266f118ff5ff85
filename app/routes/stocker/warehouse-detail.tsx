// /{locale}/stocker/profile/warehouses/{id}: the warehouse, its referent (with the change-referent
// popup) and its latest requests.
import type { Route } from "./+types/warehouse-detail";
import { m } from "../../paraglide/messages.js";
import { useLocale } from "../../lib/root-data.ts";
import { loadWarehouseDetail, warehouseIdParam } from "../shared/warehouse-pages.server.ts";
import { WarehouseDetailView } from "../../components/warehouse-manage/WarehouseDetailView.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  return { detail: await loadWarehouseDetail(context, "stocker", warehouseIdParam(params.id)) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: m.page_title({ title: loaderData?.detail.warehouse.name ?? m.wm_detail_facts() }) }, { name: "robots", content: "noindex" }];
}

export default function WarehouseDetail({ loaderData }: Route.ComponentProps) {
  return <WarehouseDetailView detail={loaderData.detail} area="stocker" locale={useLocale()} />;
}
