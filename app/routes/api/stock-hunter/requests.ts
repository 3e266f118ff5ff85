// GET /api/stock-hunter/requests (app/routes/api/shared/request-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { hunterRequestsEndpoint } from "../shared/request-endpoints.ts";

export const loader = hunterRequestsEndpoint();
export const action = methodNotAllowed;
