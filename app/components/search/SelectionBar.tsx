import { useEffect, useState } from "react";
import { m } from "../../paraglide/messages.js";
import { DisabledWithReason } from "../ui/DisabledWithReason.tsx";
import { buttonClass } from "../ui/styles.ts";
import type { SearchSelection } from "./useSearchSelection.ts";

/** The picked warehouses and what can be done with them; after the lists, so the tab order reads the results first. */
export function SelectionBar({
  selection,
  compareHref,
  compareReason,
  onQuote,
}: {
  selection: SearchSelection;
  compareHref: string | null;
  compareReason: string;
  onQuote: () => void;
}) {
  const [open, setOpen] = useState(false);
  const count = selection.items.length;
  useEffect(() => {
    if (count === 0) setOpen(false);
  }, [count]);
  const hintId = "selection-hint";
  return (
    <div
      className={`sticky bottom-0 z-30 -mx-4 mt-6 sm:mx-0 ${count === 0 ? "max-lg:hidden" : ""}`}
      data-testid="selection-bar"
      data-map-overlay
      role="region"
      aria-label={m.search_selection_label()}
    >
      {open && count > 0 && (
        <div id="selection-items" className="mx-2 mb-2 rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200 sm:mx-0">
          <ul
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a list that may scroll takes the focus, so the keyboard scrolls it
            tabIndex={0}
            aria-label={m.search_selection_label()}
            className="flex max-h-48 flex-wrap gap-2 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
            data-testid="selection-items"
          >
            {selection.items.map((w) => (
              <li key={w.id} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-200">
                <span className="max-w-48 truncate">{w.name}</span>
                <span className="text-xs text-brand-700">· {w.city}</span>
                <button
                  type="button"
                  onClick={() => selection.remove(w.id)}
                  className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-brand-100"
                  aria-label={m.search_selection_remove({ name: w.name })}
                >
                  <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                    <path d="M6.3 5.3a1 1 0 0 0-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 1 0 1.4 1.4L10 11.4l3.7 3.3a1 1 0 0 0 1.4-1.4L11.4 10l3.7-3.3a1 1 0 0 0-1.4-1.4L10 8.6z" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
          {/* Why the comparison waits, where the bar has no room to say it. */}
          {!compareHref && (
            <p className="mt-2 text-xs text-slate-600 lg:hidden" data-testid="selection-items-compare-hint">
              {compareReason}
            </p>
          )}
          <button type="button" onClick={selection.clear} className="mt-2 min-h-11 text-sm font-medium text-brand-700 underline underline-offset-2 sm:hidden">
            {m.search_clear_selection()}
          </button>
        </div>
      )}
      <div className="flex items-center gap-2 bg-brand-950/95 px-3 py-2 text-white shadow-[0_-4px_16px_rgba(15,23,42,0.18)] backdrop-blur sm:gap-3 sm:rounded-xl sm:px-4 sm:py-2.5">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {count > 0 ? (
            <>
              <button
                type="button"
                onClick={() => setOpen((o) => !o)}
                aria-expanded={open}
                aria-controls="selection-items"
                className="inline-flex min-h-11 items-center gap-1 rounded-lg px-1 text-sm font-semibold whitespace-nowrap hover:text-brand-100 sm:min-h-9 sm:gap-1.5"
                data-testid="selection-toggle"
              >
                <span data-testid="selection-count" aria-live="polite">
                  {m.search_selected_count({ count: String(count) })}
                </span>
                <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? "" : "rotate-180"}`} fill="currentColor" aria-hidden="true">
                  <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                </svg>
                <span className="sr-only">{open ? m.search_selection_hide() : m.search_selection_show()}</span>
              </button>
              <button
                type="button"
                onClick={selection.clear}
                className="hidden text-xs text-brand-100 underline underline-offset-2 hover:text-white sm:inline"
                data-testid="selection-clear"
              >
                {m.search_clear_selection()}
              </button>
              {/* Why the comparison waits, in view where there is room (on a phone the faded button tells it when tapped). */}
              {!compareHref && (
                <p className="hidden min-w-0 text-xs text-brand-100 lg:block" aria-hidden="true" data-testid="selection-compare-hint">
                  {compareReason}
                </p>
              )}
            </>
          ) : (
            <>
              <span className="text-sm font-semibold" data-testid="selection-count" aria-live="polite">
                {m.search_selected_count({ count: "0" })}
              </span>
              <p id={hintId} className="min-w-0 text-xs text-brand-100">
                {m.search_selection_hint()}
              </p>
            </>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {compareHref ? (
            <a href={compareHref} target="_blank" rel="noopener" className={buttonClass("light", "sm", "sm:min-h-9")} data-testid="compare-link">
              {m.search_compare()}
              <span className="sr-only"> {m.opens_new_tab()}</span>
            </a>
          ) : (
            <DisabledWithReason
              label={m.search_compare()}
              reason={compareReason}
              className={buttonClass("light", "sm", "sm:min-h-9")}
              testId="compare-link-disabled"
              align="end"
            />
          )}
          <button
            type="button"
            disabled={count === 0}
            aria-describedby={count === 0 ? hintId : undefined}
            onClick={onQuote}
            className={buttonClass("primary", "sm", "sm:min-h-9")}
            data-testid="quote-open"
          >
            <span className="sm:hidden">{m.search_request_quote_short()}</span>
            <span className="hidden sm:inline">{m.search_request_quote()}</span>
          </button>
        </div>
      </div>
    </div>
  );
}
