// GET and POST /api/stocker/warehouse-requests/{id}/messages (app/routes/api/shared/conversation-endpoints.ts).
import { linkMessagesEndpoint, postMessageEndpoint } from "../shared/conversation-endpoints.ts";

export const loader = linkMessagesEndpoint("stocker");
export const action = postMessageEndpoint("stocker");
