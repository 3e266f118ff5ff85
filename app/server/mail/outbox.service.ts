// E-mail that is never lost: a message is written to the outbox in the same transaction
// as the change that caused it (queueMail), and the worker (deliverDueMail) sends it after
// commit, retrying with back-off. A crash before sending leaves it in the outbox.
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import type { Logger } from "pino";
import { renderMail, type MailTemplates } from "./templates.ts";
import { claimDueMessages, insertOutboxMessages, markFailedAttempt, markSent } from "./outbox.queries.ts";
import type { MailTransport } from "./transport.ts";

export const MAX_ATTEMPTS = 10;

/** Queue one e-mail in the recipient's language. Pass the transaction (`trx`) of the change it reports. */
export async function queueMail<T extends keyof MailTemplates>(
  db: Database,
  mail: { to: string; lang: Locale; template: T; data: MailTemplates[T]; replyTo?: string | null; origin: string },
) {
  const rendered = renderMail(mail.template, mail.data, mail.lang, mail.origin);
  const [row] = await insertOutboxMessages(db, [{ to: mail.to, replyTo: mail.replyTo, template: mail.template, lang: mail.lang, ...rendered }]);
  return row!.id;
}

/** Back-off: 30 s, 1 min, 2 min … capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** Send what is due; returns how many were sent. */
export async function deliverDueMail(db: Database, transport: MailTransport, opts: { from: string; log: Logger; batch?: number }): Promise<number> {
  const due = await claimDueMessages(db, { limit: opts.batch ?? 20, staleAfterSeconds: 300 });
  let sent = 0;
  for (const message of due) {
    try {
      await transport.send({ id: message.id, from: opts.from, to: message.to_address, replyTo: message.reply_to, subject: message.subject, html: message.html, text: message.text });
      await markSent(db, { id: message.id });
      sent += 1;
      opts.log.info({ mailId: message.id, to: message.to_address, via: transport.describe }, "mail sent");
    } catch (err) {
      const attempts = message.attempts + 1;
      const retryAt = attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(attempts));
      await markFailedAttempt(db, { id: message.id, attempts, error: err instanceof Error ? err.message : String(err), retryAt });
      opts.log.warn({ mailId: message.id, attempts, err }, retryAt ? "mail not sent, will retry" : "mail failed for good");
    }
  }
  return sent;
}
