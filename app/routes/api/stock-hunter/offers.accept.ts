// POST /api/stock-hunter/offers/{offer_id}/accept (app/routes/api/shared/answer-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { acceptOfferEndpoint } from "../shared/answer-endpoints.ts";

export const action = acceptOfferEndpoint();
export const loader = methodNotAllowed;
