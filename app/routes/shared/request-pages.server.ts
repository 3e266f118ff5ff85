// What the areas' request pages load and do, in the area owner's name:
// - the stocker's and the referent's requests ({prefix}/messages): a page of the links of their
//   warehouses (?page=N, ?warehouse_id, ?from, ?to, ?state), the warehouses for the filter, and
//   the action behind the state selector (an administrator's change in a stocker's area is audited);
// - the stock hunter's requests ({prefix}/messages: ?page=N, ?from, ?to, ?state, ?selected=id)
//   and the hunter's page of one warehouse ({prefix}/warehouses/{id}).
// Filters come from the URL through the same schemas as the JSON calls; a filter that does not
// pass is left out and reported to the form, never a 422 page.
import { data } from "react-router";
import type { z } from "zod";
import { servicesContext } from "../../server/context.ts";
import { pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { DomainError, ForbiddenError, ValidationError } from "../../server/errors.ts";
import { handlerWarehouses, hunterRequestPage, hunterWarehouseDetail, listHandlerRequests, listHunterRequests, updateRequestState } from "../../server/requests/area-requests.service.ts";
import { handlerRequestFiltersSchema, hunterRequestFiltersSchema, requestStateFormSchema } from "../../schemas/area-requests.ts";
import { REQUESTS_PAGE_SIZE } from "../../lib/area-requests.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { areaAction, areaFrame, areaPage, idParam, type AreaArgs, optionalId } from "./area-pages.server.ts";

type FilterErrors = Record<string, string>;

/**
 * The URL's filters through `schema`: the fields that pass, and a code for each that does not
 * (dropped, so the list still shows, unfiltered on that field).
 */
export function urlFilters<S extends z.ZodType<Record<string, unknown>>>(url: URL, schema: S, keys: readonly string[]): { filters: Partial<z.infer<S>>; errors: FilterErrors } {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = url.searchParams.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const errors: FilterErrors = {};
  // Each failing field is dropped and the rest parsed again: at most one round per field.
  for (let round = 0; round <= keys.length; round++) {
    const result = schema.safeParse(raw);
    if (result.success) return { filters: result.data as Partial<z.infer<S>>, errors };
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (!(key in raw)) continue;
      errors[key] = issue.message && /^[a-z_]+$/.test(issue.message) ? issue.message : "invalid";
      delete raw[key];
    }
  }
  return { filters: {}, errors };
}

/** The values as the URL had them, for the form to show what was asked. */
export function urlValues(url: URL, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, url.searchParams.get(key) ?? ""]));
}

const HANDLER_FILTERS = ["warehouse_id", "from", "to", "state"] as const;
const HUNTER_FILTERS = ["from", "to", "state"] as const;

/** {stocker|referent prefix}/messages: a page of the links of the owner's warehouses. */
export async function loadHandlerRequestsPage(args: AreaArgs, role: "stocker" | "referent") {
  const page = await areaPage(args, role);
  const db = args.context.get(servicesContext).db;
  const url = new URL(args.request.url);
  const current = pageParam(url.searchParams.get("page"));
  const { filters, errors } = urlFilters(url, handlerRequestFiltersSchema, HANDLER_FILTERS);
  const owner = { id: page.owner.id, role };
  const [list, warehouses] = await pageWork(() =>
    Promise.all([listHandlerRequests(db, owner, { page: current - 1, limit: REQUESTS_PAGE_SIZE, filters, locale: page.locale }), handlerWarehouses(db, owner)]),
  );
  return {
    ...list,
    page: current,
    pages: pageCount(list.warehouse_requests_count, REQUESTS_PAGE_SIZE),
    warehouses,
    filters: urlValues(url, HANDLER_FILTERS),
    filtered: Object.values(filters).some((v) => v !== null && v !== undefined),
    filterErrors: errors,
    frame: areaFrame(page),
    locale: page.locale,
  };
}

export type HandlerRequestsActionResult = { ok: true; link_id: number; state: string } | { ok: false; errors: Record<string, string> };

/**
 * The state selector of {prefix}/messages (intent "state", link_id, state). Bad input is a field
 * error; a link that is not the owner's is a 404, like a missing one.
 */
export async function handlerRequestsAction(args: AreaArgs, role: "stocker" | "referent"): Promise<HandlerRequestsActionResult> {
  const page = await areaAction(args, role);
  const services = args.context.get(servicesContext);
  const form = await pageWork(() => readFormData(args.request));
  if (form.get("intent") !== "state") return { ok: false, errors: { intent: "invalid" } };
  const parsed = requestStateFormSchema.safeParse({ link_id: form.get("link_id") ?? undefined, state: form.get("state") ?? undefined });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "body")] ??= "invalid";
    return { ok: false, errors };
  }
  try {
    await updateRequestState(services.db, page, parsed.data.link_id, parsed.data.state, { origin: services.config.origin });
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, errors: err.errors };
    // On pages someone else's link is not found, exactly like a link that does not exist.
    if (err instanceof ForbiddenError) throw data({ code: "not_found" }, { status: 404 });
    if (err instanceof DomainError) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
  return { ok: true, link_id: parsed.data.link_id, state: parsed.data.state };
}

/** {stock_hunter prefix}/messages: a page of the hunter's own requests (?selected=id opens one). */
export async function loadHunterRequestsPage(args: AreaArgs) {
  const page = await areaPage(args, "stock_hunter");
  const db = args.context.get(servicesContext).db;
  const url = new URL(args.request.url);
  const { filters, errors } = urlFilters(url, hunterRequestFiltersSchema, HUNTER_FILTERS);
  const filtered = Object.values(filters).some((v) => v !== null && v !== undefined);
  const selected = optionalId(url.searchParams.get("selected"));
  let current = pageParam(url.searchParams.get("page"));
  // A link to one request (?selected=id, from the warehouse page or a notification) opens the page it is on.
  if (selected !== null && !url.searchParams.has("page") && !filtered) {
    current = (await pageWork(() => hunterRequestPage(db, page.owner, selected, REQUESTS_PAGE_SIZE))) ?? 1;
  }
  const list = await pageWork(() => listHunterRequests(db, page.owner, { page: current - 1, limit: REQUESTS_PAGE_SIZE, filters, locale: page.locale }));
  return {
    ...list,
    page: current,
    pages: pageCount(list.user_requests_count, REQUESTS_PAGE_SIZE),
    // Only a request of this page can be open.
    selected: list.user_requests.some((r) => r.id === selected) ? selected : null,
    filters: urlValues(url, HUNTER_FILTERS),
    filtered,
    filterErrors: errors,
    frame: areaFrame(page),
    locale: page.locale,
  };
}

/** {stock_hunter prefix}/warehouses/{id}: the warehouse card and the hunter's requests to it. */
export async function loadHunterWarehousePage(args: AreaArgs) {
  const id = idParam(args.params.id);
  const page = await areaPage(args, "stock_hunter");
  const detail = await pageWork(() => hunterWarehouseDetail(args.context.get(servicesContext).db, page.owner, id, page.locale));
  return { detail, frame: areaFrame(page), locale: page.locale };
}
