// POST /api/admin/crm-entries/{id}/update { crm_entry_data } → { crm_entry_id } (audited, before and after).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { updateCrmEntry } from "../../../server/crm/crm.service.ts";
import { crmEntryBody } from "../../../schemas/crm.ts";
import { crmEntryIdAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction(
  { access: ["admin"], response: crmEntryIdAnswer, params: z.object({ id: idParam }), body: crmEntryBody },
  ({ actor, params, body, services }) => updateCrmEntry(services.db, actor, params.id, body.crm_entry_data),
);
export const loader = methodNotAllowed;
