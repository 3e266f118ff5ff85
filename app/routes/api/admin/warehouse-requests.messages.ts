// GET /api/admin/warehouse-requests/{id}/messages (app/routes/api/shared/conversation-endpoints.ts): read-only, no POST.
import { methodNotAllowed } from "../../../server/http/api.ts";
import { adminLinkMessagesEndpoint } from "../shared/conversation-endpoints.ts";

export const loader = adminLinkMessagesEndpoint();
export const action = methodNotAllowed;
