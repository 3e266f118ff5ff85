// The back office's Warehouses list in a real browser, as the demo administrator, against the
// built app: filtered by hub and redeemed with the filters' selects, sorted by a column header,
// the URL holding it all (a reload shows the same list); a click anywhere on a row opens the
// warehouse; the XLSX export downloads the rows shown, with the postcode as text and the day as
// a date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import type { BrowserContext, Page } from "playwright-core";
import { makeRedeemedWarehouse, makeWarehouse } from "../support/factories.ts";
import { hydrated, loginAs, newPage, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);
const prefix = `Lista${run}`;

let admin: { context: BrowserContext; page: Page };
const ids: Record<string, number> = {};

beforeAll(async () => {
  // Two redeemed hubs, a hub not redeemed, a redeemed warehouse that is not a hub.
  ids.alfa = (
    await makeRedeemedWarehouse(app.db, { name: `${prefix} Alfa`, is_hub: true, cap: "00184", city: "Roma", province: "RM", total_m2: 800 })
  ).warehouse.id;
  ids.bravo = (await makeRedeemedWarehouse(app.db, { name: `${prefix} Bravo`, is_hub: true, total_m2: 3000 })).warehouse.id;
  ids.charlie = (await makeWarehouse(app.db, { name: `${prefix} Charlie`, is_hub: true })).id;
  ids.delta = (await makeRedeemedWarehouse(app.db, { name: `${prefix} Delta` })).warehouse.id;
  admin = await newPage(b.browser, { locale: "it", width: 1280 });
  await loginAs(admin.context, "admin");
});

afterAll(async () => {
  await admin?.context.close();
});

const rowNames = async (page: Page) =>
  (await page.getByTestId("admin-warehouses").locator("tbody tr").getByTestId("warehouse-row-link").allTextContents()).map((t) => t.trim());

describe("the Warehouses list", () => {
  it("filters by hub and redeemed, sorts by a column, keeps it in the URL, opens a row and exports XLSX", async () => {
    const { page } = admin;
    await page.goto(`/admin/warehouses?search_term=${prefix}`);
    await hydrated(page);
    expect(await rowNames(page)).toHaveLength(4);

    await page.getByLabel("Hub", { exact: true }).selectOption("1");
    await page.waitForURL(/[?&]hub=1/);
    await expect.poll(() => rowNames(page)).toHaveLength(3);
    await page.getByLabel("Riscattato", { exact: true }).selectOption("1");
    await page.waitForURL(/[?&]redeemed=1/);
    await expect.poll(() => rowNames(page)).toEqual([`${prefix} Bravo`, `${prefix} Alfa`]);

    // Sorted by size: biggest first, then (the same header again) smallest first.
    await page.getByTestId("sort-size").click();
    await page.waitForURL(/sort=size&dir=desc/);
    await expect.poll(() => rowNames(page)).toEqual([`${prefix} Bravo`, `${prefix} Alfa`]);
    await page.getByTestId("sort-size").click();
    await page.waitForURL(/sort=size&dir=asc/);
    await expect.poll(() => rowNames(page)).toEqual([`${prefix} Alfa`, `${prefix} Bravo`]);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ search_term: prefix, hub: "1", redeemed: "1", sort: "size", dir: "asc" });
    await expect.poll(() => page.getByTestId("admin-warehouses").locator("th[aria-sort='ascending']").count()).toBe(1);

    // A reload (or a shared link) shows the same list.
    await page.reload();
    await hydrated(page);
    expect(await rowNames(page)).toEqual([`${prefix} Alfa`, `${prefix} Bravo`]);
    expect(await page.getByLabel("Hub", { exact: true }).inputValue()).toBe("1");

    // The export carries the selection: the rows shown, typed cells.
    const download = page.waitForEvent("download");
    await page.getByTestId("warehouses-export-xlsx").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^magazzini_\d{2}\.\d{2}\.\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(readFileSync(await file.path())).buffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
    expect(sheet.rowCount).toBe(3);
    expect([cell(2, "Nome"), cell(3, "Nome")]).toEqual([`${prefix} Alfa`, `${prefix} Bravo`]);
    expect(cell(2, "CAP")).toBe("00184");
    expect(cell(2, "Superficie totale (m²)")).toBe(800);
    expect(cell(2, "Data inserimento")).toBeInstanceOf(Date);

    // A click on the row, away from its name (on its size), opens the warehouse: the name's link
    // covers the row, so that is where the click lands.
    const box = (await page.getByTestId(`warehouse-row-${ids.alfa}`).locator("td").nth(4).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(`**/admin/warehouses/${ids.alfa}/edit`);
    await page.goBack();
    await page.waitForURL(/sort=size&dir=asc/);
  });
});
