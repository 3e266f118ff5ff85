// {stocker_prefix}/warehouses/{id}: the warehouse, its free space (the availability panel), its referent (with the change-referent popup
// and the owner's choice of receiving its requests by e-mail too) and its latest requests.
import type { Route } from "./+types/warehouse-detail";
import { m } from "../../paraglide/messages.js";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import { areaWarehouseDetailLoader, spacesPageAction } from "../shared/warehouse-pages.server.ts";
import { keepPageOnFailure } from "../../lib/page-action.ts";
import { WarehouseDetailView } from "../../components/warehouse-manage/WarehouseDetailView.tsx";

export const loader = areaWarehouseDetailLoader("stocker");
/** The availability panel's save (the same service as POST /api/stocker/warehouses/{id}/update-spaces). */
export const action = spacesPageAction("stocker");
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepPageOnFailure(serverAction);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: m.page_title({ title: loaderData?.detail.warehouse.name ?? m.wm_detail_facts() }) }, { name: "robots", content: "noindex" }];
}

export default function WarehouseDetail({ loaderData: { detail, wiring } }: Route.ComponentProps) {
  const paths = warehouseAreaPaths(wiring.apiArea, useLocale(), wiring.base);
  // The owner's own choice: an administrator's view shows it without the switch.
  const ownerMailApi = wiring.asAdmin ? null : `${paths.api}/${detail.warehouse.id}/update-request-emails`;
  return <WarehouseDetailView detail={detail} paths={paths} billingHref={areaPaths(wiring.base).billing} ownerMailApi={ownerMailApi} />;
}
