// POST /api/admin/subscription-additions/{id}/confirm { user_data: { transfer_info } } → { user_id,
// addition_id }: the administrator confirms the transfer for warehouses added to a running
// subscription; they join it and go public (audited; decision 024).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { confirmAdditionTransfer } from "../../../server/billing/subscription-additions.service.ts";
import { billingContext } from "../../../server/billing/subscriptions.service.ts";
import { startSubscriptionSchema } from "../../../schemas/billing.ts";
import { additionConfirmedAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction(
  { access: ["admin"], response: additionConfirmedAnswer, params: z.object({ id: idParam }), body: startSubscriptionSchema },
  ({ actor, params, body, services }) =>
    confirmAdditionTransfer(services.db, actor, params.id, { transfer_info: body.user_data?.transfer_info ?? null }, billingContext(services)),
);
export const loader = methodNotAllowed;
