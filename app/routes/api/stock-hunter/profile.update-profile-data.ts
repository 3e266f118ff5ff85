// POST /api/stock-hunter/profile/update-profile-data (app/routes/api/shared/profile-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateProfileDataEndpoint } from "../shared/profile-endpoints.ts";

export const action = updateProfileDataEndpoint("stock_hunter");
export const loader = methodNotAllowed;
