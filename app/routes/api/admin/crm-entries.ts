// GET /api/admin/crm-entries?limit&offset&search_term&filters[date]&filters[event_type]&order[key]&order[dir]
// → { crm_entries, crm_entries_count } (offset is the page index, as in every list; date newest first by default).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { CRM_PAGE_SIZE, DEFAULT_CRM_ORDER, listCrmEntries } from "../../../server/crm/crm.service.ts";
import { crmEntriesQuery } from "../../../schemas/crm.ts";

export const loader = apiLoader({ access: ["admin"], query: crmEntriesQuery }, ({ actor, query, services }) =>
  listCrmEntries(services.db, actor, {
    filters: { search: query.search_term, date: query.filters?.date ?? null, eventType: query.filters?.event_type ?? null },
    order: {
      key: query.order?.key ?? DEFAULT_CRM_ORDER.key,
      dir: query.order?.dir ?? (query.order?.key && query.order.key !== "date" ? "asc" : DEFAULT_CRM_ORDER.dir),
    },
    limit: query.limit ?? CRM_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
export const action = methodNotAllowed;
