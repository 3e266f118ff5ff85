// POST /api/referent/warehouses/{id}/update-spaces (app/routes/api/shared/warehouse-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateSpacesEndpoint } from "../shared/warehouse-endpoints.ts";

export const action = updateSpacesEndpoint("referent");
export const loader = methodNotAllowed;
