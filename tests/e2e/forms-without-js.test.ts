// Page forms are Conform forms posting to their route's action: they work before the
// JavaScript arrives (or without it), with the same validation as the JSON endpoints. The
// search is a GET form whose number fields show and send Italian notation ("12,5").
import { describe, expect, it } from "vitest";
import { baseUrl, DEMO, DEMO_PASSWORD, useAppDatabase, useBrowser } from "./support.ts";
import { formatNumber } from "../../app/lib/format.ts";

const b = useBrowser();
const app = useAppDatabase();

describe("the report form without JavaScript", () => {
  it("refuses blank fields with the server's messages, keeping what was typed, then saves the report", async () => {
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
    expect((await page.request.post("/login", { data: { email: DEMO.hunter, password: DEMO_PASSWORD }, headers: { "X-XSRF-TOKEN": token } })).status()).toBe(
      200,
    );

    await page.goto(`/it/warehouses/${link.warehouse_id}/requests/${link.warehouse_request_id}/report`);
    await page.locator('input[name="full_name"]').fill("");
    await page.locator('input[name="subject"]').fill("Consegna in ritardo");
    await page.locator('[data-testid="report-form"] button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.locator('[data-testid="report-form"] [aria-invalid="true"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByText("Compila tutti i campi obbligatori").count()).toBeGreaterThan(0);
    expect(await app.db.selectFrom("reports").select("id").execute()).toHaveLength(before.length);
    // The page drawn again by the server keeps what was typed.
    expect(await page.locator('input[name="subject"]').inputValue()).toBe("Consegna in ritardo");
    expect(await page.locator('input[name="email"]').inputValue()).not.toBe("");

    await page.locator('textarea[name="description"]').fill("Il magazzino non ha risposto per due settimane.");
    await page.locator('input[name="full_name"]').fill("Giulia Bianchi");
    await page.locator('[data-testid="report-form"] button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.getByTestId("feedback-done").count()).toBe(1);
    const after = await app.db.selectFrom("reports").select(["subject", "user_id"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(after.subject).toBe("Consegna in ritardo");

    // One open report per link: back on the page, the hunter is told it was received, and no form.
    await page.goto(`/it/warehouses/${link.warehouse_id}/requests/${link.warehouse_request_id}/report`);
    expect(await page.getByTestId("feedback-notice").count()).toBe(1);
    expect(await page.getByText("Hai già inviato una segnalazione su questa richiesta").count()).toBe(1);
    expect(await page.getByTestId("report-form").count()).toBe(0);
    await context.close();
  });
});

describe("the specification form without JavaScript", () => {
  it("refuses a value without its group and title, showing what was typed, then saves it", async () => {
    const context = await b.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: "it-IT" });
    const page = await context.newPage();
    await page.goto("/it");
    const token = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN")!.value;
    expect((await page.request.post("/login", { data: { email: DEMO.admin, password: DEMO_PASSWORD }, headers: { "X-XSRF-TOKEN": token } })).status()).toBe(
      200,
    );

    const before = await app.db.selectFrom("specifications").select("id").execute();
    await page.goto("/admin/specifications/new");
    await page.getByLabel("Titolo (inglese)").fill("Cold room kept");
    await page.getByRole("button", { name: "Aggiungi specifica" }).last().click();
    await page.waitForLoadState();
    expect(await page.getByText("Completa tutti i campi obbligatori").count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Titolo (inglese)").inputValue()).toBe("Cold room kept");
    expect(await app.db.selectFrom("specifications").select("id").execute()).toHaveLength(before.length);

    await page.getByLabel(/^Categoria/).selectOption({ index: 1 });
    await page.getByLabel(/^Titolo\s*\*?$/).fill("Cella senza script");
    await page.getByRole("button", { name: "Aggiungi specifica" }).last().click();
    await page.waitForURL("**/admin/specifications");
    expect(await app.db.selectFrom("specifications").select("value_en").where("value", "=", "Cella senza script").executeTakeFirstOrThrow()).toEqual({
      value_en: "Cold room kept",
    });
    await context.close();
  });
});

describe("the search form without JavaScript", () => {
  it("takes numbers in Italian notation, searches with them and shows them, and the dates, the Italian way", async () => {
    const context = await b.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: "it-IT" });
    const page = await context.newPage();
    await page.goto("/it/stocks");
    await page.locator("[data-testid=search-location]").fill("Milano");
    await page.locator("[data-testid=search-radius]").fill("12,5");
    await page.locator("[data-testid=search-m2-value]").fill("1.500");
    const dateField = (testId: string) => page.getByTestId(testId).locator("input[type=text]");
    await dateField("search-start-date").fill("21.11.2027");
    await page.locator("[data-testid=search-submit]").click();
    await page.waitForLoadState();
    // The browser sends the fields' text; the server reads it as the fields show it.
    const url = new URL(page.url());
    expect(url.searchParams.get("radius")).toBe("12,5");
    expect(url.searchParams.get("m2_value")).toBe("1.500");
    expect(url.searchParams.getAll("start_date")).toEqual(["21.11.2027"]);
    expect(await page.getByTestId("search-summary").textContent()).toMatch(/entro 12,5 km da Milano/);
    const api = (await (await fetch(`${baseUrl()}/api/warehouses/search?location=Milano&radius=12.5&m2_value=1500&start_date=2027-11-21`)).json()) as {
      total_warehouses: number;
    };
    expect(await page.getByTestId("search-summary").textContent()).toContain(`${formatNumber(api.total_warehouses)} magazzin`);
    // A shared link with coordinates and no place name says where it searched, not "da ".
    await page.goto("/it/stocks?lat=45.4642&lng=9.19&radius=10");
    expect(await page.getByTestId("search-summary").textContent()).toMatch(/entro 10 km dal punto scelto$/);
    // Editing that search shows the date as it was typed, taken as a valid one.
    await page.goto(`${url.pathname}${url.search}&edit=1`);
    expect(await dateField("search-start-date").inputValue()).toBe("21.11.2027");
    expect(await dateField("search-start-date").getAttribute("aria-invalid")).toBeNull();

    // Editing the search (a link, no script needed) shows the same values, dates as day.month.year.
    await page.goto("/it/stocks?location=Milano&radius=12.5&m2_value=1500&start_date=2027-11-21&end_date=2028-01-05&edit=1");
    expect(await page.locator("[data-testid=search-radius]").inputValue()).toBe("12,5");
    expect(await page.locator("[data-testid=search-m2-value]").inputValue()).toBe("1.500");
    expect(await dateField("search-start-date").inputValue()).toBe("21.11.2027");
    expect(await dateField("search-end-date").inputValue()).toBe("05.01.2028");
    await context.close();
  });

  it("shows a long answer's cards and a sheet's figures in the page itself, not in a part revealed by a script", async () => {
    const context = await b.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: "it-IT" });
    const page = await context.newPage();
    const visible = (selector: string) => page.locator(selector).evaluateAll((els) => els.filter((e) => e.checkVisibility()).length);
    // Milano's answer is the largest page of all; its cards are hydrated after the rest (HydrateLater).
    await page.goto("/it/stocks?location=Milano&radius=60");
    expect(await visible("[data-testid=found-list] [data-testid=result-card]")).toBe(10);
    const api = (await (await fetch(`${baseUrl()}/api/warehouses/search?location=Milano&radius=60`)).json()) as {
      warehouses: { id: number; c_sub: boolean }[];
    };
    const claimed = api.warehouses.find((w) => w.c_sub);
    expect(claimed).toBeDefined();
    await page.goto(`/it/warehouses/${claimed!.id}`);
    expect(await visible("[data-testid=figure-total]")).toBe(1);
    await context.close();
  });
});
