// POST /api/referent/profile/update-profile-data (app/routes/api/shared/profile-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateProfileDataEndpoint } from "../shared/profile-endpoints.ts";

export const action = updateProfileDataEndpoint("referent");
export const loader = methodNotAllowed;
