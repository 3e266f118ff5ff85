// Page forms are Conform forms posting to their route's action: they work before the
// JavaScript arrives (or without it), with the same validation as the JSON endpoints.
import { describe, expect, it } from "vitest";
import { baseUrl, DEMO, DEMO_PASSWORD, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();

describe("the report form without JavaScript", () => {
  it("refuses blank fields with the server's messages, then saves the report", async () => {
    const link = await app.db
      .selectFrom("warehouse_request_warehouses as l")
      .innerJoin("warehouse_requests as r", "r.id", "l.warehouse_request_id")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select(["l.warehouse_id", "l.warehouse_request_id"])
      .where("u.email", "=", DEMO.hunter)
      .orderBy("l.id")
      .executeTakeFirstOrThrow();
    const before = await app.db.selectFrom("reports").select("id").execute();

    const context = await b.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: "it-IT" });
    const page = await context.newPage();
    // Log in with the API (the login popup needs JavaScript), then browse without it.
    await page.goto("/it");
    const token = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")!.value;
    expect((await page.request.post("/login", { data: { email: DEMO.hunter, password: DEMO_PASSWORD }, headers: { "X-XSRF-TOKEN": token } })).status()).toBe(200);

    await page.goto(`/it/warehouses/${link.warehouse_id}/requests/${link.warehouse_request_id}/report`);
    await page.locator('input[name="full_name"]').fill("");
    await page.locator('[data-testid="report-form"] button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.locator('[data-testid="report-form"] [aria-invalid="true"]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByText("Compila tutti i campi obbligatori").count()).toBeGreaterThan(0);
    expect(await app.db.selectFrom("reports").select("id").execute()).toHaveLength(before.length);

    await page.locator('input[name="subject"]').fill("Consegna in ritardo");
    await page.locator('textarea[name="description"]').fill("Il magazzino non ha risposto per due settimane.");
    await page.locator('input[name="full_name"]').fill("Giulia Bianchi");
    await page.locator('[data-testid="report-form"] button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.getByTestId("feedback-done").count()).toBe(1);
    const after = await app.db.selectFrom("reports").select(["subject", "user_id"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(after.subject).toBe("Consegna in ritardo");
    await context.close();
  });
});
