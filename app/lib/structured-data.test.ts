// The structured data of the public pages: a sheet as a place of business with what the page
// shows (address, position, hours, photos, the rating only when there are reviews), the site's
// Organization and WebSite with its search; and the links every public page gives search engines.
import { describe, expect, it } from "vitest";
import { siteJsonLd, warehouseJsonLd, type SheetFacts } from "./structured-data.ts";
import { breadcrumbs, publicPageMeta } from "./seo.ts";
import type { ScheduleDay } from "./opening-hours.ts";

const week = (open: Partial<Record<ScheduleDay["day"], [string, string] | "all">>): ScheduleDay[] =>
  (["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const).map((day) => {
    const hours = open[day];
    if (!hours) return { day, open: null, close: null, allDay: false };
    if (hours === "all") return { day, open: "00:00", close: "00:00", allDay: true };
    return { day, open: hours[0], close: hours[1], allDay: false };
  });

const SHEET: SheetFacts = {
  name: "Deposito Rossi",
  address: "Via Roma 1",
  cap: "00184",
  city: "Roma",
  province: "RM",
  country: "Italia",
  lat: 41.89,
  lng: 12.49,
  website: { href: "https://rossi.example.com" },
  schedule: week({ mon: ["08:00", "18:00"], tue: ["08:00", "00:00"], sat: "all" }),
  rating_avg: 43,
  review_count: 7,
};
const PAGE = { url: "https://stockspace.example/it/warehouses/12", description: "Un deposito.", images: ["https://stockspace.example/uploads/a.jpg"] };

describe("a warehouse sheet's structured data", () => {
  it("is a place of business with its address (the postcode as written), position, hours, photos and rating", () => {
    const data = JSON.parse(JSON.stringify(warehouseJsonLd(SHEET, PAGE)));
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Deposito Rossi",
      url: PAGE.url,
      description: "Un deposito.",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Via Roma 1",
        postalCode: "00184",
        addressLocality: "Roma",
        addressRegion: "RM",
        addressCountry: "IT",
      },
      geo: { "@type": "GeoCoordinates", latitude: 41.89, longitude: 12.49 },
      image: PAGE.images,
      sameAs: ["https://rossi.example.com"],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 7, bestRating: 5, worstRating: 1 },
    });
    expect(data.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "08:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Tuesday", opens: "08:00", closes: "23:59" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Saturday", opens: "00:00", closes: "23:59" },
    ]);
  });

  it("says nothing it does not know: no rating without reviews, no hours, photos, position or website when absent", () => {
    const data = warehouseJsonLd(
      { ...SHEET, rating_avg: null, review_count: 0, schedule: null, lat: null, lng: null, website: null, cap: null },
      { ...PAGE, images: [] },
    );
    for (const key of ["aggregateRating", "openingHoursSpecification", "image", "geo", "sameAs"]) expect(data).not.toHaveProperty(key);
    expect((data as { address: object }).address).not.toHaveProperty("postalCode");
    expect(warehouseJsonLd({ ...SHEET, country: "Svizzera" }, PAGE)).toMatchObject({ address: { addressCountry: "Svizzera" } });
  });
});

describe("the site's structured data", () => {
  it("names the Organization and the WebSite with a search in the page's language", () => {
    const [org, site] = siteJsonLd({ origin: "https://stockspace.example", locale: "en", description: "Warehouses." }) as Record<string, any>[];
    expect(org).toMatchObject({ "@type": "Organization", name: "Stockspace", url: "https://stockspace.example" });
    expect(site).toMatchObject({
      "@type": "WebSite",
      url: "https://stockspace.example/en",
      inLanguage: "en",
      publisher: { "@id": org!["@id"] },
      potentialAction: {
        "@type": "SearchAction",
        target: { urlTemplate: "https://stockspace.example/en/stocks?location={search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    });
  });

  it("numbers breadcrumbs from one", () => {
    expect(
      breadcrumbs([
        { name: "A", url: "https://x/a" },
        { name: "B", url: "https://x/b" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "A", item: "https://x/a" },
        { "@type": "ListItem", position: 2, name: "B", item: "https://x/b" },
      ],
    });
  });
});

describe("a public page's links for search engines", () => {
  it("gives the canonical address, each language, x-default, Open Graph, Twitter and the structured data", () => {
    const meta = publicPageMeta({
      origin: "https://s.example",
      locale: "it",
      path: "/stocks?location=Milano",
      title: "Magazzini – Stockspace",
      description: "Cerca.",
      image: { url: "https://s.example/a.jpg", alt: "A" },
      structuredData: [{ "@type": "Thing" }],
    });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Magazzini – Stockspace" },
        { name: "description", content: "Cerca." },
        { tagName: "link", rel: "canonical", href: "https://s.example/it/stocks?location=Milano" },
        { tagName: "link", rel: "alternate", hrefLang: "it", href: "https://s.example/it/stocks?location=Milano" },
        { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://s.example/en/stocks?location=Milano" },
        { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://s.example/en/stocks?location=Milano" },
        { property: "og:url", content: "https://s.example/it/stocks?location=Milano" },
        { property: "og:locale", content: "it_IT" },
        { property: "og:locale:alternate", content: "en_GB" },
        { property: "og:image", content: "https://s.example/a.jpg" },
        { name: "twitter:card", content: "summary_large_image" },
        { "script:ld+json": { "@type": "Thing" } },
      ]),
    );
    const plain = publicPageMeta({ origin: "https://s.example", locale: "en", path: "", title: "T", description: "D" });
    expect(plain).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(plain.some((d) => "property" in d && d.property === "og:image")).toBe(false);
  });
});
