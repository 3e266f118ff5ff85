// The back office's reports and promo codes as an operator uses them: a report on a warehouse
// closed with a note after a confirmation (it leaves the open list and shows among the closed
// ones, with who closed it), and the promo codes searched, filtered by state and sorted from the
// URL, exported as a real spreadsheet, and a code's popup opened from anywhere on its row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import type { BrowserContext, Page } from "playwright-core";
import { makeRequest, makeUser, makeWarehouse } from "../support/factories.ts";
import { DEMO, hasText, hydrated, loginAs, newPage, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  admin = await newPage(b.browser, { locale: "it", width: 1280 });
  await loginAs(admin.context, "admin");
});

afterAll(async () => {
  await admin?.context.close();
});

describe("the reports on warehouses", () => {
  it("closes a report with a note after asking, and it moves to the closed ones", async () => {
    const owner = await makeUser(app.db, { role: "stocker", approval_status: "approved" });
    const hunter = await makeUser(app.db, { role: "stock_hunter" });
    const warehouse = await makeWarehouse(app.db, { user_id: owner.id, name: `Deposito ${run}` });
    const { links } = await makeRequest(app.db, { userId: hunter.id, warehouseIds: [warehouse.id] });
    const subject = `Foto diverse ${run}`;
    const report = await app.db
      .insertInto("reports")
      .values({
        user_id: hunter.id,
        warehouse_id: warehouse.id,
        warehouse_request_id: links[0]!.warehouse_request_id,
        link_id: links[0]!.id,
        full_name: "Ugo Utente",
        email: "ugo@example.com",
        telephone: "333 0000000",
        subject,
        description: "Le foto non corrispondono.",
        // The oldest open report: first on the list's first page.
        created_at: new Date("2000-01-01T09:00:00Z"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(report.id);

    const { page } = admin;
    await page.goto("/admin/reports");
    await hydrated(page);
    const row = page.getByTestId(`report-row-${id}`);
    await hasText(row, subject);
    await row.getByTestId(`report-close-${id}`).click();
    const dialog = page.getByRole("dialog");
    await hasText(dialog, "Non si può riaprire");
    await dialog.getByLabel("Nota (facoltativa)").fill("Foto aggiornate dal proprietario");
    await dialog.getByTestId("close-report-submit").click();
    await hasText(page.getByTestId("reports-notice"), subject);
    await row.waitFor({ state: "detached" });

    const saved = await app.db.selectFrom("reports").select(["closed_at", "closed_by", "close_note"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(saved.closed_at).toBeInstanceOf(Date);
    expect(saved.close_note).toBe("Foto aggiornate dal proprietario");
    const adminId = (await app.db.selectFrom("users").select("id").where("email", "=", DEMO.admin).executeTakeFirstOrThrow()).id;
    expect(saved.closed_by).toBe(adminId);

    // Among the closed ones, with the note; the row opens the warehouse.
    await page.getByLabel("Stato", { exact: true }).selectOption("closed");
    await page.waitForURL((url) => url.searchParams.get("state") === "closed");
    await hydrated(page);
    await hasText(page.getByTestId(`report-closed-${id}`), "Foto aggiornate dal proprietario");
    const box = (await page.getByTestId(`report-row-${id}`).locator("td").first().boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(new RegExp(`/admin/warehouses/${warehouse.id}/edit$`));
  });
});

describe("the promo codes", () => {
  it("searches, filters and sorts from the URL, exports what it shows as XLSX, and opens a code from its row", async () => {
    const tag = `PR${run.toUpperCase()}`;
    const now = Date.now();
    await app.db
      .insertInto("promo_codes")
      .values([
        { code: `${tag}-B`, percent_off: 10, valid_until: new Date(now + 30 * 86_400_000) },
        { code: `${tag}-A`, percent_off: 15 },
        { code: `${tag}-C`, amount_off: 500, valid_until: new Date(now - 86_400_000) },
      ])
      .execute();
    const { page } = admin;
    await page.goto(`/admin/promo-codes?search=${tag.toLowerCase()}`);
    await hydrated(page);
    const rows = page.getByTestId("admin-promo-codes").locator("tbody tr");
    await expect(rows.count()).resolves.toBe(3);

    // Sorted by code (A to Z), the order in the URL.
    await page.getByTestId("sort-code").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "code");
    await hasText(rows.first(), `${tag}-A`);

    // Usable now only: the expired one leaves.
    await page.getByLabel("Stato", { exact: true }).selectOption("usable");
    await page.waitForURL((url) => url.searchParams.get("state") === "usable" && url.searchParams.get("sort") === "code");
    await hydrated(page);
    await expect.poll(() => rows.count()).toBe(2);

    const download = page.waitForEvent("download");
    await page.getByTestId("promo-export-xlsx").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^codici_promo_\d\d\.\d\d\.\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    const bytes = readFileSync(await file.path());
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual([`${tag}-A`, `${tag}-B`]);
    expect(sheet.getRow(2).getCell(3).value).toBe(15);
    expect(sheet.getRow(3).getCell(6).value).toBeInstanceOf(Date);

    // A click on the row's discount, away from the code, opens the code's popup through the URL.
    const box = (await rows.nth(1).locator("td").nth(1).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((url) => url.searchParams.has("edit") && url.searchParams.get("state") === "usable");
    await hasText(page.getByRole("dialog"), `${tag}-B`);
  });
});
