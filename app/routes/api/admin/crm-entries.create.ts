// POST /api/admin/crm-entries/create { crm_entry_data } → { crm_entry_id } (audited).
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { createCrmEntry } from "../../../server/crm/crm.service.ts";
import { crmEntryBody } from "../../../schemas/crm.ts";
import { crmEntryIdAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction({ access: ["admin"], response: crmEntryIdAnswer, body: crmEntryBody }, ({ actor, body, services }) =>
  createCrmEntry(services.db, actor, body.crm_entry_data),
);
export const loader = methodNotAllowed;
