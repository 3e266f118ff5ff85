// From a warehouse to a quote, in a real browser against the built app with demo data: the
// public sheet of a redeemed warehouse (404 for an anonymised one), the open-now status, the gallery by
// mouse and keyboard, the comparison (a table of five, only the differences, removing one with
// and without JavaScript, the quote popup for the rest), one quote request to five warehouses from the search
// page (success message, reload, five pending links, each handler's notification and
// e-mail, the requester's confirmation), a request to one warehouse worded in the singular (from
// the search and from the sheet), a favourite and a quote request from its page in the
// hunter's area, a review (once) and a report, and 404 for a user who is not a party.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { m } from "../../app/paraglide/messages.js";
import { prepositionA } from "../../app/lib/italian.ts";
import {
  baseUrl,
  DEMO,
  favouriteTakingRequests,
  hydrated,
  loginAs,
  mailTo,
  newPage,
  tick,
  useAppDatabase,
  useBrowser,
  redeemedDemoWarehouses,
} from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();

type Ids = { redeemed: number[]; galleryId: number; unclaimed: number; hunterId: number; stockerWarehouses: number[] };
let ids: Ids;

beforeAll(async () => {
  const db = app.db;
  // Redeemed (claimed and subscribed: public), listed warehouses, the one with most images first.
  const redeemed = await redeemedDemoWarehouses(db);
  const unclaimed = await db.selectFrom("warehouses").select("id").where("user_id", "is", null).orderBy("id").executeTakeFirstOrThrow();
  const hunter = await db.selectFrom("users").select("id").where("email", "=", DEMO.hunter).executeTakeFirstOrThrow();
  // The demo stocker's warehouses: the stock keeper (the non-party below) has nothing to do with them.
  const stockers = await db
    .selectFrom("warehouses as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select("w.id")
    .where("u.email", "=", DEMO.stocker)
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .orderBy("w.id")
    .limit(2)
    .execute();
  ids = {
    redeemed: redeemed.map((c) => c.id),
    galleryId: redeemed[0]!.id,
    unclaimed: unclaimed.id,
    hunterId: hunter.id,
    stockerWarehouses: stockers.map((w) => w.id),
  };
  expect(Number(redeemed[0]!.images)).toBeGreaterThan(3);
});

async function csrf(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")!.value;
}

/** Waits until React has hydrated the page: its nodes then carry React's fiber keys. */
describe("the warehouse sheet", () => {
  it("shows a redeemed warehouse in both languages and answers 404 for an anonymised one", async () => {
    for (const locale of ["it", "en"] as const) {
      const { context, page } = await newPage(b.browser, { locale });
      const res = await page.goto(`/${locale}/warehouses/${ids.galleryId}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator("h1").textContent()).resolves.toBeTruthy();
      const status = page.getByTestId("opening-status");
      if (await status.count()) expect(await status.textContent()).toMatch(locale === "it" ? /(Aperto|Chiuso) ora/ : /(Open|Closed) now/);
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain("Stockspace");
      expect(await page.content()).not.toContain("handling_cost");
      const missing = await page.goto(`/${locale}/warehouses/${ids.unclaimed}`);
      expect(missing?.status()).toBe(404);
      // It says what such a page is and where to look, the same for an id that does not exist.
      const hint = await page.getByTestId("error-hint").textContent();
      expect(hint).toBe(m.error_warehouse_not_public({}, { locale }));
      // The search (which lists every warehouse) is the first way on, the home page the second.
      const firstAction = () => page.getByTestId("error-hint").locator("xpath=following-sibling::div//a").first().getAttribute("href");
      expect(await firstAction()).toBe(`/${locale}/stocks`);
      await page.goto(`/${locale}/warehouses/999999999`);
      expect(await page.getByTestId("error-hint").textContent()).toBe(hint);
      // Any other unknown page says what may have happened, with the home page first.
      await page.goto(`/${locale}/no-such-page`);
      expect(await page.getByTestId("error-hint").textContent()).toBe(m.error_not_found_hint({}, { locale }));
      expect(await page.getByTestId("error-search").locator("xpath=preceding-sibling::a").getAttribute("href")).toBe(`/${locale}`);
      await context.close();
    }
  });

  it("takes a visitor on a phone from the header's rating to the ratings per criterion, clear of the sticky header", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en", width: 375, height: 740 });
    try {
      let rated = false;
      for (const id of ids.redeemed) {
        await page.goto(`/en/warehouses/${id}`);
        if (await page.getByTestId("sheet-rating-link").count()) {
          rated = true;
          break;
        }
      }
      expect(rated, "a demo warehouse with reviews").toBe(true);
      const link = page.getByTestId("sheet-rating-link");
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      const average = (await link.textContent())!.match(/\d,\d/)![0];
      await link.click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#sheet-ratings");
      const panel = page.getByTestId("rating-breakdown");
      const header = (await page.locator("header").first().boundingBox())!; // the site header, sticky
      await expect
        .poll(
          async () => {
            const box = (await panel.boundingBox())!;
            return box.y >= header.y + header.height && box.y < 740;
          },
          { message: "the panel's top is in sight, below the header" },
        )
        .toBe(true);
      expect(await panel.textContent()).toContain(average);
    } finally {
      await context.close();
    }
  });

  it("keeps a long popup form's submit button in the window while the form scrolls (a laptop's quote request, a phone's registration)", async () => {
    /** The submit button's top and bottom against the window's height. */
    const submitBox = async (page: Page, dialog: Locator) => {
      const box = (await dialog.locator("button[type=submit]").boundingBox())!;
      return { top: box.y, bottom: box.y + box.height, window: page.viewportSize()!.height };
    };
    const laptop = await newPage(b.browser, { locale: "it", width: 1280, height: 720 });
    await laptop.page.goto(`/it/warehouses/${ids.galleryId}`);
    await hydrated(laptop.page);
    await laptop.page.getByTestId("warehouse-sheet").locator("header button").first().click();
    const quote = laptop.page.locator("#quote-request-ap");
    await quote.waitFor();
    // One warehouse: its name and address, no zone the hunter never chose, no "(1)" on the button.
    const recap = quote.getByTestId("quote-recap");
    expect(await recap.locator("dl").count()).toBe(0);
    expect(await recap.textContent()).toMatch(/^Magazzino\S/);
    expect(await quote.locator("button[type=submit]").textContent()).toBe("Invia la richiesta");
    // The form runs past the window's bottom edge, and its submit row stays on it.
    expect(await quote.evaluate((el) => el.getBoundingClientRect().bottom)).toBeGreaterThan(720);
    let box = await submitBox(laptop.page, quote);
    expect(box.bottom).toBeLessThanOrEqual(box.window);
    expect(box.top).toBeGreaterThan(box.window - 120);
    // The fields it covered scroll out from under it: the last consent comes into view above it.
    await quote.locator("input[name=data_g]").last().scrollIntoViewIfNeeded();
    const consent = (await quote.locator("input[name=data_g]").last().boundingBox())!;
    box = await submitBox(laptop.page, quote);
    expect(consent.y + consent.height).toBeLessThanOrEqual(box.top);
    await laptop.context.close();

    const phone = await newPage(b.browser, { locale: "en", width: 375, height: 740 });
    await phone.page.goto("/en");
    await hydrated(phone.page);
    await phone.page.locator("header button[aria-controls]").click();
    await phone.page.locator("header").getByRole("button", { name: "Sign up", exact: true }).filter({ visible: true }).click();
    const register = phone.page.locator("#register-ap");
    await register.locator("[role=radiogroup] label").first().click();
    await register.getByRole("button", { name: "Continue", exact: true }).click();
    await register.locator("[data-testid=register-hunter-form]").waitFor();
    box = await submitBox(phone.page, register);
    expect(box.bottom).toBeLessThanOrEqual(box.window);
    // Back and the submit share the row.
    const back = (await register.getByRole("button", { name: "Back", exact: true }).boundingBox())!;
    expect(Math.abs(back.y + back.height / 2 - (box.top + box.bottom) / 2)).toBeLessThan(2);
    await phone.context.close();

    // The Italian stocker's form, whose labels are the longest ("Indietro", "Invia la richiesta"): one row too.
    const italian = await newPage(b.browser, { locale: "it", width: 375, height: 740 });
    await italian.page.goto("/it");
    await hydrated(italian.page);
    await italian.page.locator("header button[aria-controls]").click();
    await italian.page.locator("header").getByRole("button", { name: "Registrati", exact: true }).filter({ visible: true }).click();
    const stocker = italian.page.locator("#register-ap");
    await stocker.locator("[role=radiogroup] label").nth(1).click();
    await stocker.getByRole("button", { name: "Continua", exact: true }).click();
    await stocker.locator("button[type=submit]").waitFor();
    box = await submitBox(italian.page, stocker);
    const indietro = (await stocker.getByRole("button", { name: "Indietro", exact: true }).boundingBox())!;
    expect(Math.abs(indietro.y - box.top)).toBeLessThan(2);
    expect(await stocker.locator("button[type=submit]").textContent()).toBe("Invia la richiesta");
    await italian.context.close();
  });

  it("browses the gallery by mouse and keyboard, wrapping around", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto(`/it/warehouses/${ids.galleryId}`);
    await hydrated(page);
    const total = await app.db
      .selectFrom("images")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("warehouse_id", "=", ids.galleryId)
      .executeTakeFirstOrThrow();
    const n = Number(total.n);
    await expect(page.getByTestId("gallery-more").textContent()).resolves.toBe(`+${n - 3}`);
    await page.getByTestId("gallery").locator("button").first().click();
    const counter = page.getByTestId("gallery-counter");
    await counter.waitFor();
    expect(await counter.textContent()).toBe(`1 / ${n}`);
    await page.keyboard.press("ArrowLeft");
    expect(await counter.textContent()).toBe(`${n} / ${n}`);
    await page.keyboard.press("ArrowRight");
    expect(await counter.textContent()).toBe(`1 / ${n}`);
    await page.getByRole("button", { name: "Foto successiva" }).click();
    expect(await counter.textContent()).toBe(`2 / ${n}`);
    await page.getByRole("button", { name: `Mostra la foto ${n} di ${n}` }).click();
    expect(await counter.textContent()).toBe(`${n} / ${n}`);
    await page.getByRole("button", { name: "Foto successiva" }).click();
    expect(await counter.textContent()).toBe(`1 / ${n}`);
    await page.keyboard.press("Escape");
    await page.getByTestId("gallery-slider").waitFor({ state: "detached" });
    await context.close();
  });
});

describe("comparison", () => {
  it("compares five redeemed warehouses in a table, shows only the differences, removes one and opens the quote popup for the rest", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    const five = ids.redeemed.slice(0, 5);
    await page.goto(`/en/compare?wids=${[...five, ids.unclaimed].join(",")}`);
    await hydrated(page);
    expect(await page.title()).toBe("Compare 5 warehouses – Stockspace");
    // A column per redeemed warehouse, in the order asked; the anonymised one is left out with a notice.
    const columns = page.getByTestId("compare-column");
    expect(await columns.evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-warehouse-id"))))).toEqual(five);
    expect(await page.getByTestId("compare-missing").count()).toBe(1);
    // Every row has a cell per warehouse: the rows line up.
    const widths = await page.getByTestId("compare-row").evaluateAll((rows) => rows.map((r) => r.querySelectorAll("td").length));
    expect(widths.length).toBeGreaterThan(12);
    expect(new Set(widths)).toEqual(new Set([5]));
    // The frame scrolls sideways and is reachable by keyboard.
    const frame = page.getByTestId("compare-table");
    expect(await frame.getAttribute("tabindex")).toBe("0");
    expect(await frame.getAttribute("aria-label")).toBeTruthy();

    // Only the differences (the view is in the address): every row left says something different
    // for at least one warehouse (the demo's five differ almost everywhere; the unit tests count the hidden rows).
    const allRows = widths.length;
    await page.getByTestId("compare-only-differences").click();
    await page.waitForURL(/diff=1/);
    await page.locator('[data-testid=compare-only-differences][aria-current="true"]').waitFor();
    const shown = await page.getByTestId("compare-row").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
    expect(shown.length).toBeLessThanOrEqual(allRows);
    for (const cells of shown) expect(new Set(cells).size).toBeGreaterThan(1);

    // Remove the first warehouse: the address drops it (and the anonymised id), the view stays.
    await page.getByTestId("compare-remove").first().click();
    await page.waitForURL((url) => url.searchParams.get("wids") === five.slice(1).join(","));
    expect(new URL(page.url()).searchParams.get("diff")).toBe("1");
    await expect.poll(() => columns.count()).toBe(4);
    expect(await page.getByTestId("compare-missing").count()).toBe(0);

    // One quote request for the four that are left, from the search page's popup.
    await page.getByTestId("compare-quote").click();
    const dialog = page.locator("#quote-request-ap");
    await dialog.waitFor();
    expect(await dialog.getByTestId("quote-recap-warehouses").locator("li").count()).toBe(4);
    expect(await dialog.getByTestId("quote-recap").textContent()).toMatch(/\d+ km/);
    // A visitor ticks conditions and privacy (the search form), the sheet's yes/no consents are not asked.
    expect(await dialog.locator('input[name="conditions"]').count()).toBe(1);
    expect(await dialog.locator('input[name="data_f"][type="radio"]').count()).toBe(0);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("keeps every cell's content inside its column on a phone (long web addresses wrap)", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it", width: 375, height: 740 });
    try {
      await page.goto(`/it/compare?wids=${ids.redeemed.slice(0, 5).join(",")}`);
      const spills = await page.getByTestId("compare-table").evaluate((table) =>
        [...table.querySelectorAll("td, th")].flatMap((cell) => {
          const edge = cell.getBoundingClientRect();
          return [...cell.querySelectorAll("*")]
            .filter((el) => {
              const box = el.getBoundingClientRect();
              return box.width > 0 && (box.right > edge.right + 0.5 || box.left < edge.left - 0.5);
            })
            .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
        }),
      );
      expect(spills).toEqual([]);
      expect(await page.getByTestId("compare-row").locator("a[href^=http]").count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("keeps each warehouse's name over its column on a phone while the table scrolls down and sideways", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it", width: 375, height: 740 });
    try {
      const five = ids.redeemed.slice(0, 5);
      await page.goto(`/it/compare?wids=${five.join(",")}`);
      await hydrated(page);
      const names = page.getByTestId("compare-sticky-names");
      // At the top the table's own name row is in sight: no second one.
      expect(await names.getAttribute("data-shown")).toBe("false");
      expect(await names.isVisible()).toBe(false);
      // Down among the specifications: the bar sits under the site's header, each name over its column.
      await page
        .locator('[data-testid=compare-row][data-row^="spec-"]')
        .nth(3)
        .evaluate((row) => row.scrollIntoView({ block: "center" }));
      await expect.poll(() => names.getAttribute("data-shown")).toBe("true");
      await expect.poll(() => names.isVisible()).toBe(true);
      const header = (await page.locator("header").first().boundingBox())!;
      expect(Math.abs((await names.boundingBox())!.y - (header.y + header.height))).toBeLessThanOrEqual(1);
      const aligned = async () => {
        const row = page.locator('[data-testid=compare-row][data-row^="spec-"]').nth(3);
        const cells = await row.locator("td").evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().left));
        const bar = await names
          .locator("[data-warehouse-id]")
          .evaluateAll((els) => els.map((el) => [Number(el.getAttribute("data-warehouse-id")), el.getBoundingClientRect().left, el.textContent] as const));
        expect(bar.map(([id]) => id)).toEqual(five);
        bar.forEach(([, left], i) => expect(Math.abs(left - cells[i]!)).toBeLessThanOrEqual(1));
        return bar;
      };
      await aligned();
      // Sideways by two columns: the names move with them.
      await page.getByTestId("compare-table").evaluate((frame) => (frame.scrollLeft = 2 * 156));
      await expect.poll(async () => (await names.locator("[data-warehouse-id]").first().boundingBox())!.x).toBeLessThan(0);
      await aligned();
      // Past the table's end the bar goes.
      await page.getByTestId("compare-table").evaluate((frame) => window.scrollBy(0, frame.getBoundingClientRect().bottom - 100));
      await expect.poll(() => names.getAttribute("data-shown")).toBe("false");
    } finally {
      await context.close();
    }
  });

  it("removes a warehouse without JavaScript and says how to go on with fewer than two", async () => {
    const context = await b.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: "it-IT" });
    const page = await context.newPage();
    const [a, c] = ids.redeemed;
    await page.goto(`/it/compare?wids=${a},${c}`);
    expect(await page.getByTestId("compare-column").count()).toBe(2);
    await page.getByTestId("compare-remove").first().click();
    await page.waitForURL(`**/it/compare?wids=${c}`);
    await page.getByTestId("compare-too-few").waitFor();
    expect(await page.getByTestId("compare-table").count()).toBe(0);
    expect(await page.getByTestId("compare-too-few").getByRole("link").first().getAttribute("href")).toMatch(/^\/it\/stocks\?location=/);
    await page.goto("/it/compare");
    await page.getByTestId("compare-too-few").waitFor();
    await context.close();
  });
});

describe("a quote request to five warehouses from the search page", () => {
  it("sends it, shows the success message, reloads, and writes the links, notifications and e-mails", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto("/it/stocks?location=Milano&lat=45.4642&lng=9.19&radius=60");
    await hydrated(page);
    const boxes = page.getByTestId("result-select");
    expect(await boxes.count()).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < 5; i++) await boxes.nth(i).check();
    await page.getByTestId("quote-open").click();
    const dialog = page.locator("#quote-request-ap");
    await dialog.waitFor();
    expect(await dialog.getByTestId("quote-recap-warehouses").locator("li").count()).toBe(5);

    // Reversed dates are refused on the spot, both flagged.
    await fillDate(page, dialog, "Dal", "2027-03-01");
    await fillDate(page, dialog, "Al", "2027-01-01");
    await dialog.locator("button[type=submit]").click();
    for (const label of ["Dal", "Al"]) expect(await dialog.getByLabel(label, { exact: true }).getAttribute("aria-invalid")).toBe("true");

    const email = `e2e-visitor-${Date.now()}@example.com`;
    await fillDate(page, dialog, "Dal", "2027-01-01");
    await fillDate(page, dialog, "Al", "2027-03-01");
    await dialog.locator('input[name="business_name"]').fill("Prova E2E srl");
    await dialog.locator('input[name="referent"]').fill("Anna Verdi");
    await dialog.locator('input[name="contact"]').fill(email);
    await dialog.locator('textarea[name="message"]').fill("Ci servono 400 m2 da gennaio a marzo.");
    // Ticked by the boxes: a click on the labels' middle would land on their links, which open without ticking.
    await tick(dialog.getByRole("checkbox", { name: /Accetto le/ }));
    await tick(dialog.getByRole("checkbox", { name: /Ho letto l/ }));
    const reloaded = page.waitForEvent("load", { timeout: 10_000 });
    await dialog.locator("button[type=submit]").click();
    await page.getByTestId("quote-success").waitFor();
    expect(await page.getByTestId("quote-success").textContent()).toContain(email);
    await reloaded;

    const request = await app.db.selectFrom("warehouse_requests").selectAll().where("contact", "=", email).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ user_id: null, start_date: "2027-01-01", end_date: "2027-03-01", lang: "it" });
    const links = await app.db.selectFrom("warehouse_request_warehouses").selectAll().where("warehouse_request_id", "=", request.id).execute();
    expect(links).toHaveLength(5);
    expect(links.every((l) => l.state === "pending")).toBe(true);

    // Each warehouse's handler: its referent, else its owner, else the administrators; the owner
    // of a warehouse with a referent is told too (by e-mail unless it turned that off).
    const warehouses = await app.db
      .selectFrom("warehouses")
      .select(["id", "user_id", "referent_id", "owner_request_emails"])
      .where(
        "id",
        "in",
        links.map((l) => l.warehouse_id),
      )
      .execute();
    const admins = await app.db.selectFrom("users").select(["id", "email"]).where("role", "=", "admin").where("active", "=", true).execute();
    for (const w of warehouses) {
      const toldIds = w.referent_id ? [w.referent_id, ...(w.user_id ? [w.user_id] : [])] : w.user_id ? [w.user_id] : admins.map((a) => a.id);
      const handlerIds = w.referent_id && !w.owner_request_emails ? [w.referent_id] : toldIds;
      const link = links.find((l) => l.warehouse_id === w.id)!;
      const notes = await app.db
        .selectFrom("notifications")
        .select(["user_id"])
        .where(sql<boolean>`(data->>'link_id')::bigint = ${link.id}`)
        .execute();
      expect(notes.map((n) => n.user_id).sort()).toEqual([...toldIds].sort());
      const handlers = await app.db.selectFrom("users").select("email").where("id", "in", handlerIds).execute();
      for (const h of handlers) await mailTo(h.email, { subject: new RegExp(String(request.id).padStart(10, "0")) });
    }
    const confirmation = await mailTo(email);
    expect(confirmation.text).toContain(String(request.id).padStart(10, "0"));
    await context.close();
  });
});

describe("a quote request to one warehouse", () => {
  const subtitle = (dialog: Locator) => dialog.getByRole("heading").locator("xpath=following-sibling::p").textContent();

  it("names the one warehouse from the search, and counts two or more", async () => {
    for (const locale of ["it", "en"] as const) {
      const { context, page } = await newPage(b.browser, { locale });
      await page.goto(`/${locale}/stocks?location=Milano&lat=45.4642&lng=9.19&radius=60`);
      await hydrated(page);
      const cards = page.getByTestId("result-card");
      await cards.first().getByTestId("result-select").check();
      const name = (await cards.first().getByTestId("result-name").textContent())!.trim();
      await page.getByTestId("quote-open").click();
      const dialog = page.locator("#quote-request-ap");
      await dialog.waitFor();
      expect(await subtitle(dialog)).toBe(m.quote_subtitle_one({ a: prepositionA(name), name }, { locale }));
      expect(await subtitle(dialog)).not.toContain("(1)");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await cards.nth(1).getByTestId("result-select").check();
      await page.getByTestId("quote-open").click();
      await dialog.waitFor();
      expect(await subtitle(dialog)).toBe(m.quote_subtitle_search({ count: 2 }, { locale }));
      await context.close();
    }
  });

  it("says the request went to that warehouse once it is sent from the sheet", async () => {
    for (const locale of ["it", "en"] as const) {
      const { context, page } = await newPage(b.browser, { locale });
      await loginAs(context, "hunter");
      await page.goto(`/${locale}/warehouses/${ids.redeemed[2]}`);
      await hydrated(page);
      const name = (await page.locator("h1").textContent())!.trim();
      await page
        .getByTestId("warehouse-sheet")
        .locator("header")
        .getByRole("button", { name: m.sheet_request_quote({}, { locale }), exact: true })
        .click();
      const dialog = page.locator("#quote-request-ap");
      await dialog.waitFor();
      expect(await subtitle(dialog)).toBe(m.quote_subtitle_one({ a: prepositionA(name), name }, { locale }));
      await dialog.locator('input[name="business_name"]').fill("Dolciaria Colombo Srl");
      await dialog.locator('input[name="referent"]').fill("Sara Colombo");
      await dialog.locator('input[name="contact"]').fill(DEMO.hunter);
      await dialog.locator('input[name="telephone"]').fill("+39 333 555 0202");
      await dialog.locator('textarea[name="message"]').fill(`Dalla scheda, un magazzino solo (${locale}).`);
      await dialog.locator("button[type=submit]").click();
      await page.getByTestId("quote-success").waitFor();
      const text = await page.getByTestId("quote-success").textContent();
      expect(text).toContain(m.quote_success_text_one({ a: prepositionA(name), name, email: DEMO.hunter }, { locale }));
      expect(text).not.toContain("(1)");
      await context.close();
    }
  });

  it("titles a search around a town starting with A with ad", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto("/it/stocks?location=Aosta&radius=10");
    expect(await page.title()).toContain("Magazzini vicino ad Aosta");
    await context.close();
  });
});

describe("a stock hunter", () => {
  it("toggles a favourite on a claimed warehouse", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "hunter");
    await page.goto("/it");
    const token = await csrf(context);
    const id = ids.redeemed[1]!;
    const before = await app.db.selectFrom("favourites").select("warehouse_id").where("user_id", "=", ids.hunterId).where("warehouse_id", "=", id).execute();
    const res = await page.request.post(`/api/stock-hunter/warehouses/${id}/toggle-favourite`, { headers: { "X-XSRF-TOKEN": token } });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.favourite_ids.includes(id)).toBe(before.length === 0);
    const unclaimed = await page.request.post(`/api/stock-hunter/warehouses/${ids.unclaimed}/toggle-favourite`, { headers: { "X-XSRF-TOKEN": token } });
    expect(unclaimed.status()).toBe(422);
    await context.close();
  });

  it("asks a favourite for a quote from its card and its page in the area, and finds the request in its history", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "hunter");
    // A favourite that takes requests (anonymised or not: both are asked the same way).
    const favourite = await favouriteTakingRequests(app.db, ids.hunterId);
    // Its card in the favourites (8 to a page, newest first) opens the same popup, for that warehouse alone.
    const newer = await app.db
      .selectFrom("favourites as f")
      .innerJoin("favourites as mine", (join) => join.on("mine.user_id", "=", ids.hunterId).on("mine.warehouse_id", "=", favourite.id))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("f.user_id", "=", ids.hunterId)
      .where((eb) =>
        eb.or([
          eb("f.created_at", ">", eb.ref("mine.created_at")),
          eb.and([eb("f.created_at", "=", eb.ref("mine.created_at")), eb("f.warehouse_id", ">", favourite.id)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    await page.goto(`/it/stock-hunter/profile/warehouses?page=${Math.floor(Number(newer.n) / 8) + 1}`);
    await hydrated(page);
    await page.getByTestId(`favourite-quote-${favourite.id}`).click();
    const fromCard = page.locator("#quote-request-ap");
    await fromCard.waitFor();
    expect(await fromCard.getByTestId("quote-recap-warehouses").locator("li").count()).toBe(1);
    await page.keyboard.press("Escape");
    await fromCard.waitFor({ state: "detached" });

    await page.goto(`/it/stock-hunter/profile/warehouses/${favourite.id}`);
    await hydrated(page);
    const history = page.getByTestId("hunter-warehouse-history").locator("li");
    const before = await history.count();
    await page.getByTestId("hunter-warehouse-quote").click();
    const dialog = page.locator("#quote-request-ap");
    await dialog.waitFor();
    expect(await dialog.getByTestId("quote-recap-warehouses").locator("li").count()).toBe(1);
    await dialog.locator('input[name="business_name"]').fill("Dolciaria Colombo Srl");
    await dialog.locator('input[name="referent"]').fill("Sara Colombo");
    await dialog.locator('input[name="contact"]').fill(DEMO.hunter);
    await dialog.locator('input[name="telephone"]').fill("+39 333 555 0202");
    await dialog.locator('textarea[name="message"]').fill("Dalla pagina del preferito: 300 m2 da marzo.");
    await dialog.locator("button[type=submit]").click();
    await page.getByTestId("quote-success").waitFor();
    const request = await app.db
      .selectFrom("warehouse_requests as r")
      .innerJoin("warehouse_request_warehouses as l", "l.warehouse_request_id", "r.id")
      .select(["r.id", "r.user_id", "r.location", "l.warehouse_id"])
      .where("r.message", "=", "Dalla pagina del preferito: 300 m2 da marzo.")
      .execute();
    expect(request).toEqual([expect.objectContaining({ user_id: ids.hunterId, warehouse_id: favourite.id })]);
    // The page stays, and its history shows the new request once the popup is closed.
    await page.keyboard.press("Escape");
    await expect.poll(() => history.count(), { timeout: 10_000 }).toBe(before + 1);
    expect(await history.first().textContent()).toContain(String(request[0]!.id).padStart(10, "0"));
    await context.close();
  });

  it("reviews a confirmed request once, reports another, and a non-party gets the 404 of an unknown link", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    await loginAs(context, "hunter");
    await page.goto("/en");
    const token = await csrf(context);
    // A fresh request from the hunter to one warehouse, then confirmed by its handler (the
    // state change belongs to the stocker's area; here it is set directly).
    const send = await page.request.post("/api/warehouses/send-requests", {
      headers: { "X-XSRF-TOKEN": token },
      data: {
        request_data: { business_name: "Hunter srl", contact: DEMO.hunter, telephone: "333 1", referent: "Sara", message: "E2E review", location: "Milano" },
        warehouse_ids: ids.stockerWarehouses,
      },
    });
    expect(send.status()).toBe(200);
    const requestId = (await send.json()).warehouse_request_id as number;
    await app.db
      .updateTable("warehouse_request_warehouses")
      .set({ state: "confirmed" })
      .where("warehouse_request_id", "=", requestId)
      .where("warehouse_id", "=", ids.stockerWarehouses[0]!)
      .execute();

    await page.goto(`/en/warehouses/${ids.stockerWarehouses[0]}/requests/${requestId}/review`);
    await hydrated(page);
    await tick(page.getByTestId("rating-reliability_value").getByRole("radio", { name: "4 of 5" }));
    await tick(page.getByTestId("rating-services_value").getByRole("radio", { name: "5 of 5" }));
    await page.getByRole("button", { name: "Send the review" }).click();
    await page.getByTestId("feedback-done").waitFor();
    const review = await app.db.selectFrom("reviews").selectAll().where("warehouse_request_id", "=", requestId).executeTakeFirstOrThrow();
    expect(review).toMatchObject({ user_id: ids.hunterId, reliability_value: 4, services_value: 5, avg_value: 45, target: "warehouse" });

    const again = await page.request.post(`/api/warehouses/${ids.stockerWarehouses[0]}/requests/${requestId}/review`, {
      headers: { "X-XSRF-TOKEN": token },
      data: { review_data: { full_name: "Sara", email: DEMO.hunter, telephone: "333" } },
    });
    expect(again.status()).toBe(409);
    await page.goto(`/en/warehouses/${ids.stockerWarehouses[0]}/requests/${requestId}/review`);
    expect(await page.getByTestId("feedback-notice").count()).toBe(1);

    // The other link is still pending: a report is possible at any time.
    await page.goto(`/en/warehouses/${ids.stockerWarehouses[1]}/requests/${requestId}/report`);
    await hydrated(page);
    // The server checks the form: a refused field keeps its error until it is edited (lib/use-edited-fields.ts).
    const subject = page.locator('input[name="subject"]');
    await page.locator('textarea[name="description"]').fill("The warehouse never answered.");
    await page.getByRole("button", { name: "Send the report" }).click();
    await expect.poll(() => subject.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator('textarea[name="description"]').inputValue()).toBe("The warehouse never answered.");
    await subject.fill("No answer");
    await expect.poll(() => subject.getAttribute("aria-invalid")).toBeNull();
    await page.getByRole("button", { name: "Send the report" }).click();
    await page.getByTestId("feedback-done").waitFor();
    expect(await app.db.selectFrom("reports").select("id").where("warehouse_request_id", "=", requestId).execute()).toHaveLength(1);

    // Another user, not a party of this request.
    const other = await newPage(b.browser, { locale: "en" });
    await loginAs(other.context, "keeper");
    const forbidden = await other.page.goto(`/en/warehouses/${ids.stockerWarehouses[0]}/requests/${requestId}/review`);
    expect(forbidden?.status()).toBe(404);
    await other.page.goto("/en");
    const api = await other.page.request.post(`/api/warehouses/${ids.stockerWarehouses[1]}/requests/${requestId}/report`, {
      headers: { "X-XSRF-TOKEN": await csrf(other.context) },
      data: { report_data: { full_name: "X", email: "x@example.com", telephone: "1", subject: "s", description: "d" } },
    });
    expect(api.status()).toBe(404);
    await other.context.close();
    await context.close();
  });
});

/** Type a date into a date field, digits only, day first (the field puts the dots in), and leave it. */
async function fillDate(page: Page, scope: Locator, label: string, iso: string) {
  const [year, month, day] = iso.split("-");
  const field = scope.getByLabel(label, { exact: true });
  await field.fill("");
  await field.click();
  await page.keyboard.type(`${day}${month}${year}`);
  await field.blur();
}
