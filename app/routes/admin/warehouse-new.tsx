// /admin/warehouses/new: the warehouse form in the back office (approved, no hub request).
import type { Route } from "./+types/warehouse-new";
import { m } from "../../paraglide/messages.js";
import { adminWarehouseNewLoader } from "../shared/warehouse-pages.server.ts";
import { WarehouseFormPage } from "../../components/warehouse-manage/WarehouseFormPage.tsx";

export const loader = adminWarehouseNewLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.wm_new_title_admin() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminWarehouseNew({ loaderData }: Route.ComponentProps) {
  return <WarehouseFormPage setup={loaderData.setup} title={m.wm_new_title_admin()} back={{ href: "/admin/warehouses", label: m.wm_back_to_list() }} />;
}
