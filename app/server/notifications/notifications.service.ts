// In-app notifications. Title and message are stored in both languages ({ it, en }) at the
// moment of the event, so the recipient's list shows their language whichever language the
// sender used, and a later change of wording does not rewrite history.
//
// Reading them: each user reads their own, newest first, and marks one read by opening it (the
// first read_at stays). An administrator looking at a user's area sees the same list but does
// not mark anything read: the user has not read it.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { JsonObject } from "../db/types.ts";
import type { AreaAccess } from "../areas/area-access.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { locales, type Locale } from "../../lib/locale.ts";
import {
  countNotifications,
  findNotification,
  insertNotifications,
  notificationsPageQuery,
  setNotificationRead,
  type NotificationListFilters,
} from "./notifications.queries.ts";

/** A text in every interface language, built from a message function. */
export type Bilingual = Record<Locale, string>;

export function bilingual(text: (locale: Locale) => string): Bilingual {
  return Object.fromEntries(locales.map((locale) => [locale, text(locale)])) as Bilingual;
}

export type NewNotificationInput = {
  userId: number;
  /** What happened, for filters and icons: "quote_request", "review_received", "report_received"… */
  type: string;
  title: (locale: Locale) => string;
  message: (locale: Locale) => string;
  /** Ids and links the detail panel needs. */
  data?: JsonObject;
};

/** Write notifications; pass the transaction (`trx`) of the change they report. */
export async function createNotifications(db: Database, notifications: NewNotificationInput[]): Promise<number[]> {
  if (notifications.length === 0) return [];
  const rows = await insertNotifications(
    db,
    notifications.map((n) => ({
      user_id: n.userId,
      type: n.type,
      title: bilingual(n.title),
      message: bilingual(n.message),
      data: n.data ?? {},
    })),
  );
  return rows.map((r) => r.id);
}

/** One notification; see createNotifications. */
export async function createNotification(db: Database, notification: NewNotificationInput): Promise<number> {
  const [id] = await createNotifications(db, [notification]);
  return id!;
}

/** A stored { it, en } text in `locale`, else in the other language (a text stored before a language existed). */
export function localizedText(stored: JsonObject, locale: Locale): string {
  const own = stored[locale];
  if (typeof own === "string") return own;
  for (const other of locales) {
    const text = stored[other];
    if (typeof text === "string") return text;
  }
  return "";
}

/** A notification as its reader sees it: title and message in the reader's language. */
export type NotificationItem = {
  id: number;
  type: string;
  title: string;
  /** The stored message: text that may contain markup; render it through safeMessageHtml only. */
  message: string;
  data: JsonObject;
  created_at: Date;
  read_at: Date | null;
};

type NotificationRow = { id: number; type: string; title: JsonObject; message: JsonObject; data: JsonObject; created_at: Date; read_at: Date | null };

function toItem(row: NotificationRow, locale: Locale): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: localizedText(row.title, locale),
    message: localizedText(row.message, locale),
    data: row.data ?? {},
    created_at: row.created_at,
    read_at: row.read_at,
  };
}

const NO_FILTERS: NotificationListFilters = { unread: false, type: null };

/** A page (from 0) of the user's notifications, newest first, and how many there are. */
export async function listNotifications(
  db: Database,
  ownerId: number,
  args: { page: number; limit: number; locale: Locale; filters?: Partial<NotificationListFilters> },
): Promise<{ notifications: NotificationItem[]; notifications_count: number }> {
  const filters: NotificationListFilters = { ...NO_FILTERS, ...args.filters };
  const [rows, count] = await Promise.all([
    notificationsPageQuery(db, { userId: ownerId, filters, limit: args.limit, offset: args.page * args.limit }).execute(),
    countNotifications(db, { userId: ownerId, filters }),
  ]);
  return { notifications: rows.map((row) => toItem(row, args.locale)), notifications_count: count };
}

/** One of the user's notifications; someone else's is the same 404 as a missing one. */
export async function getNotification(db: Database, ownerId: number, id: number, locale: Locale): Promise<NotificationItem> {
  const row = await findNotification(db, id);
  if (!row || row.user_id !== ownerId) throw new NotFoundError();
  return toItem(row, locale);
}

export type MarkReadOptions = {
  /**
   * What the caller learns about someone else's notification: the JSON calls answer 403 for a
   * notification that exists but is not yours (the issue: "the hunter gets 403 on another
   * hunter's … notifications"), the pages 404, like a missing one.
   */
  foreign: "forbidden" | "not_found";
};

/**
 * Marks a notification read for its own user. `reader` is the acting user (the JSON calls) or an
 * area opened by openArea (the pages): in an administrator's view of the area nothing is
 * written, since an administrator reading a user's notification is not the user reading it.
 * Idempotent: a notification already read keeps its first read_at.
 */
export async function markNotificationRead(
  db: Database,
  reader: Actor | AreaAccess,
  notificationId: number,
  opts: MarkReadOptions = { foreign: "not_found" },
): Promise<{ notification_id: number; marked: boolean }> {
  const ownerId = "owner" in reader ? reader.owner.id : reader.id;
  const adminView = "owner" in reader && reader.asAdmin;
  const row = await findNotification(db, notificationId);
  if (!row) throw new NotFoundError();
  if (row.user_id !== ownerId) throw opts.foreign === "forbidden" ? new ForbiddenError() : new NotFoundError();
  if (adminView || row.read_at !== null) return { notification_id: row.id, marked: false };
  const marked = await setNotificationRead(db, { id: row.id, userId: ownerId });
  return { notification_id: row.id, marked };
}
