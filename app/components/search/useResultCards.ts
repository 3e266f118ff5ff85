// The cards the page knows for this answer: the lists' first ones, those "show more" brought and
// those the map's markers asked for, by id; and the call for the next cards of a list.
import { useCallback, useEffect, useMemo, useState } from "react";
import { getJson } from "../../lib/api-client.ts";
import type { SearchPageResult, SearchResultWarehouse } from "../../lib/search-results.ts";

/** `filters`: the search's filters (cardFilterQuery), so the cards fetched later say how each warehouse answers them. */
export function useResultCards(result: SearchPageResult | null, filters: Record<string, string | number[]>) {
  // Cards opened on the map that the lists do not hold (fetched by MapCard).
  const [mapCards, setMapCards] = useState<Map<number, SearchResultWarehouse>>(() => new Map());
  useEffect(() => setMapCards((cards) => (cards.size === 0 ? cards : new Map())), [result]);
  const rememberCard = useCallback((w: SearchResultWarehouse) => setMapCards((cards) => new Map(cards).set(w.id, w)), []);
  // Every warehouse of this answer's lists (their cards beyond the first come on "show more").
  const answerIds = useMemo(() => new Set(result ? [...result.warehouse_ids, ...result.other_warehouse_ids] : []), [result]);
  /** The next cards of a list: this answer counted them already. */
  const loadCards = useCallback(
    async (ids: number[]): Promise<SearchResultWarehouse[] | null> => {
      if (!result || result.lat === null || result.lng === null || ids.length === 0) return null;
      const res = await getJson<{ warehouses?: SearchResultWarehouse[] }>("/api/warehouses/search/cards", {
        ...filters,
        ids: ids.join(","),
        lat: result.lat,
        lng: result.lng,
        counted: 1,
      });
      if (!res.ok || !res.data.warehouses) {
        console.error("cards failed", res.status, res.data.error);
        return null;
      }
      for (const w of res.data.warehouses) rememberCard(w);
      return res.data.warehouses;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters change only with the answer (both come from the address)
    [result, rememberCard],
  );
  const byId = useMemo(() => {
    const known = new Map(mapCards);
    for (const w of result ? [...result.warehouses, ...result.other_warehouses] : []) known.set(w.id, w);
    return known;
  }, [result, mapCards]);

  return { byId, answerIds, rememberCard, loadCards };
}
