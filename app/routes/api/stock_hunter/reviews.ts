// GET /api/stock_hunter/reviews (app/routes/api/shared/feedback-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { receivedReviewsEndpoint } from "../shared/feedback-endpoints.ts";

export const loader = receivedReviewsEndpoint("stock_hunter");
export const action = methodNotAllowed;
