// GET /api/stocker/requests (app/routes/api/shared/request-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { handlerRequestsEndpoint } from "../shared/request-endpoints.ts";

export const loader = handlerRequestsEndpoint("stocker");
export const action = methodNotAllowed;
