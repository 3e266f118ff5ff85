// POST /api/stocker/profile/add-subscription-warehouses { w_ids } → { user_id, status, amount,
// warehouses_count, transfer }: the stocker adds warehouses to the running subscription, charged
// pro rata on its card at once, or waiting for a bank transfer (decision 024).
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { addSubscriptionWarehouses } from "../../../server/billing/subscription-additions.service.ts";
import { billingContext } from "../../../server/billing/subscriptions.service.ts";
import { addWarehousesSchema } from "../../../schemas/billing.ts";
import { addSubscriptionWarehousesAnswer } from "../../../schemas/area-answers.ts";

export const action = apiAction({ access: ["stocker"], body: addWarehousesSchema, response: addSubscriptionWarehousesAnswer }, ({ actor, body, services }) =>
  addSubscriptionWarehouses(services.db, actor, body, billingContext(services)),
);
export const loader = methodNotAllowed;
