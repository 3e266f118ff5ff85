// POST /api/stocker/warehouse-requests/{id}/offers/{offer_id}/withdraw (app/routes/api/shared/offer-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { withdrawOfferEndpoint } from "../shared/offer-endpoints.ts";

export const action = withdrawOfferEndpoint("stocker");
export const loader = methodNotAllowed;
