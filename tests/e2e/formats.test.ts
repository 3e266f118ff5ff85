// One format everywhere (spec: Italian notation in both languages): date fields show
// day.month.year with dots and are typed day first, number fields show and take "1.234,5",
// while the address, the search and the saved warehouse get plain numbers and ISO dates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { hydrated, loginAs, newPage, useBrowser } from "./support.ts";

const b = useBrowser();

/** The visible field of a date (a text input; the form's ISO day is a hidden input beside it). */
const dateField = (page: Page, testId: string) => page.getByTestId(testId).locator("input[type=text]");

const nextYear = new Date().getUTCFullYear() + 1;

for (const locale of ["it", "en"] as const) {
  describe(`the search form in ${locale === "it" ? "Italian" : "English"}`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await newPage(b.browser, { locale }));
    });
    afterAll(async () => {
      await context?.close();
    });

    it("types dates day first and shows them with dots, numbers in Italian notation, and searches with plain values", async () => {
      await page.goto(`/${locale}/stocks`);
      await hydrated(page);
      const start = dateField(page, "search-start-date");
      const end = dateField(page, "search-end-date");
      expect(await start.getAttribute("placeholder")).toBe(locale === "it" ? "gg.mm.aaaa" : "dd.mm.yyyy");
      expect(await start.getAttribute("inputmode")).toBe("numeric");

      await page.getByTestId("search-location").fill("Milano");
      await page.getByTestId("search-radius").fill("12,5");
      // Digits only: the dots come by themselves.
      await start.click();
      await page.keyboard.type(`2111${nextYear}`);
      expect(await start.inputValue()).toBe(`21.11.${nextYear}`);
      // Slashes and a two-digit year are read too, and written back the site's way on leaving.
      await end.click();
      await page.keyboard.type(`6/1/${String(nextYear + 1).slice(2)}`);
      await end.blur();
      expect(await end.inputValue()).toBe(`06.01.${nextYear + 1}`);
      // The field is found by its label.
      expect(await page.getByLabel(locale === "it" ? "Libero dal" : "Free from", { exact: true }).inputValue()).toBe(`21.11.${nextYear}`);

      // A day that does not exist is flagged in the page's language, and what was typed stays.
      await start.fill(`31.02.${nextYear}`);
      await start.blur();
      expect(await start.getAttribute("aria-invalid")).toBe("true");
      expect(await start.inputValue()).toBe(`31.02.${nextYear}`);
      expect(await page.getByText(locale === "it" ? "Questa data non è valida" : "This is not a valid date").count()).toBe(1);
      await start.fill(`21.11.${nextYear}`);
      await start.press("Tab");
      expect(await start.getAttribute("aria-invalid")).toBeNull();

      const space = page.getByTestId("search-m2-value");
      await space.fill("1234,5");
      await space.blur();
      expect(await space.inputValue()).toBe("1.234,5");

      await page.getByTestId("search-submit").click();
      await page.getByTestId("search-summary").waitFor();
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        radius: "12.5",
        m2_value: "1234.5",
        start_date: `${nextYear}-11-21`,
        end_date: `${nextYear + 1}-01-06`,
      });
      expect(await page.getByTestId("search-summary").textContent()).toContain("12,5 km");
    });

    it("refuses a space that is no number, in the page's language", async () => {
      await page.goto(`/${locale}/stocks`);
      await page.getByTestId("search-location").fill("Milano");
      await page.getByTestId("search-m2-value").fill("1,2,3");
      await page.getByTestId("search-submit").click();
      await expect.poll(() => page.getByTestId("search-m2-value").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByText(locale === "it" ? "Indica lo spazio con un numero" : "Enter the space as a number").count()).toBe(1);
    });
  });
}

describe("the warehouse form's numbers", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(b.browser, { locale: "en" }));
    await loginAs(context, "stocker");
  });
  afterAll(async () => {
    await context?.close();
  });

  it("shows areas and costs in Italian notation, euros with two decimals, and settles what is typed", async () => {
    await page.goto("/en/stocker/profile/warehouses");
    const href = await page
      .locator('a[href^="/en/stocker/profile/warehouses/"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("href")).find((h) => h && /\/warehouses\/\d+$/.test(h)));
    await page.goto(`${href}/edit`);
    const details = page.getByTestId("wf-section-details");
    await details.locator('input[name="m2_cost"]').waitFor();
    const values = Object.fromEntries(
      await details.locator("input").evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value])),
    );
    for (const [name, value] of Object.entries(values)) {
      if (!value) continue;
      if (["m2_cost", "m2_month", "m2_pallet", "handling_cost"].includes(name)) expect(value, name).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
      else expect(value, name).toMatch(/^\d{1,3}(\.\d{3})*(,\d+)?$/);
    }
    const total = details.locator('input[name="total_m2"]');
    await total.fill("2500,5");
    await total.blur();
    expect(await total.inputValue()).toBe("2.500,5");
    const cost = details.locator('input[name="m2_cost"]');
    await cost.fill("48,5");
    await cost.blur();
    expect(await cost.inputValue()).toBe("48,50");
    const bays = details.locator('input[name="bays_number"]');
    await bays.fill("2,5");
    await bays.blur();
    expect(await bays.inputValue()).toBe("2,5"); // no whole number: left as typed for the form to refuse
  });
});
