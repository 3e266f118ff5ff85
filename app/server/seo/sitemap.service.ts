// robots.txt and the sitemap (a sitemap index of the public pages and of every public warehouse
// sheet, in both languages, each URL with its alternates and its last change). Built from the
// database and kept in each instance's memory, gzipped (a page of 25,000 sheets is about 20 MB
// of XML, under 1 MB gzipped), until search_epoch moves (a sheet published or withdrawn: the
// counter the search's zones follow, migration 0004) or SITEMAP_CACHE_MS passes (a sheet's last
// change, which does not move it, can wait that long).
import { gzipSync } from "node:zlib";
import type { Database } from "../db/database.ts";
import { NotFoundError } from "../errors.ts";
import { fallbackLocale, locales } from "../../lib/locale.ts";
import { LEGAL_UPDATED } from "../../components/legal/types.ts";
import { sitemapRangeQuery, sitemapRangesQuery } from "./sitemap.queries.ts";
import { readSearchEpoch } from "../search/search.queries.ts";

/** At most 50,000 URLs in a sitemap (the protocol's limit): each warehouse is one per language. */
export const SITEMAP_RANGE_WIDTH = Math.floor(50_000 / locales.length);
export const SITEMAP_CACHE_MS = 60 * 60 * 1000;

/** The public pages besides the sheets, as paths after /{locale}, with their last change when fixed. */
const PUBLIC_PAGES: { path: string; lastmod?: string }[] = [
  { path: "" },
  { path: "/stocks" },
  ...Object.entries(LEGAL_UPDATED).map(([page, day]) => ({ path: `/${page}`, lastmod: day })),
];

/**
 * What crawlers may read: the public pages and sheets. The areas, the back office, the API, the
 * personal links (a request's, an unsubscribe's, a saved search's confirmation) and the account
 * pages are not for search results; nor the comparison, which only repeats sheets.
 */
export function robotsTxt(origin: string): string {
  const areaAndPersonal = [
    "/*/stocker/",
    "/*/stocker$",
    "/*/referent/",
    "/*/referent$",
    "/*/stock-hunter/",
    "/*/stock-hunter$",
    "/*/requests/",
    "/*/warehouses/*/requests/",
    "/*/unsubscribe/",
    "/*/saved-searches/",
    "/*/confirm-code",
    "/*/complete-account/",
    "/*/forgot-password",
    "/*/reset-password/",
    "/*/confirm-email/",
    "/*/compare",
  ];
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    ...areaAndPersonal.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function w3cDate(value: Date | string): string {
  return typeof value === "string" ? value : value.toISOString();
}

/** One page in every language: a <url> per language, each naming all of them and x-default. */
function urlEntries(origin: string, path: string, lastmod: Date | string | undefined): string {
  const href = (locale: string) => escapeXml(`${origin}/${locale}${path}`);
  const alternates = [
    ...locales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`),
    // x-default: for someone whose language is neither, the one the app itself falls back to.
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href(fallbackLocale)}"/>`,
  ].join("");
  const last = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : "";
  return locales.map((l) => `<url><loc>${href(l)}</loc>${last}${alternates}</url>\n`).join("");
}

function urlSet(entries: string): string {
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries}</urlset>\n`;
}

type Cached = { at: number; epoch: string; gzipped: Buffer };
const cache = new Map<string, Cached>();

/** An XML document, gzipped: built once, then served from memory while the catalogue's standing holds. */
async function cached(db: Database, key: string, now: number, build: () => Promise<string>): Promise<Buffer> {
  const epoch = await readSearchEpoch(db);
  const hit = cache.get(key);
  if (hit && hit.epoch === epoch && now - hit.at < SITEMAP_CACHE_MS) return hit.gzipped;
  const gzipped = gzipSync(await build());
  cache.set(key, { at: now, epoch, gzipped });
  return gzipped;
}

/** Forgets what was built (tests, which change the catalogue between reads). */
export function clearSitemapCache(): void {
  cache.clear();
}

async function ranges(db: Database) {
  return sitemapRangesQuery(db, { width: SITEMAP_RANGE_WIDTH }).execute();
}

/** /sitemap.xml: the public pages' sitemap, then one sitemap per id range holding public sheets. */
export function sitemapIndex(db: Database, origin: string, now = Date.now()): Promise<Buffer> {
  return cached(db, `index ${origin}`, now, async () => {
    const rows = await ranges(db);
    const latest = rows.reduce<Date | null>((max, r) => (max && max >= r.lastmod ? max : r.lastmod), null);
    const entry = (loc: string, lastmod: Date | null) =>
      `<sitemap><loc>${escapeXml(`${origin}${loc}`)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ""}</sitemap>\n`;
    const entries = [entry("/sitemaps/pages.xml", latest), ...rows.map((r) => entry(`/sitemaps/warehouses-${r.range + 1}.xml`, r.lastmod))];
    return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("")}</sitemapindex>\n`;
  });
}

/** /sitemaps/pages.xml: the home page, the search and the legal pages. */
export function pagesSitemap(db: Database, origin: string, now = Date.now()): Promise<Buffer> {
  return cached(db, `pages ${origin}`, now, async () => {
    const rows = await ranges(db);
    // The home page and the search show the catalogue: they change when a sheet does.
    const latest = rows.reduce<Date | undefined>((max, r) => (max && max >= r.lastmod ? max : r.lastmod), undefined);
    return urlSet(PUBLIC_PAGES.map((p) => urlEntries(origin, p.path, p.lastmod ?? latest)).join(""));
  });
}

/** /sitemaps/warehouses-{n}.xml: the public sheets of the n-th id range (404 when it holds none). */
export function warehousesSitemap(db: Database, origin: string, page: number, now = Date.now()): Promise<Buffer> {
  return cached(db, `warehouses ${page} ${origin}`, now, async () => {
    const rows = await sitemapRangeQuery(db, { range: page - 1, width: SITEMAP_RANGE_WIDTH }).execute();
    if (rows.length === 0) throw new NotFoundError();
    return urlSet(rows.map((r) => urlEntries(origin, `/warehouses/${r.id}`, r.updated_at)).join(""));
  });
}
