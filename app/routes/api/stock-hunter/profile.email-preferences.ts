// GET and POST /api/stock-hunter/profile/email-preferences (app/routes/api/shared/profile-endpoints.ts).
import { emailPreferencesEndpoint, updateEmailPreferencesEndpoint } from "../shared/profile-endpoints.ts";

export const loader = emailPreferencesEndpoint("stock_hunter");
export const action = updateEmailPreferencesEndpoint("stock_hunter");
