// What a search engine reads, over HTTP of the app started as in production: robots.txt, the
// sitemap index and each of its sitemaps (well-formed XML, as a browser's parser reads it), and
// every URL they announce answers 200; a sheet names its alternates and x-default; a warehouse
// without a public sheet is in no sitemap.
import { describe, expect, it } from "vitest";
import { baseUrl, newPage, useAppDatabase, useBrowser } from "./support.ts";

const app = useAppDatabase();
const browser = useBrowser();

async function text(path: string): Promise<string> {
  const res = await fetch(baseUrl() + path, { redirect: "manual" });
  expect(res.status, path).toBe(200);
  return res.text();
}

const pathOf = (loc: string) => {
  const url = new URL(loc);
  return url.pathname + url.search;
};

describe("what search engines read", () => {
  it("finds the sitemap from robots.txt, and every URL of every sitemap answers 200", async () => {
    const robots = await text("/robots.txt");
    const sitemapLine = robots.split("\n").find((l) => l.startsWith("Sitemap: "));
    expect(sitemapLine).toMatch(/\/sitemap\.xml$/);
    const { page, context } = await newPage(browser.browser);
    const wellFormed = (xml: string) =>
      page.evaluate((doc) => new DOMParser().parseFromString(doc, "application/xml").getElementsByTagName("parsererror").length === 0, xml);

    const index = await text(pathOf(sitemapLine!.slice("Sitemap: ".length)));
    expect(await wellFormed(index)).toBe(true);
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]!));
    expect(sitemaps[0]).toBe("/sitemaps/pages.xml");
    expect(sitemaps.length).toBeGreaterThan(1);

    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      const xml = await text(sitemap);
      expect(await wellFormed(xml), sitemap).toBe(true);
      urls.push(...[...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]!)));
    }
    await context.close();
    const sheets = urls.filter((u) => /^\/(it|en)\/warehouses\/\d+$/.test(u));
    const publicIds = await app.db
      .selectFrom("warehouses")
      .select("id")
      .where("redeemed", "=", true)
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .execute();
    // Every public sheet in both languages, and nothing else.
    expect(sheets.sort()).toEqual(publicIds.flatMap((w) => [`/it/warehouses/${w.id}`, `/en/warehouses/${w.id}`]).sort());

    const failures: string[] = [];
    for (let i = 0; i < urls.length; i += 8) {
      await Promise.all(
        urls.slice(i, i + 8).map(async (u) => {
          const res = await fetch(baseUrl() + u, { redirect: "manual" });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${u}: ${res.status}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  });

  it("leaves a warehouse without a public sheet out, and a sheet names its languages and x-default", async () => {
    const hidden = await app.db.selectFrom("warehouses").select("id").where("redeemed", "=", false).orderBy("id").executeTakeFirstOrThrow();
    const shown = await app.db
      .selectFrom("warehouses")
      .select("id")
      .where("redeemed", "=", true)
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const index = await text("/sitemap.xml");
    const all = (await Promise.all([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => text(pathOf(m[1]!))))).join("\n");
    expect(all).not.toContain(`/warehouses/${hidden.id}<`);
    expect((await fetch(`${baseUrl()}/it/warehouses/${hidden.id}`)).status).toBe(404);

    const html = await text(`/it/warehouses/${shown.id}`);
    for (const [lang, locale] of [
      ["it", "it"],
      ["en", "en"],
      ["x-default", "en"],
    ]) {
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${lang}" href="[^"]*/${locale}/warehouses/${shown.id}"`, "i"));
    }
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/it/warehouses/${shown.id}"`));
  });

  it("gives every public page its canonical address, languages, x-default, cards and description; the sheet and the home page their structured data", async () => {
    const pagesXml = await text("/sitemaps/pages.xml");
    const shown = await app.db
      .selectFrom("warehouses")
      .select(["id", "name", "city"])
      .where("redeemed", "=", true)
      .where("status", "=", "approved")
      .where("deactivated", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const urls = [...[...pagesXml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]!)), `/it/warehouses/${shown.id}`, `/en/warehouses/${shown.id}`];
    const { page, context } = await newPage(browser.browser);
    for (const path of urls) {
      await page.goto(path);
      const head = await page.evaluate(() => {
        const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
        return {
          canonical: attr('link[rel="canonical"]', "href"),
          alternates: Object.fromEntries(
            [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute("hreflang"), l.getAttribute("href") ?? ""]),
          ),
          description: attr('meta[name="description"]', "content"),
          ogTitle: attr('meta[property="og:title"]', "content"),
          ogUrl: attr('meta[property="og:url"]', "content"),
          twitter: attr('meta[name="twitter:card"]', "content"),
          jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? "null")),
          h1: document.querySelector("h1")?.textContent?.trim() ?? null,
        };
      });
      const bare = path.replace(/^\/(it|en)/, "");
      expect(pathOf(head.canonical!), path).toBe(path);
      expect(head.ogUrl, path).toBe(head.canonical);
      expect(Object.fromEntries(Object.entries(head.alternates).map(([k, v]) => [k, pathOf(v as string)])), path).toEqual({
        it: `/it${bare}`,
        en: `/en${bare}`,
        "x-default": `/en${bare}`,
      });
      expect(head.description, path).toBeTruthy();
      expect(head.ogTitle, path).toBeTruthy();
      expect(head.twitter, path).toMatch(/^summary/);
      if (bare.startsWith("/warehouses/")) {
        const place = head.jsonLd.find((d) => d["@type"] === "LocalBusiness");
        expect(place, path).toMatchObject({
          "@context": "https://schema.org",
          name: shown.name,
          url: head.canonical,
          address: { addressLocality: shown.city },
        });
        expect(head.h1).toContain(shown.name);
        expect(head.jsonLd.find((d) => d["@type"] === "BreadcrumbList")?.itemListElement.at(-1)).toMatchObject({ name: shown.name, item: head.canonical });
      } else if (bare === "") {
        expect(head.jsonLd.map((d) => d["@type"]).sort(), path).toEqual(["Organization", "WebSite"]);
        const site = head.jsonLd.find((d) => d["@type"] === "WebSite");
        expect(pathOf(site.potentialAction.target.urlTemplate.replace("{search_term_string}", "X"))).toBe(`${path}/stocks?location=X`);
      }
    }
    await context.close();
  });
});
