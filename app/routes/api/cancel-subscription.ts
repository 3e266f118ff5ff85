// POST /cancel-subscription → { user_id }: the card subscription ends at the end of its period.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { setSubscriptionCanceled } from "../../server/billing/card.service.ts";
import { billingContext } from "../../server/billing/subscriptions.service.ts";
import { userIdAnswer } from "../../schemas/answer-parts.ts";

export const action = apiAction({ access: ["stocker"], response: userIdAnswer }, ({ actor, services }) =>
  setSubscriptionCanceled(services.db, actor, true, billingContext(services)),
);
export const loader = methodNotAllowed;
