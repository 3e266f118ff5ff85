// Where views are counted (the counter itself is view-counter.ts):
//
// - search appearances: the result lists a person is shown, i.e. the /{locale}/stocks page's
//   loader (the found and the same-zone lists of its answer), GET /api/warehouses/search (the
//   same lists as JSON) and GET /api/warehouses/search/cards (the card a map marker opens).
//   Each warehouse counts once per answer. The map's clusters and markers
//   (GET /api/warehouses/search/map) are not results: they are drawn again at every pan and
//   zoom, and a dot is not a warehouse someone has seen.
// - sheet views: the public sheet's loader, except the warehouse's own owner or referent and
//   administrators looking at it.
// - never: crawlers (a user agent saying bot, spider or crawl) and browser prefetches.
import type { Actor, AppServices, RequestInfo } from "../context.ts";
import { managesWarehouse } from "./stats.queries.ts";

const CRAWLER = /bot|spider|crawl/i;

/** Whether a request is a person's visit: not a crawler, not a prefetch the person may never open. */
export function isCountedVisit(request: Request, info: Pick<RequestInfo, "userAgent">): boolean {
  if (CRAWLER.test(info.userAgent)) return false;
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return !purpose.includes("prefetch");
}

type ResultLists = { warehouses: readonly { id: number }[]; other_warehouses?: readonly { id: number }[] };

/**
 * Counts the warehouses of one search answer as appearing in results, and answers it unchanged
 * (so a route wraps its answer in one call). Nothing is written here: see view-counter.ts.
 */
export function countSearchAppearances<T extends ResultLists | null>(services: AppServices, request: Request, info: RequestInfo, answer: T): T {
  if (!answer || !services.views || !isCountedVisit(request, info)) return answer;
  const ids = answer.warehouses.map((w) => w.id);
  if (answer.other_warehouses) for (const w of answer.other_warehouses) ids.push(w.id);
  services.views.searchAppearances(ids);
  return answer;
}

/**
 * Counts one opening of a warehouse's public sheet, unless it is its owner's or referent's own
 * look at it, an administrator's, a crawler's or a prefetch. Only a stocker or a referent costs
 * a lookup (is it theirs?); a failed lookup is logged and the view left uncounted, never the page.
 */
export async function countSheetView(services: AppServices, request: Request, info: RequestInfo, actor: Actor | null, warehouseId: number): Promise<void> {
  if (!services.views || !isCountedVisit(request, info)) return;
  if (actor?.role === "admin") return;
  if (actor?.role === "stocker" || actor?.role === "referent") {
    try {
      if (await managesWarehouse(services.db, { userId: actor.id, warehouseId })) return;
    } catch (err) {
      (info.log ?? services.log).warn({ err }, "sheet view not counted");
      return;
    }
  }
  services.views.sheetView(warehouseId);
}
