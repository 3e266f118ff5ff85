// POST /api/stock-hunter/notifications/{id}/set-as-read (app/routes/api/shared/notification-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { setNotificationReadEndpoint } from "../shared/notification-endpoints.ts";

export const action = setNotificationReadEndpoint("stock-hunter");
export const loader = methodNotAllowed;
