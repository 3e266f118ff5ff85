// GET /api/stock_hunter/reports (app/routes/api/shared/feedback-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { receivedReportsEndpoint } from "../shared/feedback-endpoints.ts";

export const loader = receivedReportsEndpoint("stock_hunter");
export const action = methodNotAllowed;
