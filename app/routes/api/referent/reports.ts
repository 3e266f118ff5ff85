// GET /api/referent/reports (app/routes/api/shared/feedback-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { receivedReportsEndpoint } from "../shared/feedback-endpoints.ts";

export const loader = receivedReportsEndpoint("referent");
export const action = methodNotAllowed;
