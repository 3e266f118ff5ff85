// GET and POST /api/stock-hunter/warehouse-requests/{id}/messages (app/routes/api/shared/conversation-endpoints.ts).
import { linkMessagesEndpoint, postMessageEndpoint } from "../shared/conversation-endpoints.ts";

export const loader = linkMessagesEndpoint("stock_hunter");
export const action = postMessageEndpoint("stock_hunter");
