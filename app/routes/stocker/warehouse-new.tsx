// {stocker_prefix}/warehouses/new: the warehouse form for a new warehouse (pending approval as a hub).
import type { Route } from "./+types/warehouse-new";
import { m } from "../../paraglide/messages.js";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import { loadWarehouseForm } from "../shared/warehouse-pages.server.ts";
import { WarehouseFormPage } from "../../components/warehouse-manage/WarehouseFormPage.tsx";

export const loader = ({ context }: Route.LoaderArgs) => loadWarehouseForm(context, "stocker", null);

export function meta() {
  return [{ title: m.page_title({ title: m.wm_new_title() }) }, { name: "robots", content: "noindex" }];
}

export default function StockerWarehouseNew({ loaderData }: Route.ComponentProps) {
  const paths = warehouseAreaPaths("stocker", useLocale());
  return <WarehouseFormPage setup={loaderData.setup} title={m.wm_new_title()} intro={m.wm_new_intro()} back={{ href: paths.list, label: m.wm_back_to_list() }} />;
}
