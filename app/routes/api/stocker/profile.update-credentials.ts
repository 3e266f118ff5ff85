// POST /api/stocker/profile/update-credentials (app/routes/api/shared/profile-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { updateCredentialsEndpoint } from "../shared/profile-endpoints.ts";

export const action = updateCredentialsEndpoint("stocker");
export const loader = methodNotAllowed;
