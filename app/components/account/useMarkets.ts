// The market list (GET /api/markets) as select options in the page's language. Fetched once
// per page load and shared by every form that asks for a market.
import { useEffect, useState } from "react";
import { getJson } from "../../lib/api-client.ts";
import type { Locale } from "../../lib/locale.ts";

export type Market = { id: number; label: string; label_en: string };

let cache: Promise<Market[]> | null = null;

function loadMarkets(): Promise<Market[]> {
  cache ??= getJson<{ markets?: Market[] }>("/api/markets").then((r) => {
    if (!r.ok || !r.data.markets) {
      cache = null; // try again next time
      return [];
    }
    return r.data.markets;
  });
  return cache;
}

export function marketOptions(markets: Market[], locale: Locale) {
  return markets.map((mk) => ({ value: String(mk.id), label: locale === "en" ? mk.label_en : mk.label }));
}

/** Markets from the page's loader when it has them, else fetched. */
export function useMarkets(locale: Locale, initial?: Market[] | null) {
  const [markets, setMarkets] = useState<Market[]>(initial ?? []);
  useEffect(() => {
    if (initial?.length) return;
    let live = true;
    void loadMarkets().then((list) => live && setMarkets(list));
    return () => {
      live = false;
    };
  }, [initial]);
  return marketOptions(markets, locale);
}
