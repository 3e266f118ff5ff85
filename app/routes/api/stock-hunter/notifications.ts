// GET /api/stock-hunter/notifications (app/routes/api/shared/notification-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { listNotificationsEndpoint } from "../shared/notification-endpoints.ts";

export const loader = listNotificationsEndpoint("stock-hunter");
export const action = methodNotAllowed;
