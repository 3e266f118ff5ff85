// A list of the search's results (the found warehouses, and the zone's others): its title and
// count, skeletons while a new search runs, what an empty list says, and "show more", which
// asks for the next cards of the answer's ids.
import { Fragment, useState, type ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import type { SearchResultWarehouse } from "../../lib/search-results.ts";
import { buttonClass } from "../ui/styles.ts";
import { HydrateLater } from "../ui/HydrateLater.tsx";
import { ResultCardSkeleton } from "./ResultCard.tsx";

/** How many more cards each "show more" adds. */
export const MORE_CARDS = 20;

/** Skeleton cards shown where results will appear while a search runs. */
export function SkeletonList({ count = 3 }: { count?: number }) {
  return (
    <ul className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <ResultCardSkeleton key={i} />
      ))}
    </ul>
  );
}

export function ResultList({
  title,
  testId,
  items,
  ids,
  total,
  empty,
  pending,
  render,
  loadCards,
  titleHidden = false,
  unredeemedLine,
}: {
  title: string;
  /** Nothing found at all: the page's heading already says "0 warehouses", so the list's own
      title is left to screen readers rather than repeated on screen. */
  titleHidden?: boolean;
  testId: string;
  /** The first cards of the list, as the page's answer holds them. */
  items: SearchResultWarehouse[];
  /** Every warehouse of the list, in the chosen order (the search answers at most SEARCH_LIST_LIMIT). */
  ids: number[];
  /** How many the whole zone holds. */
  total: number;
  /** What an empty list says (the second list is left out when empty). */
  empty?: ReactNode;
  /** A new search runs: skeletons stand where its results will come. */
  pending: boolean;
  render: (w: SearchResultWarehouse, index: number) => ReactNode;
  /** The cards of these warehouses, in that order, or null when the call failed. */
  loadCards: (ids: number[]) => Promise<SearchResultWarehouse[] | null>;
  /** The line above the anonymised warehouses, which every order puts after the redeemed ones (decision 034). */
  unredeemedLine?: ReactNode;
}) {
  // The cards shown and how many of `ids` they cover (a warehouse gone meanwhile has no card),
  // for the answer they came with. A new answer starts the list again during the render, so no
  // frame shows the old answer's cards under the new summary.
  const [list, setList] = useState({ answer: items, cards: items, upTo: items.length, loading: false, failed: false });
  if (list.answer !== items) setList({ answer: items, cards: items, upTo: items.length, loading: false, failed: false });
  const { cards, upTo, loading, failed } = list;
  async function showMore() {
    const next = ids.slice(upTo, upTo + MORE_CARDS);
    setList((l) => ({ ...l, loading: true, failed: false }));
    const more = await loadCards(next);
    // Cards that come after a new answer belong to none of its lists.
    setList((l) =>
      l.answer !== items
        ? l
        : more
          ? { ...l, cards: [...l.cards, ...more], upTo: l.upTo + next.length, loading: false }
          : { ...l, loading: false, failed: true },
    );
  }
  return (
    <section aria-labelledby={`${testId}-title`} aria-busy={pending || undefined} data-testid={testId}>
      <h2 id={`${testId}-title`} className={titleHidden ? "sr-only" : "mb-3 flex items-baseline gap-2 text-lg font-semibold text-slate-900"}>
        {title}
        {!pending && (
          <span className="text-sm font-normal text-slate-600" data-testid={`${testId}-count`}>
            ({formatNumber(total)})
          </span>
        )}
      </h2>
      {pending ? (
        <SkeletonList />
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-sm text-slate-600" data-testid={`${testId}-empty`}>
          {empty}
        </div>
      ) : (
        // The cards are most of the page's markup: hydrated after the rest, in slices.
        <HydrateLater>
          <ul className="space-y-3">
            {cards.map((w, i) => (
              <Fragment key={w.id}>
                {unredeemedLine && !w.c_sub && (i === 0 || cards[i - 1]!.c_sub) && (
                  <li className="pt-2" data-testid={`${testId}-unredeemed`}>
                    {unredeemedLine}
                  </li>
                )}
                {render(w, i)}
              </Fragment>
            ))}
          </ul>
          {failed && (
            <p className="mt-3 text-sm text-red-700" role="alert" data-testid={`${testId}-more-failed`}>
              {m.search_show_more_failed()}
            </p>
          )}
          {ids.length > upTo && (
            <button
              type="button"
              onClick={showMore}
              disabled={loading}
              aria-busy={loading || undefined}
              className={buttonClass("secondary", "md", "mt-3 w-full")}
              data-testid={`${testId}-more`}
            >
              {loading ? m.search_show_more_loading() : m.search_show_more({ count: formatNumber(Math.min(MORE_CARDS, ids.length - upTo)) })}
            </button>
          )}
          {ids.length <= upTo && total > ids.length && (
            <p className="mt-3 text-center text-xs text-slate-600" data-testid={`${testId}-limited`}>
              {m.search_list_limited({ shown: formatNumber(ids.length), total: formatNumber(total) })}
            </p>
          )}
        </HydrateLater>
      )}
    </section>
  );
}
