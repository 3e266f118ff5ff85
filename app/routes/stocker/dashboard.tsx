// {stocker_prefix}: the stocker's dashboard — who you are, your warehouses (with the add link)
// and the latest requests (with the link to the requests page).
import type { Route } from "./+types/dashboard";
import { m } from "../../paraglide/messages.js";
import { ownerStartPageLoader } from "../shared/start-pages.server.ts";
import { OwnerStartPage } from "../../components/area/AreaStartPages.tsx";

export const loader = ownerStartPageLoader("stocker");

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_dashboard() }) }, { name: "robots", content: "noindex" }];
}

export default function StockerDashboard({ loaderData: { data, frame } }: Route.ComponentProps) {
  return <OwnerStartPage data={data} base={frame.base} role="stocker" asAdmin={frame.asAdmin} />;
}
