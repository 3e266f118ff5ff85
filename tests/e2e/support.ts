// What a journey needs: the app's address, a browser page in a locale, logging in as a
// demo role, the mail the app sent, and a look into the app's database.
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { createDb, type Database } from "../../app/server/db/database.ts";
import { launchChromium } from "../support/chromium.ts";
import { embeddedDatabaseUrl } from "../support/app-process.ts";
import { readMails, waitForMail, type CapturedMail } from "../support/smtp-capture.ts";

export const DEMO_PASSWORD = "demo-password-1";
export const DEMO = {
  admin: "admin@demo.test",
  stocker: "stocker@demo.test",
  keeper: "keeper@demo.test",
  referent: "referent@demo.test",
  hunter: "hunter@demo.test",
} as const;
export type DemoRole = keyof typeof DEMO;

export const baseUrl = () => inject("e2eBaseUrl");
export const mailDir = () => inject("e2eMailDir");
export const mails = () => readMails(mailDir());
export const mailTo = (to: string, opts?: Parameters<typeof waitForMail>[2]) => waitForMail(mailDir(), to, opts);

/**
 * Every e-mail that reached `to`, once the app has delivered all it queued to that address (none
 * waits in its outbox any more): to count what a person received, not just find one.
 */
export async function deliveredMailsTo(db: Database, to: string): Promise<CapturedMail[]> {
  const address = to.toLowerCase();
  const waiting = async () =>
    (await db.selectFrom("mail_outbox").select("id").where("to_address", "=", address).where("status", "!=", "sent").execute()).length;
  await expect.poll(waiting, { timeout: 30_000, message: `the app still has mail to ${to} to send` }).toBe(0);
  return (await mails()).filter((mail) => mail.to.includes(address));
}

/** A browser for the file, closed afterwards. */
export function useBrowser(): { browser: Browser } {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    holder.browser = await launchChromium();
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
  return holder;
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: opts.locale === "en" ? "en-GB" : "it-IT",
    timezoneId: "Europe/Rome",
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Log a browser context in through POST /login (with the CSRF header), as the login popup does: as
 * a demo role, or as another account made with the demo password.
 */
export async function loginAs(context: BrowserContext, who: DemoRole | { email: string }): Promise<void> {
  const email = typeof who === "string" ? DEMO[who] : who.email;
  const page = await context.newPage();
  await page.goto("/it");
  const token = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")?.value;
  if (!token) throw new Error("no XSRF-TOKEN cookie after visiting /it");
  const res = await page.request.post("/login", { data: { email, password: DEMO_PASSWORD, remember: true }, headers: { "X-XSRF-TOKEN": token } });
  if (res.status() !== 200) throw new Error(`login as ${email} failed: ${res.status()} ${await res.text()}`);
  await page.close();
}

/** The app's own database (the embedded server it started), to check what a journey wrote. */
export function useAppDatabase(): { db: Database } {
  const holder = {} as { db: Database };
  beforeAll(() => {
    holder.db = createDb(embeddedDatabaseUrl(inject("e2eDataDir")), 2).db;
  });
  afterAll(async () => {
    await holder.db?.destroy();
  });
  return holder;
}

/** The first of a hunter's favourites that takes quote requests (approved and active; anonymised or not). */
export async function favouriteTakingRequests(db: Database, hunterId: number): Promise<{ id: number }> {
  return db
    .selectFrom("favourites as f")
    .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
    .select("w.id")
    .where("f.user_id", "=", hunterId)
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .orderBy("w.id")
    .executeTakeFirstOrThrow();
}

/**
 * The demo data's redeemed (claimed and subscribed: public), listed warehouses, the ones with the
 * most photos first: what the journeys open as sheets and compare.
 */
export async function redeemedDemoWarehouses(db: Database, limit = 5): Promise<{ id: number; images: number | null }[]> {
  return db
    .selectFrom("warehouses as w")
    .select([
      "w.id",
      (eb) =>
        eb
          .selectFrom("images")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("images.warehouse_id", "=", "w.id")
          .as("images"),
    ])
    .where("w.redeemed", "=", true)
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .orderBy("images", "desc")
    .orderBy("w.id")
    .limit(limit)
    .execute();
}

/** A client with its own cookies, as one browser would be, for calls over plain HTTP. */
export type Jar = { cookies: Map<string, string> };
export const jar = (): Jar => ({ cookies: new Map() });

export async function call(j: Jar, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (j.cookies.size) headers.set("Cookie", [...j.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  const res = await fetch(baseUrl() + path, { ...init, headers, redirect: "manual" });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    const v = value.join("=");
    if (v === "") j.cookies.delete(name!.trim());
    else j.cookies.set(name!.trim(), v);
  }
  return res;
}

/** The headers of a JSON call with this client's CSRF token. */
export function jsonHeaders(j: Jar): Record<string, string> {
  return { "Content-Type": "application/json", "X-XSRF-TOKEN": decodeURIComponent(j.cookies.get("XSRF-TOKEN") ?? "") };
}

/** A client logged in through POST /login (after a first page, which sets the CSRF cookie). */
export async function loggedIn(email: string, password = DEMO_PASSWORD): Promise<Jar> {
  const j = jar();
  await call(j, "/it");
  const res = await call(j, "/login", { method: "POST", headers: jsonHeaders(j), body: JSON.stringify({ email, password, remember: false }) });
  if (res.status !== 200) throw new Error(`login as ${email}: ${res.status} ${await res.text()}`);
  return j;
}

// ---------------------------------------------------------------- what the journeys check with

/** Waits until the first element of `locator` has text matching `expected` (a page that is still loading or re-rendering is retried). */
export async function hasText(locator: Locator, expected: RegExp | string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await locator
          .first()
          .textContent({ timeout: 10_000 })
          .catch(() => "")) ?? "",
      { timeout: 15_000 },
    )
    .toMatch(expected);
}

/**
 * Ticks a checkbox or picks a radio from the keyboard, as a keyboard user does. The native input
 * is visually hidden beside its drawn box, so a mouse click has to be forced onto a 1-pixel
 * input, and a forced click lands outside the viewport when the popup is still in its opening
 * animation (seen in CI). Space on the focused input does not depend on where it is drawn.
 */
export async function tick(input: Locator): Promise<void> {
  await input.focus();
  await input.press("Space");
  await until(
    () => input.isChecked(),
    (checked) => checked,
    "the box is ticked",
  );
}

/**
 * Reads `read` until `accept` holds, or throws after `timeoutMs`. For helpers that the walks of
 * describe.concurrent call: vitest's expect.poll wants a current test, and in a concurrent block
 * there is none for a moment whenever a test beside it ends.
 */
export async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}; last read: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until React has taken over the page: from then on buttons that open popups work. */
export async function hydrated(page: Page): Promise<void> {
  // root.tsx sets it after the commit of the whole page (a lazily loaded part can hold the commit back).
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await page.waitForLoadState("networkidle");
}

/** The path and query of the first link in a mail's text whose path matches `pattern`. */
export function linkIn(text: string, pattern: RegExp): string {
  const url = (text.match(/https?:\/\/\S+/g) ?? []).map((u) => new URL(u)).find((u) => pattern.test(u.pathname));
  if (!url) throw new Error(`no link ${pattern} in:\n${text}`);
  return url.pathname + url.search;
}

/** The browser context's CSRF token, as the X-XSRF-TOKEN header wants it. */
export async function xsrf(context: BrowserContext): Promise<string> {
  const token = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")?.value;
  if (!token) throw new Error("no XSRF-TOKEN cookie");
  return decodeURIComponent(token);
}

/** A user's id by e-mail. */
export async function userIdOf(db: Database, email: string): Promise<number> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}
