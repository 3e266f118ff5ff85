// GET /api/admin/crm-entries?limit&offset&search_term&filters[date]&filters[event_type]&order[key]&order[dir]
// → { crm_entries, crm_entries_count } (offset is the page index, as in every list; date newest first by default).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { listCrmEntries } from "../../../server/crm/crm.service.ts";
import { crmEntriesQuery } from "../../../schemas/crm.ts";
import { CRM_PAGE_SIZE } from "../../../lib/list-params.ts";
import { crmEntriesSelection } from "../../shared/crm-lists.server.ts";
import { crmEntriesAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: crmEntriesAnswer, query: crmEntriesQuery }, ({ actor, query, services }) =>
  listCrmEntries(services.db, actor, { ...crmEntriesSelection(query), limit: query.limit ?? CRM_PAGE_SIZE, page: query.offset ?? 0 }),
);
export const action = methodNotAllowed;
