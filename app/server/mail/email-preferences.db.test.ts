// E-mail preferences in the outbox (decision 038): queueMail skips a notification of a kind its
// address opted out of and never a transactional e-mail; a notification carries its kind, its
// List-Unsubscribe value and the footer's links, and leaves through the real SMTP server (and
// as an .eml file) with exactly the two unsubscribe headers; transactional mail with neither.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { readMails, startSmtpCapture } from "../../../tests/support/smtp-capture.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { deliverDueMail, queueMail } from "./outbox.service.ts";
import { createTransport } from "./transport.ts";
import { setMailSender } from "./sender.ts";
import { readUnsubscribeToken, signUnsubscribeToken, unsubscribeSecret } from "./unsubscribe-token.ts";
import { TEMPLATE_KINDS } from "./templates.ts";

const t = useTestDatabase();
const log = pino({ level: "silent" });
const from = "Stockspace <no-reply@stockspace.test>";
const origin = "https://stockspace.test";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "eprefs-test-"));
const smtpDir = path.join(work, "smtp");
let smtp: { port: number; close: () => Promise<void> };

beforeAll(async () => {
  setMailSender(from);
  smtp = await startSmtpCapture(smtpDir);
});
afterAll(async () => {
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom("mail_outbox").execute();
  await t.db.deleteFrom("email_opt_outs").execute();
});

/** A notification of kind "requests" (a referent given a warehouse). */
const notification = (to: string, lang: "it" | "en" = "it") => ({
  to,
  lang,
  template: "referent_assigned" as const,
  data: { firstName: "Ada", warehouse: { name: "Magazzino Nord", city: "Verona" }, link: `${origin}/${lang}/referent/profile/warehouses/1` },
  origin,
});
/** A transactional e-mail to the same address. */
const transactional = (to: string) => ({
  to,
  lang: "it" as const,
  template: "password_reset" as const,
  data: { firstName: "Ada", link: `${origin}/it/reset-password/1?rpt_token=abc`, minutes: 60 },
  origin,
});

const optOut = (email: string, kind: "requests" | "deal" | "reminders" | "alerts" | "news", via: "preferences" | "one_click" = "one_click") =>
  t.db.insertInto("email_opt_outs").values({ email, kind, via }).execute();

const outboxRow = (id: number) => t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("queueMail and the opt-outs", () => {
  it("the templates' kinds are the decision's: the deal, requests, reminders; codes and passwords have none", () => {
    expect(TEMPLATE_KINDS).toMatchObject({
      deal_step: "deal",
      quote_request_received: "requests",
      spaces_reminder: "reminders",
      password_reset: null,
      confirm_code: null,
    });
  });

  it("queues nothing of a kind the address opted out of (any case of the address), but still its transactional mail", async () => {
    await optOut("ada.optout@example.com", "requests");
    const skipped = await t.db.transaction().execute((trx) => queueMail(trx, notification("Ada.OptOut@Example.com")));
    expect(skipped).toBeNull();
    const sent = await queueMail(t.db, transactional("Ada.OptOut@Example.com"));
    expect(sent).toEqual(expect.any(Number));
    const rows = await t.db.selectFrom("mail_outbox").select(["id", "template", "kind", "list_unsubscribe"]).execute();
    expect(rows).toEqual([{ id: sent, template: "password_reset", kind: null, list_unsubscribe: null }]);
    // Another kind of the same address, and the same kind of another address, still go.
    await optOut("ada.optout@example.com", "deal");
    expect(await queueMail(t.db, notification("someone.else@example.com"))).toEqual(expect.any(Number));
    await t.db.deleteFrom("email_opt_outs").where("kind", "=", "requests").execute();
    expect(await queueMail(t.db, notification("ada.optout@example.com"))).toEqual(expect.any(Number));
  });

  it("stores the kind and the List-Unsubscribe value: the one-click link in the mail's language and a mailto to the sender", async () => {
    const id = (await queueMail(t.db, notification("Visitor@Example.com", "en")))!;
    const row = await outboxRow(id);
    const secret = await unsubscribeSecret(t.db);
    const token = signUnsubscribeToken(secret, "visitor@example.com", "requests");
    expect(row.kind).toBe("requests");
    expect(row.list_unsubscribe).toBe(`<${origin}/en/unsubscribe/${token}>, <mailto:no-reply@stockspace.test?subject=unsubscribe%20${token}>`);
    expect(readUnsubscribeToken(secret, token)).toEqual({ email: "visitor@example.com", kind: "requests" });
  });

  it("the footer links a user's preferences to their area's data page, an address without an area to the unsubscribe page", async () => {
    const hunter = await makeUser(t.db, { role: "stock_hunter", email: "Footer.Hunter@example.com" });
    const secret = await unsubscribeSecret(t.db);
    const hunterRow = await outboxRow((await queueMail(t.db, notification(hunter.email, "it")))!);
    const hunterToken = signUnsubscribeToken(secret, hunter.email, "requests");
    expect(hunterRow.html).toContain(`href="${origin}/it/stock-hunter/profile/data#email-preferences"`);
    expect(hunterRow.html).toContain(`href="${origin}/it/unsubscribe/${hunterToken}"`);
    expect(hunterRow.html).toContain("Scegli quali e-mail ricevere");
    expect(hunterRow.html).toContain("Annulla l&#39;iscrizione a queste e-mail");
    expect(hunterRow.text).toContain(`Scegli quali e-mail ricevere: ${origin}/it/stock-hunter/profile/data#email-preferences`);
    expect(hunterRow.text).toContain(`Annulla l'iscrizione a queste e-mail: ${origin}/it/unsubscribe/${hunterToken}`);
    expect(hunterRow.text).toContain("Ricevi e-mail su richieste di preventivo e relative risposte.");

    const stockerRow = await outboxRow((await queueMail(t.db, notification((await makeUser(t.db, { role: "stocker" })).email, "en")))!);
    expect(stockerRow.text).toMatch(new RegExp(`^Choose which e-mails you get: ${origin}/en/stocker/profile/data#email-preferences$`, "m"));
    expect(stockerRow.text).toContain("You get e-mails about quote requests and their answers.");
    const referentRow = await outboxRow((await queueMail(t.db, notification((await makeUser(t.db, { role: "referent" })).email, "en")))!);
    expect(referentRow.text).toContain(`${origin}/en/referent/profile/data#email-preferences`);

    // A visitor, an administrator (no area of their own) and a deactivated user: the unsubscribe page twice.
    for (const to of [
      "nobody@example.com",
      (await makeUser(t.db, { role: "admin" })).email,
      (await makeUser(t.db, { role: "stocker", active: false })).email,
    ]) {
      const row = await outboxRow((await queueMail(t.db, notification(to, "en")))!);
      const link = `${origin}/en/unsubscribe/${signUnsubscribeToken(secret, to, "requests")}`;
      expect(row.text).toContain(`Choose which e-mails you get: ${link}`);
      expect(row.text).toContain(`Unsubscribe from these e-mails: ${link}`);
      expect(row.html).not.toContain("/profile/data");
    }

    // Transactional mail: no preferences, no unsubscribe.
    const plain = await outboxRow(await queueMail(t.db, transactional(hunter.email)));
    expect(plain.html).not.toContain("unsubscribe");
    expect(plain.text).not.toContain("unsubscribe");
    expect(plain.text).not.toContain("Scegli quali e-mail");
  });
});

/** The header block of a raw message, unfolded, as its lines. */
function headerLines(raw: string): string[] {
  const head = raw.trimStart().split(/\r?\n\r?\n/, 1)[0]!;
  return head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
}

describe("the unsubscribe headers on the wire", () => {
  it("a notification carries List-Unsubscribe and List-Unsubscribe-Post through SMTP, byte for byte; a transactional e-mail neither", async () => {
    const kinded = (await queueMail(t.db, notification("wire.kinded@example.com", "en")))!;
    await queueMail(t.db, transactional("wire.plain@example.com"));
    const expected = (await outboxRow(kinded)).list_unsubscribe!;
    const transport = createTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: path.join(work, "unused") });
    try {
      expect(await deliverDueMail(t.db, transport, { from, log })).toBe(2);
    } finally {
      transport.close();
    }
    const caught = await readMails(smtpDir);
    // A line break before the first header too, so each header is found as a whole line.
    const rawOf = (to: string) => `\r\n${fs.readFileSync(path.join(smtpDir, caught.find((m) => m.to.includes(to))!.file), "latin1")}`;
    const kindedRaw = rawOf("wire.kinded@example.com");
    // Exactly these bytes, each on one line of its own (CRLF as SMTP carries it).
    expect(kindedRaw).toContain(`\r\nList-Unsubscribe: ${expected}\r\n`);
    expect(kindedRaw).toContain("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(headerLines(kindedRaw).filter((line) => /^list-unsubscribe/i.test(line))).toHaveLength(2);
    expect(headerLines(rawOf("wire.plain@example.com")).filter((line) => /^list-unsubscribe/i.test(line))).toEqual([]);
  });

  it("the .eml file transport writes the same headers", async () => {
    const kinded = (await queueMail(t.db, notification("file.kinded@example.com")))!;
    const mailDir = path.join(work, "files");
    expect(await deliverDueMail(t.db, createTransport({ smtpUrl: undefined, mailDir }), { from, log })).toBe(1);
    const [file] = fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml"));
    const raw = `\n${fs.readFileSync(path.join(mailDir, file!), "latin1")}`;
    expect(raw).toContain(`\nList-Unsubscribe: ${(await outboxRow(kinded)).list_unsubscribe}\n`);
    expect(raw).toContain("\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n");
  });
});

describe("the token", () => {
  it("names one address and one kind; an altered address, kind or signature, or another secret's token, is refused", async () => {
    const secret = await unsubscribeSecret(t.db);
    expect(await unsubscribeSecret(t.db)).toBe(secret);
    const token = signUnsubscribeToken(secret, " Ada@Example.com ", "alerts");
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.alerts\.[A-Za-z0-9_-]{22}$/);
    expect(readUnsubscribeToken(secret, token)).toEqual({ email: "ada@example.com", kind: "alerts" });
    const [address, , mac] = token.split(".");
    // Another kind with this address's signature.
    expect(readUnsubscribeToken(secret, `${address}.news.${mac}`)).toBeNull();
    // Another address with this signature.
    expect(readUnsubscribeToken(secret, `${Buffer.from("eve@example.com").toString("base64url")}.alerts.${mac}`)).toBeNull();
    // The same address upper-cased (not how a token spells it), a signature changed by one character, cut or padded.
    expect(readUnsubscribeToken(secret, `${Buffer.from("ADA@example.com").toString("base64url")}.alerts.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${address}.alerts.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${address}.alerts.${mac!.slice(0, -2)}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${address}.alerts.${mac}AA`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${address}.unknown.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(secret, "x".repeat(5000))).toBeNull();
    expect(readUnsubscribeToken(secret, "")).toBeNull();
    expect(readUnsubscribeToken("another secret", token)).toBeNull();
  });
});
