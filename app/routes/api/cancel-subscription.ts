// POST /cancel-subscription → { user_id }: the card subscription ends at the end of its period.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { billingContext, setSubscriptionCanceled } from "../../server/billing/billing.service.ts";

export const action = apiAction({ access: ["stocker"] }, ({ actor, services }) =>
  setSubscriptionCanceled(services.db, actor, true, billingContext(services)),
);
export const loader = methodNotAllowed;
