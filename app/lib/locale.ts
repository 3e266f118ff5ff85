// The two interface languages. Page paths start with /{locale}; the admin area is Italian.
export const locales = ["it", "en"] as const;
export type Locale = (typeof locales)[number];
export const fallbackLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return value === "it" || value === "en";
}

/** The locale a path starts with, if any: "/it/stocks" → "it". */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : null;
}

/** The best of our locales for an Accept-Language header, else the fallback. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return fallbackLocale;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { lang: tag.toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return (ranked.find((r) => isLocale(r.lang))?.lang as Locale | undefined) ?? fallbackLocale;
}
