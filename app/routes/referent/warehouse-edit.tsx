// {referent_prefix}/warehouses/{id}/edit: the warehouse form of a warehouse the referent manages.
import type { Route } from "./+types/warehouse-edit";
import { m } from "../../paraglide/messages.js";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import { areaWarehouseEditLoader } from "../shared/warehouse-pages.server.ts";
import { WarehouseFormPage } from "../../components/warehouse-manage/WarehouseFormPage.tsx";

export const loader = areaWarehouseEditLoader("referent");

export function meta() {
  return [{ title: m.page_title({ title: m.wm_edit_title() }) }, { name: "robots", content: "noindex" }];
}

export default function WarehouseEdit({ loaderData: { setup, name, wiring }, params }: Route.ComponentProps) {
  const paths = warehouseAreaPaths(wiring.apiArea, useLocale(), wiring.base);
  return (
    <WarehouseFormPage
      framed
      setup={setup}
      title={m.wm_edit_title()}
      subtitle={name}
      back={{ href: paths.detail(Number(params.id)), label: m.wm_back_to_warehouse() }}
    />
  );
}
