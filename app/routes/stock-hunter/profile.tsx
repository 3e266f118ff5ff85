// {stock_hunter_prefix}: the stock hunter's profile — the user card, favourite warehouses and
// the latest requests, each expandable to the warehouses it went to.
import type { Route } from "./+types/profile";
import { m } from "../../paraglide/messages.js";
import { hunterStartPageLoader } from "../shared/start-pages.server.ts";
import { HunterStartPage } from "../../components/area/AreaStartPages.tsx";

export const loader = hunterStartPageLoader;

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_profile() }) }, { name: "robots", content: "noindex" }];
}

export default function StockHunterProfile({ loaderData: { data, frame, locale } }: Route.ComponentProps) {
  return <HunterStartPage data={data} base={frame.base} locale={locale} asAdmin={frame.asAdmin} />;
}
