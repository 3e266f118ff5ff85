// The lists' order (?sort=: nearest, largest, best rated, over the whole zone) as links, which
// work before the page's script has loaded, and the order to show while a new one loads.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { SEARCH_SORTS, type SearchSort } from "../../lib/search-form.ts";
import { useSearchAddress } from "./useSearchAddress.ts";

const SORT_LABELS: Record<SearchSort, () => string> = {
  nearest: m.search_sort_nearest,
  largest: m.search_sort_largest,
  rating: m.search_sort_rating,
};

/** The lists' order, as links (they work before the page's script has loaded). */
export function SortLinks({ answered }: { answered: SearchSort }) {
  const { current, hrefFor } = useSearchSort(answered);
  return (
    <nav aria-label={m.search_sort_label()} className="flex items-center gap-2" data-testid="search-sort">
      <span className="hidden text-sm text-slate-600 sm:inline" aria-hidden="true">
        {m.search_sort_label()}:
      </span>
      <ul className="flex rounded-lg bg-slate-200/70 p-0.5">
        {SEARCH_SORTS.map((sort) => (
          <li key={sort}>
            <Link
              to={hrefFor(sort)}
              preventScrollReset
              aria-current={sort === current ? "true" : undefined}
              className={`flex min-h-11 items-center rounded-md px-3 text-sm font-medium transition-colors sm:min-h-9 ${
                sort === current ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900"
              }`}
              data-testid={`search-sort-${sort}`}
            >
              {SORT_LABELS[sort]()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The order to show (the answer's, or the one on its way) and each order's address. */
export function useSearchSort(answered: SearchSort) {
  const { hrefWith, next, pending } = useSearchAddress();
  return { current: shownSort(answered, pending ? next : null), hrefFor: (sort: SearchSort) => hrefWith({ sort: sort === "nearest" ? null : sort }) };
}

/** The order the lists show: the one on its way while a search loads (a sort link followed), else the answer's. */
export function shownSort(answered: SearchSort, next: URLSearchParams | null): SearchSort {
  if (!next) return answered;
  const asked = next.get("sort") ?? "";
  return (SEARCH_SORTS as readonly string[]).includes(asked) ? (asked as SearchSort) : "nearest";
}
