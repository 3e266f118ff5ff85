// A seeker's search with dates and a quantity, in a real browser: the warehouses whose declared
// free space covers the period show it, one with too little says how much it has of what was
// asked, and the price order puts the cheapest public price first. Spaces are written straight
// into the app's database (as an owner's form leaves them) and removed afterwards.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { sql, type Selectable } from "kysely";
import type { WarehouseSpacesTable } from "../../app/server/db/types.ts";
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
  let radius: number;
  const spaceIds: number[] = [];
  let demoSpaces: Selectable<WarehouseSpacesTable>[] = [];

  beforeAll(async () => {
    ({ context, page } = await newPage(b.browser, { locale: "en" }));
    // Three redeemed warehouses close together: the first of the demo's, and the two nearest it.
    const [first] = await redeemedDemoWarehouses(app.db, 1);
    const { rows: near } = await sql<{ id: number; km: number }>`
      select w.id::int as id, earth_distance(ll_to_earth(w.pub_lat, w.pub_lng), ll_to_earth(f.pub_lat, f.pub_lng)) / 1000 as km
      from warehouses w, warehouses f
      where f.id = ${first!.id} and w.redeemed and w.status = 'approved' and not w.deactivated
      order by km, w.id limit 3`.execute(app.db);
    const [big, cheap, small] = near.map((w) => w.id) as [number, number, number];
    ids = { big, cheap, small };
    radius = Math.max(5, Math.ceil(near[2]!.km + 2));
    // The demo gives spaces of its own to most redeemed warehouses: these three keep only the
    // test's (theirs come back afterwards).
    demoSpaces = await app.db.selectFrom("warehouse_spaces").selectAll().where("warehouse_id", "in", [big, cheap, small]).execute();
    await app.db.deleteFrom("warehouse_spaces").where("warehouse_id", "in", [big, cheap, small]).execute();
    const rows = await app.db
      .insertInto("warehouse_spaces")
      .values([
        { warehouse_id: big, m2_type: "m2", quantity: 1000, available_from: day(-10), available_until: null, price_month: 450, price_public: true },
        {
          warehouse_id: cheap,
          m2_type: "m2",
          quantity: 900,
          available_from: day(0),
          available_until: day(400),
          min_term_months: 3,
          price_month: 380,
          price_public: true,
        },
        { warehouse_id: small, m2_type: "m2", quantity: 300, available_from: day(-10), available_until: null, price_month: 100, price_public: true },
      ])
      .returning("id")
      .execute();
    spaceIds.push(...rows.map((r) => r.id));
    // Around the first one, wide enough for all three.
    const where = await app.db.selectFrom("warehouses").select(["pub_lat", "pub_lng"]).where("id", "=", big).executeTakeFirstOrThrow();
    query = `location=Qui&lat=${Number(where.pub_lat).toFixed(6)}&lng=${Number(where.pub_lng).toFixed(6)}&radius=${radius}&start_date=${FROM}&end_date=${TO}&m2_value=800`;
  });
  afterAll(async () => {
    await app.db.deleteFrom("warehouse_spaces").where("id", "in", spaceIds).execute();
    if (demoSpaces.length) await app.db.insertInto("warehouse_spaces").values(demoSpaces).execute();
    await context?.close();
  });

  it("shows the free space on the matching cards and what the others miss, and sorts by price", async () => {
    await page.goto(`/en/stocks?${query}`);
    await hydrated(page);
    await page.locator("[data-testid=search-results]").waitFor();
    // The heading counts what matches, saying by what.
    await expect
      .poll(() => page.locator("[data-testid=search-summary]").textContent())
      .toContain(`with 800\u00a0m² free from ${it_date(FROM)} to ${it_date(TO)}`);
    const found = await cardIds(page, "found-list");
    expect(found).toEqual(expect.arrayContaining([ids.big, ids.cheap]));
    expect(found).not.toContain(ids.small);
    const bigCard = page.locator(`[data-testid=found-list] [data-testid=result-card][data-id="${ids.big}"]`);
    expect(await bigCard.locator("[data-testid=result-availability]").textContent()).toContain("1.000\u00a0m² free now");
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
    expect(ordered.indexOf(ids.cheap)).toBeLessThan(ordered.indexOf(ids.big));
    // Every priced card before the unpriced ones, the prices rising (other demo warehouses around
    // have public prices of their own).
    const prices = await page.locator("[data-testid=found-list] [data-testid=result-card]").evaluateAll((cards) =>
      cards.map((c) => {
        const text = c.querySelector("[data-testid=result-price]")?.textContent ?? "";
        const match = /€\s*([\d.]+,\d{2})/.exec(text.replace(/\u00a0/g, " "));
        return match ? Number(match[1]!.replace(/\./g, "").replace(",", ".")) : Infinity;
      }),
    );
    expect(prices.slice(0, 2).every(Number.isFinite)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
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

  // SEARCH_SHOTS_DIR=/tmp/shots-search: the results page at 1280 and 375 px in both languages, to look at.
  it.runIf(!!process.env.SEARCH_SHOTS_DIR)("takes the results page's pictures", async () => {
    const dir = process.env.SEARCH_SHOTS_DIR!;
    fs.mkdirSync(dir, { recursive: true });
    for (const locale of ["it", "en"] as const) {
      for (const width of [1280, 375]) {
        const shot = await newPage(b.browser, { locale, width, height: width === 375 ? 812 : 900 });
        await shot.page.goto(`/${locale}/stocks?${query}`);
        await hydrated(shot.page);
        await shot.page.locator("[data-testid=search-results]").waitFor();
        await shot.page.waitForTimeout(1500);
        await shot.page.screenshot({ path: path.join(dir, `results-${locale}-${width}.png`) });
        // Further down: the second list's start, and the line above the anonymised ones.
        for (const [name, selector] of [
          ["other", "#other-list-title"],
          ["unredeemed", "[data-testid=other-list-unredeemed]"],
        ] as const) {
          await shot.page.locator(selector).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
          await shot.page.waitForTimeout(300);
          await shot.page.screenshot({ path: path.join(dir, `${name}-${locale}-${width}.png`) });
        }
        // The filters, saying what the dates and the space do.
        await shot.page.goto(`/${locale}/stocks?${query}&edit=1`);
        await hydrated(shot.page);
        await shot.page
          .locator("[data-testid=search-filter-hints]")
          .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 320));
        await shot.page.waitForTimeout(300);
        await shot.page.screenshot({ path: path.join(dir, `filters-${locale}-${width}.png`) });
        await shot.context.close();
      }
    }
  });
});
