// The requester's comparison in a real browser: the demo hunter's request to five warehouses
// (an offer, a revised offer covering 300 of 800, an offer whose dates miss, a refusal, a
// silence), on its page in the area and through the personal link, at 1280 and 375 px, sorted
// by the links without JavaScript's help, printable. SHOTS_DIR keeps a picture of each view.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { hydrated, loginAs, newPage, useAppDatabase, useBrowser, userIdOf, DEMO } from "./support.ts";
import { makeOffer, makeRedeemedWarehouse, makeRequest, makeWarehouse } from "../support/factories.ts";
import { requestAccessToken } from "../../app/server/deal/request-access.service.ts";

const b = useBrowser();
const app = useAppDatabase();
const SHOTS = process.env.SHOTS_DIR ?? "";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's critical and serious findings on the page as it is (WCAG 2.0/2.1 A and AA). */
async function axeSerious(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Result> } }).axe;
    const r = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "critical" || v.impact === "serious").flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
}

let requestId: number;
let token: string;

const offer = (linkId: number, fields: Parameters<typeof makeOffer>[2]) =>
  makeOffer(app.db, linkId, { quantity: 1000, start_date: "2030-01-01", end_date: "2030-12-31", included: "Scaffalature, sorveglianza 24/7", ...fields });

beforeAll(async () => {
  const db = app.db;
  const hunterId = await userIdOf(db, DEMO.hunter);
  const place = { lat: 45.4642, lng: 9.19 };
  const w1 = await makeRedeemedWarehouse(db, { name: "Deposito Sesto", city: "Sesto San Giovanni", lat: 45.5342, lng: 9.23, status: "approved" });
  const w2 = await makeWarehouse(db, { city: "Rho", lat: 45.53, lng: 9.04, status: "approved" });
  const w3 = await makeRedeemedWarehouse(db, { name: "Logistica Lodi", city: "Lodi", lat: 45.3142, lng: 9.5, status: "approved" });
  const w4 = await makeRedeemedWarehouse(db, { name: "Magazzino Monza", city: "Monza", lat: 45.58, lng: 9.27, status: "approved" });
  const w5 = await makeWarehouse(db, { city: "Pavia", lat: 45.18, lng: 9.15, status: "approved" });
  const ids = [w1.warehouse.id, w2.id, w3.warehouse.id, w4.warehouse.id, w5.id];
  const { request, links } = await makeRequest(db, { userId: null, warehouseIds: ids });
  requestId = request.id;
  await db
    .updateTable("warehouse_requests")
    .set({ user_id: hunterId, m2_type: "m2", m2_value: 800, start_date: "2030-03-01", end_date: "2030-05-29", ...place, radius: 50 })
    .where("id", "=", requestId)
    .execute();
  await offer(links[0]!.id, { one_off_fee: 25_000, min_term_months: 3 });
  await offer(links[1]!.id, { quantity: 300, price_month: 500, state: "superseded" });
  await offer(links[1]!.id, { revision: 2, quantity: 300, price_month: 480, notes: "Prezzo rivisto come richiesto." });
  await offer(links[2]!.id, { quantity: 800, price_month: 400, start_date: "2030-04-01", min_term_months: 12 });
  for (const [i, h] of [
    [0, 5],
    [1, 1],
    [2, 50],
  ] as const)
    await db
      .updateTable("warehouse_request_warehouses")
      .set({ answered_at: sql`created_at + make_interval(hours => ${h})` })
      .where("id", "=", links[i]!.id)
      .execute();
  await db
    .updateTable("warehouse_request_warehouses")
    .set({ state: "refused", answered_at: sql`now()` })
    .where("id", "=", links[3]!.id)
    .execute();
  await db.updateTable("warehouses").set({ rating_avg: 46, review_count: 9 }).where("id", "=", w3.warehouse.id).execute();
  await db.updateTable("warehouses").set({ rating_avg: 38, review_count: 4 }).where("id", "=", w1.warehouse.id).execute();
  token = await requestAccessToken(db, requestId);
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});

describe("the comparison of a request's offers", () => {
  for (const width of [1280, 375]) {
    it(`the hunter's page at ${width} px: five rows, sorted by the links, printable`, async () => {
      const { context, page } = await newPage(b.browser, { width });
      await loginAs(context, "hunter");
      await page.goto(`/it/stock-hunter/profile/messages/${requestId}`);
      await hydrated(page);
      const rows = page.getByTestId("cmp-row");
      expect(await rows.count()).toBe(5);
      expect(await page.getByTestId("cmp-total").allTextContents()).toEqual(["€\u00a05.270,40", "€\u00a011.712,00", "€\u00a013.481,00"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // The sort links are touch targets of 44 px on a phone.
      if (width < 640)
        for (const box of await page.locator("[data-sort]").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
          expect(box).toBeGreaterThanOrEqual(43.5);
      await expect.poll(() => page.getByTestId("cmp-print").isVisible()).toBe(true);
      expect(await axeSerious(page)).toEqual([]);
      if (SHOTS) {
        await page.screenshot({ path: path.join(SHOTS, `hunter-${width}.png`), fullPage: true });
        await page.getByTestId("offer-comparison").scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `hunter-${width}-view.png`) });
      }
      await page.locator('[data-sort="rating"]').click();
      await expect.poll(() => page.getByTestId("cmp-warehouse").first().textContent()).toBe("Logistica Lodi");
      expect(page.url()).toContain("sort=rating");
      await page.emulateMedia({ media: "print" });
      expect(await page.locator("nav").first().isVisible()).toBe(false);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `hunter-print-${width}.png`), fullPage: true });
      await context.close();
    });
  }

  it("the personal link's page, without an account, and a token that opens nothing", async () => {
    const { context, page } = await newPage(b.browser, { width: 375, locale: "en" });
    const res = await page.goto(`/en/requests/${token}?sort=speed`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await hydrated(page);
    expect(await page.getByTestId("cmp-row").count()).toBe(5);
    expect(await page.getByTestId("cmp-answer").first().textContent()).toBe("Within an hour");
    expect(await axeSerious(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "visitor-375.png"), fullPage: true });
    expect((await page.goto(`/en/requests/${"A".repeat(43)}`))?.status()).toBe(404);
    await context.close();
  });
});
