// POST /api/stocker/profile/update-profile-data (app/routes/api/shared/profile-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateProfileDataEndpoint } from "../shared/profile-endpoints.ts";

export const action = updateProfileDataEndpoint("stocker");
export const loader = methodNotAllowed;
