// The back office's lists as an operator uses them: the stockers list filtered from its
// drop-down (the filter lands in the URL, so a reload keeps it), a click anywhere on a row
// opens the stocker, and the XLSX export downloads the filtered rows as a real spreadsheet.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { useAdminPage } from "../support/admin-browser.ts";
import { makeUser } from "../support/factories.ts";
import { hasText, hydrated, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

const admin = useAdminPage(b);

describe("the stockers list", () => {
  it("filters into the URL, opens a stocker from anywhere on its row, and exports the filtered rows as XLSX", async () => {
    const keeper = await makeUser(app.db, { role: "stocker", company: `Custode ${run}`, approval_status: "approved", account_type: 1, password_hash: "x" });
    await makeUser(app.db, { role: "stocker", company: `Semplice ${run}`, approval_status: "approved", account_type: 0, password_hash: "x" });
    const { page } = admin;
    await page.goto(`/admin/stockers?search=${run}`);
    await hydrated(page);
    await expect(page.getByTestId("admin-stockers").locator("tbody tr").count()).resolves.toBe(2);

    await page.getByLabel("Tipo account", { exact: true }).selectOption("keeper");
    await page.waitForURL((url) => url.searchParams.get("type") === "keeper" && url.searchParams.get("search") === run);
    await hydrated(page);
    const rows = page.getByTestId("admin-stockers").locator("tbody tr");
    // The URL changes before the new rows render: wait for them.
    await expect.poll(() => rows.count()).toBe(1);
    await hasText(rows.first(), `Custode ${run}`);

    // The XLSX export carries the filter: one row, the keeper, the signup date a real date.
    const download = page.waitForEvent("download");
    await page.getByTestId("stockers-export-xlsx").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^stocker_\d\d\.\d\d\.\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    const bytes = readFileSync(await file.path());
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe("Stock Keeper");
    expect(sheet.getRow(2).getCell(4).value).toBe(keeper.email);
    expect(sheet.getRow(2).getCell(5).value).toBeInstanceOf(Date);

    // A click on the row's signup date, away from the name, lands on the row's stretched link
    // (Playwright sees the link over the cell) and opens the stocker's area.
    const box = (await rows.first().locator("td").nth(2).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(new RegExp(`/admin/stocker/${keeper.id}(/|$)`));
  });
});

describe("an erased account in the hunters' list", () => {
  it("reads Account cancellato, without e-mail, active switch or confirmation e-mail", async () => {
    const erased = await makeUser(app.db, { role: "stock_hunter", first_name: "Ottavio", last_name: `Cancellato${run}` });
    await app.db
      .updateTable("users")
      .set({ email: `cancellato-${run}@erased.invalid`, first_name: null, last_name: null, password_hash: null, active: false, erased_at: new Date() })
      .where("id", "=", erased.id)
      .execute();
    const { page } = admin;
    await page.goto(`/admin/stock-hunters?search=cancellato-${run}`);
    await hydrated(page);
    const row = page.getByTestId(`hunter-row-${erased.id}`);
    await hasText(row, "Account cancellato");
    await expect(row.textContent()).resolves.not.toContain(`cancellato-${run}@`);
    await expect(row.getByRole("switch").count()).resolves.toBe(0);
    await expect(row.getByRole("button").count()).resolves.toBe(0);
    await expect(page.getByTestId(`erased-${erased.id}`).count()).resolves.toBe(1);
  });
});

describe("the bulk bar's export of the rows picked", () => {
  it("downloads only the hunters picked, as CSV", async () => {
    const made = await Promise.all([1, 2, 3].map((i) => makeUser(app.db, { role: "stock_hunter", company: `Scelto${run} ${i}` })));
    const { page } = admin;
    await page.goto(`/admin/stock-hunters?search=Scelto${run}`);
    await hydrated(page);
    await expect(page.getByTestId("bulk-export").count()).resolves.toBe(0);
    await page.getByTestId(`select-row-${made[0]!.id}`).check();
    await page.getByTestId(`select-row-${made[2]!.id}`).check();
    const link = page.getByTestId("bulk-export-csv");
    await expect(link.getAttribute("href")).resolves.toContain(`ids=${made[0]!.id},${made[2]!.id}`);
    const download = page.waitForEvent("download");
    await link.click();
    const text = readFileSync(await (await download).path(), "utf8");
    expect(text).toContain(made[0]!.email);
    expect(text).toContain(made[2]!.email);
    expect(text).not.toContain(made[1]!.email);
  });
});
