// Free space in a real browser, against the built app: the demo stocker declares a space through
// the availability panel of its warehouse's page (a refused row keeps what was typed and says
// why, on its row), then finds it on the public sheet with its public price in Italian format;
// the warehouse form shows the spaces in its section. With SCREENSHOT_DIR set, the journey keeps
// pictures of the panel, the form's section and the sheet at 1280 and 375 px in both languages.
import path from "node:path";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO, hasText, hydrated, loginAs, newPage, useAppDatabase, useBrowser, userIdOf } from "./support.ts";
import { formatDate, todayInItaly } from "../../app/lib/format.ts";

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

/** The demo stocker's redeemed, listed warehouses, the one with the most spaces first. */
async function demoWarehouses(): Promise<number[]> {
  const owner = await userIdOf(app.db, DEMO.stocker);
  const rows = await app.db
    .selectFrom("warehouses as w")
    .select([
      "w.id",
      (eb) =>
        eb
          .selectFrom("warehouse_spaces")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("warehouse_spaces.warehouse_id", "=", "w.id")
          .as("spaces"),
    ])
    .where("w.user_id", "=", owner)
    .where("w.redeemed", "=", true)
    .where("w.status", "=", "approved")
    .where("w.deactivated", "=", false)
    .orderBy("spaces", "desc")
    .orderBy("w.id")
    .execute();
  return rows.map((r) => r.id);
}

const inDays = (days: number) => formatDate(todayInItaly(new Date(Date.now() + days * 86_400_000)));

describe("the demo stocker's free space", () => {
  it("is declared through the warehouse page's panel and shown on the public sheet", async () => {
    const [, id] = await demoWarehouses();
    expect(id).toBeDefined();
    const { context, page } = await newPage(b.browser, { locale: "it" });
    await loginAs(context, "stocker");
    await page.goto(`/it/stocker/profile/warehouses/${id}`);
    await hydrated(page);
    const panel = page.getByTestId("availability-panel");
    const before = await panel.getByTestId("space-row").count();

    await panel.getByTestId("availability-add").click();
    const row = panel.getByTestId("space-row").nth(before);
    // The new row's quantity has the focus, its start is today.
    await expect.poll(() => row.getByTestId("space-quantity").evaluate((el) => el === document.activeElement)).toBe(true);
    await row.getByTestId("space-quantity").fill("9.999.999");
    await row.getByLabel("Disponibile dal").fill(inDays(10));
    await row.getByLabel("Disponibile dal").blur();
    await row.getByLabel("Durata minima").fill("4");
    await row.getByLabel("Prezzo al mese").fill("6,4");
    await row.getByLabel("Mostra il prezzo pubblicamente").check({ force: true });
    await panel.getByTestId("availability-save").click();
    // Refused on its row; what was typed stays.
    await hasText(panel.getByRole("alert"), "Controlla gli spazi evidenziati.");
    await hasText(row, "Supera la superficie totale del magazzino.");
    expect(await row.getByTestId("space-quantity").inputValue()).toBe("9.999.999");
    expect(await row.getByLabel("Prezzo al mese").inputValue()).toBe("6,40");

    await row.getByTestId("space-quantity").fill("750");
    await panel.getByTestId("availability-save").click();
    await hasText(panel.getByTestId("availability-status"), "Disponibilità salvata.");
    await hasText(panel.getByTestId("availability-updated"), `Aggiornata il ${inDays(0)}.`);
    const saved = await app.db.selectFrom("warehouse_spaces").selectAll().where("warehouse_id", "=", id!).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ m2_type: "m2", quantity: 750, min_term_months: 4, price_month: 640, price_public: true, available_until: null });
    await shot(page, "panel-it-1280", '[data-testid="availability-panel"]');

    // The public sheet, for anyone.
    const visitor = await newPage(b.browser, { locale: "it" });
    await visitor.page.goto(`/it/warehouses/${id}`);
    const sheet = visitor.page.getByTestId("sheet-free-space");
    await hasText(sheet, "750\u00a0m²");
    await hasText(sheet, `dal ${inDays(10)} · senza scadenza`);
    await hasText(sheet, "durata minima 4 mesi");
    await hasText(sheet, "€\u00a06,40 /m² al mese, IVA esclusa");
    await visitor.context.close();

    // The form's section shows the same rows.
    await page.goto(`/it/stocker/profile/warehouses/${id}/edit`);
    await hydrated(page);
    const section = page.getByTestId("wf-section-spaces");
    expect(await section.getByTestId("space-row").count()).toBe(before + 1);
    // By first day: the new one among them, its price in euros.
    const prices = await section.getByLabel("Prezzo al mese").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(prices).toContain("6,40");
    await context.close();
  });

  it("looks right at 1280 and 375 px in both languages", async () => {
    if (!shots) return;
    const [id] = await demoWarehouses();
    for (const locale of ["it", "en"] as const) {
      for (const width of [1280, 375]) {
        const { context, page } = await newPage(b.browser, { locale, width });
        await loginAs(context, "stocker");
        await page.goto(`/${locale}/stocker/profile/warehouses/${id}`);
        await hydrated(page);
        await shot(page, `panel-${locale}-${width}`, '[data-testid="availability-panel"]');
        // A refused save, to see the errors on the rows.
        const panel = page.getByTestId("availability-panel");
        await panel.getByTestId("space-row").first().getByTestId("space-quantity").fill("0");
        await panel.getByTestId("availability-save").click();
        await panel.getByRole("alert").waitFor();
        await shot(page, `panel-errors-${locale}-${width}`, '[data-testid="availability-panel"]');
        await page.goto(`/${locale}/stocker/profile/warehouses/${id}/edit`);
        await hydrated(page);
        await shot(page, `form-${locale}-${width}`, '[data-testid="wf-section-spaces"]');
        await page.goto(`/${locale}/warehouses/${id}`);
        await hydrated(page);
        await shot(page, `sheet-${locale}-${width}`, '[data-testid="sheet-free-space"]');
        await shot(page, `sheet-page-${locale}-${width}`);
        await context.close();
      }
    }
  }, 300_000);
});
