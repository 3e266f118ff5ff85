// POST /api/stock-hunter/warehouse-requests/{id}/ask-changes (app/routes/api/shared/answer-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { askChangesEndpoint } from "../shared/answer-endpoints.ts";

export const action = askChangesEndpoint();
export const loader = methodNotAllowed;
