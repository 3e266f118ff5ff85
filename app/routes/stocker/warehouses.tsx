// /{locale}/stocker/profile/warehouses: the warehouses the stocker owns, as cards (status, hub badge, requests waiting), and the card that registers a new one.
import type { Route } from "./+types/warehouses";
import { m } from "../../paraglide/messages.js";
import { useLocale } from "../../lib/root-data.ts";
import { loadMyWarehouses } from "../shared/warehouse-pages.server.ts";
import { MyWarehousesView } from "../../components/warehouse-manage/WarehouseCards.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  return { warehouses: await loadMyWarehouses(context, "stocker") };
}

export function meta() {
  return [{ title: m.page_title({ title: m.wm_list_title() }) }, { name: "robots", content: "noindex" }];
}

export default function Warehouses({ loaderData }: Route.ComponentProps) {
  return <MyWarehousesView area="stocker" warehouses={loaderData.warehouses} locale={useLocale()} />;
}
