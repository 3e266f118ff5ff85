// The native form controls (fields.tsx, RadioGroupInput.tsx) in a real browser, where the
// platform does what React Aria used to: a radio group moves and chooses with the arrows and
// shows the keyboard focus on its drawn option; a checkbox ticks from its label and from Space
// and shows the focus on its drawn box; a link inside a checkbox's label opens without ticking
// it; a number field writes its text in Italian notation when left.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { hydrated, newPage, redeemedDemoWarehouses, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();

/** Tabs forward (at most `limit` times) until the focus is on `target`. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("the focus never reached the element by Tab");
}

/** The outline the element draws (the focus ring), e.g. "solid 2px"; "none 0px" without one. */
const outlineOf = (locator: Locator) => locator.evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`);

describe("the registration popup", () => {
  it("chooses a role with the arrows, ticks consents by label and Space, and opens a label's link without ticking", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto("/it");
    await hydrated(page);
    await page.getByRole("button", { name: "Registrati", exact: true }).click();
    const dialog = page.locator("#register-ap");
    const group = dialog.getByRole("radiogroup");
    await group.waitFor();
    const radios = group.getByRole("radio");
    expect(await radios.count()).toBe(2);
    expect(await radios.first().isChecked()).toBe(false);

    // Nothing chosen: Tab reaches the first option; the arrow chooses the next one.
    await tabTo(page, radios.first());
    const cards = group.locator("label");
    expect(await outlineOf(cards.first())).toBe("solid 2px");
    await page.keyboard.press("ArrowRight");
    expect(await radios.nth(1).isChecked()).toBe(true);
    expect(await outlineOf(cards.nth(1))).toBe("solid 2px");
    expect(await outlineOf(cards.first())).toMatch(/^none/);
    expect(await cards.nth(1).getAttribute("data-selected")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    expect(await radios.first().isChecked()).toBe(true);
    expect(await radios.nth(1).isChecked()).toBe(false);
    await dialog.getByRole("button", { name: "Continua" }).click();
    await dialog.locator("[data-testid=register-hunter-form]").waitFor();

    // The privacy link opens the policy in a new tab; the box stays unticked.
    const privacy = dialog.getByRole("checkbox", { name: /Ho letto/ });
    const [policy] = await Promise.all([context.waitForEvent("page"), dialog.getByRole("link", { name: /informativa sulla privacy/ }).click()]);
    await policy.waitForLoadState();
    expect(new URL(policy.url()).pathname).toMatch(/^\/it\/.*privacy/);
    await policy.close();
    expect(await privacy.isChecked()).toBe(false);

    // A click on the label's text (its start: the link is further on) ticks it, one on the drawn box unticks it.
    const box = privacy.locator("xpath=following-sibling::span[1]");
    await dialog.getByText("Ho letto l'").click({ position: { x: 4, y: 8 } });
    expect(await privacy.isChecked()).toBe(true);
    await box.click();
    expect(await privacy.isChecked()).toBe(false);

    // From the keyboard: the drawn box shows the focus, Space ticks.
    await tabTo(page, privacy);
    expect(await outlineOf(box)).toBe("solid 2px");
    await page.keyboard.press("Space");
    expect(await privacy.isChecked()).toBe(true);
    // A submit with missing fields is the form's to judge: no browser bubble, our messages.
    await dialog.getByRole("button", { name: "Crea l'account" }).click();
    expect(await dialog.locator("[name=first_name]").getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.locator("form").evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);
    await context.close();
  });
});

describe("the registration popup on a phone", () => {
  it("opens each step at its top, even after going back from the bottom of the stocker's form", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it", width: 375, height: 740 });
    await page.goto("/it?serr=1");
    await hydrated(page);
    const dialog = page.locator("#register-ap");
    const back = dialog.getByRole("button", { name: "Indietro", exact: true });
    await back.scrollIntoViewIfNeeded();
    await back.click();
    await dialog.getByRole("radiogroup").locator("label").first().click();
    await dialog.getByRole("button", { name: "Continua", exact: true }).click();
    const title = dialog.getByRole("heading", { name: "Registrati come Stock Hunter" });
    await title.waitFor();
    // The new step's title is on the screen, not scrolled above it with the last step's position.
    await expect.poll(async () => (await title.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await context.close();
  });
});

describe("the search filters", () => {
  it("switch between area and pallets with the arrows, and write the space in Italian notation when left", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await page.goto("/it/stocks");
    await hydrated(page);
    const group = page.getByRole("radiogroup", { name: "Spazio che ti serve" });
    const area = group.getByRole("radio", { name: "m²" });
    const pallets = group.getByRole("radio", { name: "Pallet" });
    expect(await area.isChecked()).toBe(true);
    await tabTo(page, area);
    await page.keyboard.press("ArrowRight");
    expect(await pallets.isChecked()).toBe(true);
    expect(await page.getByTestId("search-m2-value").getAttribute("placeholder")).toBe("Pallet");
    expect(await group.locator("label[data-selected]").textContent()).toBe("Pallet");

    const space = page.getByTestId("search-m2-value");
    await space.fill("1500");
    await page.keyboard.press("Tab");
    expect(await space.inputValue()).toBe("1.500");
    await context.close();
  });
});

describe("the quote request from a warehouse sheet", () => {
  it("asks a visitor yes or no for each consent, flags an unanswered one, and takes the answer from the keyboard", async () => {
    const [warehouse] = await redeemedDemoWarehouses(app.db, 1);
    const { context, page } = await newPage(b.browser, { locale: "it", width: 390, height: 844 });
    await page.goto(`/it/warehouses/${warehouse!.id}`);
    await hydrated(page);
    await page.getByTestId("sheet-quote-open").click();
    const dialog = page.locator("#quote-request-ap");
    await dialog.waitFor();
    const consent = dialog.getByRole("radiogroup", { name: /novità e offerte/ });
    expect(await consent.getAttribute("aria-required")).toBe("true");
    expect(await consent.locator("input[type=radio][name=data_f]").count()).toBe(2);

    await dialog.locator("button[type=submit]").click();
    await expect.poll(() => consent.getAttribute("aria-invalid")).toBe("true");
    const errorId = await consent.getAttribute("aria-describedby");
    expect(await dialog.locator(`[id="${errorId}"]`).textContent()).toBeTruthy();

    const yes = consent.getByRole("radio", { name: "Sì" });
    await yes.focus();
    await page.keyboard.press("ArrowRight");
    expect(await consent.getByRole("radio", { name: "No" }).isChecked()).toBe(true);
    await page.keyboard.press("ArrowLeft");
    expect(await yes.isChecked()).toBe(true);
    await expect.poll(() => consent.getAttribute("aria-invalid")).toBeNull();
    await context.close();
  });
});
