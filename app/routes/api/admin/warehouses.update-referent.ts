// POST /api/admin/warehouses/{id}/update-referent (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateReferentEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = updateReferentEndpoint("admin");
export const loader = methodNotAllowed;
