// GET and POST /api/referent/warehouse-requests/{id}/messages (app/routes/api/shared/conversation-endpoints.ts).
import { linkMessagesEndpoint, postMessageEndpoint } from "../shared/conversation-endpoints.ts";

export const loader = linkMessagesEndpoint("referent");
export const action = postMessageEndpoint("referent");
