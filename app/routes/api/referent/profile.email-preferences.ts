// GET and POST /api/referent/profile/email-preferences (app/routes/api/shared/profile-endpoints.ts).
import { emailPreferencesEndpoint, updateEmailPreferencesEndpoint } from "../shared/profile-endpoints.ts";

export const loader = emailPreferencesEndpoint("referent");
export const action = updateEmailPreferencesEndpoint("referent");
