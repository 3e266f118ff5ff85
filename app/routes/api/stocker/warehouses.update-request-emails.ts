// POST /api/stocker/warehouses/{id}/update-request-emails (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { ownerRequestEmailsEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = ownerRequestEmailsEndpoint();
export const loader = methodNotAllowed;
