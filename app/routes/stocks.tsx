// /{locale}/stocks: the map search. The filters live in the address (?location=…&radius=…
// &service=1&service=2…), so a search can be shared, reloaded and gone back to; the server
// renders the results. After a search the filter panel slides away and the found list, the
// same-zone list and the map show; the edit link (?…&edit=1) brings the filters back above the
// results, which stay. The lists' order is ?sort= (nearest, largest, best rated, over the whole
// zone). The selection is the visitor's, not the search's: it outlives new searches
// (useSearchSelection). On a phone the results come first and the map is one tap away.
// This module holds the loaders, the title and the page's layout; its parts and their state are
// in components/search/.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/stocks";
import { pageLoader } from "../server/http/page.ts";
import { queryToObject } from "../server/http/input.ts";
import { geocoderFor } from "../server/geo/geocoder.service.ts";
import { searchPage, zoneReadGuard, type SearchResponse } from "../server/search/search.service.ts";
import { countSearchAppearances } from "../server/stats/count-views.ts";
import type { SearchPageResult } from "../lib/search-results.ts";
import { m } from "../paraglide/messages.js";
import { formatNumber } from "../lib/format.ts";
import { prepositionA } from "../lib/italian.ts";
import { paths } from "../lib/paths.ts";
import { publicPageMeta, rootMatchData } from "../lib/seo.ts";
import { useCurrentUser, useLocale } from "../lib/root-data.ts";
import { cardFilterQuery, formValuesFromParams, paramsFromFormValues, SEARCH_LIST_LIMIT, SPEC_GROUPS, type SearchFormValues } from "../lib/search-form.ts";
import { parseNumber } from "../lib/format.ts";
import { ResultCard, MarkerCard, type AskedSpace } from "../components/search/ResultCard.tsx";
import type { MapMarker, MovedView } from "../components/search/SearchMap.tsx";
import { useResultSelection } from "../components/search/useSearchSelection.ts";
import { ResultList, SkeletonList } from "../components/search/ResultList.tsx";
import { SortSelect } from "../components/search/SortSelect.tsx";
import { MapCard } from "../components/search/MapCard.tsx";
import { SelectionBar } from "../components/search/SelectionBar.tsx";
import { freeSpacePhrase, SearchSummary } from "../components/search/SearchSummary.tsx";
import { NothingFound } from "../components/search/NothingFound.tsx";
import { SearchThisArea } from "../components/search/SearchThisArea.tsx";
import { searchRecap } from "../components/search/search-recap.ts";
import { useFavourites } from "../components/search/useFavourites.ts";
import { useSearchAddress } from "../components/search/useSearchAddress.ts";
import { useResultCards } from "../components/search/useResultCards.ts";
import { useMapFrame } from "../components/search/useMapFrame.ts";
import { usePanelSlide } from "../components/search/usePanelSlide.ts";
import { useListOrMap } from "../components/search/useListOrMap.ts";
import { usePopups } from "../components/popups/PopupContext.tsx";
import { QuoteRequestDialog } from "../components/quote/QuoteRequestDialog.tsx";
import { SaveSearchButton, SaveSearchNotice, useCanSaveSearch, type SavedNotice, type SearchToSave } from "../components/search/SaveSearch.tsx";
import { FormMessage } from "../components/ui/fields.tsx";
import { buttonClass } from "../components/ui/styles.ts";

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
 * and hydrate before the page responds); each "show more" adds MORE_CARDS (ResultList).
 */
const FIRST_PAGE = 10;

// The URL is read with the JSON twin's schema (searchQuery) by searchPage, which reports what does
// not pass to the filter form rather than failing the page.
export const loader = pageLoader({ access: "public" }, async ({ actor, request, url, info, locale, services }) => {
  const editing = url.searchParams.has("edit");
  const asked = url.searchParams.has("location") || url.searchParams.has("lat");
  const data = await searchPage(
    {
      db: services.db,
      geocoder: geocoderFor(services),
      log: services.log,
      beforeZoneRead: zoneReadGuard(services.db, services.config.searchZoneReadsPerIp, info.ip),
      metrics: services.metrics,
      searchIndex: services.searchIndex,
    },
    actor,
    { query: queryToObject(url), run: asked },
    locale,
  );
  countSearchAppearances(services, request, info, data.result);
  return { ...data, result: data.result && firstCards(data.result), editing, mapStyleUrl: services.config.mapStyleUrl };
});

/**
 * The answer as the page receives it: each list's first FIRST_PAGE cards, and the ids of all its
 * cards in order, whose next cards "show more" asks for (GET /api/warehouses/search/cards with
 * counted=1: this answer counted them as search appearances already). The page's HTML carries
 * 20 cards of data instead of up to 200, which a phone parses and decodes before it responds.
 */
function firstCards(result: SearchResponse): SearchPageResult {
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

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const where = loaderData?.result?.location;
  const title = where ? m.search_meta_title_at({ a: prepositionA(where), location: where }) : m.search_meta_title();
  const head = { title: m.page_title({ title }), description: m.search_meta_description() };
  const root = rootMatchData(matches);
  if (!root) return [{ title: head.title }, { name: "description", content: head.description }];
  // A place's search is a page of its own ("warehouses near Milan"); the other filters are not.
  const path = where ? paths.stocks(root.locale, where).slice(`/${root.locale}`.length) : "/stocks";
  return publicPageMeta({ origin: root.origin, locale: root.locale, path, ...head });
}

export default function Stocks({ loaderData }: Route.ComponentProps) {
  const data = loaderData as LoaderData;
  const locale = useLocale();
  const user = useCurrentUser();
  const { openRegister } = usePopups();
  const location = useLocation();
  const navigate = useNavigate();
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
  const panel = usePanelSlide(panelOpen);
  const initial = useMemo(() => formValuesFromParams(new URLSearchParams(location.search)), [location.search]);
  const [liveValues, setLiveValues] = useState<SearchFormValues>(initial);
  useEffect(() => setLiveValues(initial), [initial]);
  const { selection, selectedIds, compareHref } = useResultSelection(result, locale);
  const [quoteOpen, setQuoteOpen] = useState(false);
  const favourites = useFavourites(data.favouriteIds);
  // The list card or map pin under the pointer or the focus: the other one stands out.
  const [hovered, setHovered] = useState<number | null>(null);
  // The map was moved away from the search's frame: "search this area" is offered.
  const [moved, setMoved] = useState<MovedView | null>(null);
  const { view, toggleView } = useListOrMap();
  const { path, hrefWith, editHref, pending } = useSearchAddress();
  const filters = useMemo(() => cardFilterQuery(initial), [initial]);
  const cards = useResultCards(result, filters);
  const asked: AskedSpace = useMemo(() => ({ m2_type: initial.m2_type, quantity: initial.m2_value ? parseNumber(initial.m2_value) : null }), [initial]);
  const frame = useMapFrame(result);

  const serverErrors = useMemo(() => {
    if (errors) return errors;
    if (result?.error === "location_not_found") return { location: "not_found" };
    return null;
  }, [errors, result]);

  const search = (values: SearchFormValues) => navigate(`${path}?${paramsFromFormValues(values)}`);

  const claim = (id: number) => openRegister({ role: "stocker", step: "form", warehouseId: id });

  // The recap of the quote request: the search as the address holds it.
  const { quoteSearch, recap, services } = searchRecap(liveValues, groups, result);
  // What "Save search" keeps (decision 038): the search that was run (the address's filters, the
  // centre and radius searched), for a visitor or a stock hunter; its notice lasts until the next search.
  const canSave = useCanSaveSearch();
  const toSave = useMemo((): SearchToSave | null => {
    if (!canSave || !result || result.error || result.lat === null || result.lng === null) return null;
    return { ...searchRecap(initial, groups, result).quoteSearch, lat: result.lat, lng: result.lng, radius: result.radius };
  }, [canSave, initial, groups, result]);
  const [savedNotice, setSavedNotice] = useState<SavedNotice | null>(null);
  useEffect(() => setSavedNotice(null), [initial]);
  // The heading says the dates and the space when it counts by them; the line under it the rest.
  const recapLine = freeSpacePhrase(initial) ? services : recap;

  const cardProps = (w: SearchPageResult["warehouses"][number]) => ({
    w,
    locale,
    user,
    selected: selection.has(w.id),
    selectionFull: selection.full,
    onToggle: selection.toggle,
    onClaim: claim,
    asked,
    favourite: favourites.has(w.id),
    favouritePending: favourites.pending,
    favouriteFailure: favourites.failureFor,
    onToggleFavourite: favourites.toggle,
  });
  // The search without one of its criteria (the empty list's offer).
  const relaxHref = (criterion: "dates" | "quantity" | "specifications") =>
    hrefWith(
      criterion === "dates"
        ? { start_date: null, end_date: null }
        : criterion === "quantity"
          ? { m2_value: null }
          : Object.fromEntries(
              SPEC_GROUPS.flatMap((g) => [
                [g, null],
                [`${g}[]`, null],
              ]),
            ),
    );
  // Above the anonymised warehouses, which every order puts after the redeemed (decision 034).
  const unredeemedLine = (count: number) =>
    count > 0 ? (
      <p className="border-t border-slate-200 pt-3 text-sm font-medium text-slate-700">
        {count === 1 ? m.search_unredeemed_line_one() : m.search_unredeemed_line({ count: formatNumber(count) })}
      </p>
    ) : undefined;
  const renderCard = (w: SearchPageResult["warehouses"][number], index: number) => (
    <ResultCard key={w.id} {...cardProps(w)} highlighted={hovered === w.id} onHover={setHovered} eager={index < 3} />
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
            <button
              type="button"
              onClick={() => navigate(location.pathname + location.search, { replace: true, preventScrollReset: true })}
              disabled={pending}
              className={buttonClass("secondary", "sm")}
            >
              {m.search_retry()}
            </button>
          </div>
        )}

        {hasResults && result && (
          <SearchSummary
            result={result}
            values={initial}
            recap={recapLine}
            editing={editing}
            editHref={editHref}
            closeHref={hrefWith({})}
            onEditIntent={() => void loadFilterPanel()}
            actions={toSave && !editing ? <SaveSearchButton search={toSave} onSaved={setSavedNotice} /> : null}
          />
        )}
        {savedNotice && <SaveSearchNotice notice={savedNotice} />}

        {/* The filter panel slides away after a search; the edit link brings it back above the results. */}
        <div
          className={`grid transition-all duration-500 ease-out motion-reduce:transition-none ${panelOpen ? "grid-rows-[1fr] opacity-100" : "pointer-events-none -translate-y-4 grid-rows-[0fr] opacity-0"}`}
          aria-hidden={!panelOpen || undefined}
          inert={!panelOpen || undefined}
          data-testid="filter-panel"
          data-open={panelOpen}
        >
          <div className={panel.settled ? "overflow-visible" : "overflow-hidden"}>
            <div className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              {panel.rendered && (
                <FilterPanel
                  action={path}
                  initial={initial}
                  groups={groups}
                  serverErrors={serverErrors}
                  onSearch={search}
                  onSpecsChange={setLiveValues}
                  searching={pending}
                />
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
            {pending && (
              <div
                className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-500 motion-reduce:animate-none"
                aria-hidden="true"
                data-testid="search-progress"
              />
            )}
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
                {result.total_warehouses + result.total_other_warehouses > 0 && <SortSelect answered={result.sort} />}
                <ResultList
                  title={m.search_found_title()}
                  titleHidden={result.total_warehouses + result.total_other_warehouses === 0 && !pending}
                  testId="found-list"
                  items={result.warehouses}
                  ids={result.warehouse_ids}
                  total={result.total_warehouses}
                  empty={
                    <NothingFound result={result} editHref={editHref} widerHref={(radius) => hrefWith({ radius: String(radius) })} relaxHref={relaxHref} />
                  }
                  unredeemedLine={unredeemedLine(result.unredeemed_warehouses)}
                  pending={pending}
                  render={renderCard}
                  loadCards={cards.loadCards}
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
                    unredeemedLine={unredeemedLine(result.unredeemed_other_warehouses)}
                    pending={pending}
                    render={renderCard}
                    loadCards={cards.loadCards}
                  />
                )}
              </div>
              <div className={`min-w-0 ${view === "map" ? "" : "max-lg:hidden"}`}>
                {/* Edge to edge on a phone, as a map app shows it; on a wide screen it ends above the
                    selection bar, which would cover its bottom edge and the notes drawn there, both
                    below the page's heading and stuck under the header once scrolled. */}
                <div className="relative h-[calc(100dvh-11rem)] max-sm:-mx-4 lg:sticky lg:top-24 lg:h-[calc(100dvh-14rem)]">
                  <Suspense
                    fallback={
                      <div
                        className="h-full min-h-72 w-full rounded-2xl border border-slate-200 bg-[#e8edf3] max-sm:rounded-none max-sm:border-x-0"
                        aria-hidden="true"
                      />
                    }
                  >
                    <SearchMap
                      mapQuery={frame.mapQuery}
                      bounds={frame.bounds}
                      area={frame.area}
                      styleUrl={data.mapStyleUrl}
                      selectedIds={selectedIds}
                      highlightedId={hovered}
                      onHover={setHovered}
                      onViewMoved={setMoved}
                      renderCard={(marker: MapMarker) => (
                        <MapCard
                          marker={marker}
                          known={cards.byId.get(marker.id)}
                          centre={frame.area}
                          counted={cards.answerIds.has(marker.id)}
                          filters={filters}
                          onLoaded={cards.rememberCard}
                        >
                          {(w) => <MarkerCard {...cardProps(w)} />}
                        </MapCard>
                      )}
                    />
                  </Suspense>
                  {moved && !pending && <SearchThisArea moved={moved} hrefWith={hrefWith} />}
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

            <SelectionBar selection={selection} compareHref={compareHref} compareReason={m.search_compare_hint()} onQuote={() => setQuoteOpen(true)} />
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
