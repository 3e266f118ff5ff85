// POST /api/stocker/warehouses/{id}/resubmit (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { resubmitWarehouseEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = resubmitWarehouseEndpoint();
export const loader = methodNotAllowed;
