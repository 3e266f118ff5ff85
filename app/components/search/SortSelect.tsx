// The lists' order (?sort=, decision 034) as a select over the results. It is a small GET form
// holding the search as hidden fields: with the page's script a change navigates at once; before
// (or without) it, its button sends the form.
import { useNavigate } from "react-router";
import { m } from "../../paraglide/messages.js";
import { DEFAULT_SORT, SEARCH_SORTS, sortFromText, type SearchSort } from "../../lib/search-form.ts";
import { useSearchAddress } from "./useSearchAddress.ts";

const SORT_LABELS: Record<SearchSort, () => string> = {
  relevance: m.search_sort_relevance,
  distance: m.search_sort_distance,
  price: m.search_sort_price,
  space: m.search_sort_space,
  rating: m.search_sort_rating,
};

export function SortSelect({ answered }: { answered: SearchSort }) {
  const { current, hrefFor, path, kept } = useSearchSort(answered);
  const navigate = useNavigate();
  return (
    <form method="get" action={path} className="flex items-center gap-2" data-testid="search-sort" onSubmit={(event) => event.preventDefault()}>
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="search-sort-select" className="text-sm whitespace-nowrap text-slate-600">
        {m.search_sort_label()}
      </label>
      <select
        id="search-sort-select"
        name="sort"
        value={current}
        onChange={(event) => navigate(hrefFor(event.currentTarget.value as SearchSort), { preventScrollReset: true })}
        className="min-h-11 rounded-lg border border-slate-300 bg-white py-1 pr-8 pl-3 text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-9"
        data-testid="search-sort-select"
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]()}
          </option>
        ))}
      </select>
      {/* Without the page's script the form is sent by this button; with it, the change does it. */}
      <noscript>
        <button type="submit" className="min-h-11 rounded-lg bg-slate-900 px-3 text-sm font-semibold text-white sm:min-h-9">
          {m.search_sort_apply()}
        </button>
      </noscript>
    </form>
  );
}

/** The order to show (the answer's, or the one on its way), each order's address, and the search's other fields. */
export function useSearchSort(answered: SearchSort) {
  const { hrefWith, next, pending, path, current: params } = useSearchAddress();
  const kept = [...params.entries()].filter(([key]) => key !== "sort" && key !== "edit");
  return {
    current: shownSort(answered, pending ? next : null),
    hrefFor: (sort: SearchSort) => hrefWith({ sort: sort === DEFAULT_SORT ? null : sort }),
    path,
    kept,
  };
}

/** The order the lists show: the one on its way while a search loads (a new order chosen), else the answer's. */
export function shownSort(answered: SearchSort, next: URLSearchParams | null): SearchSort {
  if (!next) return answered;
  return sortFromText(next.get("sort"));
}
