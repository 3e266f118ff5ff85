// GET /api/referent/reviews (app/routes/api/shared/feedback-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { receivedReviewsEndpoint } from "../shared/feedback-endpoints.ts";

export const loader = receivedReviewsEndpoint("referent");
export const action = methodNotAllowed;
