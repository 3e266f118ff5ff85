// Notifications in the logged-in areas: the list query of GET /api/stock-hunter/notifications and
// GET /api/referent/notifications (the spec's limit, offset as the page INDEX, filters[…]) and the
// notifications page's "read" action.
import { z } from "zod";
import { flag, idNumber, numeric } from "./common.ts";

/** The spec's page size, and the most one call may ask for. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 8;
export const NOTIFICATIONS_MAX_LIMIT = 50;
/** The last page index a call accepts (8 × 100,000 notifications is beyond any real account). */
export const NOTIFICATIONS_MAX_OFFSET = 100_000;

/** A notification type as stored ("quote_request", "review_received"…): lowercase words joined by "_". */
export const NOTIFICATION_TYPE = /^[a-z][a-z0-9_]{0,39}$/;

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

export const notificationFiltersSchema = z.object({
  /** filters[unread]=1: only the unread ones. */
  unread: flag,
  /** filters[type]=review_received: only that kind. */
  type: z.preprocess(blankToNull, z.string().regex(NOTIFICATION_TYPE).nullable()),
});
export type NotificationFilters = z.infer<typeof notificationFiltersSchema>;

/** GET …/notifications?limit=8&offset=0&filters[unread]=1&filters[type]=… */
export const notificationsQuery = z.object({
  limit: z.preprocess(blankToNull, numeric(z.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT)).nullable()).transform((v) => v ?? NOTIFICATIONS_DEFAULT_LIMIT),
  offset: z.preprocess(blankToNull, numeric(z.number().int().min(0).max(NOTIFICATIONS_MAX_OFFSET)).nullable()).transform((v) => v ?? 0),
  filters: z.preprocess((v) => v ?? {}, notificationFiltersSchema),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

/** The notifications page's action: intent "read" and the notification's id. */
export const notificationReadFormSchema = z.object({ intent: z.literal("read"), id: idNumber });
