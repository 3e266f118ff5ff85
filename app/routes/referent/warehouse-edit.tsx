// /{locale}/referent/profile/warehouses/{id}/edit: the warehouse form of a warehouse the referent manages.
import type { Route } from "./+types/warehouse-edit";
import { m } from "../../paraglide/messages.js";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import { loadWarehouseForm, warehouseIdParam } from "../shared/warehouse-pages.server.ts";
import { WarehouseFormPage } from "../../components/warehouse-manage/WarehouseFormPage.tsx";

export const loader = ({ params, context }: Route.LoaderArgs) => loadWarehouseForm(context, "referent", warehouseIdParam(params.id));

export function meta() {
  return [{ title: m.page_title({ title: m.wm_edit_title() }) }, { name: "robots", content: "noindex" }];
}

export default function WarehouseEdit({ loaderData, params }: Route.ComponentProps) {
  const paths = warehouseAreaPaths("referent", useLocale());
  return <WarehouseFormPage setup={loaderData.setup} title={m.wm_edit_title()} subtitle={loaderData.name} back={{ href: paths.detail(Number(params.id)), label: m.wm_back_to_warehouse() }} />;
}
