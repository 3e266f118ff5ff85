// The notification calls, built once for the two paths the spec names:
// /api/stock-hunter/notifications… (the stock hunter, and the stocker, which the spec sends
// through the stock-hunter call) and /api/referent/notifications…. Each reads and marks the
// caller's own notifications only.
import { z } from "zod";
import { apiAction, apiLoader, idParam } from "../../../server/http/api.ts";
import type { Role } from "../../../server/http/guard.ts";
import { listNotifications, markNotificationRead, type NotificationItem } from "../../../server/notifications/notifications.service.ts";
import { safeMessageHtml } from "../../../server/notifications/safe-markup.ts";
import { notificationsQuery } from "../../../schemas/notifications.ts";
import { notificationReadAnswer, notificationsAnswer } from "../../../schemas/area-answers.ts";

export type NotificationArea = "stock-hunter" | "referent";

// The same roles as the area guard (app/server/http/guard.ts) gives these paths.
const ACCESS: Record<NotificationArea, Role[]> = { "stock-hunter": ["stock_hunter", "stocker"], referent: ["referent"] };

/**
 * A notification as the JSON calls answer it. The message is sent as safe HTML (the client
 * renders it as markup, as the spec says); title and message are also under data, where the
 * spec's client reads them (data.title, data.message).
 */
function jsonNotification(n: NotificationItem) {
  const message = safeMessageHtml(n.message);
  return { id: n.id, type: n.type, title: n.title, message, data: { ...n.data, title: n.title, message }, created_at: n.created_at, read_at: n.read_at };
}

/** GET /api/{stock-hunter|referent}/notifications?limit&offset(page index)&filters[unread]&filters[type] → { notifications, notifications_count }. */
export const listNotificationsEndpoint = (area: NotificationArea) =>
  apiLoader({ access: ACCESS[area], query: notificationsQuery, response: notificationsAnswer }, async ({ actor, query, services, locale }) => {
    const list = await listNotifications(services.db, actor.id, { page: query.offset, limit: query.limit, locale, filters: query.filters });
    return { notifications: list.notifications.map(jsonNotification), notifications_count: list.notifications_count };
  });

/** POST /api/{stock-hunter|referent}/notifications/{id}/set-as-read → { notification_id }; 403 for another user's, 404 for a missing one. */
export const setNotificationReadEndpoint = (area: NotificationArea) =>
  apiAction({ access: ACCESS[area], params: z.object({ id: idParam }), response: notificationReadAnswer }, async ({ actor, params, services }) => {
    const { notification_id } = await markNotificationRead(services.db, actor, params.id, { foreign: "forbidden" });
    return { notification_id };
  });
