// POST /api/stock-hunter/offers/{offer_id}/decline (app/routes/api/shared/answer-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { declineOfferEndpoint } from "../shared/answer-endpoints.ts";

export const action = declineOfferEndpoint();
export const loader = methodNotAllowed;
