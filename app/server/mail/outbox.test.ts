// E-mail that is never lost: the outbox is written in the transaction of the change, the
// worker sends through a real SMTP server, retries with back-off, gives up after 10 tries,
// and two workers never send the same message twice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { readMails, startSmtpCapture } from "../../../tests/support/smtp-capture.ts";
import { deliverDueMail, MAX_ATTEMPTS, queueMail, retryDelayMs } from "./outbox.service.ts";
import { createTransport, type MailEnvelope, type MailTransport } from "./transport.ts";
import { renderMail, type MailTemplates } from "./templates.ts";

const t = useTestDatabase();
const log = pino({ level: "silent" });
const from = "Stockspace <no-reply@stockspace.test>";
const origin = "http://stockspace.test";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-test-"));
let smtp: { port: number; close: () => Promise<void> };

beforeAll(async () => {
  smtp = await startSmtpCapture(path.join(work, "smtp"));
});
afterAll(async () => {
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom("mail_outbox").execute();
});

const codeMail = (to: string) => ({ to, lang: "it" as const, template: "confirm_code" as const, data: { firstName: "Ada", code: "482913", minutes: 15, link: `${origin}/it/confirm-code` }, origin });

function fakeTransport(behaviour: (mail: MailEnvelope) => Promise<void>): MailTransport & { sent: MailEnvelope[] } {
  const sent: MailEnvelope[] = [];
  return {
    sent,
    describe: "fake",
    close: () => {},
    send: async (mail) => {
      await behaviour(mail);
      sent.push(mail);
    },
  };
}

describe("the outbox", () => {
  it("keeps nothing from a transaction that rolls back, so nothing is sent", async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueMail(trx, codeMail("rollback@example.com"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const transport = fakeTransport(async () => {});
    expect(await deliverDueMail(t.db, transport, { from, log })).toBe(0);
    expect(transport.sent).toEqual([]);
    expect(await t.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });

  it("delivers through a real SMTP server and marks the message sent", async () => {
    await t.db.transaction().execute((trx) => queueMail(trx, { ...codeMail("smtp@example.com"), replyTo: "reply@example.com" }));
    const transport = createTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: path.join(work, "unused") });
    try {
      expect(await deliverDueMail(t.db, transport, { from, log })).toBe(1);
    } finally {
      transport.close();
    }
    const row = await t.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 0, last_error: null });
    expect(row.sent_at).not.toBeNull();
    const caught = (await readMails(path.join(work, "smtp"))).filter((m) => m.to.includes("smtp@example.com"));
    expect(caught).toHaveLength(1);
    expect(caught[0]!.subject).toBe("Il tuo codice di conferma Stockspace");
    expect(caught[0]!.text).toContain("482913");
    expect(caught[0]!.html).toContain("482913");
    // Sent once: the next run finds nothing due.
    expect(await deliverDueMail(t.db, fakeTransport(async () => {}), { from, log })).toBe(0);
  });

  it("writes .eml files under DATA_DIR/mail without SMTP_URL", async () => {
    await queueMail(t.db, codeMail("file@example.com"));
    const mailDir = path.join(work, "mail");
    const transport = createTransport({ smtpUrl: undefined, mailDir });
    expect(await deliverDueMail(t.db, transport, { from, log })).toBe(1);
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(mailDir, files[0]!), "utf8");
    expect(eml).toMatch(/^To: file@example.com$/m);
    expect(eml).toContain("482913");
  });

  it("retries a failed delivery with back-off, then gives up after 10 attempts", async () => {
    await queueMail(t.db, codeMail("down@example.com"));
    const failing = fakeTransport(async () => {
      throw new Error("421 service not available");
    });
    const before = Date.now();
    expect(await deliverDueMail(t.db, failing, { from, log })).toBe(0);
    let row = await t.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "421 service not available", sent_at: null });
    expect(row.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    // Not due yet: a second run does not touch it.
    expect(await deliverDueMail(t.db, failing, { from, log })).toBe(0);
    expect((await t.db.selectFrom("mail_outbox").select("attempts").executeTakeFirstOrThrow()).attempts).toBe(1);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.db.updateTable("mail_outbox").set({ next_attempt_at: new Date(Date.now() - 1000) }).execute();
      await deliverDueMail(t.db, failing, { from, log });
    }
    row = await t.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    await t.db.updateTable("mail_outbox").set({ next_attempt_at: new Date(Date.now() - 1000) }).execute();
    const working = fakeTransport(async () => {});
    await deliverDueMail(t.db, working, { from, log });
    expect(working.sent).toEqual([]);
  });

  it("backs off 30 s, 1 min, 2 min … up to 6 hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3600 * 1000);
  });

  it("picks up a message left 'sending' by a crash once its claim is stale", async () => {
    await queueMail(t.db, codeMail("crash@example.com"));
    await t.db.updateTable("mail_outbox").set({ status: "sending", next_attempt_at: new Date(Date.now() + 60_000) }).execute();
    const transport = fakeTransport(async () => {});
    expect(await deliverDueMail(t.db, transport, { from, log })).toBe(0);
    await t.db.updateTable("mail_outbox").set({ next_attempt_at: new Date(Date.now() - 1000) }).execute();
    expect(await deliverDueMail(t.db, transport, { from, log })).toBe(1);
  });

  it("two workers running at once never send the same message twice", async () => {
    for (let i = 0; i < 30; i++) await queueMail(t.db, codeMail(`many-${i}@example.com`));
    const sentIds: number[] = [];
    const slow = (mail: MailEnvelope) =>
      new Promise<void>((resolve) => {
        sentIds.push(mail.id);
        setTimeout(resolve, 5);
      });
    const a = fakeTransport(slow);
    const b = fakeTransport(slow);
    const results = await Promise.all([
      deliverDueMail(t.db, a, { from, log, batch: 20 }),
      deliverDueMail(t.db, b, { from, log, batch: 20 }),
      deliverDueMail(t.db, a, { from, log, batch: 20 }),
    ]);
    expect(results.reduce((x, y) => x + y, 0)).toBe(30);
    expect(new Set(sentIds).size).toBe(30);
    expect(sentIds).toHaveLength(30);
    const rows = await t.db.selectFrom("mail_outbox").select("status").execute();
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });
});

describe("the templates", () => {
  const samples: { [K in keyof MailTemplates]?: MailTemplates[K] } = {
    confirm_code: { firstName: "Ada", code: "123456", minutes: 15, link: `${origin}/en/confirm-code?email=ada%40example.com` },
    invitation: { firstName: "Bea", invitedBy: "Paolo Verdi (Verdi Srl)", role: "referent", link: `${origin}/it/complete-account/7?u_token=abc`, days: 7 },
    password_reset: { firstName: null, link: `${origin}/it/reset-password/7?rpt_token=abc`, minutes: 60 },
    support_request: { id: 3, name: "Carla Rossi", businessName: "Rossi Srl", email: "carla@example.com", message: "Aiuto", userAgent: "UA", userId: null, lang: "it" },
    stocker_request_received: { firstName: null, businessName: "Verdi Srl", warehouseName: "Stocker 12" },
    stocker_request_admin: { businessName: "Verdi Srl", vat: "0123", email: "v@example.com", place: "Via Roma 1 20100 Milano (MI) Italia", warehouse: null, link: `${origin}/admin` },
  };
  it("render every account e-mail in Italian and English, as HTML and text, with the product's look", () => {
    for (const [template, data] of Object.entries(samples)) {
      const it = renderMail(template as keyof MailTemplates, data as never, "it", origin);
      const en = renderMail(template as keyof MailTemplates, data as never, "en", origin);
      expect(it.subject).not.toBe(en.subject);
      for (const mail of [it, en]) {
        expect(mail.html).toMatch(/^<!doctype html>/);
        expect(mail.html).toContain("Stockspace");
        expect(mail.html).toContain("#0d2b5e"); // the brand colour of the header
        expect(mail.text).toContain("--");
        expect(mail.text.length).toBeGreaterThan(40);
      }
    }
    expect(renderMail("confirm_code", samples.confirm_code!, "en", origin).text).toMatch(/^123456$/m);
    expect(renderMail("invitation", samples.invitation!, "it", origin).text).toContain(`${origin}/it/complete-account/7?u_token=abc`);
  });
});
