// What the statistics page ({prefix}/statistics) of a stocker or a referent loads, in the area
// owner's name: ?period=week|month (weeks when absent or unknown) over the last DEFAULT_RANGE
// periods, ?warehouse=id to look at one warehouse, which must be one of the owner's (another's
// is a 404, like a missing one; an empty or malformed value means all of them).
import { pageLoader } from "../../server/http/page.ts";
import { statisticsFor } from "../../server/stats/stats.service.ts";
import type { StatsPeriod } from "../../lib/statistics.ts";
import { areaFrame, optionalId } from "./area-pages.server.ts";

/** Rows of the per-warehouse table shown; the warehouse filter reaches the others. */
export const STATS_TABLE_ROWS = 50;

/** The page has no JSON twin: its two values are read here (a value it does not know is no filter). */
export const statisticsPageLoader = (role: "stocker" | "referent") =>
  pageLoader({ access: { area: role } }, async ({ area, url, services }) => {
    const period: StatsPeriod = url.searchParams.get("period") === "month" ? "month" : "week";
    const warehouseId = optionalId(url.searchParams.get("warehouse"));
    // What this process counted since its last flush, so the owner sees views up to now (other
    // instances' counts arrive with their next flush, within seconds).
    await services.views?.flush();
    const stats = await statisticsFor(services.db, { id: area.owner.id, role }, { period, warehouseId });
    return {
      stats: { ...stats, per_warehouse: stats.per_warehouse.slice(0, STATS_TABLE_ROWS) },
      hiddenWarehouses: Math.max(0, stats.per_warehouse.length - STATS_TABLE_ROWS),
      frame: areaFrame(area),
      locale: area.locale,
    };
  });
