// A seeker's search with dates and a quantity, in a real browser: the warehouses whose declared
// free space covers the period show it, one with too little says how much it has of what was
// asked, and the price order puts the cheapest public price first. Spaces are written straight
// into the app's database (as an owner's form leaves them) and removed afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { hydrated, newPage, redeemedDemoWarehouses, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();

/** An ISO day `days` from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const FROM = day(40);
const TO = day(40 + 180);
const it_date = (iso: string) => iso.split("-").reverse().join(".");

async function cardIds(page: Page, list: string): Promise<number[]> {
  return page.locator(`[data-testid=${list}] [data-testid=result-card]`).evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-id"))));
}

describe("a search with dates and a quantity", () => {
  let context: BrowserContext;
  let page: Page;
  let ids: { big: number; cheap: number; small: number };
  let query: string;
  const spaceIds: number[] = [];

  beforeAll(async () => {
    ({ context, page } = await newPage(b.browser, { locale: "en" }));
    const [big, cheap, small] = (await redeemedDemoWarehouses(app.db, 3)).map((w) => w.id) as [number, number, number];
    ids = { big, cheap, small };
    const rows = await app.db
      .insertInto("warehouse_spaces")
      .values([
        { warehouse_id: big, m2_type: "m2", quantity: 1000, available_from: day(-10), available_until: null, price_month: 450, price_public: true },
        { warehouse_id: cheap, m2_type: "m2", quantity: 900, available_from: day(0), available_until: day(400), min_term_months: 3, price_month: 380, price_public: true },
        { warehouse_id: small, m2_type: "m2", quantity: 300, available_from: day(-10), available_until: null, price_month: 100, price_public: true },
      ])
      .returning("id")
      .execute();
    spaceIds.push(...rows.map((r) => r.id));
    // Around the first one's town, wide enough for all three (the demo's redeemed warehouses are in the north).
    const where = await app.db.selectFrom("warehouses").select(["pub_lat", "pub_lng"]).where("id", "=", big).executeTakeFirstOrThrow();
    query = `location=Qui&lat=${Number(where.pub_lat).toFixed(6)}&lng=${Number(where.pub_lng).toFixed(6)}&radius=300&start_date=${FROM}&end_date=${TO}&m2_value=800`;
  });
  afterAll(async () => {
    await app.db.deleteFrom("warehouse_spaces").where("id", "in", spaceIds).execute();
    await context?.close();
  });

  it("shows the free space on the matching cards and what the others miss, and sorts by price", async () => {
    await page.goto(`/en/stocks?${query}`);
    await hydrated(page);
    await page.locator("[data-testid=search-results]").waitFor();
    // The heading counts what matches, saying by what.
    await expect.poll(() => page.locator("[data-testid=search-summary]").textContent()).toContain(`with 800\u00a0m² free from ${it_date(FROM)} to ${it_date(TO)}`);
    const found = await cardIds(page, "found-list");
    expect(found).toEqual(expect.arrayContaining([ids.big, ids.cheap]));
    expect(found).not.toContain(ids.small);
    const bigCard = page.locator(`[data-testid=found-list] [data-testid=result-card][data-id="${ids.big}"]`);
    expect(await bigCard.locator("[data-testid=result-availability]").textContent()).toContain("1.000\u00a0m² free from");
    expect(await bigCard.locator("[data-testid=result-price]").textContent()).toBe("€\u00a04,50 per m² per month, VAT excl.");
    const cheapCard = page.locator(`[data-testid=found-list] [data-testid=result-card][data-id="${ids.cheap}"]`);
    expect(await cheapCard.locator("[data-testid=result-availability]").textContent()).toContain("minimum 3 months");
    // The 300 m² one is in the second list, saying so.
    const smallCard = page.locator(`[data-testid=other-list] [data-testid=result-card][data-id="${ids.small}"]`);
    await smallCard.waitFor();
    expect(await smallCard.locator("[data-testid=result-unmet]").textContent()).toBe("300\u00a0m² free of the 800\u00a0m² you asked");
    // Warehouses that declare nothing are there too, marked as such, never among the matches.
    const onRequest = page.locator("[data-testid=other-list] [data-testid=result-unmet]", { hasText: "Availability on request" });
    expect(await onRequest.count()).toBeGreaterThan(0);
    expect(await page.locator("[data-testid=found-list] [data-testid=result-unmet]").count()).toBe(0);

    // The cheapest public price first.
    await page.locator("[data-testid=search-sort-select]").selectOption("price");
    await page.waitForURL((u) => u.searchParams.get("sort") === "price");
    await expect.poll(() => cardIds(page, "found-list"), { timeout: 15_000 }).toEqual(expect.arrayContaining([ids.cheap, ids.big]));
    const ordered = await cardIds(page, "found-list");
    expect(ordered.slice(0, 2)).toEqual([ids.cheap, ids.big]);
  });

  it("offers the widest criterion to drop when nothing matches, with its count, and drops it in one click", async () => {
    await page.goto(`/en/stocks?${query.replace("m2_value=800", "m2_value=950000")}`);
    await hydrated(page);
    const relax = page.locator("[data-testid=search-relax]");
    await relax.waitFor();
    expect(await relax.getAttribute("data-criterion")).toBe("quantity");
    expect(await relax.textContent()).toMatch(/^Without the space needed: \d+ warehouses?$/);
    await relax.click();
    await page.waitForURL((u) => !u.searchParams.has("m2_value") && u.searchParams.has("start_date"));
    await expect.poll(() => cardIds(page, "found-list"), { timeout: 15_000 }).toEqual(expect.arrayContaining([ids.big, ids.cheap, ids.small]));
  });
});
