// POST /api/admin/crm-entries/{id}/handle { crm_entry_data: { follow_up_done: 1 } } → { crm_entry_id }:
// a pending follow-up action is done (409 when it is not pending; audited). The spec names no path
// for the actions page's "handle" call: this one sits next to update.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { handleCrmAction } from "../../../server/crm/crm.service.ts";
import { crmHandleBody } from "../../../schemas/crm.ts";
import { crmEntryIdAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction(
  { access: ["admin"], response: crmEntryIdAnswer, params: z.object({ id: idParam }), body: crmHandleBody },
  ({ actor, params, services }) => handleCrmAction(services.db, actor, params.id),
);
export const loader = methodNotAllowed;
