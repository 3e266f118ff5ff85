// What the areas' request pages load and do, in the area owner's name:
// - the stocker's and the referent's requests ({prefix}/messages): a page of the links of their
//   warehouses (?page=N, ?warehouse_id, ?from, ?to, ?state), the warehouses for the filter, and
//   the action behind the state selector (an administrator's change in a stocker's area is audited);
// - the stock hunter's requests ({prefix}/messages: ?page=N, ?from, ?to, ?state, ?selected=id),
//   the selected request with each warehouse's conversation and the action that writes in one,
//   and the hunter's page of one warehouse ({prefix}/warehouses/{id}).
// Filters come from the URL through the JSON calls' query schemas (pageLoader's urlNames); a
// filter that does not pass is left out and reported to the form, never a 422 page.
import { z } from "zod";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import {
  handlerWarehouses,
  hunterRequestPage,
  hunterWarehouseDetail,
  listHandlerRequests,
  listHunterRequests,
  updateRequestState,
} from "../../server/requests/area-requests.service.ts";
import { handlerRequestsQuery, hunterRequestsQuery, requestStateFormSchema } from "../../schemas/area-requests.ts";
import { idNumber } from "../../schemas/common.ts";
import { REQUESTS_PAGE_SIZE, type RequestStateSaved } from "../../lib/area-requests.ts";
import { pageCount } from "../../lib/pagination.ts";
import { areaFrame, optionalId } from "./area-pages.server.ts";
import { requestMessages } from "../../server/deal/conversation.service.ts";
import { handleMessageIntent, messageIntentSchema } from "./conversation-intents.server.ts";
import { currentOfferStatuses } from "../../server/deal/offers.service.ts";

/** The values as the URL had them, for the form to show what was asked. */
export function urlValues(url: URL, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, url.searchParams.get(key) ?? ""]));
}

// The page's URL names (?from=…) for the JSON twin's query (filters[from]); ?page= from 1 is its offset.
const HANDLER_FILTERS = ["warehouse_id", "from", "to", "state"] as const;
const HUNTER_FILTERS = ["from", "to", "state"] as const;
const urlNamesOf = (keys: readonly string[]) => ({ page: "offset", ...Object.fromEntries(keys.map((key) => [key, `filters.${key}`])) });

const isFiltered = (filters: Record<string, unknown>) => Object.values(filters).some((v) => v !== null && v !== undefined);

/** {stocker|referent prefix}/messages: a page of the links of the owner's warehouses. */
export const handlerRequestsPageLoader = (role: "stocker" | "referent") =>
  pageLoader(
    { access: { area: role }, query: handlerRequestsQuery, urlNames: urlNamesOf(HANDLER_FILTERS) },
    async ({ area, url, query, queryErrors, services: { db } }) => {
      const owner = { id: area.owner.id, role };
      const [list, warehouses] = await Promise.all([
        listHandlerRequests(db, owner, { page: query.offset, limit: REQUESTS_PAGE_SIZE, filters: query.filters, locale: area.locale }),
        handlerWarehouses(db, owner),
      ]);
      // Each link's current offer, for the card's status and its link to the link's page.
      const offer_statuses = await currentOfferStatuses(
        db,
        list.warehouse_requests.map((r) => r.id),
      );
      return {
        ...list,
        offer_statuses,
        page: query.offset + 1,
        pages: pageCount(list.warehouse_requests_count, REQUESTS_PAGE_SIZE),
        warehouses,
        filters: urlValues(url, HANDLER_FILTERS),
        filtered: isFiltered(query.filters),
        filterErrors: queryErrors,
        frame: areaFrame(area),
        locale: area.locale,
      };
    },
  );

/**
 * The state selector of {prefix}/messages (intent "state", link_id, state: the body of
 * …/warehouse-requests/{id}/update with the link's id). A link that is not the owner's is not
 * found, like a missing one.
 */
export const handlerRequestsPageAction = (role: "stocker" | "referent") =>
  pageAction(
    { access: { area: role }, body: requestStateFormSchema.extend({ intent: z.literal("state") }) },
    async ({ area, body, services }): Promise<RequestStateSaved> => {
      try {
        await updateRequestState(services.db, area, body.link_id, body.state, { origin: services.config.origin });
      } catch (err) {
        if (err instanceof ForbiddenError) throw new NotFoundError();
        throw err;
      }
      return { ok: true, link_id: body.link_id, state: body.state };
    },
  );

/** {stock_hunter prefix}/messages: a page of the hunter's own requests (?selected=id opens one). */
export const hunterRequestsPageLoader = pageLoader(
  { access: { area: "stock_hunter" }, query: hunterRequestsQuery, urlNames: urlNamesOf(HUNTER_FILTERS) },
  async ({ area, url, query, queryErrors, services: { db } }) => {
    const filtered = isFiltered(query.filters);
    const selected = optionalId(url.searchParams.get("selected"));
    let offset = query.offset;
    // A link to one request (?selected=id, from the warehouse page or a notification) opens the page it is on.
    if (selected !== null && !url.searchParams.has("page") && !filtered) {
      offset = ((await hunterRequestPage(db, area.owner, selected, REQUESTS_PAGE_SIZE)) ?? 1) - 1;
    }
    const list = await listHunterRequests(db, area.owner, { page: offset, limit: REQUESTS_PAGE_SIZE, filters: query.filters, locale: area.locale });
    // Only a request of this page can be open; its conversations come with it.
    const open = list.user_requests.some((r) => r.id === selected) ? selected : null;
    const threads = open === null ? null : await requestMessages(db, { kind: "hunter", userId: area.owner.id }, open, { locale: area.locale });
    return {
      ...list,
      page: offset + 1,
      pages: pageCount(list.user_requests_count, REQUESTS_PAGE_SIZE),
      selected: open,
      conversations: threads ? Object.fromEntries([...threads].map(([linkId, thread]) => [String(linkId), thread.messages])) : {},
      filters: urlValues(url, HUNTER_FILTERS),
      filtered,
      filterErrors: queryErrors,
      frame: areaFrame(area),
      locale: area.locale,
    };
  },
);

/**
 * A message on a warehouse's conversation of {stock_hunter prefix}/messages (intent "message",
 * link_id, message: the body of …/warehouse-requests/{id}/messages with the link's id). An
 * administrator looking at the area reads the conversations and does not write in them.
 */
export const hunterRequestsPageAction = pageAction(
  { access: { area: "stock_hunter" }, body: messageIntentSchema, keepValues: true },
  async ({ area, body, services }) => {
    if (area.asAdmin) throw new ForbiddenError("read_only");
    return handleMessageIntent(services.db, { kind: "hunter", userId: area.owner.id }, body, { origin: services.config.origin });
  },
);

/** {stock_hunter prefix}/warehouses/{id}: the warehouse card and the hunter's requests to it. */
export const hunterWarehousePageLoader = pageLoader(
  { access: { area: "stock_hunter" }, params: z.object({ id: idNumber }) },
  async ({ area, params, services }) => {
    const detail = await hunterWarehouseDetail(services.db, area.owner, params.id, area.locale);
    return { detail, frame: areaFrame(area), locale: area.locale };
  },
);
