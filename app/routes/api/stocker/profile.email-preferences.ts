// GET and POST /api/stocker/profile/email-preferences (app/routes/api/shared/profile-endpoints.ts).
import { emailPreferencesEndpoint, updateEmailPreferencesEndpoint } from "../shared/profile-endpoints.ts";

export const loader = emailPreferencesEndpoint("stocker");
export const action = updateEmailPreferencesEndpoint("stocker");
