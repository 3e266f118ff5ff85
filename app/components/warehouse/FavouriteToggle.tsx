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

/** Why a switch did not happen: the session ended (log in again), or anything else (try again). */
/** Why a switch failed: the session, the warehouse not claimed (it cannot become a favourite), anything else. */
export type FavouriteFailure = "login" | "not_claimed" | "failed";

export function FavouriteToggle({
  favourite,
  pending,
  onToggle,
  labelled = false,
  failure = null,
  testId,
}: {
  favourite: boolean;
  pending: boolean;
  onToggle: () => void;
  labelled?: boolean;
  /** The last press did not switch it: said beside the button, for a few seconds. */
  failure?: FavouriteFailure | null;
  testId: string;
}) {
  const heart = (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-rose-600"
      fill={favourite ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.4 5 7 5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.8 3.6 4.5 6.8C19.5 16.4 12 21 12 21z" />
    </svg>
  );
  // A press that changed nothing is never silent: the reason, announced, beside the heart.
  const failed = failure && (
    <span
      role="alert"
      className={`${labelled ? "mt-1 block" : "absolute top-full right-0 z-20 mt-1 w-max max-w-56 rounded-md bg-slate-900 px-2 py-1 text-white shadow-lg"} text-xs font-medium ${labelled ? "text-red-700" : ""}`}
      data-testid={`${testId}-failed`}
    >
      {failure === "login" ? m.favourite_failed_login() : failure === "not_claimed" ? m.error_not_claimed() : m.favourite_failed()}
    </span>
  );
  if (!labelled) {
    return (
      // 44 px to the finger; the negative margin keeps the name's line as it was.
      <span className="relative -my-2.5 -mr-2.5 inline-flex shrink-0">
        <button
          type="button"
          onClick={onToggle}
          disabled={pending}
          aria-pressed={favourite}
          aria-label={m.search_favourite()}
          title={favourite ? m.search_favourite_remove() : m.search_favourite_add()}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-rose-50 disabled:opacity-50"
          data-testid={testId}
        >
          {heart}
        </button>
        {failed}
      </span>
    );
  }
  return (
    <span className="inline-block">
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
      {failed}
    </span>
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

/** Switches a warehouse in or out of the favourites: the favourite ids afterwards, or why it did not. */
export async function toggleFavouriteCall(warehouseId: number): Promise<{ ids: number[] } | { failure: FavouriteFailure }> {
  const res = await postJson<{ favourite_ids?: number[] }>(`/api/stock-hunter/warehouses/${warehouseId}/toggle-favourite`);
  if (res.ok && res.data.favourite_ids) return { ids: res.data.favourite_ids };
  if (res.status === 401 || res.status === 419) return { failure: "login" };
  return { failure: res.data.error === "not_claimed" ? "not_claimed" : "failed" };
}

/** The last switch that failed, and on which warehouse; it clears itself after a few seconds. */
export function useFavouriteFailure() {
  const [failure, setFailure] = useState<{ id: number; kind: FavouriteFailure } | null>(null);
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), 6000);
    return () => clearTimeout(timer);
  }, [failure]);
  return { failureFor: (id: number) => (failure?.id === id ? failure.kind : null), setFailure };
}

/** One warehouse's switch: whether it is a favourite (null: the viewer is no hunter), a call under way, why the last one failed, and the toggle. */
export function useFavourite<Initial extends boolean | null>(warehouseId: number, initial: Initial) {
  const [favourite, setFavourite] = useState<boolean | Initial>(initial);
  const [pending, setPending] = useState(false);
  const { failureFor, setFailure } = useFavouriteFailure();
  async function toggle() {
    setPending(true);
    setFailure(null);
    const result = await toggleFavouriteCall(warehouseId);
    setPending(false);
    if ("ids" in result) setFavourite(result.ids.includes(warehouseId));
    else setFailure({ id: warehouseId, kind: result.failure });
  }
  return { favourite, pending, failure: failureFor(warehouseId), toggle };
}
