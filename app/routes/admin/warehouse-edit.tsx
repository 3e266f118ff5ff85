// /admin/warehouses/{id}/edit: the warehouse form of any warehouse; every save is audited.
import type { Route } from "./+types/warehouse-edit";
import { m } from "../../paraglide/messages.js";
import { loadWarehouseForm } from "../shared/warehouse-pages.server.ts";
import { idParam } from "../shared/area-pages.server.ts";
import { WarehouseFormPage } from "../../components/warehouse-manage/WarehouseFormPage.tsx";

export const loader = ({ params, context }: Route.LoaderArgs) => loadWarehouseForm(context, idParam(params.id));

export function meta() {
  return [{ title: m.page_title({ title: m.wm_edit_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminWarehouseEdit({ loaderData }: Route.ComponentProps) {
  return <WarehouseFormPage setup={loaderData.setup} title={m.wm_edit_title()} subtitle={loaderData.name} back={{ href: "/admin/warehouses", label: m.wm_back_to_list() }} />;
}
