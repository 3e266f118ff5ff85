// GET /api/referent/notifications (app/routes/api/shared/notification-endpoints.ts).
import { methodNotAllowed } from "../../../server/http/api.ts";
import { listNotificationsEndpoint } from "../shared/notification-endpoints.ts";

export const loader = listNotificationsEndpoint("referent");
export const action = methodNotAllowed;
