// POST /api/admin/users/{id}/update → { user_id }: approve a stocker's registration
// ({ user_data: { approved: 1, account_type }, warehouse_id | warehouse_data }) or refuse it
// ({ user_data: { approved: 0, note } }). See app/server/accounts/stocker-approval.service.ts.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { decideStockerRequest } from "../../../server/accounts/stocker-approval.service.ts";
import { decisionOf, stockerDecisionSchema } from "../../../schemas/stocker-approval.ts";
import { approvalContext } from "../shared/approval-context.ts";
import { userIdAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: stockerDecisionSchema, response: userIdAnswer },
  ({ actor, params, body, services, locale }) => decideStockerRequest(approvalContext(services, locale), actor, params.id, decisionOf(body)),
);
export const loader = methodNotAllowed;
