// The back office's undelivered e-mails: a message a real SMTP server refuses at every attempt
// fails for good and is listed with the server's answer; an administrator sends it again (back
// to pending, no attempt counted, due now; audited in the same transaction, without the body)
// and the worker delivers it through a working server. Only failed e-mails can be sent again;
// every role but the administrator is refused, on the JSON calls and on the page. The list sorts,
// filters by template and language, exports what it shows, and "send all again" acts on the
// filtered list.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { readMails, startSmtpCapture } from "../../../tests/support/smtp-capture.ts";
import { actorOf, makeUser } from "../../../tests/support/factories.ts";
import { callJson, testContext } from "../../../tests/support/endpoint.ts";
import type { User } from "../db/types.ts";
import { deliverDueMail, MAX_ATTEMPTS, queueMail } from "./outbox.service.ts";
import { createTransport } from "./transport.ts";
import { listFailedMail, resendAllFailedMail, resendFailedMail } from "./failed-mail.service.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { loader as failedApi, action as failedApiPost } from "../../routes/api/admin/emails.failed.ts";
import { action as resendApi, loader as resendApiGet } from "../../routes/api/admin/emails.resend.ts";
import { action as resendAllApi } from "../../routes/api/admin/emails.failed.resend.ts";
import { action as pageAction, loader as pageLoader } from "../../routes/admin/emails.tsx";
import { loader as exportLoader } from "../../routes/api/admin/export-failed-emails.ts";
import ExcelJS from "exceljs";

const t = useTestDatabase();
const log = pino({ level: "silent" });
const from = "Stockspace <no-reply@stockspace.test>";
const origin = "http://stockspace.test";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "failed-mail-test-"));
let capture: { port: number; close: () => Promise<void> };
let refusing: { url: string; close: () => Promise<void> };
let admin: User;

/** An SMTP server that refuses every recipient, as a mailbox that does not exist. */
async function startRefusingSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown in virtual mailbox table`), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  capture = await startSmtpCapture(path.join(work, "smtp"));
  refusing = await startRefusingSmtp();
  admin = await makeUser(t.db, { role: "admin", first_name: "Ada", last_name: "Admin" });
});
afterAll(async () => {
  await capture?.close();
  await refusing?.close();
  fs.rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom("mail_outbox").execute();
});

const codeMail = (to: string) => ({
  to,
  lang: "en" as const,
  template: "confirm_code" as const,
  data: { firstName: "Ada", code: "482913", minutes: 15, link: `${origin}/en/confirm-code` },
  origin,
});

/** Run the worker through `smtpUrl` until every due message has had `rounds` attempts (the back-off skipped). */
async function deliverThrough(smtpUrl: string, rounds = 1) {
  const transport = createTransport({ smtpUrl, mailDir: path.join(work, "unused") });
  try {
    for (let i = 0; i < rounds; i++) {
      await t.db
        .updateTable("mail_outbox")
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where("status", "=", "pending")
        .execute();
      await deliverDueMail(t.db, transport, { from, log });
    }
  } finally {
    transport.close();
  }
}

/** A message the refusing server turned down at every attempt: failed for good. */
async function failedForGood(to: string): Promise<number> {
  const id = await queueMail(t.db, codeMail(to));
  await deliverThrough(refusing.url, MAX_ATTEMPTS);
  return id;
}

/** Failed messages written directly (for lists and refusals that need no SMTP round). */
async function failedRows(count: number, to: (i: number) => string, createdAt?: (i: number) => Date) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push({
      to_address: to(i),
      subject: `Oggetto ${i}`,
      html: "<p>corpo segreto</p>",
      text: "corpo segreto",
      template: "confirm_code",
      lang: "it" as const,
      status: "failed" as const,
      attempts: MAX_ATTEMPTS,
      last_error: `550 refused ${i}`,
      last_error_at: new Date(),
      created_at: createdAt?.(i) ?? new Date(Date.now() - i * 60_000),
    });
  }
  const inserted = await t.db.insertInto("mail_outbox").values(rows).returning("id").execute();
  return inserted.map((r) => Number(r.id));
}

async function download(url: string, actor: User | null = admin) {
  return exportLoader({ request: new Request(`${origin}${url}`), params: {}, context: testContext(t.db, { actor: actor ? actorOf(actor) : null }) } as never);
}

const auditRows = (id: number) =>
  t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "mail_outbox").where("entity_id", "=", id).orderBy("id").execute();

function pageRequest(url: string, actor: User | null) {
  return pageLoader({
    request: new Request(`${origin}${url}`),
    params: {},
    context: testContext(t.db, { actor: actor ? actorOf(actor) : null }),
  } as never) as Promise<Awaited<ReturnType<typeof pageLoader>>>;
}

function pagePost(fields: Record<string, string>, actor: User | null, url = "/admin/emails") {
  const request = new Request(`${origin}${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return pageAction({ request, params: {}, context: testContext(t.db, { actor: actor ? actorOf(actor) : null }) } as never) as Promise<
    Awaited<ReturnType<typeof pageAction>>
  >;
}

describe("an e-mail that failed for good", () => {
  it("is listed with the server's answer, sent again (audited, without the body) and then delivered through a working server", async () => {
    const id = await failedForGood("nobody@example.com");
    const failed = await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.last_error_at).not.toBeNull();

    // The JSON list and the page show it, with the server's last answer.
    const listed = await callJson(failedApi, t.db, { method: "GET", path: "/api/admin/emails/failed", actor: actorOf(admin) });
    expect(listed.status).toBe(200);
    expect(listed.json.emails_count).toBe(1);
    expect(listed.json.emails[0]).toMatchObject({
      id,
      to_address: "nobody@example.com",
      subject: "Your Stockspace confirmation code",
      template: "confirm_code",
      lang: "en",
      kind: null,
      attempts: MAX_ATTEMPTS,
    });
    expect(listed.json.emails[0].last_error).toMatch(/550.*Recipient address rejected/);
    expect(listed.json.emails[0]).not.toHaveProperty("html");
    expect(listed.json.emails[0]).not.toHaveProperty("text");
    const page = await pageRequest("/admin/emails", admin);
    expect(page).toMatchObject({ emails_count: 1, page: 1, pages: 1, search: null, maxAttempts: MAX_ATTEMPTS, confirmAll: false });
    expect(page.emails[0]!.id).toBe(id);

    // Sent again: pending, no attempt counted, due now; one audit entry naming the recipient and the template only.
    const before = Date.now();
    const res = await callJson(resendApi, t.db, { path: `/api/admin/emails/${id}/resend`, params: { id: String(id) }, actor: actorOf(admin) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ email_id: id, to_address: "nobody@example.com" });
    const queued = await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ status: "pending", attempts: 0 });
    expect(queued.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(queued.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const [entry, ...more] = await auditRows(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: "email.resend",
      entity_type: "mail_outbox",
      details: { recipient: "nobody@example.com", template: "confirm_code" },
    });
    expect(JSON.stringify(entry!.details)).not.toContain("482913");
    expect((await listFailedMail(t.db, actorOf(admin), { filters: { search: null }, page: 0 })).emails_count).toBe(0);

    // The worker takes it at once, and a working server receives it.
    const transport = createTransport({ smtpUrl: `smtp://127.0.0.1:${capture.port}`, mailDir: path.join(work, "unused") });
    try {
      expect(await deliverDueMail(t.db, transport, { from, log })).toBe(1);
    } finally {
      transport.close();
    }
    const sent = await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: "sent", last_error: null, last_error_at: null });
    const caught = (await readMails(path.join(work, "smtp"))).filter((mail) => mail.to.includes("nobody@example.com"));
    expect(caught).toHaveLength(1);
    expect(caught[0]!.text).toContain("482913");
  });

  it("fails for good again when the server still refuses it, with a fresh count of attempts", async () => {
    const id = await failedForGood("still.nobody@example.com");
    await resendFailedMail(t.db, actorOf(admin), id);
    await deliverThrough(refusing.url, 1);
    expect(await t.db.selectFrom("mail_outbox").select(["status", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "pending",
      attempts: 1,
    });
    await deliverThrough(refusing.url, MAX_ATTEMPTS - 1);
    expect(await t.db.selectFrom("mail_outbox").select(["status", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "failed",
      attempts: MAX_ATTEMPTS,
    });
  });
});

describe("only failed e-mails are sent again", () => {
  it("refuses one that is pending, sending or sent (409 email_not_failed) and an unknown one (404); nothing changes, nothing is audited", async () => {
    const [id] = await failedRows(1, () => "x@example.com");
    for (const status of ["pending", "sending", "sent"] as const) {
      await t.db.updateTable("mail_outbox").set({ status, attempts: 3 }).where("id", "=", id!).execute();
      const before = await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
      const res = await callJson(resendApi, t.db, { params: { id: String(id) }, actor: actorOf(admin), locale: "en" });
      expect(res.status, status).toBe(409);
      expect(res.json.error).toBe("email_not_failed");
      expect(res.json.message).toMatch(/not an undelivered one/);
      expect(await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id!).executeTakeFirstOrThrow()).toEqual(before);
    }
    await expect(resendFailedMail(t.db, actorOf(admin), id!)).rejects.toBeInstanceOf(ConflictError);
    await expect(resendFailedMail(t.db, actorOf(admin), 987_654_321)).rejects.toBeInstanceOf(NotFoundError);
    expect((await callJson(resendApi, t.db, { params: { id: "987654321" }, actor: actorOf(admin) })).status).toBe(404);
    expect((await callJson(resendApi, t.db, { params: { id: "abc" }, actor: actorOf(admin) })).status).toBe(422);
    expect(await auditRows(id!)).toEqual([]);
  });

  it("the page answers a repeat as a failure in Italian, and keeps the page", async () => {
    const [id] = await failedRows(1, () => "twice@example.com");
    expect(await pagePost({ intent: "resend", email_id: String(id) }, admin)).toEqual({
      ok: true,
      intent: "resend",
      email_id: id,
      to_address: "twice@example.com",
    });
    const repeat = await pagePost({ intent: "resend", email_id: String(id) }, admin);
    expect(repeat).toMatchObject({ ok: false, error: "email_not_failed" });
    expect((repeat as { message: string }).message).toMatch(/non è tra quelle non consegnate/);
    expect(await pagePost({ intent: "resend", email_id: "abc" }, admin)).toMatchObject({ ok: false, error: "invalid", errors: { email_id: "invalid" } });
    expect(await pagePost({ intent: "nothing" }, admin)).toMatchObject({ ok: false, error: "invalid" });
    expect(await auditRows(id!)).toHaveLength(1);
  });
});

describe("the audit entry is written in the change's transaction", () => {
  it("a failing audit leaves the e-mail failed", async () => {
    const [id] = await failedRows(1, () => "audit@example.com");
    // The log refuses this action (as a full disk or a broken trigger would): the change must go with it.
    await sql`
      create function refuse_email_resend() returns trigger language plpgsql as $$
      begin
        if new.action = 'email.resend' then raise exception 'audit refused'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger refuse_email_resend before insert on audit_log for each row execute function refuse_email_resend()`.execute(t.db);
    try {
      await expect(resendFailedMail(t.db, actorOf(admin), id!)).rejects.toThrow(/audit refused/);
      await expect(resendAllFailedMail(t.db, actorOf(admin), { search: null })).rejects.toThrow(/audit refused/);
      expect(await t.db.selectFrom("mail_outbox").select(["status", "attempts"]).where("id", "=", id!).executeTakeFirstOrThrow()).toEqual({
        status: "failed",
        attempts: MAX_ATTEMPTS,
      });
    } finally {
      await sql`drop trigger refuse_email_resend on audit_log`.execute(t.db);
      await sql`drop function refuse_email_resend()`.execute(t.db);
    }
  });
});

describe("the list", () => {
  it("is newest first, 20 a page, searched by recipient (% and _ taken literally), only the failed ones", async () => {
    await failedRows(25, (i) => (i % 5 === 0 ? `rossi.${i}@example.com` : `bianchi_${i}@example.com`));
    await t.db
      .insertInto("mail_outbox")
      .values({ to_address: "rossi.sent@example.com", subject: "s", html: "h", text: "t", template: "confirm_code", lang: "it", status: "sent" })
      .execute();
    const first = await listFailedMail(t.db, actorOf(admin), { filters: { search: null }, page: 0 });
    expect(first.emails_count).toBe(25);
    expect(first.emails).toHaveLength(20);
    const times = first.emails.map((e) => e.created_at.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await listFailedMail(t.db, actorOf(admin), { filters: { search: null }, page: 1 })).emails).toHaveLength(5);
    const rossi = await listFailedMail(t.db, actorOf(admin), { filters: { search: "ROSSI" }, page: 0 });
    expect(rossi.emails_count).toBe(5);
    expect(rossi.emails.every((e) => e.to_address.startsWith("rossi."))).toBe(true);
    expect((await listFailedMail(t.db, actorOf(admin), { filters: { search: "%" }, page: 0 })).emails_count).toBe(0);
    // bianchi_1 and bianchi_11 … _19: the underscore itself, not any letter (rossi.10 and rossi.15 are not found).
    expect((await listFailedMail(t.db, actorOf(admin), { filters: { search: "i_1" }, page: 0 })).emails_count).toBe(9);
    // The page reads ?search= and ?page=, and leaves junk out.
    const page = await pageRequest("/admin/emails?search=rossi&page=abc&resend=all", admin);
    expect(page).toMatchObject({ emails_count: 5, search: "rossi", page: 1, pages: 1, confirmAll: true });
    const json = await callJson(failedApi, t.db, {
      method: "GET",
      path: "/api/admin/emails/failed?search_term=bianchi&offset=1&limit=10",
      actor: actorOf(admin),
    });
    expect(json.status).toBe(200);
    expect(json.json.emails_count).toBe(20);
    expect(json.json.emails).toHaveLength(10);
    expect((await callJson(failedApi, t.db, { method: "GET", path: "/api/admin/emails/failed?limit=1000", actor: actorOf(admin) })).status).toBe(422);
  });

  it("sends every e-mail the list shows again, the search's only, each audited", async () => {
    const ids = await failedRows(6, (i) => (i < 4 ? `verdi.${i}@example.com` : `neri.${i}@example.com`));
    const res = await callJson(resendAllApi, t.db, { body: { search_term: "verdi" }, actor: actorOf(admin) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ resent_count: 4 });
    const rows = await t.db.selectFrom("mail_outbox").select(["id", "status", "attempts"]).where("id", "in", ids).orderBy("id").execute();
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending", "pending", "pending", "failed", "failed"]);
    for (const id of ids.slice(0, 4)) expect((await auditRows(id)).map((a) => a.action)).toEqual(["email.resend"]);
    expect(await auditRows(ids[4]!)).toEqual([]);
    // The page's form: the rest, without a search.
    expect(await pagePost({ intent: "resend_all" }, admin)).toEqual({ ok: true, intent: "resend_all", resent_count: 2 });
    expect(await pagePost({ intent: "resend_all" }, admin)).toEqual({ ok: true, intent: "resend_all", resent_count: 0 });
  });
});

describe("the list's orders, filters and export", () => {
  let listHunter: User | undefined;
  /** Six failed e-mails: two templates, two languages, attempts 3 to 8, one to an account. */
  async function mixed() {
    // The account is made once: the outbox is emptied before each test, the users are not.
    listHunter ??= await makeUser(t.db, { role: "stock_hunter", email: "Cliente.Conto@example.com" });
    const hunter = listHunter;
    const rows = [
      { to: "beta@example.com", template: "confirm_code", lang: "it" as const, attempts: 5, minutes: 10 },
      { to: "alfa@example.com", template: "reset_password", lang: "en" as const, attempts: 8, minutes: 20 },
      { to: "cliente.conto@example.com", template: "confirm_code", lang: "en" as const, attempts: 3, minutes: 30 },
      { to: "delta@example.com", template: "reset_password", lang: "it" as const, attempts: 6, minutes: 40 },
      { to: "gamma@example.com", template: "confirm_code", lang: "it" as const, attempts: 4, minutes: 50 },
      { to: "zeta@example.com", template: "confirm_code", lang: "en" as const, attempts: 7, minutes: 60 },
    ];
    const inserted = await t.db
      .insertInto("mail_outbox")
      .values(
        rows.map((r) => ({
          to_address: r.to,
          subject: `Oggetto ${r.to}`,
          html: "<p>x</p>",
          text: "x",
          template: r.template,
          lang: r.lang,
          status: "failed" as const,
          attempts: r.attempts,
          last_error: "550 refused",
          last_error_at: new Date(Date.now() - r.minutes * 60_000),
          created_at: new Date(Date.now() - r.minutes * 60_000),
        })),
      )
      .returning(["id", "to_address"])
      .execute();
    return { hunter, ids: Object.fromEntries(inserted.map((r) => [r.to_address.split("@")[0]!, Number(r.id)])) };
  }
  const recipients = (json: { emails: { to_address: string }[] }) => json.emails.map((e) => e.to_address.split("@")[0]);
  const api = async (query: string) => {
    const res = await callJson(failedApi, t.db, { method: "GET", path: `/api/admin/emails/failed?${query}`, actor: actorOf(admin) });
    expect(res.status, query).toBe(200);
    return res.json as { emails: { to_address: string; user_id: number | null; user_role: string | null }[]; emails_count: number };
  };

  it("sorts by date, recipient and attempts both ways, and filters by template and language, on the JSON call and the page", async () => {
    const { hunter } = await mixed();
    expect(recipients(await api(""))).toEqual(["beta", "alfa", "cliente.conto", "delta", "gamma", "zeta"]);
    expect(recipients(await api("order[key]=created_at&order[dir]=asc"))).toEqual(["zeta", "gamma", "delta", "cliente.conto", "alfa", "beta"]);
    expect(recipients(await api("order[key]=recipient"))).toEqual(["alfa", "beta", "cliente.conto", "delta", "gamma", "zeta"]);
    expect(recipients(await api("order[key]=recipient&order[dir]=desc"))).toEqual(["zeta", "gamma", "delta", "cliente.conto", "beta", "alfa"]);
    // Attempts: most first when asked by key alone.
    expect(recipients(await api("order[key]=attempts"))).toEqual(["alfa", "zeta", "delta", "beta", "gamma", "cliente.conto"]);
    expect(recipients(await api("order[key]=attempts&order[dir]=asc"))).toEqual(["cliente.conto", "gamma", "beta", "delta", "zeta", "alfa"]);
    expect(await api("filters[template]=reset_password")).toMatchObject({ emails_count: 2 });
    expect(recipients(await api("filters[template]=confirm_code&filters[lang]=en"))).toEqual(["cliente.conto", "zeta"]);
    expect(recipients(await api("filters[lang]=it&search_term=a&order[key]=recipient"))).toEqual(["beta", "delta", "gamma"]);
    // The recipient's account, whatever the address's case: the row opens it.
    expect((await api("search_term=cliente")).emails[0]).toMatchObject({ user_id: hunter.id, user_role: "stock_hunter" });
    expect((await api("search_term=beta")).emails[0]).toMatchObject({ user_id: null, user_role: null });

    const page = await pageRequest("/admin/emails?template=confirm_code&lang=en&sort=recipient&dir=desc&page=1", admin);
    expect(page).toMatchObject({ emails_count: 2, template: "confirm_code", lang: "en", order: { key: "recipient", dir: "desc" }, page: 1, pages: 1 });
    expect(page.emails.map((e) => e.to_address)).toEqual(["zeta@example.com", "cliente.conto@example.com"]);
    expect(page.templates).toEqual(["confirm_code", "reset_password"]);
  });

  it("refuses a bad order, filter or format with 422, writing nothing", async () => {
    await mixed();
    const audited = async () => (await t.db.selectFrom("audit_log").select("id").where("entity_type", "=", "mail_outbox").execute()).length;
    const before = await audited();
    for (const query of [
      "order[key]=subject",
      "order[dir]=up",
      "filters[lang]=fr",
      "filters[template]=Conferma%20codice",
      `filters[template]=${"a".repeat(61)}`,
    ]) {
      expect((await callJson(failedApi, t.db, { method: "GET", path: `/api/admin/emails/failed?${query}`, actor: actorOf(admin) })).status, query).toBe(422);
    }
    for (const query of ["format=pdf", "order[key]=subject", "filters[lang]=de"]) {
      expect((await download(`/api/admin/export-failed-emails?${query}`)).status, query).toBe(422);
    }
    const body = { search_term: null, filters: { lang: "fr" } };
    expect((await callJson(resendAllApi, t.db, { body, actor: actorOf(admin) })).status).toBe(422);
    expect(await t.db.selectFrom("mail_outbox").select("id").where("status", "!=", "failed").execute()).toEqual([]);
    expect(await audited()).toBe(before);
  });

  it("exports what the list shows, filtered and in its order, as CSV and XLSX; audited with the selection", async () => {
    await mixed();
    const csv = await download("/api/admin/export-failed-emails?filters[lang]=en&order[key]=attempts");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="email_non_consegnate_\d{2}\.\d{2}\.\d{4}\.csv"$/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Destinatario;Oggetto;Modello;Lingua;Tentativi;Ultimo errore;Ultimo tentativo;Creata il");
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual(["alfa@example.com", "zeta@example.com", "cliente.conto@example.com"]);
    expect(lines[1]).toMatch(/^alfa@example\.com;Oggetto alfa@example\.com;reset_password;Inglese;8;550 refused;\d{4}-\d{2}-\d{2} \d{2}:\d{2};/);

    const xlsx = await download("/api/admin/export-failed-emails?filters[template]=confirm_code&format=xlsx");
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(1).value).toBe("beta@example.com");
    expect(sheet.getRow(2).getCell(5).value).toBe(5);
    expect(sheet.getRow(2).getCell(7).value).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(8).value).toBeInstanceOf(Date);

    const audits = (
      await t.db.selectFrom("audit_log").select(["admin_id", "details"]).where("action", "=", "email.export_failed").orderBy("id").execute()
    ).slice(-2);
    expect(audits).toEqual([
      { admin_id: admin.id, details: { search: null, template: null, lang: "en", order: "attempts desc" } },
      { admin_id: admin.id, details: { search: null, template: "confirm_code", lang: null, order: "created_at desc" } },
    ]);
  });

  it("sends again only the filtered list, on the JSON call and the page's form, each audited", async () => {
    const { ids } = await mixed();
    const res = await callJson(resendAllApi, t.db, { body: { filters: { template: "reset_password" } }, actor: actorOf(admin) });
    expect(res.json).toEqual({ resent_count: 2 });
    const pending = async () =>
      (await t.db.selectFrom("mail_outbox").select("to_address").where("status", "=", "pending").orderBy("to_address").execute()).map(
        (r) => r.to_address.split("@")[0],
      );
    expect(await pending()).toEqual(["alfa", "delta"]);
    for (const id of [ids.alfa!, ids.delta!]) expect((await auditRows(id)).map((a) => a.action)).toEqual(["email.resend"]);
    expect(await auditRows(ids.beta!)).toEqual([]);
    // The page asks first, naming how many the selection holds, then posts the same filters.
    const question = await pageRequest("/admin/emails?lang=en&template=confirm_code&resend=all", admin);
    expect(question).toMatchObject({ confirmAll: true, emails_count: 2 });
    expect(await pagePost({ intent: "resend_all", "filters[lang]": "en", "filters[template]": "confirm_code" }, admin)).toEqual({
      ok: true,
      intent: "resend_all",
      resent_count: 2,
    });
    expect(await pending()).toEqual(["alfa", "cliente.conto", "delta", "zeta"]);
  });
});

describe("administrators only", () => {
  const ROLES = [
    { name: "stocker", fields: { role: "stocker" as const } },
    { name: "keeper", fields: { role: "stocker" as const, account_type: 1 as const } },
    { name: "referent", fields: { role: "referent" as const } },
    { name: "hunter", fields: { role: "stock_hunter" as const } },
  ];

  it("refuses every other role (403) and a visitor (401), on the JSON calls and the page; nothing changes", async () => {
    const [id] = await failedRows(1, () => "guarded@example.com");
    const users: [string, User | null][] = [["visitor", null]];
    for (const role of ROLES) users.push([role.name, await makeUser(t.db, role.fields)]);
    for (const [name, user] of users) {
      const actor = user ? actorOf(user) : null;
      const status = user ? 403 : 401;
      expect((await callJson(failedApi, t.db, { method: "GET", path: "/api/admin/emails/failed", actor })).status, name).toBe(status);
      expect((await callJson(resendApi, t.db, { params: { id: String(id) }, actor })).status, name).toBe(status);
      expect((await callJson(resendAllApi, t.db, { body: {}, actor })).status, name).toBe(status);
      expect((await download("/api/admin/export-failed-emails", user)).status, name).toBe(status);
      await expect(pageRequest("/admin/emails", user), name).rejects.toMatchObject({ init: { status } });
      await expect(pagePost({ intent: "resend", email_id: String(id) }, user), name).rejects.toMatchObject({ init: { status } });
      await expect(pagePost({ intent: "resend_all" }, user), name).rejects.toMatchObject({ init: { status } });
      if (user) {
        await expect(listFailedMail(t.db, actorOf(user), { filters: { search: null }, page: 0 })).rejects.toBeInstanceOf(ForbiddenError);
        await expect(resendFailedMail(t.db, actorOf(user), id!)).rejects.toBeInstanceOf(ForbiddenError);
        await expect(resendAllFailedMail(t.db, actorOf(user), { search: null })).rejects.toBeInstanceOf(ForbiddenError);
      }
    }
    expect(await t.db.selectFrom("mail_outbox").select("status").where("id", "=", id!).executeTakeFirstOrThrow()).toEqual({ status: "failed" });
    expect(await auditRows(id!)).toEqual([]);
  });

  it("answers 405 to the other method of each call", async () => {
    expect((await callJson(failedApiPost, t.db, { body: {}, actor: actorOf(admin) })).status).toBe(405);
    expect((await callJson(resendApiGet, t.db, { method: "GET", params: { id: "1" }, actor: actorOf(admin) })).status).toBe(405);
  });
});
