// The GDPR requests in the back office, as an operator does them, at 375 px: the administrator
// opens a hunter's data page, exports the data (the JSON downloaded, the printable page in a new
// tab), asks to erase the account, reads what will happen, gives the reason and confirms with the
// red button; the page then shows the account as erased. The stocker who owns a warehouse the
// hunter asked still has the request, without the person's name, e-mail or telephone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { makeRequest, makeUser, makeWarehouse } from "../support/factories.ts";
import { requestNumber } from "../../app/lib/format.ts";
import { hashPassword } from "../../app/server/accounts/passwords.ts";
import { DEMO_PASSWORD, hasText, hydrated, loginAs, newPage, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  admin = await newPage(b.browser, { locale: "it", width: 375 });
  await loginAs(admin.context, "admin");
});

afterAll(async () => {
  await admin?.context.close();
});

describe("an account erased on a GDPR request", () => {
  it("is erased by the administrator with a reason; the owner still sees the request without the person", async () => {
    const password_hash = await hashPassword(DEMO_PASSWORD);
    const owner = await makeUser(app.db, {
      role: "stocker",
      email: `gdpr-owner-${run}@example.com`,
      account_type: 0,
      password_hash,
      approval_status: "approved",
      has_confirmed_code: true,
    });
    const warehouse = await makeWarehouse(app.db, { name: `Magazzino GDPR ${run}`, user_id: owner.id, status: "approved" });
    const name = { first: "Ermenegilda", last: `Quarzoni${run}` };
    const phone = "+39 348 5550199";
    const hunter = await makeUser(app.db, {
      role: "stock_hunter",
      email: `gdpr-hunter-${run}@example.com`,
      first_name: name.first,
      last_name: name.last,
      telephone: phone,
      password_hash,
      has_confirmed_code: true,
    });
    const fullName = `${name.first} ${name.last}`;
    const { request } = await makeRequest(app.db, { userId: hunter.id, warehouseIds: [warehouse.id], contact: hunter.email });
    await app.db
      .updateTable("warehouse_requests")
      .set({ business_name: fullName, referent: fullName, telephone: phone })
      .where("id", "=", request.id)
      .execute();

    const { page } = admin;
    await page.goto(`/admin/stock-hunter/${hunter.id}/data`);
    await hydrated(page);
    const gdpr = page.getByTestId("admin-gdpr");
    await hasText(gdpr, /Dati personali \(GDPR\)/);

    // The export first: the reason, then the JSON downloads and the printable page opens in a new tab.
    await gdpr.getByRole("button", { name: "Esporta dati" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Motivo/).fill("Richiesta di accesso ai dati");
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Esporta", exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(`dati-utente-${hunter.id}.json`);
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as { account: { email: string }; sections: { quote_requests: unknown[] } };
    expect(exported.account.email).toBe(hunter.email);
    expect(exported.sections.quote_requests).toHaveLength(1);
    await gdpr.getByRole("button", { name: "Esporta dati" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Motivo/).fill("Copia stampabile per l'interessata");
    await dialog.getByLabel(/Formato/).selectOption("html");
    const [printable] = await Promise.all([admin.context.waitForEvent("page"), dialog.getByRole("button", { name: "Esporta", exact: true }).click()]);
    await printable.waitForLoadState();
    await hasText(printable.locator("h1"), `Dati personali dell'utente n. ${hunter.id}`);
    await hasText(printable.locator("body"), fullName);
    await printable.close();
    await gdpr.getByRole("button", { name: "Cancella account" }).click();
    dialog = page.getByRole("dialog");
    await hasText(dialog, /Non si può annullare/);
    await hasText(dialog, /restano ai proprietari dei magazzini/);
    // Without a reason, the form says so and nothing is sent.
    await dialog.getByRole("button", { name: "Cancella definitivamente" }).click();
    await hasText(dialog, /Indica un motivo da 3 a 500 caratteri/);
    await dialog.getByLabel(/Motivo/).fill("Richiesta dell'interessata via e-mail");
    await dialog.getByRole("button", { name: "Cancella definitivamente" }).click();
    await hasText(page.getByTestId("admin-account-erased"), /Account cancellato il/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const audit = await app.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("entity_id", "=", hunter.id)
      .where("action", "like", "user.gdpr_%")
      .orderBy("id")
      .execute();
    expect(audit).toMatchObject([
      { action: "user.gdpr_export", details: { reason: "Richiesta di accesso ai dati", format: "json" } },
      { action: "user.gdpr_export", details: { reason: "Copia stampabile per l'interessata", format: "html" } },
      { action: "user.gdpr_erase", details: { reason: "Richiesta dell'interessata via e-mail" } },
    ]);

    const stocker = await newPage(b.browser, { locale: "it" });
    try {
      await loginAs(stocker.context, { email: owner.email });
      await stocker.page.goto("/it/stocker/profile/messages");
      await hydrated(stocker.page);
      await hasText(stocker.page.locator("main"), requestNumber(request.id));
      const html = await stocker.page.content();
      for (const value of [name.last, hunter.email, phone]) expect(html).not.toContain(value);
    } finally {
      await stocker.context.close();
    }
  });
});
