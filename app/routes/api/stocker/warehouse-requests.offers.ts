// POST /api/stocker/warehouse-requests/{id}/offers (app/routes/api/shared/offer-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { sendOfferEndpoint } from "../shared/offer-endpoints.ts";

export const action = sendOfferEndpoint("stocker");
export const loader = methodNotAllowed;
