// The map search in a real browser, on the demo data: filters, autocomplete, results and the
// same-zone list, the map's clusters and markers, selection and its links, anonymised unclaimed
// warehouses, errors, the address as the search state, both languages.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl, hydrated, loginAs, newPage, redeemedDemoWarehouses, useAppDatabase, useBrowser } from "./support.ts";

type Box = { x: number; y: number; width: number; height: number };

/** Drags the map from its middle by (dx, dy) pixels, as a visitor does with the mouse. */
async function dragMap(page: Page, frame: Box, dx: number, dy: number): Promise<void> {
  const [x, y] = [frame.x + frame.width / 2, frame.y + frame.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

const b = useBrowser();
const app = useAppDatabase();

const MILANO = { latitude: 45.4642, longitude: 9.19 };

type ApiResult = { id: number; name: string; lat: number; lng: number; distance: number; c_sub: boolean; address: string };
type ApiSearch = {
  warehouses: ApiResult[];
  other_warehouses: ApiResult[];
  total_warehouses: number;
  total_other_warehouses: number;
  lat: number;
  lng: number;
  error: string | null;
};

async function apiSearch(query: string): Promise<ApiSearch> {
  const res = await fetch(`${baseUrl()}/api/warehouses/search?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiSearch;
}

/** Great-circle km on earthdistance's sphere. */
function km(lat1: number, lng1: number, lat2: number, lng2: number) {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(a));
}

/** Every order lists the redeemed first: "show more" until an anonymised card is on the page. */
async function showAnonymised(page: Page): Promise<void> {
  const anonymised = page.locator('[data-testid=found-list] [data-testid=result-card][data-claimed="false"]');
  for (let i = 0; i < 10 && (await anonymised.count()) === 0; i++) {
    const before = await page.locator("[data-testid=found-list] [data-testid=result-card]").count();
    await page.locator("[data-testid=found-list-more]").click();
    await expect.poll(() => page.locator("[data-testid=found-list] [data-testid=result-card]").count(), { timeout: 15_000 }).toBeGreaterThan(before);
  }
}

async function cardIds(page: Page, list: string): Promise<number[]> {
  return page.locator(`[data-testid=${list}] [data-testid=result-card]`).evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-id"))));
}

describe("the search page", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(b.browser));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("is linked from the home page and asks for a location", async () => {
    await page.goto("/it");
    await page.locator('a[href="/it/stocks"]').first().waitFor();
    await page.goto("/it/stocks");
    await hydrated(page);
    await expect(page.locator("[data-testid=filter-panel]").getAttribute("data-open")).resolves.toBe("true");
    await page.click("[data-testid=search-submit]");
    await page.locator("[data-testid=search-location-error]").waitFor();
    expect(await page.locator("[data-testid=search-location-error]").textContent()).toContain("Inserisci un luogo");
    expect(new URL(page.url()).search).toBe("");
  });

  it("opens a filter's list whole, past the panel's bottom edge, and ticks a value pressed on its text, the last one too", async () => {
    await page.goto("/it/stocks");
    await hydrated(page);
    const filter = page.locator("[data-testid^=search-spec-]").first();
    await filter.locator("button").click();
    const list = filter.locator("[id][class*=overflow-auto]");
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    // The point at the middle of the last value hits that value (a clipping box would swallow it).
    const last = list.locator("label").last();
    const box = (await last.boundingBox())!;
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("label")?.textContent ?? null, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(hit).toBe(await last.textContent());
    // Pressed on its text, not its box (the press moved the focus to <main>, which closed the list).
    await last.click({ position: { x: box.width - 20, y: box.height / 2 } });
    expect(await last.locator("input").isChecked()).toBe(true);
    expect(await list.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
  });

  it("suggests places after more than 3 characters, typed without accents", async () => {
    await page.goto("/it/stocks");
    await hydrated(page);
    const input = page.locator("[data-testid=search-location]");
    await input.fill("For");
    await page.waitForTimeout(1000);
    expect(await page.locator("[data-testid=search-location-suggestions] [role=option]").count()).toBe(0);
    await input.fill("Forli");
    const option = page.locator("[data-testid=search-location-suggestions] [role=option]").first();
    await option.waitFor({ timeout: 5000 });
    expect(await option.textContent()).toBe("Forlì (FC), Italia");
    await option.click();
    expect(await input.inputValue()).toBe("Forlì (FC), Italia");
  });

  it("takes a sheet opened from the results back to those results, order included; a sheet opened directly offers its city's search", async () => {
    await page.goto("/it/stocks?location=Milano&radius=25&sort=distance");
    await hydrated(page);
    const detail = page.locator("[data-testid=found-list] [data-testid=result-detail]").first();
    await detail.click();
    await page.waitForURL(/\/it\/warehouses\/\d+$/);
    const back = page.locator("[data-testid=sheet-back]");
    await expect.poll(() => back.textContent()).toContain("Torna ai risultati");
    expect(await back.getAttribute("href")).toBe("/it/stocks?location=Milano&radius=25&sort=distance");
    // A reload keeps the history entry, and with it the way back.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => back.textContent()).toContain("Torna ai risultati");
    await back.click();
    await page.waitForURL((u) => u.pathname === "/it/stocks" && u.searchParams.get("sort") === "distance" && u.searchParams.get("radius") === "25");
    await page.locator("[data-testid=search-results]").waitFor();
    // Opened directly (a shared link): the search around the warehouse's city.
    const sheetPath = (await detail.getAttribute("href"))!;
    await page.goto(sheetPath);
    await hydrated(page);
    await expect.poll(() => back.textContent()).toMatch(/Magazzini vicino ad? \S/);
    await expect.poll(() => back.getAttribute("href")).toMatch(/^\/it\/stocks\?location=/);
  });

  it("has the sheet's map ask for Ctrl + scroll or two fingers in the page's language, and say when its background is offline", async () => {
    const [sheet] = await redeemedDemoWarehouses(app.db, 1);
    await page.goto(`/it/warehouses/${sheet!.id}`);
    await hydrated(page);
    const map = page.locator("[data-testid=sheet-map]");
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.getAttribute("data-state"), { timeout: 30_000 }).toMatch(/placed|ready/);
    // MapLibre's own words are English unless told otherwise.
    expect(await map.locator(".maplibregl-desktop-message").textContent()).toBe("Usa Ctrl + rotellina per ingrandire la mappa");
    expect(await map.locator(".maplibregl-mobile-message").textContent()).toBe("Usa due dita per spostare la mappa");
    expect(await map.locator(".maplibregl-ctrl-zoom-in").getAttribute("aria-label")).toBe("Ingrandisci");
    // Its background drawn, or (the tile host out of reach, as on these machines) a note saying why the box is grey.
    const note = page.getByTestId("sheet-map-offline");
    await expect
      .poll(async () => (await map.getAttribute("data-state")) === "ready" || ((await note.count()) === 1 && (await note.textContent()) === "Mappa offline"), {
        timeout: 30_000,
      })
      .toBe(true);
  });

  it("suggests places in the home page's search box too, chosen with the keyboard, and searches the chosen one", async () => {
    await page.goto("/en");
    await hydrated(page);
    const input = page.locator("[data-testid=home-search-location]");
    await input.click();
    await input.pressSequentially("Berga");
    const option = page.locator("[data-testid=search-location-suggestions] [role=option]").first();
    await option.waitFor({ timeout: 5000 });
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    expect(await option.textContent()).toBe("Bergamo (BG), Italy");
    // Arrow down highlights it (focus stays in the box), Enter chooses it without sending the
    // form; a second Enter searches the chosen place.
    await page.keyboard.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    await page.keyboard.press("Enter");
    expect(await input.inputValue()).toBe("Bergamo (BG), Italy");
    expect(new URL(page.url()).pathname).toBe("/en");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/en/stocks" && u.searchParams.get("location") === "Bergamo (BG), Italy");
    await page.locator("[data-testid=search-results]").waitFor();
    expect(await page.locator("[data-testid=search-summary]").textContent()).toContain("Bergamo");
  });

  it("searches Milano within 10 km: the panel slides away, the lists as the API orders them, the map shows clusters", async () => {
    await page.goto("/it/stocks");
    await hydrated(page);
    await page.locator("[data-testid=search-location]").fill("Milano");
    await page.locator("[data-testid=search-radius]").fill("10");
    await page.click("[data-testid=search-submit]");
    await page.locator("[data-testid=search-results]").waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/it/stocks");
    expect(url.searchParams.get("location")).toBe("Milano");
    expect(await page.locator("[data-testid=filter-panel]").getAttribute("data-open")).toBe("false");

    const api = await apiSearch("location=Milano&radius=10");
    expect(api.warehouses.length).toBeGreaterThan(0);
    for (const w of [...api.warehouses, ...api.other_warehouses]) expect(km(api.lat, api.lng, w.lat, w.lng)).toBeLessThanOrEqual(10.0001);
    // By distance: the redeemed nearest first, then the anonymised nearest first.
    const nearest = await apiSearch("location=Milano&radius=10&sort=distance");
    for (const part of [nearest.warehouses.filter((w) => w.c_sub), nearest.warehouses.filter((w) => !w.c_sub)]) {
      const distances = part.map((w) => w.distance);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    }
    expect(nearest.warehouses.findIndex((w) => !w.c_sub)).not.toBeLessThan(nearest.warehouses.filter((w) => w.c_sub).length);
    // The page lists the same warehouses in the same order.
    // The link marks the new order at once; the list follows when the answer arrives.
    await expect.poll(() => cardIds(page, "found-list"), { timeout: 15_000 }).toEqual(api.warehouses.slice(0, 10).map((w) => w.id));

    // Clusters (DOM elements over the map, so they work without map tiles).
    const map = page.locator("[data-testid=search-map]");
    await map.locator("[data-testid=map-cluster], [data-testid=map-marker]").first().waitFor({ timeout: 30_000 });
    const clusters = await map
      .locator("[data-testid=map-cluster]")
      .evaluateAll((els) =>
        els.map((e) => ({ count: Number(e.getAttribute("data-count")), color: e.getAttribute("data-color"), title: e.getAttribute("title") })),
      );
    expect(clusters.length).toBeGreaterThan(0);
    // MapLibre's own controls speak the page's language too (its default words are English).
    expect(await map.locator(".maplibregl-ctrl-zoom-in").getAttribute("aria-label")).toBe("Ingrandisci");
    expect(await map.locator(".maplibregl-ctrl-zoom-out").getAttribute("aria-label")).toBe("Riduci");
    // The map is fitted to every result and clusters them all, listed or not.
    await expect.poll(() => map.getAttribute("data-loading")).toBe("false");
    const drawn = await map
      .locator("[data-testid=map-cluster], [data-testid=map-marker]")
      .evaluateAll((els) => els.reduce((n, e) => n + (e.getAttribute("data-testid") === "map-cluster" ? Number(e.getAttribute("data-count")) : 1), 0));
    expect(drawn).toBe(api.total_warehouses + api.total_other_warehouses);
    {
      const mean = clusters.reduce((s, c) => s + c.count, 0) / clusters.length;
      for (const c of clusters) {
        expect(c.count).toBeGreaterThanOrEqual(2);
        expect(c.color).toBe(c.count > Math.max(10, mean) ? "red" : "blue");
        expect(c.title).toBe(`Gruppo di ${c.count} marcatori`);
      }
      // A cluster opens up to markers: zoom in until single markers show, then open a card.
      for (let i = 0; i < 6 && (await map.locator("[data-testid=map-marker]").count()) === 0; i++) {
        await map.locator("[data-testid=map-cluster]").first().click();
        await page.waitForTimeout(900);
      }
    }
    const marker = map.locator("[data-testid=map-marker]").first();
    await marker.waitFor({ timeout: 10000 });
    await marker.click();
    const card = page.locator("[data-testid=marker-card]");
    await card.waitFor();
    expect(await card.locator("li").count()).toBeLessThanOrEqual(5); // at most 4 specifications and a "+N"
  });

  it("lists the nearest of a crowded zone, counts and maps all of them, and opens cards of unlisted ones", async () => {
    await page.goto("/it/stocks?location=Milano&radius=60");
    await page.locator("[data-testid=search-results]").waitFor();
    const api = await apiSearch("location=Milano&radius=60");
    expect(api.total_warehouses).toBeGreaterThan(100);
    expect(api.warehouses).toHaveLength(100);
    // "The first 100", not "the nearest 100": sorted by size or rating, the lists hold others.
    expect(await page.locator("[data-testid=search-truncated]").textContent()).toContain("i primi 100 di ciascun tipo");
    expect(await page.locator("[data-testid=found-list-count]").textContent()).toBe(`(${api.total_warehouses})`);
    // 10 at first (the page's answer holds only those cards, and the ids of the rest), then 20 at
    // a time from the server, in the list's order, up to the 100 listed; then the list says the
    // map shows the rest.
    const cards = page.locator("[data-testid=found-list] [data-testid=result-card]");
    expect(await cards.count()).toBe(10);
    for (let i = 1; i <= 5; i++) {
      await page.click("[data-testid=found-list-more]");
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(Math.min(10 + 20 * i, 100));
    }
    const shownIds = await cards.evaluateAll((list) => list.map((card) => Number(card.getAttribute("data-id"))));
    expect(shownIds).toEqual(api.warehouses.map((w) => w.id));
    expect(await page.locator("[data-testid=found-list-more]").count()).toBe(0);
    await page.locator("[data-testid=found-list-limited]").waitFor();

    // The map holds every one of them; the cluster farthest from the centre opens up to
    // warehouses the lists do not hold, whose cards come from the server.
    const map = page.locator("[data-testid=search-map]");
    await expect.poll(() => map.getAttribute("data-loading")).toBe("false");
    const listed = new Set([...api.warehouses, ...api.other_warehouses].map((w) => w.id));
    for (let i = 0; i < 8 && (await map.locator("[data-testid=map-marker]").count()) === 0; i++) {
      const clusters = await map
        .locator("[data-testid=map-cluster]")
        .evaluateAll((els) => els.map((e) => ({ lat: Number(e.getAttribute("data-lat")), lng: Number(e.getAttribute("data-lng")) })));
      const far = clusters.reduce(
        (best, c, index) => {
          const d = km(api.lat, api.lng, c.lat, c.lng);
          return d > best.d ? { d, index } : best;
        },
        { d: -1, index: 0 },
      );
      await map.locator("[data-testid=map-cluster]").nth(far.index).click();
      await page.waitForTimeout(900);
      await expect.poll(() => map.getAttribute("data-loading")).toBe("false");
    }
    const markerIds = await map.locator("[data-testid=map-marker]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-id"))));
    const unlisted = markerIds.find((id) => !listed.has(id));
    expect(unlisted).toBeDefined();
    await map.locator(`[data-testid=map-marker][data-id="${unlisted}"]`).click();
    const card = page.locator(`[data-testid=marker-card][data-id="${unlisted}"]`);
    await card.waitFor({ timeout: 10_000 });
    // It can be selected like a listed one.
    await card.locator("input[type=checkbox]").check();
    expect(await page.locator("[data-testid=selection-count]").textContent()).toContain("1");
  });

  it("keeps the true name and position of unclaimed warehouses out of the page and the API", async () => {
    const api = await apiSearch("location=Milano&radius=25");
    const unclaimed = [...api.warehouses, ...api.other_warehouses].filter((w) => !w.c_sub);
    expect(unclaimed.length).toBeGreaterThan(0);
    const rows = await app.db
      .selectFrom("warehouses")
      .select(["id", "name", "address", "lat", "lng"])
      .where(
        "id",
        "in",
        unclaimed.map((w) => w.id),
      )
      .execute();
    await page.goto("/it/stocks?location=Milano&radius=25");
    const html = await page.content();
    const json = JSON.stringify(api);
    const published = [...api.warehouses, ...api.other_warehouses];
    const claimedText = JSON.stringify(published.filter((w) => w.c_sub).map((w) => [w.name, w.address]));
    const htmlNumbers = new Set(html.match(/-?\d+\.\d{4,}/g) ?? []);
    for (const row of rows) {
      const shown = unclaimed.find((w) => w.id === row.id)!;
      expect(shown.name).toBe(`Stocker ${row.id}`);
      expect(shown.address).not.toBe(row.address);
      for (const text of [row.name, row.address]) {
        // (A claimed warehouse may have the same street and number, and shows it rightly.)
        if (claimedText.includes(text)) continue;
        expect(json).not.toContain(text);
        expect(html).not.toContain(text);
      }
      // No published point sits on the true one (a single coordinate may equal another
      // warehouse's by chance: the demo data has 6 decimals); the offset stays in the published range.
      const onTruePoint = (lat: number, lng: number) => Math.abs(lat - row.lat) < 2e-5 && Math.abs(lng - row.lng) < 2e-5;
      expect(published.some((w) => onTruePoint(w.lat, w.lng))).toBe(false);
      // The page's data: a leaked position would put both true coordinates in it.
      expect(htmlNumbers.has(String(row.lat)) && htmlNumbers.has(String(row.lng))).toBe(false);
      expect(Math.abs(shown.lat - row.lat)).toBeLessThanOrEqual(0.004 + 1e-9);
      expect(Math.abs(shown.lng - row.lng)).toBeLessThanOrEqual(0.006 + 1e-9);
    }
    // The same position on every search.
    const again = await apiSearch("location=Milano&radius=25");
    for (const w of unclaimed) {
      const same = [...again.warehouses, ...again.other_warehouses].find((x) => x.id === w.id)!;
      expect([same.lat, same.lng]).toEqual([w.lat, w.lng]);
    }
  });

  it("narrows the found list with specification filters and moves the rest to the same zone", async () => {
    await page.goto("/it/stocks?location=Milano&radius=10");
    const before = await apiSearch("location=Milano&radius=10");
    // Without a filter nothing misses one: the second list has nothing to say and is left out.
    expect(before.total_other_warehouses).toBe(0);
    await page.locator("[data-testid=found-list]").waitFor();
    expect(await page.locator("[data-testid=other-list]").count()).toBe(0);
    await page.click("[data-testid=search-edit]");
    await expect.poll(() => page.locator("[data-testid=filter-panel]").getAttribute("data-open"), { timeout: 10_000 }).toBe("true");
    expect(new URL(page.url()).searchParams.get("edit")).toBe("1");
    // Pick the first two security options.
    const security = page.locator("[data-testid=search-spec-security]");
    await security.locator("button").click();
    expect(await security.locator("button").getAttribute("aria-expanded")).toBe("true");
    const options = security.getByRole("checkbox");
    await options.first().waitFor();
    await options.nth(0).click();
    await options.nth(1).click();
    // Escape closes the list and puts the focus back on its button.
    await page.keyboard.press("Escape");
    await options.first().waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(
      await security.locator("button").getAttribute("aria-controls"),
    );
    await page.locator("[data-testid=search-spec-security] [data-testid=multiselect-count]").waitFor();
    expect(await page.locator("[data-testid=search-spec-security] [data-testid=multiselect-count]").textContent()).toBe("2");
    // The results stayed under the open filters; the new search closes them.
    expect(await page.locator("[data-testid=search-results]").count()).toBe(1);
    await page.click("[data-testid=search-submit]");
    await page.waitForURL((u) => !u.searchParams.has("edit"));
    await expect.poll(() => page.locator("[data-testid=filter-panel]").getAttribute("data-open"), { timeout: 15_000 }).toBe("false");
    const url = new URL(page.url());
    expect(url.searchParams.getAll("security")).toHaveLength(2);
    expect(url.searchParams.has("edit")).toBe(false);
    const after = await apiSearch(url.search.slice(1));
    expect(after.total_warehouses).toBeLessThan(before.total_warehouses);
    expect(after.total_warehouses + after.total_other_warehouses).toBe(before.total_warehouses + before.total_other_warehouses);
    expect(after.other_warehouses.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator("[data-testid=other-list-count]").textContent(), { timeout: 15_000 }).toBe(`(${after.total_other_warehouses})`);

    // Back goes to the filters, back again to the unfiltered results.
    await page.goBack();
    await page.goBack();
    await page.locator("[data-testid=search-results]").waitFor();
    expect(new URL(page.url()).searchParams.getAll("security")).toHaveLength(0);
  });

  it("enables compare with 2 claimed warehouses, in a new tab, and disables the detail link of unclaimed ones", async () => {
    // The selection outlives searches (sessionStorage): start from none.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto("/it/stocks?location=Milano&radius=25");
    await page.locator("[data-testid=search-results]").waitFor();
    await page.locator("[data-testid=compare-link-disabled]").waitFor();
    const claimed = page.locator('[data-testid=found-list] [data-testid=result-card][data-claimed="true"]');
    const unclaimed = page.locator('[data-testid=result-card][data-claimed="false"]');
    await hydrated(page);
    await showAnonymised(page);
    // They come after the named ones, under a line that says how many.
    expect(await page.locator("[data-testid=found-list-unredeemed]").textContent()).toMatch(
      /^(Altri \S+ magazzini|Un altro magazzino) qui vicino non (sono|è) ancora su Stockspace$/,
    );
    expect(await unclaimed.first().locator("[data-testid=result-detail-disabled]").count()).toBe(1);
    expect(await unclaimed.first().locator("a[href*='/warehouses/']").count()).toBe(0);
    const firstId = await claimed.nth(0).getAttribute("data-id");
    expect(await claimed.nth(0).locator(`a[href="/it/warehouses/${firstId}"]`).count()).toBe(1);

    // An unclaimed one does not count for comparing.
    await unclaimed.first().locator("[data-testid=result-select]").check();
    await claimed.nth(0).locator("[data-testid=result-select]").check();
    expect(await page.locator("[data-testid=compare-link]").count()).toBe(0);
    // The bar says why, in view on a wide screen.
    expect(await page.locator("[data-testid=selection-compare-hint]").textContent()).toBe(
      "Seleziona almeno 2 magazzini con il nome visibile per confrontarli.",
    );
    expect(await page.locator("[data-testid=selection-compare-hint]").isVisible()).toBe(true);
    // On a phone, under the picked warehouses the bar opens to.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.locator("[data-testid=selection-compare-hint]").isVisible()).toBe(false);
    await page.click("[data-testid=selection-toggle]");
    const phoneHint = page.locator("[data-testid=selection-items-compare-hint]");
    await phoneHint.waitFor();
    expect(await phoneHint.textContent()).toBe("Seleziona almeno 2 magazzini con il nome visibile per confrontarli.");
    await page.click("[data-testid=selection-toggle]");
    await page.setViewportSize(viewport);
    await claimed.nth(1).locator("[data-testid=result-select]").check();
    const link = page.locator("[data-testid=compare-link]");
    await link.waitFor();
    expect(await page.locator("[data-testid=selection-compare-hint]").count()).toBe(0);
    const ids = [await claimed.nth(0).getAttribute("data-id"), await claimed.nth(1).getAttribute("data-id")];
    expect(await link.getAttribute("href")).toBe(`/it/compare?wids=${ids.join(",")}`);
    expect(await link.getAttribute("target")).toBe("_blank");

    // The quote popup shows the recap of the search and of the selection.
    await page.click("[data-testid=quote-open]");
    const dialog = page.locator("#quote-request-ap");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Milano");
    await page.keyboard.press("Escape");
  });

  it("lets a visitor start the stocker registration for an unclaimed warehouse", async () => {
    await page.goto("/it/stocks?location=Milano&radius=25");
    await hydrated(page);
    await showAnonymised(page);
    const claim = page.locator("[data-testid=result-claim]").first();
    await claim.waitFor();
    await claim.click();
    await page.locator("#register-ap").waitFor();
  });

  it("says when a place cannot be found, and when a zone is empty", async () => {
    await page.goto("/it/stocks?location=Qqqzzzxx");
    await page.locator("[data-testid=search-location-error]").waitFor();
    expect(await page.locator("[data-testid=search-location-error]").textContent()).toContain("Non abbiamo trovato");
    // Open sea off Sardinia: nothing within 5 km.
    await page.goto("/it/stocks?location=Mare&lat=39.5&lng=6&radius=5");
    await page.locator("[data-testid=found-list-empty]").waitFor();
    // Nothing to order: no sort links.
    expect(await page.locator("[data-testid=search-sort]").count()).toBe(0);
  });
});

describe("choosing among the results", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(b.browser));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("keeps the selection through editing, a new search and a reload, until it is cleared", async () => {
    await page.goto("/it/stocks?location=Milano&radius=10");
    const first = page.locator("[data-testid=found-list] [data-testid=result-card]").first();
    await first.waitFor();
    const pickedId = Number(await first.getAttribute("data-id"));
    await first.locator("[data-testid=result-select]").check();
    await expect.poll(() => page.locator("[data-testid=selection-count]").textContent(), { timeout: 15_000 }).toContain("1");

    // Editing keeps the results under the filters, and the selection.
    await page.click("[data-testid=search-edit]");
    await expect.poll(() => page.locator("[data-testid=filter-panel]").getAttribute("data-open"), { timeout: 15_000 }).toBe("true");
    expect(await page.locator("[data-testid=search-results]").count()).toBe(1);
    expect(await page.locator("[data-testid=selection-count]").textContent()).toContain("1");

    // A search somewhere else: the picked warehouse is not listed there, but stays picked.
    await page.fill("[data-testid=search-location]", "Bologna");
    await page.click("[data-testid=search-submit]");
    await page.waitForURL((u) => u.searchParams.get("location") === "Bologna" && !u.searchParams.has("edit"));
    await expect.poll(() => page.locator("[data-testid=search-summary]").textContent(), { timeout: 15_000 }).toContain("Bologna");
    expect(await page.locator(`[data-testid=result-card][data-id="${pickedId}"]`).count()).toBe(0);
    expect(await page.locator("[data-testid=selection-count]").textContent()).toContain("1");
    await page.click("[data-testid=selection-toggle]");
    expect(await page.locator("[data-testid=selection-items] li").count()).toBe(1);

    // A reload keeps it; the quote popup lists it.
    await page.reload();
    await expect.poll(() => page.locator("[data-testid=selection-count]").textContent(), { timeout: 15_000 }).toContain("1");
    await page.click("[data-testid=quote-open]");
    const dialog = page.locator("#quote-request-ap");
    await dialog.waitFor();
    expect(await dialog.locator("[data-testid=quote-recap-warehouses] li").count()).toBe(1);
    await page.keyboard.press("Escape");

    // Cleared, it is gone for good.
    await page.click("[data-testid=selection-clear]");
    await expect.poll(() => page.locator("[data-testid=selection-count]").textContent(), { timeout: 15_000 }).toContain("0");
    await page.reload();
    await page.locator("[data-testid=search-results]").waitFor();
    expect(await page.locator("[data-testid=selection-count]").textContent()).toContain("0");
  });

  it("shows where the results will come while a search runs: skeletons at first, then in the lists under a progress bar", async () => {
    // Each search's answer is held at the network until the test has seen its loading state
    // (opening the filters is a navigation too, and is let through).
    let gate = Promise.resolve();
    let release = () => {};
    const hold = () => (gate = new Promise<void>((resolve) => (release = resolve)));
    await page.route(/\/stocks\.data/, async (route) => {
      if (!new URL(route.request().url()).searchParams.has("edit")) await gate;
      await route.continue();
    });
    try {
      await page.goto("/it/stocks");
      await hydrated(page);
      await page.fill("[data-testid=search-location]", "Bologna");
      hold();
      await page.click("[data-testid=search-submit]");
      const loading = page.locator("[data-testid=search-loading]");
      await loading.waitFor();
      expect(await loading.getByRole("status").textContent()).toBe("Ricerca in corso…");
      expect(await loading.locator("[data-testid=result-skeleton]").count()).toBe(3);
      const submit = page.locator("[data-testid=search-submit]");
      expect(await submit.getAttribute("aria-busy")).toBe("true");
      expect(await submit.innerText()).toBe("Ricerca in corso…");
      release();
      await page.locator("[data-testid=found-list] [data-testid=result-card]").first().waitFor();
      expect(await loading.count()).toBe(0);

      // A new search over shown results: they give way to skeletons, marked busy, with a bar on top.
      const results = page.locator("[data-testid=search-results]");
      await page.click("[data-testid=search-edit]");
      await expect.poll(() => page.locator("[data-testid=filter-panel]").getAttribute("data-open"), { timeout: 15_000 }).toBe("true");
      await page.fill("[data-testid=search-location]", "Milano");
      hold();
      await page.click("[data-testid=search-submit]");
      await page.locator("[data-testid=search-progress]").waitFor();
      expect(await results.getAttribute("aria-busy")).toBe("true");
      expect(await page.locator("[data-testid=found-list] [data-testid=result-skeleton]").count()).toBe(3);
      expect(await page.locator("[data-testid=found-list-count]").count()).toBe(0);
      release();
      await expect.poll(() => page.locator("[data-testid=search-summary]").textContent(), { timeout: 15_000 }).toContain("Milano");
      await page.locator("[data-testid=search-progress]").waitFor({ state: "detached" });
      expect(await results.getAttribute("aria-busy")).toBeNull();
      expect(await page.locator("[data-testid=found-list] [data-testid=result-skeleton]").count()).toBe(0);
    } finally {
      release();
      await page.unroute(/\/stocks\.data/);
    }
  });

  it("ends the map above the selection bar on a wide screen, at the top of the page and scrolled", async () => {
    await page.goto("/it/stocks?location=Milano&radius=10");
    const map = page.locator("[data-testid=search-map]");
    await map.waitFor();
    const gap = async () => {
      const [m, bar] = await Promise.all([map.boundingBox(), page.locator("[data-testid=selection-bar]").boundingBox()]);
      return bar!.y - (m!.y + m!.height);
    };
    expect(await gap()).toBeGreaterThanOrEqual(0);
    // Scrolled by script: a wheel event lands wherever the previous test left the pointer,
    // and over the map it zooms the map instead of scrolling the page.
    await page.locator("[data-testid=found-list] [data-testid=result-card]").first().waitFor();
    await page.evaluate(() => window.scrollBy(0, 800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await gap()).toBeGreaterThanOrEqual(0);
  });

  it("sorts by distance and by rating over the whole zone with the select, and back to the default", async () => {
    await page.goto("/it/stocks?location=Milano&radius=25");
    await hydrated(page);
    const select = page.locator("[data-testid=search-sort-select]");
    expect(await select.inputValue()).toBe("relevance");
    await select.selectOption("distance");
    await page.waitForURL((u) => u.searchParams.get("sort") === "distance");
    const api = await apiSearch("location=Milano&radius=25&sort=distance");
    await expect.poll(() => cardIds(page, "found-list"), { timeout: 15_000 }).toEqual(api.warehouses.slice(0, 10).map((w) => w.id));

    await select.selectOption("rating");
    await page.waitForURL((u) => u.searchParams.get("sort") === "rating");
    const rated = await apiSearch("location=Milano&radius=25&sort=rating");
    await expect.poll(() => cardIds(page, "found-list"), { timeout: 15_000 }).toEqual(rated.warehouses.slice(0, 10).map((w) => w.id));

    // Editing the filters keeps the order.
    await page.click("[data-testid=search-edit]");
    await page.click("[data-testid=search-submit]");
    await page.waitForURL((u) => !u.searchParams.has("edit"));
    expect(new URL(page.url()).searchParams.get("sort")).toBe("rating");
    await select.selectOption("relevance");
    await page.waitForURL((u) => !u.searchParams.has("sort"));
  });

  it("offers a wider radius with its count when nothing matches, and searches it in one click", async () => {
    // 20 km north of the largest warehouse, asking for a free space only it declares: nothing within 5 km, itself within 25.
    const largest = await app.db
      .selectFrom("warehouses")
      .select(["id", "pub_lat", "pub_lng", "total_m2"])
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .where("total_m2", "is not", null)
      .orderBy("total_m2", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const space = await app.db
      .insertInto("warehouse_spaces")
      .values({ warehouse_id: largest.id, m2_type: "m2", quantity: 987_654, available_from: "2026-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    onTestFinished(() =>
      app.db
        .deleteFrom("warehouse_spaces")
        .where("id", "=", space.id)
        .execute()
        .then(() => {}),
    );
    const query = `location=Altrove&lat=${(Number(largest.pub_lat) + 0.18).toFixed(6)}&lng=${Number(largest.pub_lng).toFixed(6)}&radius=5&m2_value=987654`;
    await page.goto(`/it/stocks?${query}`);
    await page.locator("[data-testid=found-list-empty]").waitFor();
    const widen = page.locator("[data-testid=search-widen]");
    const api = (await apiSearch(query)) as ApiSearch & { wider: { radius: number; count: number } | null };
    expect(api.total_warehouses).toBe(0);
    expect(api.wider).toEqual({ radius: 25, count: expect.any(Number) });
    expect(await widen.textContent()).toContain("25 km");
    // "0 warehouses" is the page's heading: the empty list's own title is left to screen readers.
    const listTitle = page.locator("#found-list-title");
    expect(await listTitle.getAttribute("class")).toBe("sr-only");
    expect(await listTitle.textContent()).toContain("Magazzini trovati");
    // The other way on, other filters: the empty list opens the search's filters, as they were.
    await page.locator("[data-testid=search-empty-edit]").click();
    await expect.poll(() => page.locator("[data-testid=filter-panel]").getAttribute("data-open"), { timeout: 10_000 }).toBe("true");
    expect(await page.locator("[data-testid=search-location]").inputValue()).toBe("Altrove");
    await page.goto(`/it/stocks?${query}`);
    await widen.click();
    await page.waitForURL((u) => u.searchParams.get("radius") === String(api.wider!.radius));
    await expect
      .poll(() => page.locator("[data-testid=found-list-count]").textContent(), { timeout: 15_000 })
      .toBe(`(${api.wider!.count.toLocaleString("it-IT")})`);
    expect(await listTitle.getAttribute("class")).not.toContain("sr-only");
  });

  it("links a card and its pin, and searches the area the map was moved to", async () => {
    await page.goto("/it/stocks?location=Milano&radius=3");
    const map = page.locator("[data-testid=search-map]");
    await expect.poll(() => map.getAttribute("data-ready"), { timeout: 30_000 }).toBe("true");
    // Zoom in through the clusters towards listed warehouses until a listed one's pin shows (two
    // warehouses a few metres apart stay one cluster even at the closest zoom: then try the next).
    const listed = (await apiSearch("location=Milano&radius=3")).warehouses.slice(0, 10);
    const shownIds = new Set(await cardIds(page, "found-list"));
    const visibleListed = async () => {
      const ids = await map.locator("[data-testid=map-marker]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-id"))));
      return ids.find((id) => shownIds.has(id));
    };
    let found = await visibleListed();
    for (const target of listed) {
      for (let i = 0; i < 4 && found === undefined; i++) {
        const clusters = await map
          .locator("[data-testid=map-cluster]")
          .evaluateAll((els) => els.map((e) => ({ lat: Number(e.getAttribute("data-lat")), lng: Number(e.getAttribute("data-lng")) })));
        if (clusters.length === 0) break;
        const near = clusters.reduce(
          (best, c, index) => {
            const d = km(target.lat, target.lng, c.lat, c.lng);
            return d < best.d ? { d, index } : best;
          },
          { d: Infinity, index: 0 },
        );
        await map.locator("[data-testid=map-cluster]").nth(near.index).click();
        await page.waitForTimeout(900);
        await expect.poll(() => map.getAttribute("data-loading"), { timeout: 15_000 }).toBe("false");
        found = await visibleListed();
      }
      if (found !== undefined) break;
    }
    expect(found).toBeDefined();
    const card = page.locator(`[data-testid=found-list] [data-testid=result-card][data-id="${found}"]`);
    const pin = map.locator(`[data-testid=map-marker][data-id="${found}"]`);
    await pin.waitFor({ timeout: 10_000 });
    await card.hover();
    await expect.poll(() => pin.evaluate((el) => el.classList.contains("is-highlighted")), { timeout: 15_000 }).toBe(true);
    // (The pin may sit under the "search this area" button the cluster clicks brought up.)
    await pin.dispatchEvent("mouseenter");
    await expect.poll(() => card.getAttribute("data-highlighted"), { timeout: 15_000 }).toBe("true");

    // Dragging the map offers the area in view.
    await dragMap(page, (await map.boundingBox())!, -160, -60);
    const area = page.locator("[data-testid=search-this-area]");
    await area.waitFor({ timeout: 15_000 });
    await area.click();
    await page.waitForURL((u) => u.searchParams.get("radius") !== "3");
    const url = new URL(page.url());
    expect(Number(url.searchParams.get("radius"))).toBeGreaterThanOrEqual(1);
    expect(url.searchParams.get("lat")).toMatch(/^45\.\d+$/);
    await page.locator("[data-testid=search-summary]").waitFor();
    // The new search frames the map again: nothing to offer until the visitor moves it.
    await expect.poll(() => page.locator("[data-testid=search-this-area]").count(), { timeout: 15_000 }).toBe(0);
  });

  it("keeps the search button in the window of a phone while the long filter form scrolls", async () => {
    const { context: phone, page: small } = await newPage(b.browser, { width: 375, height: 740 });
    try {
      await small.goto("/it/stocks");
      await hydrated(small);
      const form = small.locator("[data-testid=search-filters]");
      const submit = small.locator("[data-testid=search-submit]");
      // The form runs far below the window; its button is on the window's bottom edge, and the
      // fields it covered come out from under it as the page scrolls.
      expect(await form.evaluate((el) => el.getBoundingClientRect().bottom)).toBeGreaterThan(1200);
      let box = (await submit.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      expect(box.y).toBeGreaterThan(740 - 100);
      await small.evaluate(() => window.scrollBy(0, 600));
      box = (await submit.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      await small.locator("[data-testid=search-location]").fill("Milano");
      await submit.click();
      await small.waitForURL((u) => u.searchParams.get("location") === "Milano");
    } finally {
      await phone.close();
    }
  });

  it("puts the results first on a phone, with the map one tap away", async () => {
    const { context: phone, page: small } = await newPage(b.browser, { width: 375, height: 740 });
    try {
      await small.goto("/it/stocks?location=Milano&radius=10");
      const first = small.locator("[data-testid=found-list] [data-testid=result-card]").first();
      await first.waitFor();
      const box = (await first.boundingBox())!;
      expect(box.y + 60).toBeLessThan(740);
      expect(await small.locator("[data-testid=search-map]").isVisible()).toBe(false);
      // No selection, no bar taking room.
      expect(await small.locator("[data-testid=selection-bar]").isVisible()).toBe(false);
      // Far down the list, the map opens in the window (not the footer, with the map above it).
      await hydrated(small);
      await small.evaluate(() => window.scrollTo({ top: 1500 }));
      const readTo = await small.evaluate(() => window.scrollY);
      expect(readTo).toBeGreaterThan(1000);
      await small.click("[data-testid=search-view-toggle]");
      await expect.poll(() => small.locator("[data-testid=search-map]").isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await first.isVisible()).toBe(false);
      const opened = (await small.locator("[data-testid=search-map]").boundingBox())!;
      expect(opened.y).toBeGreaterThanOrEqual(0);
      expect(opened.y + opened.height / 2, "the map's middle is in the window").toBeLessThan(740);
      // What floats over the map keeps clear of the toggle: the offline notice (the tiles' host
      // is out of reach here) and, once the map is moved, "search this area" on one line.
      const map = (await small.locator("[data-testid=search-map]").boundingBox())!;
      const toggle = (await small.locator("[data-testid=search-view-toggle]").boundingBox())!;
      const apart = (a: Box, z: Box) => a.x + a.width <= z.x || z.x + z.width <= a.x || a.y + a.height <= z.y || z.y + z.height <= a.y;
      const notice = (await small.locator("[data-testid=map-offline]").boundingBox())!;
      const zoom = (await small.locator(".maplibregl-ctrl-group").boundingBox())!;
      expect(apart(notice, toggle), "the offline notice is under the list button").toBe(true);
      expect(apart(notice, zoom), "the offline notice is under the zoom buttons").toBe(true);
      await dragMap(small, map, -80, -80);
      const area = small.locator("[data-testid=search-this-area]");
      await area.waitFor({ timeout: 15_000 });
      const pill = (await area.boundingBox())!;
      const lines = await area.evaluate((el) => {
        const words = document.createRange();
        words.selectNodeContents(el.lastChild!);
        return new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, "search this area wraps").toBe(1);
      expect(apart(pill, notice), "the offline notice is under search this area").toBe(true);
      expect(pill.x).toBeGreaterThanOrEqual(map.x);
      expect(pill.x + pill.width).toBeLessThanOrEqual(map.x + map.width);
      // Back to the list, where it was read to.
      await small.click("[data-testid=search-view-toggle]");
      expect(await small.evaluate(() => window.scrollY)).toBe(readTo);
      await first.locator("[data-testid=result-select]").check();
      await expect.poll(() => small.locator("[data-testid=selection-bar]").isVisible(), { timeout: 15_000 }).toBe(true);
      const bar = (await small.locator("[data-testid=selection-bar]").boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(741);
      expect(bar.height).toBeLessThan(90);
      // Touch targets of the card: at least 44 px high.
      for (const target of ["[data-testid=result-select]", "[data-testid=result-detail], [data-testid=result-detail-disabled]"]) {
        const el = first.locator(target).first();
        const h = await el.evaluate((e) => (e.closest("label") ?? e).getBoundingClientRect().height);
        expect(h).toBeGreaterThanOrEqual(44);
      }
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await phone.close();
    }
  });

  it("shows a marker's card on a phone clear of the list button and the selection bar, with a close button a thumb can hit", async () => {
    const { context: phone, page: small } = await newPage(b.browser, { width: 375, height: 740 });
    try {
      // One warehouse alone: its marker is drawn at once, in the middle of the map.
      await small.goto("/en/stocks?location=Lampedusa&radius=5");
      await hydrated(small);
      await small.locator("[data-testid=found-list] [data-testid=result-select]").first().check();
      // One result is a short list: the selection bar still sits on the screen's bottom edge (not
      // mid-screen under the list button, with the footer below it), and the button above it.
      const bar = (await small.locator("[data-testid=selection-bar]").boundingBox())!;
      expect(Math.round(bar.y + bar.height)).toBe(740);
      const toggle = (await small.locator("[data-testid=search-view-toggle]").boundingBox())!;
      expect(toggle.y + toggle.height).toBeLessThanOrEqual(bar.y);
      await small.click("[data-testid=search-view-toggle]");
      const marker = small.locator("[data-testid=search-map] [data-testid=map-marker]").first();
      await marker.waitFor({ timeout: 15_000 });
      // Fitted to the one result, the map shows its neighbourhood (zoom 13 at the closest), not a street.
      const zoom = await small.locator("[data-testid=search-map]").getAttribute("data-zoom");
      expect(zoom).toMatch(/^\d+\.\d\d$/);
      expect(Number(zoom)).toBeLessThanOrEqual(13);
      await marker.click();
      await small.locator("[data-testid=marker-card]").waitFor();
      const clear = () =>
        small.evaluate(() => {
          const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
          const card = box(".maplibregl-popup");
          const map = box("[data-testid=search-map]");
          const lowest = Math.min(box("[data-testid=search-view-toggle]").top, box("[data-testid=selection-bar]").top);
          return card.top >= map.top && card.bottom <= lowest;
        });
      await expect.poll(clear, { timeout: 5_000, message: "the card is hidden behind what floats over the map" }).toBe(true);
      const close = small.locator(".maplibregl-popup-close-button");
      const size = (await close.boundingBox())!;
      // On a phone the round button is itself a 44 px target.
      expect(size.width).toBeGreaterThanOrEqual(44);
      expect(size.height).toBeGreaterThanOrEqual(44);
      await close.click();
      await small.locator("[data-testid=marker-card]").waitFor({ state: "detached" });
    } finally {
      await phone.close();
    }
  });
});

describe("the search page in English, with geolocation", () => {
  it("uses my position (the locality becomes the location) and speaks English", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(MILANO);
    await page.goto("/en/stocks");
    await hydrated(page);
    await page.click("[data-testid=search-my-position]");
    await expect.poll(() => page.locator("[data-testid=search-location]").inputValue(), { timeout: 10000 }).toBe("Milano");
    await page.click("[data-testid=search-submit]");
    await page.locator("[data-testid=search-results]").waitFor();
    expect(await page.locator("[data-testid=search-summary]").textContent()).toContain("within 10 km of Milano");
    expect(new URL(page.url()).searchParams.get("lat")).toBe(MILANO.latitude.toFixed(6));
    const cluster = page.locator("[data-testid=map-cluster]").first();
    await cluster.waitFor({ timeout: 30_000 });
    expect(await cluster.getAttribute("title")).toMatch(/^Cluster of \d+ markers$/);
    expect(await page.locator("[data-testid=search-map] .maplibregl-ctrl-zoom-in").getAttribute("aria-label")).toBe("Zoom in");
    await context.close();
  });

  it("shows the failure badge for 5 seconds when the position cannot be found", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    // No permission: the browser refuses at once.
    await page.goto("/en/stocks");
    await hydrated(page);
    await page.click("[data-testid=search-my-position]");
    const badge = page.locator("[data-testid=search-geolocation-failed]");
    await badge.waitFor({ timeout: 12000 });
    await badge.waitFor({ state: "detached", timeout: 7000 });
    await context.close();
  });

  it("gives a logged-in stock hunter the favourite toggle on claimed warehouses' cards", async () => {
    const { context, page } = await newPage(b.browser, { locale: "en" });
    await loginAs(context, "hunter");
    // A claimed warehouse, searched closely enough for the map to show it as a single marker.
    const claimed = (await apiSearch("location=Milano&radius=10")).warehouses.find((w) => w.c_sub)!;
    expect(claimed).toBeTruthy();
    await page.goto(`/en/stocks?location=Milano&lat=${claimed.lat}&lng=${claimed.lng}&radius=0.2`);
    const marker = page.locator(`[data-testid=search-map] [data-testid=map-marker][data-id="${claimed.id}"]`);
    await marker.waitFor({ timeout: 30_000 });
    await marker.click();
    const toggle = page.locator("[data-testid=marker-favourite]");
    await toggle.waitFor();
    const pressed = await toggle.getAttribute("aria-pressed");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).not.toBe(pressed);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe(pressed);
    await context.close();
  });

  it("lets a logged-in stock hunter save a warehouse from its sheet, find it among the favourites and drop it there; a failed press says why", async () => {
    const { context, page } = await newPage(b.browser, { locale: "it", width: 375 });
    await loginAs(context, "hunter");
    const hunterId = (await app.db.selectFrom("users").select("id").where("email", "=", "hunter@demo.test").executeTakeFirstOrThrow()).id;
    const kept = new Set((await app.db.selectFrom("favourites").select("warehouse_id").where("user_id", "=", hunterId).execute()).map((f) => f.warehouse_id));
    const claimed = (await apiSearch("location=Milano&radius=10")).warehouses.find((w) => w.c_sub && !kept.has(w.id))!;
    await page.goto(`/it/warehouses/${claimed.id}`);
    await hydrated(page);
    const save = page.getByTestId("sheet-favourite");
    expect(await save.textContent()).toBe("Salva nei preferiti");
    await save.click();
    await expect.poll(() => save.getAttribute("data-favourite")).toBe("true");
    expect(await save.textContent()).toBe("Nei preferiti");

    // On the favourites page its heart is pressed; a tap drops it (the card stays until the
    // page is loaded again, so a slip is undone), and the next visit no longer lists it.
    await page.goto("/it/stock-hunter/profile/warehouses");
    await hydrated(page);
    const heart = page.getByTestId(`favourite-toggle-${claimed.id}`);
    expect(await heart.getAttribute("aria-pressed")).toBe("true");
    expect((await heart.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId(`favourite-toggle-${claimed.id}`).count()).toBe(0);
    expect(
      await app.db.selectFrom("favourites").select("warehouse_id").where("user_id", "=", hunterId).where("warehouse_id", "=", claimed.id).executeTakeFirst(),
    ).toBeUndefined();

    // An anonymised favourite can be dropped but not chosen again: its card says it was dropped.
    const anonymised = await app.db
      .selectFrom("favourites as f")
      .innerJoin("warehouses as w", "w.id", "f.warehouse_id")
      .select(["f.warehouse_id", "f.created_at"])
      .where("f.user_id", "=", hunterId)
      .where("w.redeemed", "=", false)
      .orderBy("f.created_at", "desc")
      .executeTakeFirst();
    expect(anonymised, "the demo hunter keeps an anonymised favourite").toBeTruthy();
    await page.getByTestId(`favourite-toggle-${anonymised!.warehouse_id}`).click();
    await page.getByTestId(`favourite-dropped-${anonymised!.warehouse_id}`).waitFor();
    expect(await page.getByTestId(`favourite-dropped-${anonymised!.warehouse_id}`).textContent()).toBe("Tolto dai preferiti");
    // The focus, on the heart that went away, moved to the words that replace it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(`favourite-dropped-${anonymised!.warehouse_id}`);
    // Back as it was, for the other journeys.
    await app.db.insertInto("favourites").values({ user_id: hunterId, warehouse_id: anonymised!.warehouse_id, created_at: anonymised!.created_at }).execute();

    // The session ends while the sheet is open: the press changes nothing and says why.
    await page.goto(`/it/warehouses/${claimed.id}`);
    await hydrated(page);
    await context.clearCookies();
    await page.getByTestId("sheet-favourite").click();
    expect(await page.getByTestId("sheet-favourite-failed").textContent()).toBe("La sessione è scaduta: accedi di nuovo per salvare i preferiti.");
    expect(await page.getByTestId("sheet-favourite").getAttribute("data-favourite")).toBe("false");
    expect(
      await app.db.selectFrom("favourites").select("warehouse_id").where("user_id", "=", hunterId).where("warehouse_id", "=", claimed.id).executeTakeFirst(),
    ).toBeUndefined();

    // A visitor has no such button.
    const visitor = await newPage(b.browser, { locale: "it" });
    await visitor.page.goto(`/it/warehouses/${claimed.id}`);
    expect(await visitor.page.getByTestId("sheet-favourite").count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });
});
