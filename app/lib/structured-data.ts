// Structured data (schema.org as JSON-LD) for the public pages: a warehouse sheet as a place of
// business, and the site itself (the Organization and the WebSite with its search) on the home
// page. Only what the page shows: a search engine holds the page to its structured data.
import type { ScheduleDay, Weekday } from "./opening-hours.ts";
import { SITE_NAME } from "./seo.ts";

const SCHEMA = "https://schema.org";

const DAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** The warehouse sheet's facts the structured data is made of (WarehouseSheet has them all). */
export type SheetFacts = {
  name: string;
  address: string;
  cap: string | null;
  city: string;
  province: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  website: { href: string } | null;
  schedule: readonly ScheduleDay[] | null;
  /** The average on the reviews' scale of 10 to 50 (4.3 stars is 43), null without reviews. */
  rating_avg: number | null;
  review_count: number;
};

/** A country as schema.org prefers it (ISO 3166 alpha-2) when it is Italy, else as written. */
function countryCode(country: string | null): string {
  if (!country || /^(italia|italy|it)$/i.test(country.trim())) return "IT";
  return country;
}

/** An opening day's hours: a whole day as 00:00–23:59, a closing at midnight as 23:59. */
function openingHours(schedule: readonly ScheduleDay[]): object[] {
  return schedule
    .filter((day) => day.allDay || (day.open !== null && day.close !== null))
    .map((day) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `${SCHEMA}/${DAY_NAMES[day.day]}`,
      opens: day.allDay ? "00:00" : day.open,
      closes: day.allDay || day.close === "00:00" ? "23:59" : day.close,
    }));
}

export function warehouseJsonLd(sheet: SheetFacts, page: { url: string; description: string; images: string[] }): object {
  const data: Record<string, unknown> = {
    "@context": SCHEMA,
    "@type": "LocalBusiness",
    "@id": `${page.url}#warehouse`,
    name: sheet.name,
    url: page.url,
    description: page.description,
    address: {
      "@type": "PostalAddress",
      streetAddress: sheet.address,
      ...(sheet.cap ? { postalCode: sheet.cap } : {}),
      addressLocality: sheet.city,
      ...(sheet.province ? { addressRegion: sheet.province } : {}),
      addressCountry: countryCode(sheet.country),
    },
  };
  if (sheet.lat !== null && sheet.lng !== null) data.geo = { "@type": "GeoCoordinates", latitude: sheet.lat, longitude: sheet.lng };
  if (page.images.length > 0) data.image = page.images;
  if (sheet.website) data.sameAs = [sheet.website.href];
  const hours = sheet.schedule ? openingHours(sheet.schedule) : [];
  if (hours.length > 0) data.openingHoursSpecification = hours;
  if (sheet.review_count > 0 && sheet.rating_avg !== null) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(sheet.rating_avg) / 10,
      reviewCount: sheet.review_count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

/** The home page's: who runs the site, and the site with the search a search engine may offer. */
export function siteJsonLd(args: { origin: string; locale: string; description: string }): object[] {
  const home = `${args.origin}/${args.locale}`;
  return [
    {
      "@context": SCHEMA,
      "@type": "Organization",
      "@id": `${args.origin}/#organization`,
      name: SITE_NAME,
      url: args.origin,
      logo: `${args.origin}/favicon.svg`,
    },
    {
      "@context": SCHEMA,
      "@type": "WebSite",
      "@id": `${home}#website`,
      name: SITE_NAME,
      url: home,
      description: args.description,
      inLanguage: args.locale,
      publisher: { "@id": `${args.origin}/#organization` },
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${args.origin}/${args.locale}/stocks?location={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}
