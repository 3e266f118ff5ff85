// POST /api/referent/warehouse-requests/{id}/update (app/routes/api/shared/request-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateRequestStateEndpoint } from "../shared/request-endpoints.ts";

export const action = updateRequestStateEndpoint("referent");
export const loader = methodNotAllowed;
