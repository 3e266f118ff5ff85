// POST /init-subscription { subscription, promo_code, w_ids } → { subscription_id, client_secret,
// amount_off, percent_off, hub_percent_off, price_unit_amount, url } and the computed price
// (app/server/billing/card.service.ts).
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { initSubscription } from "../../server/billing/card.service.ts";
import { billingContext } from "../../server/billing/subscriptions.service.ts";
import { initSubscriptionSchema } from "../../schemas/billing.ts";
import { initSubscriptionAnswer } from "../../schemas/account-answers.ts";

export const action = apiAction({ access: ["stocker"], body: initSubscriptionSchema, response: initSubscriptionAnswer }, ({ actor, body, services, locale }) =>
  initSubscription(
    services.db,
    actor,
    { subscription: body.subscription, promo_code: body.promo_code, w_ids: body.w_ids },
    { ...billingContext(services), locale },
  ),
);
export const loader = methodNotAllowed;
