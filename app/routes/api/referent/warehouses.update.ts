// POST /api/referent/warehouses/{id}/update (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateWarehouseEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = updateWarehouseEndpoint("referent");
export const loader = methodNotAllowed;
