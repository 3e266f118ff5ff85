// The notifications page's shapes, as the server hands them
// (app/routes/shared/notification-pages.server.ts) and the view draws them
// (app/components/area/NotificationList.tsx); here, so the component needs no server module.

/** Page size of the notifications list. */
export const NOTIFICATIONS_PAGE_SIZE = 8;

/** One notification on the page: its message already sanitized to safe HTML on the server. */
export type NotificationView = {
  id: number;
  type: string;
  title: string;
  /** Safe HTML (app/server/notifications/safe-markup.ts): only b, strong, i, em, u, br, p, lists and safe links. */
  html: string;
  /** The message's first words as plain text, for the list. */
  preview: string;
  created_at: Date | string;
  read_at: Date | string | null;
  /** Where the notification leads inside the site ("/…"), already checked; null when nowhere. */
  url: string | null;
  /** The review and report pages of a request link, when the notification offers them. */
  review_url: string | null;
  report_url: string | null;
};

/** A notification marked read by the page's action (notificationsPageAction, app/routes/shared/notification-pages.server.ts). */
export type NotificationRead = { ok: true; notification_id: number };
