// Where mail goes: SMTP (SMTP_URL) through nodemailer, or, without SMTP_URL, .eml files
// under DATA_DIR/mail (development), so every message can be opened and read.
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export type MailEnvelope = {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  id: number;
  messageId?: string;
  /** A notification's List-Unsubscribe value (outbox.list_unsubscribe); null or absent for transactional mail. */
  listUnsubscribe?: string | null;
};

/**
 * The unsubscribe headers of a notification (RFC 2369 and RFC 8058's one-click): the value
 * kept in the outbox, written as it is (`prepared`: nodemailer would otherwise fold the line
 * between the two links), and the one-click POST's body. Nothing for transactional mail.
 */
export function unsubscribeHeaders(mail: Pick<MailEnvelope, "listUnsubscribe">) {
  if (!mail.listUnsubscribe) return undefined;
  // Printable ASCII only, as a header written as it is must be; anything else is left to nodemailer's encoding.
  const prepared = /^[\x20-\x7e]+$/.test(mail.listUnsubscribe);
  return {
    "List-Unsubscribe": prepared ? { prepared: true, value: mail.listUnsubscribe } : mail.listUnsubscribe,
    "List-Unsubscribe-Post": { prepared: true, value: "List-Unsubscribe=One-Click" },
  };
}
export type MailTransport = {
  /** Resolves once the server accepted the message; rejects when it refused it or `signal` aborted. */
  send: (mail: MailEnvelope, opts?: { signal?: AbortSignal }) => Promise<void>;
  /** How many sends the transport serves at once: more would only wait in its queue. */
  parallel: number;
  describe: string;
  close: () => void;
};

/** Pooled SMTP connections: sends beyond this many wait for a free connection. */
export const SMTP_CONNECTIONS = 4;

export function createTransport(config: Pick<Config, "smtpUrl" | "mailDir">): MailTransport {
  if (config.smtpUrl) {
    // Socket timeouts only notice a silent server; the outbox also gives each send an
    // overall deadline (an abort signal) that ends it well before its claim goes stale.
    // maxMessages rotates connections, as servers often cap messages per connection.
    const transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      maxMessages: 100,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      describe: `SMTP ${new URL(config.smtpUrl).host} (${SMTP_CONNECTIONS} pooled connections)`,
      parallel: SMTP_CONNECTIONS,
      send: async (mail, opts) => {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          headers: unsubscribeHeaders(mail),
          signal: opts?.signal,
        });
      },
      close: () => transporter.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${config.mailDir}`,
    parallel: 1,
    send: async (mail) => {
      const info = await files.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: unsubscribeHeaders(mail),
      });
      fs.mkdirSync(config.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      fs.writeFileSync(path.join(config.mailDir, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
    close: () => files.close(),
  };
}
