// {stocker_prefix}/statistics: the requests all the stocker's warehouses received per week or
// month by state, the confirmation rate, the median time to the first answer, and per warehouse
// the requests, search appearances and sheet views (app/routes/shared/statistics-page.server.ts).
import type { Route } from "./+types/statistics";
import { m } from "../../paraglide/messages.js";
import { statisticsPageLoader } from "../shared/statistics-page.server.ts";
import { PageHeading } from "../../components/ui/PageParts.tsx";
import { Statistics } from "../../components/area/Statistics.tsx";

export const loader = statisticsPageLoader("stocker");

export function meta() {
  return [{ title: m.page_title({ title: m.area_nav_statistics() }) }, { name: "robots", content: "noindex" }];
}

export default function StockerStatistics({ loaderData: { stats, hiddenWarehouses, frame } }: Route.ComponentProps) {
  return (
    <div>
      <PageHeading title={m.area_nav_statistics()} intro={m.astat_intro_stocker()} />
      <Statistics stats={stats} hiddenWarehouses={hiddenWarehouses} base={frame.base} role={frame.role} />
    </div>
  );
}
