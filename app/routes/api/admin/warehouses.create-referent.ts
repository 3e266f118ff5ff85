// POST /api/admin/warehouses/{id}/create-referent (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { createReferentEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = createReferentEndpoint("admin");
export const loader = methodNotAllowed;
