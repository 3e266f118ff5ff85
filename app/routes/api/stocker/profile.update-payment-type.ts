// POST /api/stocker/profile/update-payment-type { payment_type } → { user_id, transfer }: the
// stocker pays the initialised subscription by bank transfer (card is chosen by paying with it).
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { billingContext } from "../../../server/billing/subscriptions.service.ts";
import { choosePaymentType } from "../../../server/billing/transfers.service.ts";
import { paymentTypeSchema } from "../../../schemas/billing.ts";
import { paymentTypeAnswer } from "../../../schemas/area-answers.ts";

export const action = apiAction({ access: ["stocker"], body: paymentTypeSchema, response: paymentTypeAnswer }, ({ actor, body, services }) =>
  choosePaymentType(services.db, actor, body, billingContext(services)),
);
export const loader = methodNotAllowed;
