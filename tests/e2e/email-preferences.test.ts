// E-mail preferences and one-click unsubscribe in a real browser, against the built app and its
// SMTP capture: a stock hunter turns kinds off on the data page; a handler's answer to their
// request arrives with List-Unsubscribe and List-Unsubscribe-Post (the bytes on the wire) and the
// footer's links; a GET of the one-click link changes nothing, RFC 8058's POST without a cookie
// unsubscribes, a forged or other-kind token does not; the outbox then queues nothing of that
// kind; the data page shows it off; the unsubscribe page's undo and button work for a visitor;
// the back office counts the unsubscribes. At 1280 and 375 px, in Italian and English; with
// SCREENSHOT_DIR set, it keeps pictures of the preferences, the unsubscribe page and the dashboard.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { formatNumber } from "../../app/lib/format.ts";
import { makeRequest, makeUser } from "../support/factories.ts";
import type { User } from "../../app/server/db/types.ts";
import {
  baseUrl,
  DEMO,
  DEMO_PASSWORD,
  hasText,
  hydrated,
  jsonHeaders,
  loggedIn,
  loginAs,
  mailDir,
  mailTo,
  newPage,
  call,
  useAppDatabase,
  useBrowser,
  userIdOf,
} from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const shots = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string, target?: string): Promise<void> {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  const file = path.join(shots, `${name}.png`);
  if (target) await page.locator(target).first().screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
}
let hunter: User;
let warehouseId: number;

beforeAll(async () => {
  hunter = await makeUser(app.db, { role: "stock_hunter", password_hash: await hashPassword(DEMO_PASSWORD), has_confirmed_code: true, lang: "it" });
  // A listed warehouse of the demo stocker: the stocker answers the hunter's request on it.
  const stocker = await userIdOf(app.db, DEMO.stocker);
  warehouseId = (
    await app.db.selectFrom("warehouses").select("id").where("user_id", "=", stocker).where("status", "=", "approved").orderBy("id").executeTakeFirstOrThrow()
  ).id;
});

const optOuts = async (email: string) =>
  (await app.db.selectFrom("email_opt_outs").select(["kind", "via"]).where("email", "=", email.toLowerCase()).orderBy("kind").execute()).map(
    (r) => `${r.kind}:${r.via}`,
  );
const mailsQueuedTo = async (email: string) => (await app.db.selectFrom("mail_outbox").select("id").where("to_address", "=", email).execute()).length;
const box = (page: Page, kind: string) => page.locator(`input[name="email_preferences[${kind}]"]`);

/** Ticks or unticks a checkbox from the keyboard (the native input is visually hidden beside its drawn box). */
async function setBox(input: Locator, on: boolean): Promise<void> {
  if ((await input.isChecked()) === on) return;
  await input.focus();
  await input.press("Space");
  await expect.poll(() => input.isChecked()).toBe(on);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The demo stocker moves the hunter's request link to a state: the hunter is told by e-mail (a notification of kind "requests"). */
async function stockerAnswers(linkId: number, state: "confirmed" | "refused" | "pending"): Promise<void> {
  const stocker = await loggedIn(DEMO.stocker);
  const res = await call(stocker, `/api/stocker/warehouse-requests/${linkId}/update`, {
    method: "POST",
    headers: jsonHeaders(stocker),
    body: JSON.stringify({ state }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A raw POST from a mail provider's server: no cookie, no CSRF token. */
const providerPost = (pathname: string, body = "List-Unsubscribe=One-Click") =>
  fetch(baseUrl() + pathname, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });

describe("e-mail preferences and one-click unsubscribe", () => {
  let oneClickPath = "";

  it("a hunter turns kinds off on the data page, in the browser, at 375 px", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it", width: 375, height: 800 });
    await loginAs(context, { email: hunter.email });
    await page.goto("/it/stock-hunter/profile/data#email-preferences");
    await hydrated(page);
    const section = page.getByTestId("email-preferences");
    await hasText(section, /Preferenze e-mail/i);
    await hasText(section, /Avvisi delle ricerche salvate/);
    await hasText(section, /vengono sempre inviate/);
    for (const kind of ["requests", "deal", "reminders", "alerts", "news"]) expect(await box(page, kind).isChecked(), kind).toBe(true);
    await setBox(box(page, "deal"), false);
    await setBox(box(page, "news"), false);
    await section.getByRole("button", { name: "Salva preferenze" }).click();
    await hasText(section.getByRole("status"), "Le tue preferenze e-mail sono state salvate.");
    await shot(page, "email-preferences-375-it", "[data-testid=email-preferences]");
    expect(await optOuts(hunter.email)).toEqual(["deal:preferences", "news:preferences"]);
    await noSidewaysScroll(page);
    // Read again, the page and its JSON twin say the same.
    await page.reload();
    await hydrated(page);
    expect(await box(page, "deal").isChecked()).toBe(false);
    expect(await box(page, "news").isChecked()).toBe(false);
    expect(await box(page, "requests").isChecked()).toBe(true);
    const api = await page.request.get("/api/stock-hunter/profile/email-preferences");
    expect(await api.json()).toEqual({
      email: hunter.email,
      email_preferences: { requests: true, deal: false, reminders: true, alerts: true, news: false },
    });
    await context.close();
  });

  it("a notification arrives with the unsubscribe headers and the footer's links; the one-click POST without a cookie unsubscribes, a GET does not", async () => {
    const { links } = await makeRequest(app.db, { userId: hunter.id, warehouseIds: [warehouseId] });
    const since = Date.now();
    await stockerAnswers(links[0]!.id, "confirmed");
    const mail = await mailTo(hunter.email, { after: since - 1000 });
    const raw = fs.readFileSync(path.join(mailDir(), mail.file), "latin1");
    // The headers as they crossed SMTP, each on one line of its own.
    const lines = raw.split("\r\n\r\n", 1)[0]!.split("\r\n");
    expect(lines).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const header = lines.find((line) => line.startsWith("List-Unsubscribe: "))?.slice("List-Unsubscribe: ".length) ?? "";
    const [https, mailto] = /^<([^>]+)>, <([^>]+)>$/.exec(header)!.slice(1) as [string, string];
    const link = new URL(https);
    expect(link.pathname).toMatch(/^\/it\/unsubscribe\/[A-Za-z0-9_-]+\.requests\.[A-Za-z0-9_-]{22}$/);
    const token = link.pathname.split("/").at(-1)!;
    expect(mailto).toBe(`mailto:no-reply@stockspace.test?subject=unsubscribe%20${token}`);
    // The footer: the hunter's preferences, and the one-click page.
    expect(mail.text).toContain(`Scegli quali e-mail ricevere: ${baseUrl()}/it/stock-hunter/profile/data#email-preferences`);
    expect(mail.text).toContain(`Annulla l'iscrizione a queste e-mail: ${https}`);
    oneClickPath = link.pathname;
    if (shots) {
      const view = await newPage(b.browser, { width: 600 });
      await view.page.setContent(mail.html);
      await shot(view.page, "mail-with-footer-it");
      await view.context.close();
    }

    // A mail scanner's GET: the page, nothing changed.
    const scanned = await fetch(baseUrl() + oneClickPath, { redirect: "manual" });
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain("Non vuoi più ricevere e-mail su richieste di preventivo e relative risposte");
    expect(await optOuts(hunter.email)).toEqual(["deal:preferences", "news:preferences"]);

    // Forged: another kind with this signature, a changed signature. And any other cookie-less POST stays CSRF-checked.
    const [address, , mac] = token.split(".");
    expect((await providerPost(`/it/unsubscribe/${address}.alerts.${mac}`)).status).toBe(404);
    expect((await providerPost(`/it/unsubscribe/${address}.requests.${mac!.slice(0, -2)}AA`)).status).toBe(404);
    expect((await providerPost(oneClickPath, "intent=unsubscribe")).status).toBe(419);
    expect(await optOuts(hunter.email)).toEqual(["deal:preferences", "news:preferences"]);

    // RFC 8058: the provider's POST, no cookie: 200, and the address is off that kind. Twice is once.
    const posted = await providerPost(oneClickPath);
    expect(posted.status).toBe(200);
    expect(posted.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    expect((await providerPost(oneClickPath)).status).toBe(200);
    expect(await optOuts(hunter.email)).toEqual(["deal:preferences", "news:preferences", "requests:one_click"]);

    // The next answer to the request queues nothing for the hunter.
    const before = await mailsQueuedTo(hunter.email);
    await stockerAnswers(links[0]!.id, "refused");
    expect(await mailsQueuedTo(hunter.email)).toBe(before);
  });

  it("the data page shows the kind unsubscribed by one click as off (English, 1280 px)", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    await loginAs(context, { email: hunter.email });
    await page.goto("/en/stock-hunter/profile/data");
    await hydrated(page);
    await hasText(page.getByTestId("email-preferences"), /Quote requests/);
    expect(await box(page, "requests").isChecked()).toBe(false);
    expect(await box(page, "alerts").isChecked()).toBe(true);
    await shot(page, "email-preferences-1280-en", "[data-testid=email-preferences]");
    await context.close();
  });

  it("the unsubscribe page, for whoever holds the link: the undo and the button (no login, 375 px and 1280 px)", async () => {
    expect(oneClickPath).not.toBe("");
    const { context, page } = await newPage(b.browser, { locale: "en", width: 375, height: 800 });
    await page.goto(oneClickPath.replace(/^\/it\//, "/en/"));
    await hydrated(page);
    await hasText(page.getByTestId("account-notice-success"), /E-mails about quote requests and their answers to .•••@test\.example are already turned off/);
    await noSidewaysScroll(page);
    await shot(page, "unsubscribe-already-375-en");
    await page.getByTestId("unsubscribe-resubscribe").getByRole("button", { name: "Send them to me again" }).click();
    await hasText(page.getByTestId("account-notice-success"), /We will send e-mails about quote requests and their answers to .•••@test\.example again/);
    expect(await optOuts(hunter.email)).toEqual(["deal:preferences", "news:preferences"]);
    await context.close();

    const wide = await newPage(b.browser, { locale: "it" });
    await wide.page.goto(oneClickPath);
    await hydrated(wide.page);
    await hasText(wide.page.getByTestId("unsubscribe-question"), /Non vuoi più ricevere e-mail su richieste di preventivo/);
    await shot(wide.page, "unsubscribe-question-1280-it");
    await wide.page.getByRole("button", { name: "Non ricevere più queste e-mail" }).click();
    await hasText(wide.page.getByTestId("account-notice-success"), /Non invieremo più e-mail su richieste di preventivo/);
    // The address has an area: the page leads to its preferences.
    expect(await wide.page.getByTestId("unsubscribe-preferences").getAttribute("href")).toBe("/it/stock-hunter/profile/data#email-preferences");
    expect(await optOuts(hunter.email)).toEqual(["deal:preferences", "news:preferences", "requests:one_click"]);
    // A link altered by hand: a page that says so, 404.
    const dead = await wide.page.goto(oneClickPath.replace(/\.requests\./, ".news."));
    expect(dead?.status()).toBe(404);
    await hasText(wide.page.getByTestId("account-notice-warning"), /Questo link per annullare l'iscrizione non funziona/);
    await shot(wide.page, "unsubscribe-dead-1280-it");
    await wide.context.close();
  });

  it("the back office's dashboard counts the unsubscribes", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "admin");
    await page.goto("/admin");
    await hydrated(page);
    const total = Number(
      (
        await app.db
          .selectFrom("email_opt_outs")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThanOrEqual(3);
    await hasText(page.getByTestId("dashboard-unsubscribes"), new RegExp(`^${formatNumber(total)}$`));
    await hasText(page.getByTestId("dashboard-unsubscribes-requests"), /Richieste di preventivo/);
    await shot(page, "dashboard-1280-it");
    await context.close();
  });
});
