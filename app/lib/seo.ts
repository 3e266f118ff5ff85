// What a public page tells search engines and link previews: its canonical address, the same
// page in each language and x-default (the language the app falls back to), Open Graph and
// Twitter cards, a description; and structured data (JSON-LD) as React Router's meta renders it.
// One function for every public page, so no page forgets a part.
import type { MetaDescriptor } from "react-router";
import { fallbackLocale, locales, type Locale } from "./locale.ts";
import type { RootData } from "./root-data.ts";

export const SITE_NAME = "Stockspace";

export type PublicPageMeta = {
  origin: string;
  locale: Locale;
  /** The path after /{locale} ("" for the home page, "/stocks", "/warehouses/12"), with its query when it is part of the page. */
  path: string;
  /** The whole <title> (page_title already applied). */
  title: string;
  description: string;
  image?: { url: string; alt: string } | null;
  /** JSON-LD objects (each with its @context), one script each. */
  structuredData?: object[];
};

export function absoluteUrl(origin: string, src: string): string {
  return /^https?:\/\//.test(src) ? src : `${origin}${src.startsWith("/") ? "" : "/"}${src}`;
}

export function publicPageMeta(page: PublicPageMeta): MetaDescriptor[] {
  const href = (locale: string) => `${page.origin}/${locale}${page.path}`;
  const url = href(page.locale);
  const image = page.image ?? null;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...locales.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: href(l) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: href(fallbackLocale) },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: page.locale === "it" ? "it_IT" : "en_GB" },
    ...locales.filter((l) => l !== page.locale).map((l) => ({ property: "og:locale:alternate", content: l === "it" ? "it_IT" : "en_GB" })),
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    ...(image ? [{ name: "twitter:image", content: image.url }] : []),
    ...(page.structuredData ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** The root loader's data from a meta function's matches (the origin and the locale every page's meta needs). */
export function rootMatchData(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}

/** A breadcrumb trail (schema.org BreadcrumbList): each step's name and absolute URL. */
export function breadcrumbs(steps: { name: string; url: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: step.url })),
  };
}
