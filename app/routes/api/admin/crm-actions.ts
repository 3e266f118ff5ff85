// GET /api/admin/crm-actions?limit&offset&search_term&filters[follow_up_done]=pending|overdue|done|all&order[key]&order[dir]
// → { crm_actions, crm_actions_count }: the CRM's follow-up actions, pending by default, the
// soonest due first unless asked otherwise (order[key]=date|client|created_at|follow_up_done).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { listCrmActions } from "../../../server/crm/crm.service.ts";
import { crmActionsQuery } from "../../../schemas/crm.ts";
import { CRM_PAGE_SIZE } from "../../../lib/list-params.ts";
import { crmActionsSelection } from "../../shared/crm-lists.server.ts";
import { crmActionsAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: crmActionsAnswer, query: crmActionsQuery }, ({ actor, query, services }) =>
  listCrmActions(services.db, actor, { ...crmActionsSelection(query), limit: query.limit ?? CRM_PAGE_SIZE, page: query.offset ?? 0 }),
);
export const action = methodNotAllowed;
