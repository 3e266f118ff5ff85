// POST /api/stocker/warehouses/create (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { createWarehouseEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = createWarehouseEndpoint("stocker");
export const loader = methodNotAllowed;
