// POST /api/stocker/warehouse-requests/{id}/update (app/routes/api/shared/request-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateRequestStateEndpoint } from "../shared/request-endpoints.ts";

export const action = updateRequestStateEndpoint("stocker");
export const loader = methodNotAllowed;
