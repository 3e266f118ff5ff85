// E-mail that is never lost: the outbox is written in the transaction of the change, the
// worker sends through a real SMTP server, retries with back-off, gives up after 10 tries,
// and two workers never send the same message twice; fast: pooled connections, concurrent
// sends, batch after batch, and no claim goes stale while its message is being sent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { readMails, startSmtpCapture } from "../../../tests/support/smtp-capture.ts";
import { deliverAllDueMail, deliverBatch, deliverDueMail, MAX_ATTEMPTS, queueMail, retryDelayMs } from "./outbox.service.ts";
import { claimDueMessages, insertOutboxMessages } from "./outbox.queries.ts";
import { createTransport, SMTP_CONNECTIONS, type MailEnvelope, type MailTransport } from "./transport.ts";
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

const codeMail = (to: string) => ({
  to,
  lang: "it" as const,
  template: "confirm_code" as const,
  data: { firstName: "Ada", code: "482913", minutes: 15, link: `${origin}/it/confirm-code` },
  origin,
});

function fakeTransport(behaviour: (mail: MailEnvelope) => Promise<void>, parallel = 1): MailTransport & { sent: MailEnvelope[] } {
  const sent: MailEnvelope[] = [];
  return {
    sent,
    describe: "fake",
    parallel,
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
    expect(
      await deliverDueMail(
        t.db,
        fakeTransport(async () => {}),
        { from, log },
      ),
    ).toBe(0);
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
      await t.db
        .updateTable("mail_outbox")
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .execute();
      await deliverDueMail(t.db, failing, { from, log });
    }
    row = await t.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    await t.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
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
    await t.db
      .updateTable("mail_outbox")
      .set({ status: "sending", next_attempt_at: new Date(Date.now() + 60_000) })
      .execute();
    const transport = fakeTransport(async () => {});
    expect(await deliverDueMail(t.db, transport, { from, log })).toBe(0);
    await t.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await deliverDueMail(t.db, transport, { from, log })).toBe(1);
    // A crash between the server's answer and the 'sent' mark repeats the message, with the
    // same Message-ID, so the recipient's system can tell it is the same message.
    await t.db
      .updateTable("mail_outbox")
      .set({ status: "sending", next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await deliverDueMail(t.db, transport, { from, log })).toBe(1);
    const [first, again] = transport.sent.map((m) => m.messageId);
    expect(first).toMatch(/^<outbox\.\d+\.\d+@stockspace\.test>$/);
    expect(again).toBe(first);
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

/** An SMTP server that records what it receives (who, which Message-ID, on which connection) and how many messages it was taking at once. */
async function startRecordingSmtp(opts: { answerDelayMs?: number; neverAnswer?: boolean; rejectRecipients?: boolean } = {}) {
  const received: { to: string; messageId: string; connection: string }[] = [];
  let inData = 0;
  let maxInData = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!opts.rejectRecipients) return callback();
      callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      inData += 1;
      maxInData = Math.max(maxInData, inData);
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (opts.neverAnswer) return;
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          to: session.envelope.rcptTo.map((a) => a.address).join(","),
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "",
          connection: session.id,
        });
        setTimeout(() => {
          inData -= 1;
          callback();
        }, opts.answerDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    maxInData: () => maxInData,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function queueMany(count: number, prefix: string) {
  await t.db.transaction().execute(async (trx) => {
    const rendered = renderMail("confirm_code", codeMail("x").data, "it", origin);
    const rows = Array.from({ length: count }, (_, i) => ({ to: `${prefix}-${i}@example.com`, template: "confirm_code", lang: "it" as const, ...rendered }));
    await insertOutboxMessages(trx, rows);
  });
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
}

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

describe("the outbox at volume", () => {
  it("sends 300 messages through pooled connections, several at once, each exactly once, in one run", async () => {
    const server = await startRecordingSmtp({ answerDelayMs: 2 });
    const addresses = await queueMany(300, "bulk");
    const transport = createTransport({ smtpUrl: server.url, mailDir: path.join(work, "unused") });
    try {
      // One run of the job: batch after batch (100 each) until the outbox is empty.
      expect(await deliverAllDueMail(t.db, transport, { from, log })).toBe(300);
    } finally {
      transport.close();
      await server.close();
    }
    const rows = await t.db.selectFrom("mail_outbox").select(["status", "attempts"]).execute();
    expect(rows.filter((r) => r.status === "sent" && r.attempts === 0)).toHaveLength(300);
    expect(server.received.map((r) => r.to).sort()).toEqual([...addresses].sort());
    expect(new Set(server.received.map((r) => r.messageId)).size).toBe(300);
    // Concurrent, but never more sends than pooled connections.
    expect(server.maxInData()).toBeGreaterThan(1);
    expect(server.maxInData()).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    // Pooled: a handful of connections, each carrying many messages (at most 100).
    const perConnection = new Map<string, number>();
    for (const r of server.received) perConnection.set(r.connection, (perConnection.get(r.connection) ?? 0) + 1);
    expect(perConnection.size).toBeLessThanOrEqual(2 * SMTP_CONNECTIONS);
    expect(Math.max(...perConnection.values())).toBeLessThanOrEqual(100);
  });

  it("two app instances, each with its own pool, never send one message twice", async () => {
    const server = await startRecordingSmtp({ answerDelayMs: 1 });
    const addresses = await queueMany(200, "pair");
    const a = createTransport({ smtpUrl: server.url, mailDir: path.join(work, "unused") });
    const b = createTransport({ smtpUrl: server.url, mailDir: path.join(work, "unused") });
    try {
      const [sentA, sentB] = await Promise.all([deliverAllDueMail(t.db, a, { from, log, batch: 25 }), deliverAllDueMail(t.db, b, { from, log, batch: 25 })]);
      expect(sentA + sentB).toBe(200);
      expect(sentA).toBeGreaterThan(0);
      expect(sentB).toBeGreaterThan(0);
    } finally {
      a.close();
      b.close();
      await server.close();
    }
    expect(server.received.map((r) => r.to).sort()).toEqual([...addresses].sort());
  });

  it("starts no send that could outlive its claim: the claim is fresh at the end of every send, the rest is handed back", async () => {
    const addresses = await queueMany(80, "slow");
    const byAddress = new Map((await t.db.selectFrom("mail_outbox").select(["id", "to_address"]).execute()).map((r) => [r.to_address, r.id]));
    const sentIds: number[] = [];
    const staleAtEnd: number[] = [];
    let firstSendStarted!: () => void;
    const claimed = new Promise<void>((resolve) => (firstSendStarted = resolve));
    const slow = fakeTransport(async (mail) => {
      firstSendStarted();
      await new Promise((r) => setTimeout(r, 60));
      const row = await t.db
        .selectFrom("mail_outbox")
        .select((eb) => ["status", eb(eb.ref("next_attempt_at"), ">", new Date()).as("fresh")])
        .where("id", "=", mail.id)
        .executeTakeFirstOrThrow();
      if (row.status !== "sending" || !row.fresh) staleAtEnd.push(mail.id);
      sentIds.push(mail.id);
    }, 2);
    // A second instance polling all along: it may only take what the first handed back.
    const rival = fakeTransport(async (mail) => {
      sentIds.push(mail.id);
    });
    // Claim 2 s, sends of at most 0.6 s, 0.2 s to record them: nothing starts after 1.2 s.
    const first = deliverBatch(t.db, slow, { from, log, batch: 80, claimSeconds: 2, sendTimeoutMs: 600 });
    await claimed;
    let running = true;
    const rivalRuns = (async () => {
      while (running) {
        await deliverDueMail(t.db, rival, { from, log, batch: 80, claimSeconds: 2, sendTimeoutMs: 600 });
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    const result = await first;
    running = false;
    await rivalRuns;
    expect(result.claimed).toBe(80);
    expect(result.sent).toBe(slow.sent.length);
    expect(result.released).toBeGreaterThan(0);
    expect(result.sent + result.released).toBe(80);
    expect(result.failed).toBe(0);
    expect(staleAtEnd).toEqual([]);
    expect(new Set(sentIds).size).toBe(sentIds.length);
    // Handed back: due again, with no attempt counted; whatever the rival has not sent yet is pending.
    const rows = await t.db.selectFrom("mail_outbox").select(["id", "status", "attempts"]).execute();
    expect(rows.every((r) => r.attempts === 0 && (r.status === "sent" || r.status === "pending"))).toBe(true);
    expect(await deliverAllDueMail(t.db, rival, { from, log })).toBe(rows.filter((r) => r.status === "pending").length);
    expect(sentIds.sort((x, y) => x - y)).toEqual(addresses.map((a) => byAddress.get(a)!).sort((x, y) => x - y));
  });

  it("leaves a message alone once another deliverer holds a newer claim on it (its outcome wins)", async () => {
    await queueMany(2, "taken");
    const { log: captured, lines } = logCapture();
    const retaken = new Date(Date.now() + 600_000);
    // While each send runs, its claim is taken over, as if it had gone stale and a rival had claimed it.
    const takeOver = async (mail: MailEnvelope) => {
      await t.db.updateTable("mail_outbox").set({ status: "sending", next_attempt_at: retaken }).where("id", "=", mail.id).execute();
    };
    expect(await deliverDueMail(t.db, fakeTransport(takeOver), { from, log: captured, batch: 1 })).toBe(0);
    const failing = fakeTransport(async (mail) => {
      await takeOver(mail);
      throw new Error("451 try later");
    });
    expect(await deliverDueMail(t.db, failing, { from, log: captured, batch: 1 })).toBe(0);
    const rows = await t.db.selectFrom("mail_outbox").select(["status", "attempts", "next_attempt_at", "last_error"]).execute();
    expect(rows).toEqual([
      { status: "sending", attempts: 0, next_attempt_at: retaken, last_error: null },
      { status: "sending", attempts: 0, next_attempt_at: retaken, last_error: null },
    ]);
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(["mail claim lost before the mail was marked sent", "mail claim lost before its failure was recorded"]),
    );
  });

  it("abandons a send to a server that never answers at its deadline, before the claim goes stale, and retries it later", async () => {
    const server = await startRecordingSmtp({ neverAnswer: true });
    await queueMail(t.db, codeMail("silent@example.com"));
    const transport = createTransport({ smtpUrl: server.url, mailDir: path.join(work, "unused") });
    const started = Date.now();
    try {
      expect(await deliverDueMail(t.db, transport, { from, log, claimSeconds: 5, sendTimeoutMs: 800 })).toBe(0);
    } finally {
      transport.close();
      await server.close();
    }
    expect(Date.now() - started).toBeLessThan(4_000);
    const row = await t.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "no answer within 0.8 s" });
    expect(row.next_attempt_at.getTime()).toBeGreaterThanOrEqual(started + 29_000);
  });

  it("ends a run at a batch that sent nothing (server down), so the back-off is not hammered through", async () => {
    await queueMany(30, "down");
    const failing = fakeTransport(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    });
    expect(await deliverAllDueMail(t.db, failing, { from, log, batch: 10 })).toBe(0);
    const rows = await t.db.selectFrom("mail_outbox").select(["status", "attempts"]).execute();
    expect(rows.filter((r) => r.attempts === 1 && r.status === "pending")).toHaveLength(10);
    expect(rows.filter((r) => r.attempts === 0)).toHaveLength(20);
  });

  it("claims no more than a batch, whatever plan the table's statistics lead PostgreSQL to", async () => {
    // Statistics taken just after a backlog was cleared (autovacuum takes them when it likes, so
    // in a loaded test run between two tests) say "no rows": PostgreSQL then plans a nested loop
    // that runs the claim's locking subquery again for every row, each run skips the rows the
    // statement already claimed and locks the next ones, and a claim of 10 took all 30.
    await queueMany(300, "backlog");
    await t.db.deleteFrom("mail_outbox").execute();
    await sql`analyze mail_outbox`.execute(t.db);
    await queueMany(30, "due");
    const claim = await claimDueMessages(t.db, { limit: 10, staleAfterSeconds: 300 });
    expect(claim.messages).toHaveLength(10);
    const rows = await t.db.selectFrom("mail_outbox").select("status").execute();
    expect(rows.filter((r) => r.status === "sending")).toHaveLength(10);
  });

  it("on stop starts no new send and hands the unstarted messages back at once", async () => {
    await queueMany(20, "stop");
    const stopping = new AbortController();
    const transport = fakeTransport(async () => {
      if (transport.sent.length === 2) stopping.abort();
    });
    expect(await deliverAllDueMail(t.db, transport, { from, log, batch: 20, signal: stopping.signal })).toBe(3);
    const rows = await t.db.selectFrom("mail_outbox").select(["status", "attempts", "next_attempt_at"]).execute();
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(3);
    const back = rows.filter((r) => r.status === "pending");
    expect(back).toHaveLength(17);
    expect(back.every((r) => r.attempts === 0 && r.next_attempt_at.getTime() <= Date.now())).toBe(true);
  });

  it("logs the message id, never the recipient's address", async () => {
    const { log: captured, lines } = logCapture();
    const mailId = await queueMail(t.db, codeMail("private.person@example.com"));
    const ok = createTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: path.join(work, "unused") });
    try {
      expect(await deliverDueMail(t.db, ok, { from, log: captured })).toBe(1);
    } finally {
      ok.close();
    }
    const refusing = await startRecordingSmtp({ rejectRecipients: true });
    const refusedId = await queueMail(t.db, codeMail("other.person@example.com"));
    const transport = createTransport({ smtpUrl: refusing.url, mailDir: path.join(work, "unused") });
    try {
      expect(await deliverDueMail(t.db, transport, { from, log: captured })).toBe(0);
    } finally {
      transport.close();
      await refusing.close();
    }
    expect(lines.find((l) => l.msg === "mail sent")).toMatchObject({ mailId });
    expect(lines.find((l) => l.msg === "mail not sent, will retry")).toMatchObject({ mailId: refusedId, attempts: 1, error: { responseCode: 550 } });
    const all = JSON.stringify(lines);
    expect(all).not.toContain("private.person");
    expect(all).not.toContain("other.person");
    expect(all).toContain("[address]");
    // The operator still finds the server's full answer in the outbox.
    const refused = await t.db.selectFrom("mail_outbox").select("last_error").where("id", "=", refusedId).executeTakeFirstOrThrow();
    expect(refused.last_error).toContain("other.person@example.com");
  });
});

describe("the templates", () => {
  const samples: { [K in keyof MailTemplates]?: MailTemplates[K] } = {
    confirm_code: { firstName: "Ada", code: "123456", minutes: 15, link: `${origin}/en/confirm-code?email=ada%40example.com` },
    invitation: { invitedBy: "Paolo Verdi (Verdi Srl)", role: "referent", link: `${origin}/it/complete-account/7?u_token=abc`, days: 7 },
    password_reset: { firstName: null, link: `${origin}/it/reset-password/7?rpt_token=abc`, minutes: 60 },
    support_request: {
      id: 3,
      name: "Carla Rossi",
      businessName: "Rossi Srl",
      email: "carla@example.com",
      message: "Aiuto",
      userAgent: "UA",
      userId: null,
      lang: "it",
    },
    stocker_request_received: { firstName: null, businessName: "Verdi Srl", warehouseName: "Stocker 12" },
    stocker_request_admin: {
      businessName: "Verdi Srl",
      vat: "0123",
      email: "v@example.com",
      place: "Via Roma 1 20100 Milano (MI) Italia",
      warehouse: null,
      link: `${origin}/admin`,
    },
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
