// A stock hunter's favourite switch for one warehouse: a heart, filled while the warehouse is a
// favourite. Compact on the map's marker card: a toggle button (aria-pressed) with one constant
// name, its action in the tooltip. With its words on the sheet, beside the quote button: the
// words say the state ("Save to favourites" / "In favourites"), so no aria-pressed, whose name
// must not change (WAI-ARIA: a toggle's label stays the same). And the words left where a
// dropped anonymised favourite's heart was, and the call behind them all (POST
// …/toggle-favourite answers every favourite id): one warehouse's switch for the sheet and the
// hunter's page of a warehouse; the search and the favourites grid keep their own sets.
import { useEffect, useRef, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { postJson } from "../../lib/api-client.ts";

export function FavouriteToggle({ favourite, pending, onToggle, labelled = false, testId }: { favourite: boolean; pending: boolean; onToggle: () => void; labelled?: boolean; testId: string }) {
  const heart = (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-rose-600" fill={favourite ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.4 5 7 5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.8 3.6 4.5 6.8C19.5 16.4 12 21 12 21z" />
    </svg>
  );
  if (!labelled) {
    return (
      <button
        type="button"
        onClick={onToggle}
        disabled={pending}
        aria-pressed={favourite}
        aria-label={m.search_favourite()}
        title={favourite ? m.search_favourite_remove() : m.search_favourite_add()}
        // 44 px to the finger; the negative margin keeps the name's line as it was.
        className="-my-2.5 -mr-2.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-rose-50 disabled:opacity-50"
        data-testid={testId}
      >
        {heart}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={pending}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-rose-50 disabled:opacity-50"
      data-testid={testId}
      data-favourite={favourite}
    >
      {heart}
      {favourite ? m.sheet_favourite_saved() : m.sheet_favourite_save()}
    </button>
  );
}

/**
 * Says an anonymised favourite was dropped, where its heart was (only a warehouse with a public
 * identity can become a favourite again, so the heart goes). The heart had the focus: it moves to
 * these words once, when they appear, so the keyboard is not sent back to the page's top.
 */
export function FavouriteDropped({ testId }: { testId: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <span ref={ref} tabIndex={-1} className="shrink-0 text-xs text-slate-600 outline-none" role="status" data-testid={testId}>
      {m.area_favourite_dropped()}
    </span>
  );
}

/** Switches a warehouse in or out of the favourites: the favourite ids afterwards, or null when the call failed. */
export async function toggleFavouriteCall(warehouseId: number): Promise<number[] | null> {
  const res = await postJson<{ favourite_ids?: number[] }>(`/api/stock-hunter/warehouses/${warehouseId}/toggle-favourite`);
  return res.ok && res.data.favourite_ids ? res.data.favourite_ids : null;
}

/** One warehouse's switch: whether it is a favourite (null: the viewer is no hunter), a call under way, and the toggle. */
export function useFavourite<Initial extends boolean | null>(warehouseId: number, initial: Initial) {
  const [favourite, setFavourite] = useState<boolean | Initial>(initial);
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    const ids = await toggleFavouriteCall(warehouseId);
    setPending(false);
    if (ids) setFavourite(ids.includes(warehouseId));
  }
  return { favourite, pending, toggle };
}
