// The warehouses a visitor picked on the search page, to compare them or to ask them all for a
// quote. The selection outlives the search it was made in: editing the filters, a new place,
// another order or a reload keep it (sessionStorage, this tab only) until the visitor clears
// it or sends the request. The cards are kept whole, so a warehouse the new results do not hold
// still shows in the selection, the comparison and the request.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { SearchResultWarehouse } from "../../lib/search-results.ts";
import { MAX_QUOTE_WAREHOUSES } from "../../lib/quote-limits.ts";

const STORAGE_KEY = "stockspace:search-selection";

/** One request reaches at most MAX_QUOTE_WAREHOUSES warehouses: the selection stops there. */
export const MAX_SELECTED = MAX_QUOTE_WAREHOUSES;

function isCard(value: unknown): value is SearchResultWarehouse {
  const w = value as SearchResultWarehouse;
  return (
    typeof w === "object" && w !== null && Number.isInteger(w.id) && typeof w.name === "string" && typeof w.city === "string" && typeof w.c_sub === "boolean"
  );
}

function readStored(): SearchResultWarehouse[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isCard).slice(0, MAX_SELECTED) : [];
  } catch {
    return [];
  }
}

function store(items: SearchResultWarehouse[]) {
  try {
    if (items.length) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(items));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused (private mode): the selection lives as long as the page.
  }
}

export type SearchSelection = {
  /** In the order they were picked. */
  items: SearchResultWarehouse[];
  has: (id: number) => boolean;
  /** Adds the card, or removes it when picked already; nothing when the selection is full. */
  toggle: (w: SearchResultWarehouse) => void;
  remove: (id: number) => void;
  clear: () => void;
  /** Takes the fresh copy of picked warehouses a new answer holds (a name made public, a new rating). */
  refresh: (cards: SearchResultWarehouse[]) => void;
  full: boolean;
};

export function useSearchSelection(): SearchSelection {
  // Empty on the server and at hydration; the stored selection arrives right after.
  const [items, setItems] = useState<SearchResultWarehouse[]>([]);
  // (An empty store keeps the same array: no second render of the whole page right after hydration.)
  useEffect(
    () =>
      setItems((current) => {
        const stored = readStored();
        return stored.length === 0 && current.length === 0 ? current : stored;
      }),
    [],
  );
  const update = useCallback((next: (items: SearchResultWarehouse[]) => SearchResultWarehouse[]) => {
    setItems((current) => {
      const updated = next(current);
      store(updated);
      return updated;
    });
  }, []);
  const toggle = useCallback(
    (w: SearchResultWarehouse) =>
      update((current) =>
        current.some((x) => x.id === w.id) ? current.filter((x) => x.id !== w.id) : current.length >= MAX_SELECTED ? current : [...current, w],
      ),
    [update],
  );
  const remove = useCallback((id: number) => update((current) => current.filter((x) => x.id !== id)), [update]);
  const clear = useCallback(() => update(() => []), [update]);
  const refresh = useCallback(
    (cards: SearchResultWarehouse[]) => {
      const fresh = new Map(cards.map((w) => [w.id, w]));
      update((current) => (current.some((w) => fresh.has(w.id)) ? current.map((w) => fresh.get(w.id) ?? w) : current));
    },
    [update],
  );
  const ids = new Set(items.map((w) => w.id));
  return { items, has: (id) => ids.has(id), toggle, remove, clear, refresh, full: items.length >= MAX_SELECTED };
}

/**
 * The selection on the search page: picked warehouses that a new answer holds again are shown as
 * it has them now; the set of picked ids the map draws (one per selection change: the map draws
 * its pins again when it changes); and the comparison's address, once two public ones are picked.
 */
export function useResultSelection(answer: { warehouses: SearchResultWarehouse[]; other_warehouses: SearchResultWarehouse[] } | null, locale: string) {
  const selection = useSearchSelection();
  const { refresh } = selection;
  useEffect(() => {
    if (answer) refresh([...answer.warehouses, ...answer.other_warehouses]);
  }, [answer, refresh]);
  const selectedIds = useMemo(() => new Set(selection.items.map((w) => w.id)), [selection.items]);
  const claimedSelected = selection.items.filter((w) => w.c_sub);
  const compareHref = claimedSelected.length >= 2 ? `/${locale}/compare?wids=${claimedSelected.map((w) => w.id).join(",")}` : null;
  return { selection, selectedIds, compareHref };
}
