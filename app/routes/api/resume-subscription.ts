// POST /resume-subscription → { user_id }: a cancelled card subscription renews again (before its end).
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { setSubscriptionCanceled } from "../../server/billing/card.service.ts";
import { billingContext } from "../../server/billing/subscriptions.service.ts";
import { userIdAnswer } from "../../schemas/answer-parts.ts";

export const action = apiAction({ access: ["stocker"], response: userIdAnswer }, ({ actor, services }) =>
  setSubscriptionCanceled(services.db, actor, false, billingContext(services)),
);
export const loader = methodNotAllowed;
