// GET /api/admin/crm-actions?limit&offset&search_term&filters[follow_up_done]=pending|done|all
// → { crm_actions, crm_actions_count }: the CRM's follow-up actions, pending by default.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { CRM_PAGE_SIZE, listCrmActions } from "../../../server/crm/crm.service.ts";
import { crmActionsQuery } from "../../../schemas/crm.ts";

export const loader = apiLoader({ access: ["admin"], query: crmActionsQuery }, ({ actor, query, services }) =>
  listCrmActions(services.db, actor, {
    filter: query.filters?.follow_up_done ?? query.follow_up_done ?? "pending",
    search: query.search_term,
    limit: query.limit ?? CRM_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
export const action = methodNotAllowed;
