// POST /api/referent/warehouses/{id}/upload (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { uploadWarehouseImageEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = uploadWarehouseImageEndpoint("referent");
export const loader = methodNotAllowed;
