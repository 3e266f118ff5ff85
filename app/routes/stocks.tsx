// /{locale}/stocks: the map search. The filters live in the address (?location=…&radius=…
// &service=1&service=2…), so a search can be shared, reloaded and gone back to; the server
// renders the results. After a search the filter panel slides away and the found list, the
// same-zone list and the map show; the edit link (?…&edit=1) brings the filters back above the
// results, which stay. The lists' order is ?sort= (nearest, largest, best rated, over the whole
// zone). The selection is the visitor's, not the search's: it outlives new searches
// (useSearchSelection). On a phone the results come first and the map is one tap away.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/stocks";
import { actorContext, localeContext, requestInfoContext, servicesContext } from "../server/context.ts";
import { queryToObject } from "../server/http/input.ts";
import { pageWork } from "../server/http/respond.ts";
import { geocoderFor } from "../server/geo/geocoder.service.ts";
import { searchPage, zoneReadGuard, type SearchResponse } from "../server/search/search.service.ts";
import { countSearchAppearances } from "../server/stats/count-views.ts";
import type { SearchResultWarehouse } from "../lib/search-results.ts";
import { m } from "../paraglide/messages.js";
import { formatArea, formatDate, formatKm, formatNumber, parseNumber, placeInItaly } from "../lib/format.ts";
import { prepositionA } from "../lib/italian.ts";
import { localityAt } from "../lib/locality.ts";
import { getJson } from "../lib/api-client.ts";
import { useCurrentUser, useLocale } from "../lib/root-data.ts";
import { formValuesFromParams, paramsFromFormValues, SPEC_GROUPS, DEFAULT_RADIUS_KM, SEARCH_LIST_LIMIT, SEARCH_SORTS, type SearchFormValues, type SearchSort } from "../lib/search-form.ts";
import { ResultCard, ResultCardSkeleton, MarkerCard } from "../components/search/ResultCard.tsx";
import type { MapMarker, MovedView } from "../components/search/SearchMap.tsx";
import { useSearchSelection, type SearchSelection } from "../components/search/useSearchSelection.ts";
import { DisabledWithReason } from "../components/ui/DisabledWithReason.tsx";
import { usePopups } from "../components/popups/PopupContext.tsx";
import { QuoteRequestDialog } from "../components/quote/QuoteRequestDialog.tsx";
import { FormMessage } from "../components/ui/fields.tsx";
import { buttonClass } from "../components/ui/styles.ts";
import { HydrateLater } from "../components/ui/HydrateLater.tsx";
import { SearchIcon } from "../components/ui/icons.tsx";
import { toggleFavouriteCall, useFavouriteFailure } from "../components/warehouse/FavouriteToggle.tsx";

// Each way the page opens loads only what it shows: the filters (with their fields) when they
// are open, the map's code when there are results. Without a Suspense boundary the filters
// stay part of the server's first answer, so the form works before any script has loaded.
const loadFilterPanel = () => import("../components/search/FilterPanel.tsx");
const FilterPanel = lazy(() => loadFilterPanel().then((module) => ({ default: module.FilterPanel })));
const SearchMap = lazy(() => import("../components/search/SearchMap.tsx").then((module) => ({ default: module.SearchMap })));
// A page that opens on the filters (no search yet, or ?edit=1) asks for their code as soon as
// this module runs, not when hydration reaches them.
if (typeof window !== "undefined") {
  const opening = new URLSearchParams(window.location.search);
  if (opening.has("edit") || !(opening.has("location") || opening.has("lat"))) void loadFilterPanel();
}

/**
 * Results rendered per list at first (a phone's screen holds three or four: fewer cards to parse
 * and hydrate before the page responds), and how many more each "show more" adds.
 */
const FIRST_PAGE = 10;
const PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const editing = url.searchParams.has("edit");
  const asked = url.searchParams.has("location") || url.searchParams.has("lat");
  const query = await pageWork(() => queryToObject(url));
  const data = await searchPage(
    {
      db: services.db,
      geocoder: geocoderFor(services),
      log: services.log,
      beforeZoneRead: zoneReadGuard(services.db, services.config.searchZoneReadsPerIp, context.get(requestInfoContext).ip),
    },
    context.get(actorContext),
    { query, run: asked },
    context.get(localeContext),
  );
  countSearchAppearances(services, request, context.get(requestInfoContext), data.result);
  return { ...data, result: data.result && firstCards(data.result), editing, mapStyleUrl: services.config.mapStyleUrl };
}

/**
 * The answer as the page receives it: each list's first FIRST_PAGE cards, and the ids of all its
 * cards in order, whose next cards "show more" asks for (GET /api/warehouses/search/cards with
 * counted=1: this answer counted them as search appearances already). The page's HTML carries
 * 20 cards of data instead of up to 200, which a phone parses and decodes before it responds.
 */
function firstCards(result: SearchResponse) {
  return {
    ...result,
    warehouses: result.warehouses.slice(0, FIRST_PAGE),
    other_warehouses: result.other_warehouses.slice(0, FIRST_PAGE),
    warehouse_ids: result.warehouses.map((w) => w.id),
    other_warehouse_ids: result.other_warehouses.map((w) => w.id),
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** The answer on screen (the page records it once shown, the server's first one too). */
let shownData: LoaderData | null = null;

// A search that fails (no connection, a server error, or one the server could not run) keeps the
// results on screen, with the error and a retry; with none on screen it shows what it has.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  let data: LoaderData;
  try {
    data = await serverLoader();
  } catch (err) {
    console.error("search failed", err);
    if (!shownData) throw err;
    return { ...shownData, failed: true, limited: false };
  }
  if (data.failed && shownData?.result) return { ...shownData, failed: true, limited: data.limited };
  return data;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const where = loaderData?.result?.location;
  const title = where ? m.search_meta_title_at({ a: prepositionA(where), location: where }) : m.search_meta_title();
  return [{ title: m.page_title({ title }) }, { name: "description", content: m.search_meta_description() }];
}

type Result = SearchResultWarehouse;

function sameIds(set: ReadonlySet<number>, ids: readonly number[]): boolean {
  return set.size === ids.length && ids.every((id) => set.has(id));
}

/** Skeleton cards shown where results will appear while a search runs. */
function SkeletonList({ count = 3 }: { count?: number }) {
  return (
    <ul className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <ResultCardSkeleton key={i} />
      ))}
    </ul>
  );
}

function ResultList({
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
}: {
  title: string;
  /** Nothing found at all: the page's heading already says "0 warehouses", so the list's own
      title is left to screen readers rather than repeated on screen. */
  titleHidden?: boolean;
  testId: string;
  /** The first cards of the list, as the page's answer holds them. */
  items: Result[];
  /** Every warehouse of the list, in the chosen order (the search answers at most SEARCH_LIST_LIMIT). */
  ids: number[];
  /** How many the whole zone holds. */
  total: number;
  /** What an empty list says (the second list is left out when empty). */
  empty?: React.ReactNode;
  /** A new search runs: skeletons stand where its results will come. */
  pending: boolean;
  render: (w: Result, index: number) => React.ReactNode;
  /** The cards of these warehouses, in that order, or null when the call failed. */
  loadCards: (ids: number[]) => Promise<Result[] | null>;
}) {
  // The cards shown and how many of `ids` they cover (a warehouse gone meanwhile has no card),
  // for the answer they came with. A new answer starts the list again during the render, so no
  // frame shows the old answer's cards under the new summary.
  const [list, setList] = useState({ answer: items, cards: items, upTo: items.length, loading: false, failed: false });
  if (list.answer !== items) setList({ answer: items, cards: items, upTo: items.length, loading: false, failed: false });
  const { cards, upTo, loading, failed } = list;
  async function showMore() {
    const next = ids.slice(upTo, upTo + PAGE);
    setList((l) => ({ ...l, loading: true, failed: false }));
    const more = await loadCards(next);
    // Cards that come after a new answer belong to none of its lists.
    setList((l) =>
      l.answer !== items ? l : more ? { ...l, cards: [...l.cards, ...more], upTo: l.upTo + next.length, loading: false } : { ...l, loading: false, failed: true },
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
          <ul className="space-y-3">{cards.map(render)}</ul>
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
              {loading ? m.search_show_more_loading() : m.search_show_more({ count: formatNumber(Math.min(PAGE, ids.length - upTo)) })}
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

const SORT_LABELS: Record<SearchSort, () => string> = {
  nearest: m.search_sort_nearest,
  largest: m.search_sort_largest,
  rating: m.search_sort_rating,
};

/** The lists' order, as links (they work before the page's script has loaded). */
function SortLinks({ current, hrefFor }: { current: SearchSort; hrefFor: (sort: SearchSort) => string }) {
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

/** A marker's card: from the lists when they hold the warehouse, else asked of the server once. */
function MapCard({
  marker,
  known,
  centre,
  counted,
  onLoaded,
  children,
}: {
  marker: MapMarker;
  known: Result | undefined;
  centre: { lat: number; lng: number } | null;
  /** The warehouse is in the page's answer, counted as a search appearance already. */
  counted: boolean;
  onLoaded: (w: Result) => void;
  children: (w: Result) => React.ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (known || !centre) return;
    let current = true;
    setFailed(false);
    getJson<{ warehouses?: Result[] }>("/api/warehouses/search/cards", { ids: String(marker.id), lat: centre.lat, lng: centre.lng, ...(counted ? { counted: 1 } : {}) }).then((res) => {
      if (!current) return;
      const w = res.ok ? res.data.warehouses?.[0] : undefined;
      if (w) onLoaded(w);
      else {
        console.error("card failed", res.status, res.data.error);
        setFailed(true);
      }
    });
    return () => {
      current = false;
    };
  }, [marker.id, known, centre, counted, onLoaded]);
  if (known) return <>{children(known)}</>;
  return (
    <p className="w-56 py-1 text-sm text-slate-600" data-testid="marker-card-loading" role="status">
      {failed ? m.map_card_failed() : m.map_card_loading()}
    </p>
  );
}

/** The picked warehouses and what can be done with them; after the lists, so the tab order reads the results first. */
function SelectionBar({
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
        <ul tabIndex={0} aria-label={m.search_selection_label()} className="flex max-h-48 flex-wrap gap-2 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="selection-items">
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
              <button type="button" onClick={selection.clear} className="hidden text-xs text-brand-100 underline underline-offset-2 hover:text-white sm:inline" data-testid="selection-clear">
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
            <DisabledWithReason label={m.search_compare()} reason={compareReason} className={buttonClass("light", "sm", "sm:min-h-9")} testId="compare-link-disabled" align="end" />
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

export default function Stocks({ loaderData }: Route.ComponentProps) {
  const data = loaderData as LoaderData;
  const locale = useLocale();
  const user = useCurrentUser();
  const { openRegister } = usePopups();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { result, groups, errors, failed, editing } = data;
  // What a failed search keeps on screen (clientLoader), while the page is open.
  useEffect(() => {
    shownData = data;
    return () => {
      if (shownData === data) shownData = null;
    };
  }, [data]);
  const hasResults = !!result && !result.error;
  const panelOpen = !hasResults || editing;
  // A page that opens on results does not render the (closed) filters until they are asked for:
  // less to hydrate on a phone. Once rendered they stay, so they can slide away after a search.
  const [panelRendered, setPanelRendered] = useState(panelOpen);
  useEffect(() => {
    if (panelOpen) setPanelRendered(true);
  }, [panelOpen]);
  // The panel clips its content while it slides (its grid row grows from 0), and lets it out once
  // open, so a filter's drop-down list is not cut off at the panel's bottom edge.
  const [panelSettled, setPanelSettled] = useState(panelOpen);
  useEffect(() => {
    if (!panelOpen) {
      setPanelSettled(false);
      return;
    }
    const timer = window.setTimeout(() => setPanelSettled(true), 500);
    return () => window.clearTimeout(timer);
  }, [panelOpen]);
  const initial = useMemo(() => formValuesFromParams(new URLSearchParams(location.search)), [location.search]);
  const [liveValues, setLiveValues] = useState<SearchFormValues>(initial);
  useEffect(() => setLiveValues(initial), [initial]);
  const selection = useSearchSelection();
  const [quoteOpen, setQuoteOpen] = useState(false);
  const [favourites, setFavourites] = useState<Set<number>>(() => new Set(data.favouriteIds));
  const [favouritePending, setFavouritePending] = useState(false);
  const { failureFor: favouriteFailure, setFailure: setFavouriteFailure } = useFavouriteFailure();
  // Effects that run at hydration keep the state they already hold when nothing changed: a new
  // Set or Map would render the whole page (40 cards) a second time on a phone's busy CPU.
  useEffect(() => setFavourites((current) => (sameIds(current, data.favouriteIds) ? current : new Set(data.favouriteIds))), [data.favouriteIds]);
  // The list card or map pin under the pointer or the focus: the other one stands out.
  const [hovered, setHovered] = useState<number | null>(null);
  // The map was moved away from the search's frame: "search this area" is offered.
  const [moved, setMoved] = useState<MovedView | null>(null);
  const [locatingArea, setLocatingArea] = useState(false);
  // On a phone the list and the map take turns.
  const [view, setView] = useState<"list" | "map">("list");
  // Where the list was read to when the map took its place: the map opens at the page's top (a
  // visitor far down the list would otherwise land in the footer, the map above the window),
  // and "Show list" brings them back to the card they were at. At once, not smoothly (the page
  // scrolls smoothly otherwise): the content itself changes at once.
  const listScrollY = useRef(0);
  function toggleView() {
    if (view === "list") {
      listScrollY.current = window.scrollY;
      flushSync(() => setView("map"));
      window.scrollTo({ top: 0, behavior: "instant" });
    } else {
      flushSync(() => setView("list"));
      window.scrollTo({ top: listScrollY.current, behavior: "instant" });
    }
  }

  const path = `/${locale}/stocks`;
  const serverErrors = useMemo(() => {
    if (errors) return errors;
    if (result?.error === "location_not_found") return { location: "not_found" };
    return null;
  }, [errors, result]);

  const search = (values: SearchFormValues) => navigate(`${path}?${paramsFromFormValues(values)}`);
  /** This search's address with some parameters changed (null removes one); never the edit flag. */
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return `${path}?${params}`;
  };
  const editParams = new URLSearchParams(location.search);
  editParams.set("edit", "1");

  // A search on its way: skeletons where its results will come (opening the filters is not one).
  const next = navigation.state === "loading" && navigation.location?.pathname === path ? new URLSearchParams(navigation.location.search) : null;
  const pending = !!next && !next.has("edit") && (next.has("location") || next.has("lat"));

  // Cards opened on the map that the lists do not hold (fetched by MapCard).
  const [mapCards, setMapCards] = useState<Map<number, Result>>(() => new Map());
  useEffect(() => setMapCards((cards) => (cards.size === 0 ? cards : new Map())), [result]);
  const rememberCard = useCallback((w: Result) => setMapCards((cards) => new Map(cards).set(w.id, w)), []);
  // Every warehouse of this answer's lists (their cards beyond the first come on "show more").
  const answerIds = useMemo(() => new Set(result ? [...result.warehouse_ids, ...result.other_warehouse_ids] : []), [result]);
  /** The next cards of a list: this answer counted them already. */
  const loadCards = useCallback(
    async (ids: number[]): Promise<Result[] | null> => {
      if (!result || result.lat === null || result.lng === null || ids.length === 0) return null;
      const res = await getJson<{ warehouses?: Result[] }>("/api/warehouses/search/cards", { ids: ids.join(","), lat: result.lat, lng: result.lng, counted: 1 });
      if (!res.ok || !res.data.warehouses) {
        console.error("cards failed", res.status, res.data.error);
        return null;
      }
      for (const w of res.data.warehouses) rememberCard(w);
      return res.data.warehouses;
    },
    [result, rememberCard],
  );
  const byId = useMemo(() => {
    const known = new Map(mapCards);
    for (const w of result ? [...result.warehouses, ...result.other_warehouses] : []) known.set(w.id, w);
    return known;
  }, [result, mapCards]);
  // Picked warehouses that this answer holds again are shown as it has them now.
  const { refresh } = selection;
  useEffect(() => {
    if (result) refresh([...result.warehouses, ...result.other_warehouses]);
  }, [result, refresh]);
  // The map asks for what lies in view with the search's filters, around the centre found.
  const mapQuery = useMemo(() => {
    if (!result || result.lat === null || result.lng === null) return null;
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    params.delete("sort");
    params.set("lat", String(result.lat));
    params.set("lng", String(result.lng));
    params.set("radius", String(result.radius));
    return params.toString();
    // Only a new answer changes the query (location.search moves with it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const bounds = useMemo(
    () =>
      result && result.min_lat !== null && result.max_lat !== null && result.min_lng !== null && result.max_lng !== null
        ? { min_lat: result.min_lat, max_lat: result.max_lat, min_lng: result.min_lng, max_lng: result.max_lng }
        : null,
    [result],
  );

  const searchArea = useMemo(
    () => (result && result.lat !== null && result.lng !== null ? { lat: result.lat, lng: result.lng, radiusKm: result.radius } : null),
    [result],
  );

  // One set per selection change: the map draws its pins again when it changes.
  const selectedIds = useMemo(() => new Set(selection.items.map((w) => w.id)), [selection.items]);
  const claimedSelected = selection.items.filter((w) => w.c_sub);
  const compareHref = claimedSelected.length >= 2 ? `/${locale}/compare?wids=${claimedSelected.map((w) => w.id).join(",")}` : null;

  const claim = (id: number) => openRegister({ role: "stocker", step: "form", warehouseId: id });

  async function toggleFavourite(id: number) {
    setFavouritePending(true);
    setFavouriteFailure(null);
    const result = await toggleFavouriteCall(id);
    setFavouritePending(false);
    if ("ids" in result) setFavourites(new Set(result.ids));
    else setFavouriteFailure({ id, kind: result.failure });
  }

  async function searchThisArea(v: MovedView) {
    setLocatingArea(true);
    const lat = v.lat.toFixed(6);
    const lng = v.lng.toFixed(6);
    const town = await localityAt(lat, lng);
    setLocatingArea(false);
    navigate(hrefWith({ lat, lng, radius: String(v.radiusKm), location: town ?? m.search_map_area() }), { preventScrollReset: true });
  }

  // The recap of the quote request: the search as the address holds it.
  const specLabels = SPEC_GROUPS.flatMap((g) => liveValues[g].map((id) => groups.find((x) => x.key === g)?.options.find((o) => o.id === id)?.label).filter((l): l is string => !!l));
  const quoteSearch = {
    location: result?.location ?? liveValues.location,
    radius: result?.radius ?? DEFAULT_RADIUS_KM,
    lat: result?.lat ?? null,
    lng: result?.lng ?? null,
    start_date: liveValues.start_date || null,
    end_date: liveValues.end_date || null,
    m2_type: liveValues.m2_type,
    m2_value: liveValues.m2_value ? parseNumber(liveValues.m2_value) : null,
    specification_ids: SPEC_GROUPS.flatMap((g) => liveValues[g]),
    specification_labels: specLabels,
  };
  const recap = [
    liveValues.start_date || liveValues.end_date ? `${formatDate(liveValues.start_date) || "…"} – ${formatDate(liveValues.end_date) || "…"}` : null,
    liveValues.m2_value
      ? liveValues.m2_type === "m2"
        ? formatArea(parseNumber(liveValues.m2_value))
        : m.search_pallets_count({ count: formatNumber(parseNumber(liveValues.m2_value)) })
      : null,
    specLabels.length ? specLabels.join(", ") : null,
  ]
    .filter(Boolean)
    .join(" · ");

  const renderCard = (w: Result, index: number) => (
    <ResultCard
      key={w.id}
      w={w}
      locale={locale}
      user={user}
      selected={selection.has(w.id)}
      selectionFull={selection.full}
      onToggle={selection.toggle}
      onClaim={claim}
      highlighted={hovered === w.id}
      onHover={setHovered}
      eager={index < 3}
      favourite={favourites.has(w.id)}
      favouritePending={favouritePending}
      favouriteFailure={favouriteFailure}
      onToggleFavourite={toggleFavourite}
    />
  );

  const wider = result?.wider ?? null;
  // Nothing found: what happened, and the two ways on (a wider radius with what it would find,
  // or other filters), instead of a bare sentence.
  const foundEmpty = (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <SearchIcon className="h-6 w-6" />
      </span>
      <p className="max-w-sm text-base text-pretty text-slate-700">
        {result && result.total_other_warehouses === 0 ? m.search_zone_empty({ radius: formatKm(result.radius) }) : m.search_found_empty()}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {wider && (
          <Link to={hrefWith({ radius: String(wider.radius) })} className={buttonClass("primary", "md")} data-testid="search-widen">
            {wider.count === 1 ? m.search_widen_one({ radius: formatKm(wider.radius) }) : m.search_widen({ radius: formatKm(wider.radius), count: formatNumber(wider.count) })}
          </Link>
        )}
        <Link to={`${path}?${editParams}`} preventScrollReset className={buttonClass("secondary", "md")} data-testid="search-empty-edit">
          {m.search_edit()}
        </Link>
      </div>
    </div>
  );

  return (
    <div className="bg-slate-50" data-testid="stocks-page" data-searched={hasResults && !editing}>
      <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
        {!hasResults && (
          <div className="mb-4">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{m.search_title()}</h1>
            <p className="mt-1 text-sm text-slate-600">{m.search_lead()}</p>
          </div>
        )}

        {failed && (
          <div className="mb-4 space-y-2" data-testid="search-failed">
            <FormMessage tone="error">{data.limited ? m.search_error_too_many() : m.search_error_failed()}</FormMessage>
            {/* The address holds the search that failed: asked again, as it is. */}
            <button type="button" onClick={() => navigate(location.pathname + location.search, { replace: true, preventScrollReset: true })} disabled={pending} className={buttonClass("secondary", "sm")}>
              {m.search_retry()}
            </button>
          </div>
        )}

        {hasResults && result && (
          <div className="mb-3 flex items-start justify-between gap-3 sm:mb-4 sm:items-center">
            <div className="min-w-0">
              <h1 className="leading-snug text-slate-900" data-testid="search-summary">
                <span className="text-xl font-bold sm:text-2xl">
                  {result.total_warehouses === 1 ? m.search_summary_count_one() : m.search_summary_count({ count: formatNumber(result.total_warehouses) })}
                </span>{" "}
                <span className="block text-sm font-normal text-slate-600 sm:inline sm:text-lg">
                  {result.location
                    ? m.search_summary_where({ radius: formatKm(result.radius), location: placeInItaly(result.location) })
                    : m.search_summary_where_point({ radius: formatKm(result.radius) })}
                </span>
              </h1>
              {recap && <p className="mt-0.5 truncate text-xs text-slate-600 sm:text-sm">{recap}</p>}
            </div>
            {editing ? (
              <Link to={hrefWith({})} className={buttonClass("secondary", "sm", "shrink-0 sm:min-h-9")} preventScrollReset data-testid="search-edit-close">
                {m.search_back_to_results()}
              </Link>
            ) : (
              <Link
                to={`${path}?${editParams}`}
                className={buttonClass("secondary", "sm", "shrink-0 sm:min-h-9")}
                data-testid="search-edit"
                preventScrollReset
                // The filters' code, fetched while the pointer or the focus is on its way.
                onPointerEnter={() => void loadFilterPanel()}
                onFocus={() => void loadFilterPanel()}
              >
                <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                  <path d="M3 5h9a1 1 0 1 1 0 2H3a1 1 0 0 1 0-2zm12 0h2a1 1 0 1 1 0 2h-2a1 1 0 1 1 0-2zm-2-2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM3 13h2a1 1 0 1 1 0 2H3a1 1 0 1 1 0-2zm6 0h8a1 1 0 1 1 0 2H9a1 1 0 1 1 0-2zm-2-2a3 3 0 1 1 0 6 3 3 0 0 1 0-6z" />
                </svg>
                <span className="sm:hidden">{m.search_edit_short()}</span>
                <span className="hidden sm:inline">{m.search_edit()}</span>
              </Link>
            )}
          </div>
        )}

        {/* The filter panel slides away after a search; the edit link brings it back above the results. */}
        <div
          className={`grid transition-all duration-500 ease-out motion-reduce:transition-none ${panelOpen ? "grid-rows-[1fr] opacity-100" : "pointer-events-none -translate-y-4 grid-rows-[0fr] opacity-0"}`}
          aria-hidden={!panelOpen || undefined}
          inert={!panelOpen || undefined}
          data-testid="filter-panel"
          data-open={panelOpen}
        >
          <div className={panelOpen && panelSettled ? "overflow-visible" : "overflow-hidden"}>
            <div className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              {(panelRendered || panelOpen) && (
                <FilterPanel action={path} initial={initial} groups={groups} serverErrors={serverErrors} onSearch={search} onSpecsChange={setLiveValues} searching={pending} />
              )}
            </div>
          </div>
        </div>

        {!hasResults && pending && (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]" data-testid="search-loading">
            <div>
              <p className="mb-3 text-sm font-medium text-slate-700" role="status">
                {m.search_searching()}
              </p>
              <SkeletonList />
            </div>
            <div className="hidden h-96 animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none lg:block" aria-hidden="true" />
          </div>
        )}

        {hasResults && result && (
          <div className="animate-fade-in" data-testid="search-results" aria-busy={pending || undefined}>
            <p className="sr-only" role="status">
              {pending ? m.search_searching() : ""}
            </p>
            {pending && <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-500 motion-reduce:animate-none" aria-hidden="true" data-testid="search-progress" />}
            {result.truncated && !pending && (
              <p className="mb-3 text-xs font-medium text-amber-900" data-testid="search-truncated">
                {m.search_truncated({ count: formatNumber(SEARCH_LIST_LIMIT), total: formatNumber(result.total_warehouses + result.total_other_warehouses) })}
              </p>
            )}

            {/* On a phone the results fill at least the rest of the screen, however few they are, so the
                selection bar below them sticks to the screen's bottom edge, under the list/map button,
                instead of floating mid-screen with the footer under it. */}
            <div className="grid grid-cols-1 gap-6 max-lg:min-h-[calc(100dvh-14rem)] lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
              <div className={`min-w-0 space-y-8 ${view === "list" ? "" : "max-lg:hidden"}`}>
                {/* Nothing found: nothing to order (the empty list offers a wider radius instead). */}
                {result.total_warehouses + result.total_other_warehouses > 0 && (
                  <SortLinks
                    current={pending && next ? ((SEARCH_SORTS as readonly string[]).includes(next.get("sort") ?? "") ? (next.get("sort") as SearchSort) : "nearest") : result.sort}
                    hrefFor={(sort) => hrefWith({ sort: sort === "nearest" ? null : sort })}
                  />
                )}
                <ResultList
                  title={m.search_found_title()}
                  titleHidden={result.total_warehouses + result.total_other_warehouses === 0 && !pending}
                  testId="found-list"
                  items={result.warehouses}
                  ids={result.warehouse_ids}
                  total={result.total_warehouses}
                  empty={foundEmpty}
                  pending={pending}
                  render={renderCard}
                  loadCards={loadCards}
                />
                {/* The spec's second list: warehouses in the circle that miss a filter. Without a
                    filter, or when every one matches, it has nothing to say and is left out. */}
                {result.total_other_warehouses > 0 && (
                  <ResultList
                    title={m.search_other_title()}
                    testId="other-list"
                    items={result.other_warehouses}
                    ids={result.other_warehouse_ids}
                    total={result.total_other_warehouses}
                    pending={pending}
                    render={renderCard}
                    loadCards={loadCards}
                  />
                )}
              </div>
              <div className={`min-w-0 ${view === "map" ? "" : "max-lg:hidden"}`}>
                {/* Edge to edge on a phone, as a map app shows it; on a wide screen it ends above the
                    selection bar, which would cover its bottom edge and the notes drawn there, both
                    below the page's heading and stuck under the header once scrolled. */}
                <div className="relative h-[calc(100dvh-11rem)] max-sm:-mx-4 lg:sticky lg:top-24 lg:h-[calc(100dvh-14rem)]">
                  <Suspense fallback={<div className="h-full min-h-72 w-full rounded-2xl border border-slate-200 bg-[#e8edf3] max-sm:rounded-none max-sm:border-x-0" aria-hidden="true" />}>
                    <SearchMap
                      mapQuery={mapQuery}
                      bounds={bounds}
                      area={searchArea}
                      styleUrl={data.mapStyleUrl}
                      selectedIds={selectedIds}
                      highlightedId={hovered}
                      onHover={setHovered}
                      onViewMoved={setMoved}
                      renderCard={(marker: MapMarker) => (
                        <MapCard marker={marker} known={byId.get(marker.id)} centre={searchArea} counted={answerIds.has(marker.id)} onLoaded={rememberCard}>
                          {(w) => (
                            <MarkerCard
                              w={w}
                              locale={locale}
                              user={user}
                              favourite={favourites.has(w.id)}
                              favouritePending={favouritePending}
                              favouriteFailure={favouriteFailure}
                              onToggleFavourite={toggleFavourite}
                              selected={selection.has(w.id)}
                              selectionFull={selection.full}
                              onToggle={selection.toggle}
                              onClaim={claim}
                            />
                          )}
                        </MapCard>
                      )}
                    />
                  </Suspense>
                  {moved && !pending && (
                    <button
                      type="button"
                      onClick={() => void searchThisArea(moved)}
                      disabled={locatingArea}
                      className="absolute top-3 left-1/2 z-10 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 whitespace-nowrap rounded-full bg-white px-4 text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-70"
                      data-testid="search-this-area"
                    >
                      <svg viewBox="0 0 20 20" className="h-4 w-4 text-brand-600" fill="currentColor" aria-hidden="true">
                        <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a1 1 0 0 1-1.42 1.42l-3.64-3.65A5.5 5.5 0 1 1 8.5 3zm0 2a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z" />
                      </svg>
                      {locatingArea ? m.search_searching() : m.search_this_area()}
                    </button>
                  )}
                </div>
              </div>
            </div>

            {/* On a phone the list and the map take turns: one button, always at hand, while the
                map has a warehouse to show (with none, the list's widening offer is the next step) and
                the filters are not open above the list (it would cover their fields). */}
            {(view === "map" || (!editing && result.total_warehouses + result.total_other_warehouses > 0)) && (
              <button
                type="button"
                onClick={toggleView}
                className={`fixed left-1/2 z-30 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-slate-900 px-5 text-sm font-semibold text-white shadow-xl ring-1 ring-white/25 lg:hidden ${
                  selection.items.length > 0 ? "bottom-24" : "bottom-5"
                }`}
                data-testid="search-view-toggle"
                data-map-overlay
                aria-pressed={view === "map"}
              >
                {view === "list" ? m.search_show_map() : m.search_show_list()}
              </button>
            )}

            <SelectionBar
              selection={selection}
              compareHref={compareHref}
              compareReason={m.search_compare_hint()}
              onQuote={() => setQuoteOpen(true)}
            />
          </div>
        )}
      </div>

      <QuoteRequestDialog
        isOpen={quoteOpen}
        onClose={() => setQuoteOpen(false)}
        source="search"
        warehouses={selection.items.map((w) => ({ id: w.id, name: w.name, city: w.city, address: w.c_sub ? w.address : null }))}
        search={quoteSearch}
        onSent={() => selection.clear()}
      />
    </div>
  );
}
