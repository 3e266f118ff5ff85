// Accessibility in a real browser: axe-core (WCAG 2.1 A and AA, and axe's best practices) over
// every public page and popup, at 1280 and 375 px, in Italian and English, and over every page
// and popup of the logged-in areas and the back office at both widths (with the states a person
// reaches there: an open request card, a form sent with errors), against the built app with demo
// data. A violation of impact critical or serious fails the test (moderate too on the pages
// held to it: the areas' request lists, favourites, statistics, the back office's 404); the failure
// lists each one (rule, impact, where, why) with the views it was found in. Checks axe cannot
// make ride along: every disabled control says why it is disabled (an accessible
// description: aria-describedby to visible or screen-reader text, not a title alone), the page
// never scrolls sideways (reflow), on the search page the results come before the actions
// on them in tab order, and at phone width (the public site, the areas and the back office) every
// control is a touch target of at least 44 × 44 px.
//
// axe is put into the page through the browser's debugging protocol (page.evaluate), which a
// page's Content-Security-Policy does not govern: the app's CSP stays as strict as in
// production, and the test checks that it is.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { AxeResults } from "axe-core";
import { sql } from "kysely";
import { linkTokenHash } from "../../app/server/accounts/tokens.ts";
import { signUnsubscribeToken, unsubscribeSecret } from "../../app/server/mail/unsubscribe-token.ts";
import { requestNumber } from "../../app/lib/format.ts";
import { m } from "../../app/paraglide/messages.js";
import {
  DEMO,
  favouriteTakingRequests,
  hydrated,
  loginAs,
  newPage,
  tick,
  until,
  useAppDatabase,
  useBrowser,
  userIdOf,
  redeemedDemoWarehouses,
  type DemoRole,
} from "./support.ts";
import { routeTable } from "../support/route-table.ts";
import { makeSavedSearch } from "../support/factories.ts";

const b = useBrowser();
const app = useAppDatabase();

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** The rule sets that apply: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const FAILING_IMPACTS = new Set(["critical", "serious"]);
/** Where axe's moderate findings (a skipped heading level, two landmarks of one name…) fail too. */
const STRICT_IMPACTS = new Set([...FAILING_IMPACTS, "moderate"]);
/**
 * The pages held to the strict set: the areas' request lists, the hunter's favourites and the
 * statistics pages (the administrator's views of them included), by route. The back office's
 * 404 is scanned strictly by a test of its own.
 */
const STRICT_ROUTES = [/\/messages$/, /\/stock-hunter\/(profile|:userId)\/warehouses$/, /\/statistics$/];

const LOCALES = ["it", "en"] as const;
const WIDTHS = [1280, 375] as const;
type Locale = (typeof LOCALES)[number];

type Finding = { view: string; rule: string; impact: string; help: string; target: string; summary: string };

/** Runs axe-core over the whole document as it is now (popups open included) and returns what fails. */
async function axeFindings(page: Page, view: string, impacts: Set<string>): Promise<Finding[]> {
  // Popups and panels animate in: wait for finite animations so colours are read at rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? "",
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: n.failureSummary ?? "" })),
    }));
  }, AXE_TAGS);
  return violations
    .filter((v) => impacts.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => ({ view, rule: v.rule, impact: v.impact, help: v.help, target: n.target, summary: n.summary })));
}

/** Visible disabled controls without an accessible description of why (a title= alone does not reach keyboard or touch users). */
async function disabledWithoutReason(page: Page, view: string): Promise<Finding[]> {
  const found = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>("button:disabled, input:disabled, select:disabled, textarea:disabled, [aria-disabled=true]");
    const out: { target: string; name: string }[] = [];
    for (const el of controls) {
      if (el.closest("[aria-hidden=true], [inert]") || !el.checkVisibility() || el.getBoundingClientRect().width === 0) continue;
      // MapLibre's zoom buttons, disabled at the map's zoom limits: the map itself is the reason.
      if (el.closest(".maplibregl-ctrl")) continue;
      if (el instanceof HTMLInputElement && el.type === "hidden") continue;
      const reason = (el.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id)?.textContent?.trim() : ""))
        .filter(Boolean);
      if (reason.length) continue;
      const testId = el.closest("[data-testid]")?.getAttribute("data-testid");
      const target = el.id ? `#${el.id}` : testId ? `[data-testid=${testId}] ${el.tagName.toLowerCase()}` : el.tagName.toLowerCase();
      out.push({ target, name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60) });
    }
    return out;
  });
  return found.map((f) => ({
    view,
    rule: "disabled-without-reason",
    impact: "serious",
    help: "A disabled control must say why it is disabled (aria-describedby to visible or screen-reader text)",
    target: f.target,
    summary: `"${f.name}" is disabled and has no description`,
  }));
}

/**
 * WCAG 2.1's reflow (1.4.10): the page itself never scrolls sideways; a wide table scrolls in its
 * own frame. Read from the document, so an element that escapes its frame's clip counts too.
 */
async function sidewaysScroll(page: Page, view: string): Promise<Finding[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow <= 0) return [];
  return [
    {
      view,
      rule: "reflow",
      impact: "serious",
      help: "The page must not scroll sideways (WCAG 1.4.10)",
      target: "html",
      summary: `the page is ${overflow} px wider than the window`,
    },
  ];
}

/**
 * Touch targets on a phone (at least 44 px, as WCAG 2.5.5 asks): every visible control is 44 × 44 px or
 * larger, unless it sits in a line of text (a link in a sentence: WCAG 2.5.5's inline exception).
 * A visually hidden checkbox or radio is measured by its label, which is what a finger presses.
 */
async function smallTouchTargets(page: Page, view: string): Promise<Finding[]> {
  const found = await page.evaluate(() => {
    const out: { target: string; name: string; width: number; height: number }[] = [];
    // [role=link]: a disabled link (DisabledWithReason) is pressed to read why it is disabled.
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=option], [role=tab]",
    );
    for (const el of controls) {
      if (el.closest("[aria-hidden=true], [inert]") || !el.checkVisibility()) continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const input = el instanceof HTMLInputElement ? el : null;
      if (input && (input.type === "checkbox" || input.type === "radio")) {
        const label = input.closest("label") ?? (input.id ? document.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      } else if (box.width <= 1 || box.height <= 1) {
        continue; // visually hidden until focused (the skip link)
      } else if (!input && el.closest("p, label, [role=alert], [role=status]")) {
        continue; // in running text: a sentence, a message's sentence, or a checkbox's label ("I accept the conditions")
      }
      if (box.width >= 43.5 && box.height >= 43.5) continue;
      const testId = el.closest("[data-testid]")?.getAttribute("data-testid");
      const target = el.id ? `#${el.id}` : testId ? `[data-testid=${testId}] ${el.tagName.toLowerCase()}` : el.tagName.toLowerCase();
      out.push({
        target,
        name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60),
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return out;
  });
  return found.map((f) => ({
    view,
    rule: "touch-target",
    impact: "serious",
    help: "A control on a phone is at least 44 × 44 px",
    target: f.target,
    summary: `"${f.name}" is ${f.width} × ${f.height} px`,
  }));
}

/**
 * `SCREENSHOT_DIR=/some/dir` keeps a full-page picture of every view the test scans (every page,
 * popup and state, both widths and languages), named after the view: the set a person looks at
 * before calling the interface done, taken by the same walk that checks it.
 */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ? path.resolve(process.env.SCREENSHOT_DIR) : "";

async function screenshot(page: Page, view: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const name = view
    .replace(/^\//, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  // Photos below the window load when scrolled near (loading=lazy), and a full-page picture does
  // not scroll: they are loaded first, so the picture shows them as a person scrolling down does.
  await page.evaluate(async () => {
    const lazy = [...document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")];
    for (const img of lazy) img.loading = "eager";
    await Promise.race([Promise.all(lazy.map((img) => img.decode().catch(() => {}))), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: "disabled" });
}

/** What a run found, grouped by rule and element, each with the views it showed in. */
function report(findings: Finding[]): string {
  const groups = new Map<string, { f: Finding; views: Set<string> }>();
  for (const f of findings) {
    // A touch target's selector is often just "a": its name and size tell one from another.
    const key = `${f.rule}\u0000${f.target}${f.rule === "touch-target" ? `\u0000${f.summary}` : ""}`;
    const group = groups.get(key) ?? { f, views: new Set<string>() };
    group.views.add(f.view);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ f, views }) => {
      const summary = f.summary.replace(/\s+/g, " ").slice(0, 300);
      return `- ${f.rule} (${f.impact}): ${f.help}\n    at ${f.target}\n    ${summary}\n    in: ${[...views].join(", ")}`;
    })
    .join("\n");
}

/** Collects the findings of one run of views and checks them at the end, so one failure shows them all. */
function collector(prefix: string, { touch = false }: { touch?: boolean } = {}) {
  const findings: Finding[] = [];
  const seconds: [string, number][] = [];
  return {
    /** `strict`: axe's moderate findings count too. */
    async scan(page: Page, name: string, { strict = false }: { strict?: boolean } = {}) {
      const view = `${prefix} ${name}`;
      const started = performance.now();
      findings.push(
        ...(await axeFindings(page, view, strict ? STRICT_IMPACTS : FAILING_IMPACTS)),
        ...(await disabledWithoutReason(page, view)),
        ...(await sidewaysScroll(page, view)),
      );
      if (touch) findings.push(...(await smallTouchTargets(page, view)));
      seconds.push([name, (performance.now() - started) / 1000]);
      if (SCREENSHOT_DIR) await screenshot(page, view);
    },
    /** A finding of the test's own (tab order), reported with axe's. */
    add(finding: Omit<Finding, "view">, name: string) {
      findings.push({ ...finding, view: `${prefix} ${name}` });
    },
    check() {
      expect(seconds.length).toBeGreaterThan(0);
      const total = seconds.reduce((sum, [, s]) => sum + s, 0);
      const slowest = [...seconds]
        .sort((a, z) => z[1] - a[1])
        .slice(0, 3)
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`);
      console.log(
        `${prefix}: ${seconds.length} views scanned in ${total.toFixed(0)} s (slowest: ${slowest.join(", ")}), ${findings.length} findings (critical or serious; moderate too on the strict pages)`,
      );
      // The whole list on the console too: vitest cuts a long assertion message short.
      if (findings.length > 0) console.log(`accessibility findings (${prefix}):\n${report(findings)}`);
      expect(findings.length, `accessibility findings (${prefix}):\n${report(findings)}`).toBe(0);
    },
  };
}

/** Opens a page and waits until React has taken over and the fonts are in. */
async function visit(page: Page, path: string, status = 200): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function openDialog(page: Page, opener: Locator): Promise<Locator> {
  await opener.click();
  const dialog = page.locator("[role=dialog]").last();
  await dialog.waitFor();
  return dialog;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.locator("[role=dialog]").waitFor({ state: "detached" });
}

type Fixtures = { redeemed: number[]; unclaimed: number; resetUserId: number; resetToken: string; unsubscribeToken: string };
/** Made once, by the first of the walks running side by side to ask. */
let fixtures: Promise<Fixtures> | null = null;

/** Ids from the demo data: redeemed warehouses (the one with most photos first), an anonymised one, and a live reset link. */
function demoFixtures(): Promise<Fixtures> {
  fixtures ??= makeDemoFixtures();
  return fixtures;
}

async function makeDemoFixtures(): Promise<Fixtures> {
  const db = app.db;
  const redeemed = await redeemedDemoWarehouses(db);
  const unclaimed = await db
    .selectFrom("warehouses")
    .select("id")
    .where("user_id", "is", null)
    .where("status", "=", "approved")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  // A reset link as the recovery e-mail carries it (without sending one: no mail, no rate limit spent).
  const resetUserId = await userIdOf(db, DEMO.keeper);
  const resetToken = `a11y-${Date.now().toString(36)}-reset-token-for-the-page`;
  await db
    .insertInto("user_tokens")
    .values({ user_id: resetUserId, kind: "reset_password", token_hash: linkTokenHash(resetToken), expires_at: sql<Date>`now() + interval '1 hour'` })
    .execute();
  // A one-click unsubscribe link as a notification carries it (the page changes nothing until its button).
  const unsubscribeToken = signUnsubscribeToken(await unsubscribeSecret(db), "a11y.unsubscribe@example.com", "alerts");
  return { redeemed: redeemed.map((r) => r.id), unclaimed: unclaimed.id, resetUserId, resetToken, unsubscribeToken };
}

/** Every public page and popup of one language at one width. */
async function scanPublicSite(
  page: Page,
  locale: Locale,
  width: number,
  scan: (page: Page, name: string) => Promise<void>,
  add: ReturnType<typeof collector>["add"],
) {
  const ids = await demoFixtures();
  const phone = width < 1024;

  // Home, the header's menu on a phone, and the global popups opened as a visitor opens them.
  await visit(page, `/${locale}`);
  await scan(page, "home");
  if (phone) {
    await page.locator("header button[aria-controls]").click();
    await page.locator("header nav").last().waitFor();
    await scan(page, "header menu");
  }
  await openDialog(
    page,
    page
      .locator("header")
      .getByRole("button", { name: m.nav_login({}, { locale }), exact: true })
      .filter({ visible: true }),
  );
  await scan(page, "login popup");
  // From the login to the registration's choice, nothing chosen yet; then the stocker's form
  // (step 1: step 2 answers a real request), back, and the stock hunter's form.
  const register = page.locator("#register-ap");
  await page
    .locator("#login-ap")
    .getByRole("button", { name: m.login_to_register({}, { locale }), exact: true })
    .click();
  await register.locator("[role=radiogroup]").waitFor();
  await scan(page, "registration: choice, nothing chosen");
  const chooseAndContinue = async (role: "stock_hunter" | "stocker") => {
    await register
      .locator("[role=radiogroup] label")
      .nth(role === "stock_hunter" ? 0 : 1)
      .click();
    await register.getByRole("button", { name: m.register_continue({}, { locale }), exact: true }).click();
  };
  await chooseAndContinue("stocker");
  await register.locator("[data-testid=register-stocker-form]").waitFor();
  await scan(page, "registration: stocker form");
  await register.getByRole("button", { name: m.register_back({}, { locale }), exact: true }).click();
  await chooseAndContinue("stock_hunter");
  await register.locator("[data-testid=register-hunter-form]").waitFor();
  await scan(page, "registration: stock hunter form");
  await closeDialog(page);
  if (phone) await page.locator("header button[aria-controls]").click();
  await openDialog(page, page.locator("footer button").first());
  await scan(page, "support popup");
  await closeDialog(page);

  // The search: empty, with the place suggestions and a specification list open.
  await visit(page, `/${locale}/stocks`);
  await scan(page, "search: empty");
  await page.locator("[data-testid=search-location]").fill("Milano");
  await page.locator("[data-testid=search-location-suggestions] [role=option]").first().waitFor({ timeout: 10_000 });
  await scan(page, "search: place suggestions");
  await page.keyboard.press("Escape");
  await page.locator("[data-testid^=search-spec-] button").first().click();
  await page.locator("[data-testid^=search-spec-]").first().getByRole("checkbox").first().waitFor();
  await scan(page, "search: specification list open");
  await page.keyboard.press("Escape");
  await page.locator("[data-testid=search-start-date] button").click();
  await page.locator("[role=dialog] [role=grid]").waitFor();
  await scan(page, "search: calendar open");
  await page.keyboard.press("Escape");
  await page.locator("[role=dialog] [role=grid]").waitFor({ state: "detached" });
  // The first search on its way: its answer is held at the network until the view is scanned.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/stocks\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.locator("[data-testid=search-submit]").click();
  await page.locator("[data-testid=search-loading]").waitFor();
  await scan(page, "search: loading");
  release();
  await page.locator("[data-testid=search-results]").waitFor();
  await page.unroute(/\/stocks\.data/);

  // Results around Milano, a selection, and the quote request from the search.
  await visit(page, `/${locale}/stocks?location=Milano&radius=10`);
  await page.locator("[data-testid=search-results]").waitFor();
  await scan(page, "search: results");
  const boxes = page.locator("[data-testid=result-select]");
  for (let i = 0; i < 5; i++) await boxes.nth(i).check();
  await scan(page, "search: five selected");
  // Tab order: the results come before the actions on them (the quote request).
  const order = await page.evaluate(() => {
    const focusable = [...document.querySelectorAll<HTMLElement>("a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex]")].filter(
      (el) => el.tabIndex >= 0 && el.checkVisibility(),
    );
    // Sequential focus order: positive tabindex first, then document order.
    const sorted = [...focusable.filter((el) => el.tabIndex > 0).sort((a, z) => a.tabIndex - z.tabIndex), ...focusable.filter((el) => el.tabIndex === 0)];
    const quote = sorted.findIndex((el) => el.dataset.testid === "quote-open");
    const firstResult = sorted.findIndex((el) => el.closest("[data-testid=result-card]"));
    return { quote, firstResult };
  });
  if (order.quote >= 0 && order.firstResult >= 0 && order.quote < order.firstResult) {
    add(
      {
        rule: "tab-order",
        impact: "serious",
        help: "The results come before the actions on them in tab order",
        target: "[data-testid=quote-open]",
        summary: `the quote button is reached by Tab before the first result (${order.quote} < ${order.firstResult})`,
      },
      "search: five selected",
    );
  }
  await openDialog(page, page.locator("[data-testid=quote-open]"));
  await scan(page, "quote request from the search");
  await closeDialog(page);
  // A visitor saves the search (decision 038): the dialog with the address and the consent.
  await openDialog(page, page.locator("[data-testid=save-search-open]"));
  await scan(page, "save search from the search");
  await closeDialog(page);
  // The filters again (edit).
  await page.locator("[data-testid=search-edit]").click();
  await until(
    () => page.locator("[data-testid=filter-panel]").getAttribute("data-open"),
    (open) => open === "true",
    "the filter panel to open",
  );
  await scan(page, "search: editing the filters");

  // One warehouse alone on the map: its marker opens its card.
  await visit(page, `/${locale}/stocks?location=Lampedusa&radius=5`);
  if (phone) {
    // On a phone the list and the map take turns.
    await page.locator("[data-testid=search-view-toggle]").click();
    await scan(page, "search: the map on a phone");
  }
  const marker = page.locator("[data-testid=search-map] [data-testid=map-marker]").first();
  await marker.waitFor({ timeout: 15_000 });
  await marker.scrollIntoViewIfNeeded();
  await marker.click();
  await page.locator("[data-testid=marker-card]").waitFor();
  await scan(page, "search: marker card");

  await visit(page, `/${locale}/stocks?location=Livigno&radius=5`);
  await page.locator("[data-testid=search-results]").waitFor();
  await scan(page, "search: no results");

  // The sheet, its gallery and its quote request.
  await visit(page, `/${locale}/warehouses/${ids.redeemed[0]}`);
  await scan(page, "warehouse sheet");
  await openDialog(page, page.getByTestId("gallery").locator("button").first());
  await scan(page, "gallery slider");
  await closeDialog(page);
  // The header's button on a wide screen, the bar at the bottom on a phone.
  await openDialog(page, phone ? page.getByTestId("sheet-quote-open") : page.getByTestId("warehouse-sheet").locator("header button").first());
  await scan(page, "quote request from the sheet");
  await closeDialog(page);

  await visit(page, `/${locale}/compare?wids=${[...ids.redeemed, ids.unclaimed].join(",")}`);
  await scan(page, "compare five warehouses");

  await visit(page, `/${locale}/forgot-password`);
  await scan(page, "forgot password");
  await visit(page, `/${locale}/reset-password/${ids.resetUserId}?rpt_token=${ids.resetToken}`);
  await page.locator("input[type=password]").first().waitFor();
  await scan(page, "reset password");
  await visit(page, `/${locale}/reset-password/${ids.resetUserId}?rpt_token=expired`);
  await scan(page, "reset password: dead link");
  await visit(page, `/${locale}/unsubscribe/${ids.unsubscribeToken}`);
  await scan(page, "unsubscribe");
  await visit(page, `/${locale}/unsubscribe/${ids.unsubscribeToken.slice(0, -2)}xx`, 404);
  await scan(page, "unsubscribe: dead link");

  for (const legal of ["privacy-policy", "general-conditions", "stocker-conditions", "stock-hunter-conditions"]) {
    await visit(page, `/${locale}/${legal}`);
    await scan(page, legal);
  }
  await visit(page, `/${locale}/no-such-page`, 404);
  await scan(page, "404");
  // A link into an area, followed by a visitor: the login is asked for.
  await visit(page, `/${locale}/stock-hunter/profile`, 401);
  await scan(page, "401");
}

/** Where each logged-in area's pages live, and who opens them. */
const AREAS: { prefix: string; role: DemoRole }[] = [
  { prefix: "/:locale/stocker/profile", role: "stocker" },
  { prefix: "/:locale/referent/profile", role: "referent" },
  { prefix: "/:locale/stock-hunter/profile", role: "hunter" },
  { prefix: "/admin", role: "admin" },
];

/** An area's page that the administrator's view of it does not have (404): the back office creates warehouses with its own form. */
const NOT_IN_ADMIN_VIEW = new Set(["/admin/stocker/:userId/warehouses/new"]);

/** The demo stocker's first warehouse that the demo referent manages (both can open it). */
async function managedWarehouse(): Promise<{ stockerId: number; id: number }> {
  const db = app.db;
  const [stockerId, referentId] = await Promise.all([userIdOf(db, DEMO.stocker), userIdOf(db, DEMO.referent)]);
  const { id } = await db
    .selectFrom("warehouses")
    .select("id")
    .where("user_id", "=", stockerId)
    .where("referent_id", "=", referentId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return { stockerId, id };
}

/**
 * Every page of the three areas and of the back office (the administrator's views of a user's
 * area included), read from app/routes.ts so a new page joins by itself, each with ids of the
 * demo data: the stocker's warehouse that the referent manages, the hunter's favourite, a
 * specification. A page whose parameter the test cannot fill fails the test, to be taught here.
 */

async function loggedInPages(): Promise<{ role: DemoRole; route: string; fill: (locale: Locale) => string; strict: boolean }[]> {
  const db = app.db;
  const hunterId = await userIdOf(db, DEMO.hunter);
  const managed = await managedWarehouse();
  const favourite = await favouriteTakingRequests(db, hunterId);
  const specification = await db.selectFrom("specifications").select("id").orderBy("id").executeTakeFirstOrThrow();
  // The hunter's page of one request (its offers compared) takes one of the hunter's requests.
  const hunterRequest = await db.selectFrom("warehouse_requests").select("id").where("user_id", "=", hunterId).orderBy("id").executeTakeFirstOrThrow();
  // A handler's page of one request link ({stocker|referent}/messages/{id}) takes a link of the managed warehouse.
  const managedLink = await db.selectFrom("warehouse_request_warehouses").select("id").where("warehouse_id", "=", managed.id).orderBy("id").executeTakeFirst();
  const seen = new Set<string>();
  const pages = [];
  for (const { route, file, methods } of routeTable()) {
    const area = AREAS.find((a) => route === a.prefix || route.startsWith(`${a.prefix}/`));
    // Pages only (not the JSON API), once each (a layout shares its path with its index page), no catch-all.
    if (!area || !file.endsWith(".tsx") || !methods.includes("GET") || route.includes("*") || seen.has(route) || NOT_IN_ADMIN_VIEW.has(route)) continue;
    seen.add(route);
    const hunterPage = route.includes("/stock-hunter");
    const ids: Record<string, number> = {
      userId: hunterPage ? hunterId : managed.stockerId,
      id: route.startsWith("/admin/specifications/")
        ? specification.id
        : hunterPage && route.endsWith("/messages/:id")
          ? hunterRequest.id
          : hunterPage
            ? favourite.id
            : managed.id,
    };
    if (!hunterPage && route.endsWith("/messages/:id")) {
      if (!managedLink) throw new Error(`${route}: the demo data has no request to the managed warehouse`);
      ids.id = managedLink.id;
    }
    const fill = (locale: Locale) =>
      route.replace(":locale", locale).replace(/:(\w+)/g, (_, name: string) => {
        if (!(name in ids)) throw new Error(`${route}: the accessibility test has no id for :${name}`);
        return String(ids[name]);
      });
    pages.push({ role: area.role, route, fill, strict: STRICT_ROUTES.some((r) => r.test(route)) });
  }
  return pages;
}

type AreaDialog = {
  role: DemoRole;
  name: string;
  path: (locale: Locale, ids: { warehouse: number; request: number }) => string;
  opener: (page: Page, locale: Locale) => Locator;
};

type Message = (inputs: Record<string, never>, options: { locale: Locale }) => string;
/**
 * The first visible button of the page's main part whose name starts with `message` (a row's
 * button adds what it acts on: "Approva Mario Rossi"). The back office is in Italian whatever
 * the area's language.
 */
const button = (message: Message, only?: Locale) => (page: Page, locale: Locale) => {
  const text = message({}, { locale: only ?? locale }).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page
    .locator("main")
    .getByRole("button", { name: new RegExp(`^${text}`) })
    .filter({ visible: true })
    .first();
};

/** The popups of the areas and the back office, opened as a person opens them and closed with Escape (nothing is sent). */
const AREA_DIALOGS: AreaDialog[] = [
  ...(["stocker", "referent", "hunter"] as const).flatMap((role): AreaDialog[] => {
    const data = (locale: Locale) => `/${locale}/${role === "hunter" ? "stock-hunter" : role}/profile/data`;
    return [
      { role, name: "edit profile", path: data, opener: button(m.aprof_edit_profile) },
      { role, name: "edit e-mail or password", path: data, opener: button(m.aprof_edit_credentials) },
    ];
  }),
  {
    role: "stocker",
    name: "cancel the subscription",
    path: (locale) => `/${locale}/stocker/profile/data`,
    opener: (page) => page.getByTestId("subscription-cancel"),
  },
  {
    role: "stocker",
    name: "change the referent",
    path: (locale, ids) => `/${locale}/stocker/profile/warehouses/${ids.warehouse}`,
    opener: button(m.wm_referent_change),
  },
  { role: "admin", name: "new CRM event", path: () => "/admin/crm", opener: (page) => page.getByTestId("crm-new") },
  { role: "admin", name: "edit a CRM event", path: () => "/admin/crm", opener: button(m.admcrm_edit, "it") },
  { role: "admin", name: "handle a follow-up action", path: () => "/admin/crm-actions", opener: button(m.admcrm_handle, "it") },
  { role: "admin", name: "confirm a bank transfer", path: () => "/admin/transfers", opener: button(m.admbill_confirm_button, "it") },
  { role: "admin", name: "edit a promo code", path: () => "/admin/promo-codes", opener: button(m.admbill_promo_edit, "it") },
  { role: "admin", name: "approve a stocker", path: () => "/admin/stocker-requests", opener: button(m.admst_approve, "it") },
  { role: "admin", name: "refuse a stocker", path: () => "/admin/stocker-requests", opener: button(m.admst_refuse, "it") },
  { role: "admin", name: "approve a hub", path: () => "/admin/hub-requests", opener: button(m.admhub_approve, "it") },
  { role: "admin", name: "refuse a hub", path: () => "/admin/hub-requests", opener: button(m.admhub_refuse, "it") },
  {
    role: "admin",
    name: "add warehouses to a request",
    path: (_, ids) => `/admin/requests?search=${requestNumber(ids.request)}&open=${ids.request}`,
    opener: (page) => page.getByTestId("request-add-warehouses"),
  },
];

type AreaState = { role: DemoRole; name: string; path: (locale: Locale) => string; reach: (page: Page, locale: Locale) => Promise<void> };

/** Opens the page's first closed request card (the areas' and the back office's request lists). */
// A request card's heading is its toggle (the filters' date pickers have expandable buttons too).
const REQUEST_TOGGLE = "main li :is(h2, h3) > [aria-expanded]";
const openFirstRequest = async (page: Page) => {
  await page.locator(`${REQUEST_TOGGLE}[aria-expanded=false]`).filter({ visible: true }).first().click();
  await page.locator(`${REQUEST_TOGGLE}[aria-expanded=true]`).first().waitFor();
};
/** Sends the page's form as it is (empty) and waits for its fields' errors: the server refuses it and nothing is written. */
const sendEmpty = (submit: Message, only?: Locale) => async (page: Page, locale: Locale) => {
  await button(submit, only)(page, locale).click();
  await page.locator("main [aria-invalid=true]").first().waitFor();
};

/** Two e-mails the outbox gave up on, for the undelivered e-mails' list (status failed: the worker never takes them). */
async function failedEmails() {
  const to = ["a11y.bounce@example.com", "a11y.mailbox-full@example.com"];
  const have = await app.db.selectFrom("mail_outbox").select("id").where("to_address", "in", to).where("status", "=", "failed").execute();
  if (have.length === to.length) return;
  const error = (n: number) =>
    n === 0
      ? "Can't send mail - all recipients were rejected: 550 5.1.1 <a11y.bounce@example.com>: Recipient address rejected: User unknown in virtual mailbox table"
      : `452 4.2.2 <a11y.mailbox-full@example.com>: Mailbox full. ${"The recipient's mailbox has exceeded its storage quota; try again later. ".repeat(6)}`;
  await app.db
    .insertInto("mail_outbox")
    .values(
      to.map((address, n) => ({
        to_address: address,
        subject: n === 0 ? "Il tuo codice di conferma Stockspace" : "Nuova richiesta di preventivo per Magazzino Demo",
        html: "<p>a11y</p>",
        text: "a11y",
        template: n === 0 ? "confirm_code" : "quote_request_received",
        lang: n === 0 ? ("it" as const) : ("en" as const),
        status: "failed" as const,
        attempts: 10,
        last_error: error(n),
        last_error_at: new Date(),
      })),
    )
    .execute();
}

/** States a page reaches only after a person acts on it: an open request card, a form sent with errors. */
const AREA_STATES: AreaState[] = [
  { role: "stocker", name: "a request card open", path: (locale) => `/${locale}/stocker/profile/messages`, reach: openFirstRequest },
  { role: "referent", name: "a request card open", path: (locale) => `/${locale}/referent/profile/messages`, reach: openFirstRequest },
  { role: "hunter", name: "a request open", path: (locale) => `/${locale}/stock-hunter/profile/messages`, reach: openFirstRequest },
  { role: "admin", name: "a request open", path: () => "/admin/requests", reach: openFirstRequest },
  { role: "stocker", name: "the warehouse form sent empty", path: (locale) => `/${locale}/stocker/profile/warehouses/new`, reach: sendEmpty(m.wf_save) },
  { role: "admin", name: "the specification form sent empty", path: () => "/admin/specifications/new", reach: sendEmpty(m.admspec_create, "it") },
  {
    role: "admin",
    name: "an undelivered e-mail's full error open, and the question before sending them all again",
    path: () => "/admin/emails?resend=all",
    reach: async (page) => {
      await page.getByTestId("resend-all-question").waitFor();
      await page.locator("main details > summary").filter({ visible: true }).first().click();
      await page.locator("main details[open] pre").first().waitFor();
    },
  },
  {
    role: "admin",
    name: "approving a stocker, step 2 (the warehouses)",
    path: () => "/admin/stocker-requests",
    reach: async (page) => {
      const dialog = await openDialog(page, button(m.admst_approve, "it")(page, "it"));
      await tick(dialog.getByLabel(m.admst_account_stocker({}, { locale: "it" }), { exact: true }));
      await dialog.getByRole("button", { name: m.admst_next({}, { locale: "it" }) }).click();
      await dialog.getByTestId("approve-warehouses").locator("li").first().waitFor();
    },
  },
];

// The walks run side by side (describe.concurrent; the browser project's maxConcurrency says how
// many at once), each in browser contexts of its own: while one waits on the app, the network
// or a popup's animation, another scans. They only read, or set the same thing the same way (the
// unconfirmed account), so none depends on another's order. The longest (the areas', about 90
// views each) come first, so they are not the last to start.
describe.concurrent("accessibility: axe-core finds no critical or serious violation", () => {
  it("keeps the page's Content-Security-Policy strict (axe comes in through the browser, not the page)", async () => {
    const { context, page } = await newPage(b.browser);
    const res = await page.goto("/it");
    const csp = res?.headers()["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-/);
    expect(scriptSrc).not.toMatch(/unsafe-eval|unsafe-inline/);
    // The page refuses a script without the nonce; the test's own injection still works.
    expect(
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const s = document.createElement("script");
            s.textContent = "window.__injected = true";
            document.head.append(s);
            setTimeout(() => resolve("__injected" in window), 50);
          }),
      ),
    ).toBe(false);
    await page.evaluate(AXE_SOURCE);
    expect(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run)).toBe("function");
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`every page, popup and reached state of the three areas and of the back office at ${width} px (each area in Italian at one width, in English at the other)${width < 1024 ? ", touch targets of at least 44 px included" : ""}`, async () => {
      const pages = await loggedInPages();
      expect(pages.length).toBeGreaterThan(40);
      // Request lists (3 areas and 2 administrator's views), favourites (2), statistics (2 and 1).
      expect(pages.filter((p) => p.strict).length).toBe(10);
      const hunterRequest = await app.db
        .selectFrom("warehouse_requests")
        .select("id")
        .where("user_id", "=", await userIdOf(app.db, DEMO.hunter))
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const ids = { warehouse: (await managedWarehouse()).id, request: hunterRequest.id };
      // The back office's lists offer "send the confirmation again" for an account not confirmed
      // yet: the newest seeded stock hunter is made one, as a new sign-up is, so the walk meets
      // that control whatever other journeys created before it. Seeded, not a demo account and
      // not one a journey running beside this one has just created (and may be logging in with).
      const newest = await app.db
        .selectFrom("users")
        .select("id")
        .where("role", "=", "stock_hunter")
        .where("email", "not in", Object.values(DEMO))
        .where("created_at", "<", sql<Date>`now() - interval '1 day'`)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      await app.db.updateTable("users").set({ has_confirmed_code: false }).where("id", "=", newest.id).execute();
      // The undelivered e-mails' list shows its rows only when the outbox gave up on some: two
      // are written (once), one with an error too long to show whole.
      await failedEmails();
      const run = collector(`areas ${width}px`, { touch: width < 1024 });
      for (const { role } of AREAS) {
        // The stocker and the hunter in Italian at 1280 px and in English at 375 px, the referent the other way round.
        const locale: Locale = (role === "referent") === (width === 1280) ? "en" : "it";
        const { context, page } = await newPage(b.browser, { locale, width, height: 850 });
        await page.emulateMedia({ reducedMotion: "reduce" });
        await loginAs(context, role);
        try {
          for (const p of pages.filter((p) => p.role === role)) {
            const path = p.fill(locale);
            await visit(page, path);
            await run.scan(page, path, { strict: p.strict });
          }
          for (const dialog of AREA_DIALOGS.filter((d) => d.role === role)) {
            await visit(page, dialog.path(locale, ids));
            const opened = await openDialog(page, dialog.opener(page, locale));
            await run.scan(page, `${dialog.path(locale, ids)}: ${dialog.name}`);
            await page.keyboard.press("Escape");
            await opened.waitFor({ state: "detached" });
          }
          for (const state of AREA_STATES.filter((s) => s.role === role)) {
            await visit(page, state.path(locale));
            await state.reach(page, locale);
            // An open card of a request list is held to the list's own strict set.
            await run.scan(page, `${state.path(locale)}: ${state.name}`, { strict: STRICT_ROUTES.some((r) => r.test(state.path(locale))) });
          }
        } finally {
          await context.close();
        }
      }
      run.check();
    }, 1_200_000); // 90 views: five minutes on a busy 2-core machine, ten beside the other walks at load 20
  }

  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      it(`every public page and popup, /${locale} at ${width} px${width < 1024 ? ", touch targets of at least 44 px included" : ""}`, async () => {
        const { context, page } = await newPage(b.browser, { locale, width, height: width < 1024 ? 800 : 900 });
        await page.emulateMedia({ reducedMotion: "reduce" });
        // Touch targets are checked where a finger is the pointer: the public site at phone width.
        const run = collector(`/${locale} ${width}px`, { touch: width < 1024 });
        try {
          await scanPublicSite(page, locale, width, run.scan, run.add);
        } finally {
          await context.close();
        }
        run.check();
      }, 600_000);
    }
  }

  it("the back office's 404 at both widths: nothing for axe to find, moderate included, and a link back to the back office's start", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it", height: 850 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await loginAs(context, "admin");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 850 });
      const run = collector(`admin 404 ${width}px`, { touch: width < 1024 });
      // An unknown address, and an unknown thing at a known one.
      const paths = ["/admin/no-such-page", "/admin/warehouses/999999999/edit"];
      const backLinks: (string | null)[] = [];
      for (const path of paths) {
        await visit(page, path, 404);
        await run.scan(page, path, { strict: true });
        const back = page.locator("main").getByRole("link", { name: m.area_admin_back({}, { locale: "it" }), exact: true });
        backLinks.push((await back.count()) === 1 ? await back.getAttribute("href") : null);
      }
      run.check();
      expect(backLinks).toEqual(paths.map(() => "/admin"));
    }
    await page
      .locator("main")
      .getByRole("link", { name: m.area_admin_back({}, { locale: "it" }), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.locator("main h1").waitFor();
    await context.close();
  }, 180_000);

  it("the logged-in hunter's review and report forms, a favourite's page with its quote request, the saved searches and a sheet, both languages and widths", async () => {
    const hunterId = await userIdOf(app.db, DEMO.hunter);
    // A confirmed link of one of the hunter's requests that the hunter has not reviewed: the review form shows.
    const link = await app.db
      .selectFrom("warehouse_request_warehouses as l")
      .innerJoin("warehouse_requests as r", "r.id", "l.warehouse_request_id")
      .select(["l.warehouse_id", "l.warehouse_request_id"])
      .where("r.user_id", "=", hunterId)
      .where("l.state", "=", "confirmed")
      .where((eb) => eb.not(eb.exists(eb.selectFrom("reviews as v").select("v.id").whereRef("v.link_id", "=", "l.id").where("v.user_id", "=", hunterId))))
      .orderBy("l.id")
      .executeTakeFirstOrThrow();
    const favourite = await favouriteTakingRequests(app.db, hunterId);
    const [sheet] = await redeemedDemoWarehouses(app.db, 1);
    // Two saved searches of the hunter, one paused, with every criterion: removed at the end.
    const specs = await app.db.selectFrom("specifications").select("id").where("hidden", "=", false).orderBy("id").limit(3).execute();
    const saved = await makeSavedSearch(app.db, {
      user_id: hunterId,
      name: "Accessibilità Verona",
      location: "Verona (VR), Italia",
      lat: 45.4384,
      lng: 10.9916,
      radius: 30,
      start_date: "2030-03-01",
      end_date: "2030-09-30",
      m2_value: 500,
      specification_ids: specs.map((x) => x.id),
    });
    await makeSavedSearch(app.db, { user_id: hunterId, name: "Accessibilità pallet", m2_type: "pallet", m2_value: 40, paused: true });
    const run = collector("hunter");
    for (const locale of LOCALES) {
      const { context, page } = await newPage(b.browser, { locale });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await loginAs(context, "hunter");
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 850 });
        for (const kind of ["review", "report"] as const) {
          await visit(page, `/${locale}/warehouses/${link.warehouse_id}/requests/${link.warehouse_request_id}/${kind}`);
          await page.getByTestId(`${kind}-form`).waitFor();
          await run.scan(page, `/${locale} ${width}px ${kind} form`);
        }
        // A favourite's page in the area, and the quote request it opens.
        await visit(page, `/${locale}/stock-hunter/profile/warehouses/${favourite.id}`);
        await run.scan(page, `/${locale} ${width}px favourite's page`);
        await openDialog(page, page.getByTestId("hunter-warehouse-quote"));
        await run.scan(page, `/${locale} ${width}px quote request from a favourite's page`);
        await closeDialog(page);
        // The saved searches (decision 038): the list, a card's rename form and delete question, and the search page's dialog.
        await visit(page, `/${locale}/stock-hunter/profile/saved-searches`);
        await page.getByTestId("saved-search").first().waitFor();
        await run.scan(page, `/${locale} ${width}px saved searches`);
        for (const open of ["rename", "delete"] as const) {
          await visit(page, `/${locale}/stock-hunter/profile/saved-searches?${open}=${saved.id}`);
          await page.getByTestId(`saved-search-${open}-form`).waitFor();
          await run.scan(page, `/${locale} ${width}px saved searches: ${open}`);
        }
        await visit(page, `/${locale}/stocks?location=Milano&radius=10`);
        await openDialog(page, page.getByTestId("save-search-open"));
        await run.scan(page, `/${locale} ${width}px save search, logged in as a hunter`);
        await closeDialog(page);
        // A public sheet as the hunter sees it: with the favourite button.
        await visit(page, `/${locale}/warehouses/${sheet!.id}`);
        await page.getByTestId("sheet-favourite").waitFor();
        await run.scan(page, `/${locale} ${width}px a sheet, logged in as a hunter`);
      }
      await context.close();
    }
    await app.db.deleteFrom("saved_searches").where("name", "like", "Accessibilità %").execute();
    run.check();
  }, 360_000);
});
