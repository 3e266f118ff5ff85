// Where mail goes: SMTP (SMTP_URL) through nodemailer, or, without SMTP_URL, .eml files
// under DATA_DIR/mail (development), so every message can be opened and read.
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export type MailEnvelope = { from: string; to: string; replyTo?: string | null; subject: string; html: string; text: string; id: number };
export type MailTransport = { send: (mail: MailEnvelope) => Promise<void>; describe: string; close: () => void };

export function createTransport(config: Pick<Config, "smtpUrl" | "mailDir">): MailTransport {
  if (config.smtpUrl) {
    // Timeouts well under the outbox's 5-minute claim, so a hung server cannot make a
    // claimed message look abandoned (and be sent twice) while it is still being sent.
    const transporter = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    return {
      describe: `SMTP ${new URL(config.smtpUrl).host}`,
      send: async (mail) => {
        await transporter.sendMail({ from: mail.from, to: mail.to, replyTo: mail.replyTo ?? undefined, subject: mail.subject, html: mail.html, text: mail.text, messageId: undefined });
      },
      close: () => transporter.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${config.mailDir}`,
    send: async (mail) => {
      const info = await files.sendMail({ from: mail.from, to: mail.to, replyTo: mail.replyTo ?? undefined, subject: mail.subject, html: mail.html, text: mail.text });
      fs.mkdirSync(config.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      fs.writeFileSync(path.join(config.mailDir, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
    close: () => files.close(),
  };
}
