// The trust figures a seeker chooses by (decision 035), in a real browser, in Italian and English:
// a warehouse with reviews and answered requests shows its rating with the count, how fast and
// how often it answers and the Verified mark on its search card, its map card, its sheet and its
// comparison column; the search's JSON answer carries the same figures. With SHOTS_DIR set
// (e.g. /tmp/shots-trust) it keeps a picture of each at 1280 and 375 px in both languages.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Locator, Page } from "playwright-core";
import { baseUrl, hydrated, newPage, redeemedDemoWarehouses, useAppDatabase, useBrowser } from "./support.ts";
import { makeRedeemedWarehouse, makeRequest, makeUser } from "../support/factories.ts";

const b = useBrowser();
const app = useAppDatabase();
const SHOTS = process.env.SHOTS_DIR ?? "";

// An island with no demo warehouse within the radius: the warehouse is alone, its marker drawn at once.
const PLACE = { lat: 36.8325, lng: 11.9417 };
const searchPath = (locale: string) => `/${locale}/stocks?location=Pantelleria&lat=${PLACE.lat}&lng=${PLACE.lng}&radius=5`;

let warehouseId: number;
let otherId: number;

beforeAll(async () => {
  const db = app.db;
  const { warehouse } = await makeRedeemedWarehouse(
    db,
    {
      name: `Magazzino Fiducia ${Date.now() % 100000}`,
      city: "Pantelleria",
      province: "TP",
      address: "Via del Porto 3",
      cap: "91017",
      lat: PLACE.lat,
      lng: PLACE.lng,
      status: "approved",
    },
    { approval_status: "approved", company: "Fiducia Logistica srl" },
  );
  warehouseId = warehouse.id;
  const hunters = await Promise.all([0, 1].map(() => makeUser(db, { role: "stock_hunter" })));
  // Five requests arrived 3 h 20 min ago; four were answered 30 minutes ago (median 2 h 50 min: "within 3 hours"), 80% of them.
  const links = [];
  for (let i = 0; i < 5; i++) links.push((await makeRequest(db, { userId: hunters[0]!.id, warehouseIds: [warehouseId] })).links[0]!);
  await db
    .updateTable("warehouse_request_warehouses")
    .set({ created_at: sql`now() - interval '200 minutes'` })
    .where("warehouse_id", "=", warehouseId)
    .execute();
  await db
    .updateTable("warehouse_request_warehouses")
    .set({ state: "confirmed", answered_at: sql`now() - interval '30 minutes'` })
    .where(
      "id",
      "in",
      links.slice(0, 4).map((l) => l.id),
    )
    .execute();
  // Two reviews, 4,0 and 4,7: 4,35 → 44 → "4,4".
  for (const [i, avg] of [40, 47].entries()) {
    await db
      .insertInto("reviews")
      .values({
        user_id: hunters[i]!.id,
        warehouse_id: warehouseId,
        warehouse_request_id: links[i]!.warehouse_request_id,
        link_id: links[i]!.id,
        full_name: "R",
        email: "r@test.example",
        telephone: "1",
        avg_value: avg,
        reliability_value: 4,
      })
      .execute();
  }
  otherId = (await redeemedDemoWarehouses(db, 1))[0]!.id;
});

const EXPECTED = {
  it: {
    rating: "4,4 · 2 recensioni",
    time: "Di solito risponde entro 3 ore",
    rate: "Risponde a 80 richieste su 100",
    verified: "Verificato",
    explained: "hanno controllato e approvato",
  },
  en: {
    rating: "4,4 · 2 reviews",
    time: "Usually answers within 3 hours",
    rate: "Answers 80% of requests",
    verified: "Verified",
    explained: "checked and approved",
  },
} as const;

async function expectTrust(scope: Locator, locale: "it" | "en") {
  const want = EXPECTED[locale];
  expect((await scope.locator("[data-testid=warehouse-rating]").first().textContent())!).toContain(want.rating);
  expect(await scope.locator("[data-testid=warehouse-answer-time]").first().textContent()).toBe(want.time);
  expect(await scope.locator("[data-testid=warehouse-answer-rate]").first().textContent()).toBe(want.rate);
  const verified = scope.locator("[data-testid=warehouse-verified]").first();
  expect(await verified.textContent()).toContain(want.verified);
  // What the mark means: a tooltip for a pointer, and words for a screen reader.
  expect(await verified.getAttribute("title")).toContain(want.explained);
  expect(await verified.evaluate((el) => el.closest("[data-testid=warehouse-trust], header, td")?.textContent ?? "")).toContain(want.explained);
}

async function shot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file });
}

describe("trust figures", () => {
  it("are in the search's JSON answer, and only for the redeemed", async () => {
    const res = await fetch(`${baseUrl()}/api/warehouses/search?lat=${PLACE.lat}&lng=${PLACE.lng}&radius=5`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { warehouses: Record<string, unknown>[]; other_warehouses: Record<string, unknown>[] };
    const mine = [...body.warehouses, ...body.other_warehouses].find((w) => w.id === warehouseId);
    expect(mine).toMatchObject({ rating_avg: 44, review_count: 2, answer_hours: 3, answer_rate: 80, verified: true });
  });

  for (const locale of ["it", "en"] as const) {
    for (const width of [1280, 375]) {
      it(`show on the card, the map card, the sheet and the comparison (${locale}, ${width} px)`, async () => {
        const { context, page } = await newPage(b.browser, { width, height: width > 500 ? 900 : 740, locale });
        try {
          await page.goto(searchPath(locale));
          await hydrated(page);
          const card = page.locator(`[data-testid=found-list] [data-testid=result-card][data-id="${warehouseId}"]`);
          await card.waitFor();
          await expectTrust(card, locale);
          await card.scrollIntoViewIfNeeded();
          await shot(page, `card-${locale}-${width}`, card);

          // The map card: on a phone the map is one press away.
          if (width < 1024) await page.click("[data-testid=search-view-toggle]");
          const marker = page.locator(`[data-testid=search-map] [data-testid=map-marker][data-id="${warehouseId}"]`);
          await marker.waitFor({ timeout: 30_000 });
          await marker.click();
          const popup = page.locator(`[data-testid=marker-card][data-id="${warehouseId}"]`);
          await popup.waitFor();
          await expectTrust(popup, locale);
          await shot(page, `map-card-${locale}-${width}`);

          await page.goto(`/${locale}/warehouses/${warehouseId}`);
          await hydrated(page);
          const header = page.locator("[data-testid=warehouse-sheet] header");
          await expectTrust(header, locale);
          await shot(page, `sheet-${locale}-${width}`);

          await page.goto(`/${locale}/compare?wids=${warehouseId},${otherId}`);
          await hydrated(page);
          const answers = page.locator('[data-row="answers"]');
          await answers.waitFor();
          expect(await answers.textContent()).toContain(EXPECTED[locale].time);
          expect(await page.locator('[data-row="rating"]').textContent()).toContain(EXPECTED[locale].rating);
          expect(await page.locator('[data-row="verified"]').textContent()).toContain(EXPECTED[locale].verified);
          await page.locator('[data-row="rating"]').scrollIntoViewIfNeeded();
          await shot(page, `compare-${locale}-${width}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});

afterAll(async () => {
  // The warehouse leaves the demo data as it found it for the other journeys: not listed any more.
  if (warehouseId) await app.db.updateTable("warehouses").set({ deactivated: true }).where("id", "=", warehouseId).execute();
});
