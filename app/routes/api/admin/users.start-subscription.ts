// POST /api/admin/users/{id}/start-subscription { user_data: { transfer_info } } → { user_id }: the
// administrator confirms the stocker's bank transfer arrived; the subscription starts (audited).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { billingContext } from "../../../server/billing/subscriptions.service.ts";
import { startTransferSubscription } from "../../../server/billing/transfers.service.ts";
import { startSubscriptionSchema } from "../../../schemas/billing.ts";
import { userIdAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: startSubscriptionSchema, response: userIdAnswer },
  ({ actor, params, body, services }) =>
    startTransferSubscription(services.db, actor, params.id, { transfer_info: body.user_data?.transfer_info ?? null }, billingContext(services)),
);
export const loader = methodNotAllowed;
