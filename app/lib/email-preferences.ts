// The kinds of notification e-mail an address chooses to get or not (decision 038), as both
// sides see them: the data page's preferences, the one-click unsubscribe page and the mail
// footer's links. Transactional e-mails (codes, passwords, account and billing e-mails) have
// no kind and are always sent.
import type { Locale } from "./locale.ts";

/** In the order the preferences list them. */
export const EMAIL_KINDS = ["requests", "deal", "reminders", "alerts", "news"] as const;
export type EmailKindName = (typeof EMAIL_KINDS)[number];

export function isEmailKind(value: unknown): value is EmailKindName {
  return typeof value === "string" && (EMAIL_KINDS as readonly string[]).includes(value);
}

/** Which kinds an address gets: true for those it gets. */
export type EmailPreferences = Record<EmailKindName, boolean>;

/** The one-click unsubscribe page of a token (app/routes/unsubscribe.tsx). */
export const unsubscribePath = (locale: Locale, token: string) => `/${locale}/unsubscribe/${token}`;

/** The id of the data page's preferences section: the mail footer's link goes straight to it. */
export const EMAIL_PREFERENCES_ANCHOR = "email-preferences";
