// The stock hunter's saved searches page ({hunter base}/saved-searches, decision 038), in the
// hunter's area and in an administrator's view of it: its loader reads the list as
// GET /api/stock-hunter/saved-searches does (?page=N for its offset), and its action takes the
// forms of the JSON calls (intent "update" with saved_search_data[name] or [paused], "delete"),
// through the same service. An administrator's view reads and changes nothing.
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ForbiddenError } from "../../server/errors.ts";
import { deleteHunterSavedSearch, listHunterSavedSearches, updateHunterSavedSearch } from "../../server/saved-searches/saved-searches.service.ts";
import { savedSearchesQuery, savedSearchPageForm } from "../../schemas/saved-searches.ts";
import { pageCount } from "../../lib/pagination.ts";
import { SAVED_SEARCHES_PAGE_SIZE, type SavedSearchChanged } from "../../lib/saved-searches.ts";
import { areaFrame } from "./area-pages.server.ts";

/** A page of the area owner's saved searches (?page=N from 1). */
export const savedSearchesPageLoader = pageLoader(
  { access: { area: "stock_hunter" }, query: savedSearchesQuery, urlNames: { page: "offset" } },
  async ({ area, query, services }) => {
    const read = (page: number) => listHunterSavedSearches(services.db, area.owner.id, { page, limit: SAVED_SEARCHES_PAGE_SIZE, locale: area.locale });
    let page = query.offset;
    let list = await read(page);
    const pages = pageCount(list.saved_searches_count, SAVED_SEARCHES_PAGE_SIZE);
    // Past the last page (its last search just deleted, an old link): the last page.
    if (list.saved_searches.length === 0 && pages > 0 && page >= pages) {
      page = pages - 1;
      list = await read(page);
    }
    return {
      ...list,
      page: page + 1,
      pages,
      frame: areaFrame(area),
      locale: area.locale,
    };
  },
);

/** Rename, pause, resume or delete one of the hunter's own searches (another's: not_found, back to the page). */
export const savedSearchesPageAction = pageAction(
  { access: { area: "stock_hunter" }, body: savedSearchPageForm, keepValues: true },
  async ({ area, body, services }): Promise<SavedSearchChanged> => {
    if (area.asAdmin) throw new ForbiddenError("read_only");
    if (body.intent === "delete") {
      const { saved_search_id } = await deleteHunterSavedSearch(services.db, area.actor, body.id);
      return { ok: true, intent: "delete", saved_search_id };
    }
    const change = body.saved_search_data;
    const { saved_search_id } = await updateHunterSavedSearch(services.db, area.actor, body.id, change);
    return { ok: true, intent: "update", change: change.name !== undefined ? "renamed" : change.paused ? "paused" : "resumed", saved_search_id };
  },
);
