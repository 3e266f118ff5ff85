// POST /api/admin/warehouses/create (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { createWarehouseEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = createWarehouseEndpoint("admin");
export const loader = methodNotAllowed;
