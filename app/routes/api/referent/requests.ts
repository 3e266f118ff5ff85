// GET /api/referent/requests (app/routes/api/shared/request-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { handlerRequestsEndpoint } from "../shared/request-endpoints.ts";

export const loader = handlerRequestsEndpoint("referent");
export const action = methodNotAllowed;
