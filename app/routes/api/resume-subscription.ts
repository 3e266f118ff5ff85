// POST /resume-subscription → { user_id }: a cancelled card subscription renews again (before its end).
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { billingContext, setSubscriptionCanceled } from "../../server/billing/billing.service.ts";

export const action = apiAction({ access: ["stocker"] }, ({ actor, services }) =>
  setSubscriptionCanceled(services.db, actor, false, billingContext(services)),
);
export const loader = methodNotAllowed;
