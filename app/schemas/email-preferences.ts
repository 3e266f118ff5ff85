// E-mail preferences (decision 038): the JSON calls GET and POST
// /api/{stocker|referent|stock-hunter}/profile/email-preferences and the same form on the data
// page ({prefix}/data, intent "email_preferences"), and the one-click unsubscribe page's form.
//
// `email_preferences` holds one flag per kind: true (or a ticked checkbox) gets that kind, false
// or absent does not, so the form's unticked boxes (which a browser does not post) mean "off"
// and a JSON body says the whole choice.
import { z } from "zod";
import { flag } from "./common.ts";
import type { EmailPreferences } from "../lib/email-preferences.ts";

const kinds = z.object({ requests: flag, deal: flag, reminders: flag, alerts: flag, news: flag }) satisfies z.ZodType<EmailPreferences>;

/** POST /api/{area}/profile/email-preferences. */
export const emailPreferencesSchema = z.object({ email_preferences: kinds });

/**
 * The data page's form: the same, where nothing ticked posts no `email_preferences` at all
 * (every kind off).
 */
export const emailPreferencesForm = z.object({
  email_preferences: kinds.default({ requests: false, deal: false, reminders: false, alerts: false, news: false }),
});

export type EmailPreferencesInput = z.infer<typeof emailPreferencesSchema>;

/** The unsubscribe page's path: the token, judged by the service (a bad one is the page's 404). */
export const unsubscribeParams = z.object({ token: z.string() });

/**
 * The unsubscribe page's POST: its buttons' `intent`, or a mail provider's one-click body
 * (RFC 8058: `List-Unsubscribe=One-Click`, no intent), which unsubscribes.
 */
export const unsubscribeForm = z.object({
  intent: z.enum(["unsubscribe", "resubscribe"]).optional(),
  "List-Unsubscribe": z.literal("One-Click").optional(),
});
