// POST /cancel-subscription → { user_id }: the card subscription ends at the end of its period.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { setSubscriptionCanceled } from "../../server/billing/billing.service.ts";

export const action = apiAction({ access: ["stocker"] }, ({ actor, services }) =>
  setSubscriptionCanceled(services.db, actor, true, { config: services.config, gateway: services.billing ?? null, origin: services.config.origin, log: services.log }),
);
export const loader = methodNotAllowed;
