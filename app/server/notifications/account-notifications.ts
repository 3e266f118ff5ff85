// Telling a user that an administrator approved or refused their account: a notification in
// their area and an e-mail (template account_decision), both written in the transaction of the
// decision (the back office calls this when it approves or refuses; a rollback leaves neither).
// An approved user is sent to their area, or to choosing a password when they have none yet; a
// refused one to support (a reply goes there too).
import type { Database } from "../db/database.ts";
import type { Lang, UserRole } from "../db/types.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotification } from "./notifications.service.ts";
import { escapeForMarkup } from "./safe-markup.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { m } from "../../paraglide/messages.js";

export type AccountDecision = "approved" | "refused";

/** The user the decision is about, as the back office reads it from users. */
export type DecisionUser = { id: number; email: string; first_name: string | null; lang: Lang; role: UserRole };

export type DecisionMailContext = { origin: string; supportEmail: string };

/** Where an approved user starts: their area, in their language. */
function startPath(user: DecisionUser): string {
  if (user.role === "admin") return "/admin";
  return areaBase(user.role, user.lang);
}

/** An approved account without a password: the link that sets it (the invitation's), and how many days it is valid. */
export type ChoosePassword = { link: string; days: number };

/**
 * Creates the notification and queues the e-mail of an account decision. Pass the transaction of
 * the decision (`trx`). `note` is the administrator's optional word to the user, shown as text.
 * An approved account that has no password yet is given `choosePassword`: the one e-mail then
 * says so and links to choosing it, instead of to an area the person cannot enter yet.
 */
export async function notifyAccountDecision(
  trx: Database,
  user: DecisionUser,
  decision: AccountDecision,
  note: string | null | undefined,
  ctx: DecisionMailContext,
  choosePassword: ChoosePassword | null = null,
): Promise<{ notificationId: number; mailId: number }> {
  const cleanNote = note?.trim() || null;
  const approved = decision === "approved";
  const path = approved ? startPath(user) : null;

  const notificationId = await createNotification(trx, {
    userId: user.id,
    type: approved ? "account_approved" : "account_refused",
    title: (locale) => (approved ? m.anotif_account_approved_title({}, { locale }) : m.anotif_account_refused_title({}, { locale })),
    message: (locale) => {
      const text = approved ? m.anotif_account_approved_message({}, { locale }) : m.anotif_account_refused_message({}, { locale });
      // The note is the administrator's free text: shown as text, never as markup.
      return cleanNote ? `${text}\n${m.anotif_account_note({ note: escapeForMarkup(cleanNote) }, { locale })}` : text;
    },
    data: { decision, ...(path ? { url: path } : {}) },
  });

  const mailId = await queueMail(trx, {
    to: user.email,
    lang: user.lang,
    template: "account_decision",
    data: {
      firstName: user.first_name,
      decision,
      note: cleanNote,
      link: approved && choosePassword ? choosePassword.link : path ? `${ctx.origin}${path}` : `mailto:${ctx.supportEmail}`,
      choosePasswordDays: approved && choosePassword ? choosePassword.days : null,
      supportEmail: ctx.supportEmail,
    },
    // A refused user who answers the e-mail reaches support.
    replyTo: approved ? null : ctx.supportEmail,
    origin: ctx.origin,
  });
  return { notificationId, mailId };
}
