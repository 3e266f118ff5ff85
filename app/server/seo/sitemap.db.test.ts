// robots.txt and the sitemap against the database: only the public sheets (redeemed, approved,
// not deactivated) are announced, each in both languages with its alternates, x-default and its
// last change; the pages and the index are kept in memory and sent gzipped to crawlers.
import { gunzipSync } from "node:zlib";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { testContext, testServices } from "../../../tests/support/endpoint.ts";
import { makeClaimedWarehouse, makeRedeemedWarehouse, makeWarehouse } from "../../../tests/support/factories.ts";
import { loader as robotsLoader } from "../../routes/seo/robots.ts";
import { loader as indexLoader } from "../../routes/seo/sitemap.ts";
import { loader as fileLoader } from "../../routes/seo/sitemap-file.ts";
import { clearSitemapCache, SITEMAP_RANGE_WIDTH } from "./sitemap.service.ts";
import { LEGAL_UPDATED } from "../../components/legal/types.ts";

const t = useTestDatabase();
let origin: string;
let shown: number;
const hidden: Record<string, number> = {};

type Loader = (args: never) => Promise<Response>;

async function get(loader: Loader, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const request = new Request(`http://stockspace.test${path}`, { headers });
  const response = await loader({ request, params, context: testContext(t.db) } as never);
  const raw = Buffer.from(await response.arrayBuffer());
  const text = response.headers.get("content-encoding") === "gzip" ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
  return { status: response.status, headers: response.headers, text };
}

const rangeFile = (id: number) => `warehouses-${Math.floor((id - 1) / SITEMAP_RANGE_WIDTH) + 1}.xml`;

beforeAll(async () => {
  origin = testServices(t.db).config.origin;
  shown = (await makeRedeemedWarehouse(t.db, { status: "approved" })).warehouse.id;
  // Claimed but not covered by a subscription: anonymised, no public sheet.
  hidden.unredeemed = (await makeClaimedWarehouse(t.db, { status: "approved" })).warehouse.id;
  hidden.never_claimed = (await makeWarehouse(t.db, { status: "approved" })).id;
  hidden.deactivated = (await makeRedeemedWarehouse(t.db, { status: "approved", deactivated: true })).warehouse.id;
  hidden.pending = (await makeRedeemedWarehouse(t.db, { status: "pending" })).warehouse.id;
});

beforeEach(() => clearSitemapCache());

describe("robots.txt", () => {
  it("allows the public pages, keeps crawlers out of the areas, the back office, the API and the personal links, and names the sitemap", async () => {
    const res = await get(robotsLoader, "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = res.text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/admin", "/api/", "/*/stocker/", "/*/referent/", "/*/stock-hunter/", "/*/requests/", "/*/unsubscribe/", "/*/saved-searches/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // The legal pages for stockers and hunters share a prefix with the areas: no rule may catch them.
    const rules = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
    const blocked = (path: string) =>
      rules.some((rule) =>
        new RegExp(
          `^${rule
            .replace(/[.+?^{}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, ".*")
            .replace(/\\\$$|\$$/, "$")}`,
        ).test(path),
      );
    for (const path of ["/it", "/en/stocks", "/it/stocker-conditions", "/en/stock-hunter-conditions", `/it/warehouses/${shown}`])
      expect(blocked(path), path).toBe(false);
    for (const path of [
      "/it/stocker",
      "/it/stocker/profile",
      "/admin/warehouses",
      "/api/search",
      "/en/requests/abc",
      `/it/warehouses/${shown}/requests/3/review`,
    ]) {
      expect(blocked(path), path).toBe(true);
    }
  });
});

describe("the sitemap", () => {
  it("indexes the public pages' sitemap and the range holding the public sheet, each with its last change", async () => {
    const res = await get(indexLoader, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...res.text.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g)];
    expect(locs.map((l) => l[1])).toEqual([`${origin}/sitemaps/pages.xml`, `${origin}/sitemaps/${rangeFile(shown)}`]);
    for (const l of locs) expect(Number.isNaN(Date.parse(l[2]!))).toBe(false);
  });

  it("lists every public page in both languages, with alternates, x-default and the legal texts' dates", async () => {
    const res = await get(fileLoader, "/sitemaps/pages.xml", { file: "pages.xml" });
    expect(res.status).toBe(200);
    const locs = [...res.text.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((l) => l[1]);
    const paths = ["", "/stocks", ...Object.keys(LEGAL_UPDATED).map((p) => `/${p}`)];
    expect(locs.sort()).toEqual(paths.flatMap((p) => [`${origin}/it${p}`, `${origin}/en${p}`]).sort());
    const privacy = res.text.split("\n").find((l) => l.startsWith(`<url><loc>${origin}/en/privacy-policy</loc>`))!;
    expect(privacy).toContain(`<lastmod>${LEGAL_UPDATED["privacy-policy"]}</lastmod>`);
    expect(privacy).toContain(`<xhtml:link rel="alternate" hreflang="it" href="${origin}/it/privacy-policy"/>`);
    expect(privacy).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin}/en/privacy-policy"/>`);
    expect(privacy).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/en/privacy-policy"/>`);
  });

  it("lists the public sheets in both languages with their last change, and no anonymised, deactivated or unapproved warehouse", async () => {
    const res = await get(fileLoader, `/sitemaps/${rangeFile(shown)}`, { file: rangeFile(shown) });
    expect(res.status).toBe(200);
    const updated = (await t.db.selectFrom("warehouses").select("updated_at").where("id", "=", shown).executeTakeFirstOrThrow()).updated_at;
    for (const locale of ["it", "en"]) {
      const line = res.text.split("\n").find((l) => l.startsWith(`<url><loc>${origin}/${locale}/warehouses/${shown}</loc>`));
      expect(line, locale).toBeDefined();
      expect(line).toContain(`<lastmod>${new Date(updated).toISOString()}</lastmod>`);
      expect(line).toContain(`hreflang="x-default" href="${origin}/en/warehouses/${shown}"`);
    }
    for (const [why, id] of Object.entries(hidden)) expect(res.text, why).not.toContain(`/warehouses/${id}<`);
  });

  it("sends crawlers the gzipped document and others the plain one", async () => {
    const zipped = await get(indexLoader, "/sitemap.xml", {}, { "Accept-Encoding": "gzip, deflate, br" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    const plain = await get(indexLoader, "/sitemap.xml");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(zipped.text).toBe(plain.text);
  });

  it("answers 404 for a range without public sheets and for any other name", async () => {
    const empty = Math.floor((shown - 1) / SITEMAP_RANGE_WIDTH) + 50;
    for (const file of [`warehouses-${empty}.xml`, "warehouses-0.xml", "warehouses-01.xml", "other.xml", "pages.xml.gz", "warehouses-1.xml;x"]) {
      expect((await get(fileLoader, `/sitemaps/${file}`, { file })).status, file).toBe(404);
    }
  });

  it("serves what it built from memory, and follows a sheet withdrawn or published at once", async () => {
    const other = (await makeRedeemedWarehouse(t.db, { status: "approved" })).warehouse.id;
    const file = rangeFile(other);
    const read = async () => (await get(fileLoader, `/sitemaps/${file}`, { file })).text;
    expect(await read()).toContain(`/warehouses/${other}<`);
    // A change that leaves the catalogue's standing alone (search_epoch) is served from memory.
    await t.db.updateTable("warehouses").set({ website: "https://nuovo.example.com" }).where("id", "=", other).execute();
    const updated = (await t.db.selectFrom("warehouses").select("updated_at").where("id", "=", other).executeTakeFirstOrThrow()).updated_at;
    expect(await read()).not.toContain(new Date(updated).toISOString());
    await t.db.updateTable("warehouses").set({ deactivated: true }).where("id", "=", other).execute();
    expect(await read()).not.toContain(`/warehouses/${other}<`);
    await t.db.updateTable("warehouses").set({ deactivated: false }).where("id", "=", other).execute();
    expect(await read()).toContain(`/warehouses/${other}<`);
  });
});
