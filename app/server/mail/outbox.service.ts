// E-mail that is never lost: a message is written to the outbox in the same transaction
// as the change that caused it (queueMail), and the worker (deliverAllDueMail) sends it after
// commit, retrying with back-off. A crash before sending leaves it in the outbox.
import type { Database } from "../db/database.ts";
import type { Locale } from "../../lib/locale.ts";
import type { Logger } from "pino";
import { renderMail, TEMPLATE_KINDS, type MailTemplates } from "./templates.ts";
import type { EmailKind } from "../db/types.ts";
import { notificationLinks } from "./email-preferences.service.ts";
import { claimDueMessages, insertOutboxMessages, markFailedAttempt, markSent, releaseClaimed, type ClaimedMessage } from "./outbox.queries.ts";
import type { MailTransport } from "./transport.ts";
import type { AppMetrics } from "../metrics/metrics.ts";

export const MAX_ATTEMPTS = 10;

/**
 * How the worker takes its work. A claim holds its messages for `claimSeconds`; every send
 * gets at most `sendTimeoutMs`, and none starts unless it can end, and its outcome be written,
 * before the claim goes stale: so while a message is being sent no other deliverer can take it.
 */
export const OUTBOX_DEFAULTS = { batch: 100, claimSeconds: 300, sendTimeoutMs: 90_000 };

export type DeliverOptions = {
  from: string;
  log: Logger;
  batch?: number;
  claimSeconds?: number;
  sendTimeoutMs?: number;
  /** Stop: no new send starts, unstarted messages are handed back at once. */
  signal?: AbortSignal;
  /** The app's counters of mail sent, failed attempts and mail failed for good. */
  metrics?: Pick<AppMetrics, "mailSent" | "mailSendErrors" | "mailFailed">;
};

export type BatchResult = { claimed: number; sent: number; failed: number; released: number };

/** What queueMail answers: the outbox id, or for a notification (a template with a kind) null when its address opted out of that kind. */
export type QueuedMail<T extends keyof MailTemplates> = (typeof TEMPLATE_KINDS)[T] extends null ? number : number | null;

/**
 * Queue one e-mail in the recipient's language. Pass the transaction (`trx`) of the change it
 * reports. A notification (its template has a kind, TEMPLATE_KINDS) is not queued when its
 * address opted out of the kind (decision 038); otherwise it carries its kind, its
 * List-Unsubscribe value and the footer's preferences links. Transactional mail is always queued.
 */
export async function queueMail<T extends keyof MailTemplates>(
  db: Database,
  mail: { to: string; lang: Locale; template: T; data: MailTemplates[T]; replyTo?: string | null; origin: string },
): Promise<QueuedMail<T>> {
  const kind: EmailKind | null = TEMPLATE_KINDS[mail.template];
  const links = kind ? await notificationLinks(db, { to: mail.to, kind, lang: mail.lang, origin: mail.origin }) : null;
  if (kind && !links) return null as QueuedMail<T>;
  const rendered = renderMail(mail.template, mail.data, mail.lang, mail.origin, links?.footer ?? null);
  const [row] = await insertOutboxMessages(db, [
    { to: mail.to, replyTo: mail.replyTo, template: mail.template, lang: mail.lang, kind, listUnsubscribe: links?.listUnsubscribe ?? null, ...rendered },
  ]);
  return row!.id as QueuedMail<T>;
}

/** Back-off: 30 s, 1 min, 2 min … capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/**
 * One Message-ID per outbox row, the same at every attempt: when at-least-once delivery
 * repeats a message (a crash between the server's answer and the 'sent' mark), the
 * recipient's system can tell the repeat is the same message.
 */
export function outboxMessageId(message: Pick<ClaimedMessage, "id" | "created_at">, from: string): string {
  const domain = /@([^@\s>]+)>?\s*$/.exec(from)?.[1] ?? "stockspace.local";
  return `<outbox.${message.id}.${message.created_at.getTime()}@${domain}>`;
}

/** SMTP answers quote the recipient ("550 <bob@…>: unknown user"); logs carry no addresses. */
function loggableError(err: unknown) {
  const e = err as { message?: unknown; code?: unknown; responseCode?: unknown };
  const message = (typeof e?.message === "string" ? e.message : String(err)).replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]");
  return { message, code: typeof e?.code === "string" ? e.code : undefined, responseCode: typeof e?.responseCode === "number" ? e.responseCode : undefined };
}

/** Send what is due, one claimed batch; returns how many were sent. */
export async function deliverDueMail(db: Database, transport: MailTransport, opts: DeliverOptions): Promise<number> {
  return (await deliverBatch(db, transport, opts)).sent;
}

/**
 * Send batch after batch while full batches keep coming and getting through (the job's run:
 * a backlog drains at the transport's speed, not one batch per tick); a batch that sent
 * nothing (server down) ends the run, so the next tick, not a tight loop, tries again.
 */
export async function deliverAllDueMail(db: Database, transport: MailTransport, opts: DeliverOptions): Promise<number> {
  const batch = opts.batch ?? OUTBOX_DEFAULTS.batch;
  let sent = 0;
  while (!opts.signal?.aborted) {
    const result = await deliverBatch(db, transport, opts);
    sent += result.sent;
    if (result.claimed < batch || result.sent === 0) break;
  }
  return sent;
}

/**
 * Claim up to `batch` due messages and send them, `transport.parallel` at a time.
 *
 * The claim goes stale `claimSeconds` after it was taken, and another deliverer may then take
 * its messages again; so every send is aborted after `sendTimeoutMs`, and a message is handed
 * to the transport only while its send can end before the claim does, with a margin left to
 * write its outcome. The rest is handed back (due now, no attempt counted). The clock starts
 * before the claim is asked for, so the deadlines here fall before PostgreSQL's.
 */
export async function deliverBatch(db: Database, transport: MailTransport, opts: DeliverOptions): Promise<BatchResult> {
  const claimMs = (opts.claimSeconds ?? OUTBOX_DEFAULTS.claimSeconds) * 1000;
  const sendTimeoutMs = opts.sendTimeoutMs ?? OUTBOX_DEFAULTS.sendTimeoutMs;
  const marginMs = Math.min(30_000, claimMs / 10);
  if (sendTimeoutMs + marginMs >= claimMs) throw new Error("the outbox's send timeout must be well under its claim");
  const started = performance.now();
  const lastStart = started + claimMs - marginMs - sendTimeoutMs;
  const claim = await claimDueMessages(db, { limit: opts.batch ?? OUTBOX_DEFAULTS.batch, staleAfterSeconds: claimMs / 1000 });
  const token = claim.token;
  if (!token) return { claimed: 0, sent: 0, failed: 0, released: 0 };

  const log = opts.log;
  const sentMarks = groupedSentMarks(db, token, log);
  const queue = [...claim.messages];
  const unstarted: number[] = [];
  let failed = 0;

  const sendOne = async (message: ClaimedMessage) => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`no answer within ${sendTimeoutMs / 1000} s`)), sendTimeoutMs);
    const envelope = {
      id: message.id,
      messageId: outboxMessageId(message, opts.from),
      from: opts.from,
      to: message.to_address,
      replyTo: message.reply_to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      listUnsubscribe: message.list_unsubscribe,
    };
    let failure: { cause: unknown } | null = null;
    try {
      // Also stop waiting for a transport that ignores the signal: the claim must not outlive the wait.
      await Promise.race([transport.send(envelope, { signal: deadline.signal }), rejectOnAbort(deadline.signal)]);
    } catch (err) {
      failure = { cause: deadline.signal.aborted ? deadline.signal.reason : err };
    } finally {
      clearTimeout(timer);
    }
    if (!failure) {
      log.info({ mailId: message.id, via: transport.describe }, "mail sent");
      opts.metrics?.mailSent.inc();
      sentMarks.add(message.id);
      return;
    }
    failed += 1;
    const attempts = message.attempts + 1;
    const retryAt = attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(attempts));
    opts.metrics?.mailSendErrors.inc();
    if (!retryAt) opts.metrics?.mailFailed.inc();
    const error = failure.cause instanceof Error ? failure.cause.message : String(failure.cause);
    try {
      const held = await markFailedAttempt(db, { id: message.id, token, attempts, error, retryAt });
      if (!held) log.warn({ mailId: message.id }, "mail claim lost before its failure was recorded");
    } catch (err) {
      log.error({ err, mailId: message.id }, "could not record a failed mail attempt; retried once its claim is stale");
    }
    log.warn({ mailId: message.id, attempts, error: loggableError(failure.cause) }, retryAt ? "mail not sent, will retry" : "mail failed for good");
  };

  const lane = async () => {
    for (let message = queue.shift(); message; message = queue.shift()) {
      if (opts.signal?.aborted || performance.now() > lastStart) {
        unstarted.push(message.id, ...queue.splice(0).map((m) => m.id));
        return;
      }
      await sendOne(message);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(transport.parallel, queue.length)) }, lane));

  let released = 0;
  if (unstarted.length) {
    try {
      released = await releaseClaimed(db, { ids: unstarted, token });
    } catch (err) {
      log.error({ err, count: unstarted.length }, "could not hand back unsent mail; taken again once its claim is stale");
    }
    log.info(
      { count: unstarted.length, stopping: opts.signal?.aborted ?? false },
      "mail handed back unsent (stopping, or its claim would go stale before a send could end)",
    );
  }
  const sent = await sentMarks.settle();
  return { claimed: claim.messages.length, sent, failed, released };
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
}

/**
 * Marks sent messages `sent` in groups: while one UPDATE is in flight the next ones collect,
 * so at high rates one statement marks many and at low rates each is marked at once. A crash
 * can repeat only the messages of the group being written, never a whole batch.
 */
function groupedSentMarks(db: Database, token: string, log: Logger) {
  let waiting: number[] = [];
  let writing: Promise<void> | null = null;
  let marked = 0;
  const write = async () => {
    while (waiting.length) {
      const ids = waiting;
      waiting = [];
      try {
        const n = await markSent(db, { ids, token });
        marked += n;
        if (n < ids.length) log.warn({ count: ids.length - n }, "mail claim lost before the mail was marked sent");
      } catch (err) {
        log.error({ err, mailIds: ids }, "could not mark mail sent; sent again once its claim is stale");
      }
    }
    writing = null;
  };
  return {
    add(id: number) {
      waiting.push(id);
      writing ??= write();
    },
    async settle() {
      while (writing) await writing;
      return marked;
    },
  };
}
