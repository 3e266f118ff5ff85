// In-app notifications. Title and message are stored in both languages ({ it, en }) at the
// moment of the event, so the recipient's list shows their language whichever language the
// sender used, and a later change of wording does not rewrite history.
import type { Database } from "../db/database.ts";
import type { JsonObject } from "../db/types.ts";
import { locales, type Locale } from "../../lib/locale.ts";
import { insertNotifications } from "./notifications.queries.ts";

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
