// The top of the results: how many warehouses were found where, the recap of the other filters,
// and the link that opens the filters above the results (or, while they are open, back to the
// results alone).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatKm, formatNumber, parseNumber, placeInItaly, todayInItaly } from "../../lib/format.ts";
import type { SearchFormValues } from "../../lib/search-form.ts";
import { spaceAmount } from "./ResultCard.tsx";
import type { SearchPageResult } from "../../lib/search-results.ts";
import { buttonClass } from "../ui/styles.ts";

/** What the count in the heading counts: "with 800 m² free from 01.12.2026 to 31.05.2027", or nothing without dates and space. */
export function freeSpacePhrase(values: Pick<SearchFormValues, "start_date" | "end_date" | "m2_type" | "m2_value">): string | null {
  const quantity = values.m2_value ? parseNumber(values.m2_value) : null;
  const space = quantity && quantity > 0 ? spaceAmount(values.m2_type, quantity) : null;
  if (!values.start_date && !values.end_date) return space ? m.search_summary_free_space({ space }) : null;
  // The period the server judges (server/search/spaces.ts spaceAsk): only a start is that one day;
  // only an end is from today (or that day, when it has passed).
  const today = todayInItaly();
  const start = values.start_date || (values.end_date < today ? values.end_date : today);
  const end = values.end_date || start;
  if (start === end) {
    const date = formatDate(start);
    return space ? m.search_summary_free_day_space({ space, date }) : m.search_summary_free_day({ date });
  }
  const from = formatDate(start);
  const to = formatDate(end);
  return space ? m.search_summary_free_dates_space({ space, from, to }) : m.search_summary_free_dates({ from, to });
}

export function SearchSummary({
  result,
  values,
  recap,
  editing,
  editHref,
  closeHref,
  onEditIntent,
  actions,
}: {
  result: SearchPageResult;
  /** The search as the address holds it. */
  values: SearchFormValues;
  recap: string;
  /** The filters are open above the results. */
  editing: boolean;
  editHref: string;
  closeHref: string;
  /** The pointer or the focus is on its way to the edit link (the filters' code can be fetched). */
  onEditIntent: () => void;
  /** Buttons before the edit link ("Save search"). */
  actions?: ReactNode;
}) {
  return (
    <div className="mb-3 flex items-start justify-between gap-3 sm:mb-4 sm:items-center">
      <div className="min-w-0">
        <h1 className="leading-snug text-slate-900" data-testid="search-summary">
          <span className="text-xl font-bold sm:text-2xl">
            {result.total_warehouses === 1 ? m.search_summary_count_one() : m.search_summary_count({ count: formatNumber(result.total_warehouses) })}
            {freeSpacePhrase(values) && <span data-testid="search-summary-free"> {freeSpacePhrase(values)}</span>}
          </span>{" "}
          <span className="block text-sm font-normal text-slate-600 sm:inline sm:text-lg">
            {result.location
              ? m.search_summary_where({ radius: formatKm(result.radius), location: placeInItaly(result.location) })
              : m.search_summary_where_point({ radius: formatKm(result.radius) })}
          </span>
        </h1>
        {recap && <p className="mt-0.5 truncate text-xs text-slate-600 sm:text-sm">{recap}</p>}
      </div>
      {/* On a phone the buttons stack beside the heading; from sm up they share a row. */}
      <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center">
        {actions}
        {editing ? (
          <Link to={closeHref} className={buttonClass("secondary", "sm", "shrink-0 sm:min-h-9")} preventScrollReset data-testid="search-edit-close">
            {m.search_back_to_results()}
          </Link>
        ) : (
          <Link
            to={editHref}
            className={buttonClass("secondary", "sm", "shrink-0 sm:min-h-9")}
            data-testid="search-edit"
            preventScrollReset
            // The filters' code, fetched while the pointer or the focus is on its way.
            onPointerEnter={onEditIntent}
            onFocus={onEditIntent}
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
              <path d="M3 5h9a1 1 0 1 1 0 2H3a1 1 0 0 1 0-2zm12 0h2a1 1 0 1 1 0 2h-2a1 1 0 1 1 0-2zm-2-2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM3 13h2a1 1 0 1 1 0 2H3a1 1 0 1 1 0-2zm6 0h8a1 1 0 1 1 0 2H9a1 1 0 1 1 0-2zm-2-2a3 3 0 1 1 0 6 3 3 0 0 1 0-6z" />
            </svg>
            <span className="sm:hidden">{m.search_edit_short()}</span>
            <span className="hidden sm:inline">{m.search_edit()}</span>
          </Link>
        )}
      </div>
    </div>
  );
}
