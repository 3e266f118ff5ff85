// /{locale}/stocks: the map search. The filters live in the address (?location=…&radius=…
// &service=1&service=2…), so a search can be shared, reloaded and gone back to; the server
// renders the results. After a search the filter panel slides away and the found list, the
// same-zone list and the map show; the edit link (?…&edit=1) brings the filters back.
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/stocks";
import { actorContext, localeContext, requestInfoContext, servicesContext } from "../server/context.ts";
import { queryToObject } from "../server/http/input.ts";
import { pageWork } from "../server/http/respond.ts";
import { geocoderFor } from "../server/geo/geocoder.service.ts";
import { searchPage, zoneReadGuard, type SearchPageData } from "../server/search/search.service.ts";
import { countSearchAppearances } from "../server/stats/count-views.ts";
import type { SearchResultWarehouse } from "../lib/search-results.ts";
import { m } from "../paraglide/messages.js";
import { formatArea, formatDate, formatNumber } from "../lib/format.ts";
import { getJson, postJson } from "../lib/api-client.ts";
import { useCurrentUser, useLocale } from "../lib/root-data.ts";
import { formValuesFromParams, paramsFromFormValues, SPEC_GROUPS, DEFAULT_RADIUS_KM, SEARCH_LIST_LIMIT, type SearchFormValues } from "../schemas/search.ts";
import { FilterPanel } from "../components/search/FilterPanel.tsx";
import { ResultCard, MarkerCard } from "../components/search/ResultCard.tsx";
import { SearchMap, type MapMarker } from "../components/search/SearchMap.tsx";
import { usePopups } from "../components/popups/PopupContext.tsx";
import { QuoteRequestDialog } from "../components/quote/QuoteRequestDialog.tsx";
import { FormMessage } from "../components/ui/fields.tsx";
import { buttonClass, linkClass } from "../components/ui/styles.ts";

/** Results rendered per list before "show more". */
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
    { query, run: asked && !editing },
    context.get(localeContext),
  );
  countSearchAppearances(services, request, context.get(requestInfoContext), data.result);
  return { ...data, editing, mapStyleUrl: services.config.mapStyleUrl };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

let lastData: LoaderData | null = null;

// A failed search call (network, server) is logged and the page stays as it was.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    const data = await serverLoader();
    lastData = data;
    return data;
  } catch (err) {
    console.error("search failed", err);
    if (!lastData) throw err;
    return { ...lastData, failed: true };
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const where = loaderData?.result?.location;
  const title = where ? m.search_meta_title_at({ location: where }) : m.search_meta_title();
  return [{ title: m.page_title({ title }) }, { name: "description", content: m.search_meta_description() }];
}

type Result = SearchResultWarehouse;

function useSelection(result: SearchPageData["result"]) {
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  // A new search starts a new selection.
  useEffect(() => {
    if (result) setSelected(new Set());
  }, [result]);
  const toggle = useCallback((id: number) => {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  return { selected, toggle, clear: () => setSelected(new Set()) };
}

function ResultList({
  title,
  testId,
  items,
  total,
  empty,
  render,
}: {
  title: string;
  testId: string;
  /** The nearest of the kind (the search answers at most SEARCH_LIST_LIMIT). */
  items: Result[];
  /** How many the whole zone holds. */
  total: number;
  empty: string;
  render: (w: Result) => React.ReactNode;
}) {
  const [shown, setShown] = useState(PAGE);
  useEffect(() => setShown(PAGE), [items]);
  return (
    <section aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="mb-3 flex items-baseline gap-2 text-lg font-semibold text-slate-900">
        {title}
        <span className="text-sm font-normal text-slate-500" data-testid={`${testId}-count`}>
          ({formatNumber(total)})
        </span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <>
          <ul className="space-y-3">{items.slice(0, shown).map(render)}</ul>
          {items.length > shown && (
            <button type="button" onClick={() => setShown((n) => n + PAGE)} className={buttonClass("secondary", "sm", "mt-3 w-full")} data-testid={`${testId}-more`}>
              {m.search_show_more({ count: formatNumber(Math.min(PAGE, items.length - shown)) })}
            </button>
          )}
          {items.length <= shown && total > items.length && (
            <p className="mt-3 text-center text-xs text-slate-500" data-testid={`${testId}-limited`}>
              {m.search_list_limited({ shown: formatNumber(items.length), total: formatNumber(total) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** A marker's card: from the lists when they hold the warehouse, else asked of the server once. */
function MapCard({
  marker,
  known,
  centre,
  onLoaded,
  children,
}: {
  marker: MapMarker;
  known: Result | undefined;
  centre: { lat: number; lng: number } | null;
  onLoaded: (w: Result) => void;
  children: (w: Result) => React.ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (known || !centre) return;
    let current = true;
    setFailed(false);
    getJson<{ warehouses?: Result[] }>("/api/warehouses/search/cards", { ids: String(marker.id), lat: centre.lat, lng: centre.lng }).then((res) => {
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
  }, [marker.id, known, centre, onLoaded]);
  if (known) return <>{children(known)}</>;
  return (
    <p className="w-56 py-1 text-sm text-slate-600" data-testid="marker-card-loading" role="status">
      {failed ? m.map_card_failed() : m.map_card_loading()}
    </p>
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
  const searched = !!result && !result.error && !editing;
  const initial = useMemo(() => formValuesFromParams(new URLSearchParams(location.search)), [location.search]);
  const [liveValues, setLiveValues] = useState<SearchFormValues>(initial);
  useEffect(() => setLiveValues(initial), [initial]);
  const { selected, toggle, clear } = useSelection(result);
  const [quoteOpen, setQuoteOpen] = useState(false);
  const [favourites, setFavourites] = useState<Set<number>>(() => new Set(data.favouriteIds));
  const [favouritePending, setFavouritePending] = useState(false);
  useEffect(() => setFavourites(new Set(data.favouriteIds)), [data.favouriteIds]);

  const path = `/${locale}/stocks`;
  const serverErrors = useMemo(() => {
    if (errors) return errors;
    if (result?.error === "location_not_found") return { location: "not_found" };
    return null;
  }, [errors, result]);

  const search = (values: SearchFormValues) => navigate(`${path}?${paramsFromFormValues(values)}`);
  const editParams = new URLSearchParams(location.search);
  editParams.set("edit", "1");
  const backParams = new URLSearchParams(location.search);
  backParams.delete("edit");

  // Cards opened on the map that the lists do not hold (fetched by MapCard).
  const [mapCards, setMapCards] = useState<Map<number, Result>>(() => new Map());
  useEffect(() => setMapCards(new Map()), [result]);
  const rememberCard = useCallback((w: Result) => setMapCards((cards) => new Map(cards).set(w.id, w)), []);
  const byId = useMemo(() => {
    const known = new Map(mapCards);
    for (const w of result ? [...result.warehouses, ...result.other_warehouses] : []) known.set(w.id, w);
    return known;
  }, [result, mapCards]);
  // The map asks for what lies in view with the search's filters, around the centre found.
  const mapQuery = useMemo(() => {
    if (!result || result.lat === null || result.lng === null) return null;
    const params = new URLSearchParams(location.search);
    params.delete("edit");
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

  const selectedWarehouses = [...selected].map((id) => byId.get(id)).filter((w): w is Result => !!w);
  const claimedSelected = selectedWarehouses.filter((w) => w.c_sub);
  const canCompare = claimedSelected.length >= 2;
  const compareHref = `/${locale}/compare?wids=${claimedSelected.map((w) => w.id).join(",")}`;

  const claim = (id: number) => openRegister({ role: "stocker", step: "form", warehouseId: id });

  async function toggleFavourite(id: number) {
    setFavouritePending(true);
    const res = await postJson<{ favourite_ids?: number[] }>(`/api/stock-hunter/warehouses/${id}/toggle-favourite`);
    setFavouritePending(false);
    if (res.ok && res.data.favourite_ids) setFavourites(new Set(res.data.favourite_ids));
    else console.error("favourite toggle failed", res.status, res.data.error);
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
    m2_value: liveValues.m2_value ? Number(liveValues.m2_value) : null,
    specification_ids: SPEC_GROUPS.flatMap((g) => liveValues[g]),
    specification_labels: specLabels,
  };

  const loading = navigation.state === "loading" && navigation.location?.pathname === path;

  return (
    <div className="bg-slate-50" data-testid="stocks-page" data-searched={searched}>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{m.search_title()}</h1>
            {!searched && <p className="mt-1 text-sm text-slate-600">{m.search_lead()}</p>}
          </div>
          {editing && result === null && location.search.includes("location") && (
            <Link to={`${path}?${backParams}`} className={linkClass}>
              {m.search_back_to_results()}
            </Link>
          )}
        </div>

        {failed && (
          <div className="mb-4" data-testid="search-failed">
            <FormMessage tone="error">{data.limited ? m.search_error_too_many() : m.search_error_failed()}</FormMessage>
          </div>
        )}

        {/* The filter panel slides away after a search; the edit link brings it back. */}
        <div
          className={`grid transition-all duration-500 ease-out motion-reduce:transition-none ${searched ? "pointer-events-none -translate-y-4 grid-rows-[0fr] opacity-0" : "grid-rows-[1fr] opacity-100"}`}
          aria-hidden={searched || undefined}
          inert={searched || undefined}
          data-testid="filter-panel"
          data-open={!searched}
        >
          <div className="overflow-hidden">
            <div className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <FilterPanel action={path} initial={initial} groups={groups} serverErrors={serverErrors} onSearch={search} onSpecsChange={setLiveValues} />
            </div>
          </div>
        </div>

        {searched && result && (
          <div className={`animate-[fadein_.4s_ease-out] ${loading ? "opacity-60" : ""}`} data-testid="search-results">
            <div className="mb-4 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-center md:justify-between">
              <div className="min-w-0">
                <p className="text-sm text-slate-600" data-testid="search-summary">
                  {m.search_summary({ count: formatNumber(result.total_warehouses), radius: formatNumber(result.radius), location: result.location ?? "" })}
                </p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {[
                    liveValues.start_date || liveValues.end_date ? `${formatDate(liveValues.start_date) || "…"} – ${formatDate(liveValues.end_date) || "…"}` : null,
                    liveValues.m2_value
                      ? liveValues.m2_type === "m2"
                        ? formatArea(liveValues.m2_value)
                        : m.search_pallets_count({ count: formatNumber(liveValues.m2_value) })
                      : null,
                    specLabels.length ? specLabels.join(", ") : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {result.truncated && (
                  <p className="mt-1 text-xs font-medium text-amber-800" data-testid="search-truncated">
                    {m.search_truncated({ count: formatNumber(SEARCH_LIST_LIMIT), total: formatNumber(result.total_warehouses + result.total_other_warehouses) })}
                  </p>
                )}
              </div>
              <Link to={`${path}?${editParams}`} className={buttonClass("secondary", "sm", "shrink-0")} data-testid="search-edit" preventScrollReset>
                {m.search_edit()}
              </Link>
            </div>

            <div className="sticky top-[4.25rem] z-20 mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-brand-950/95 px-4 py-3 text-white shadow-lg backdrop-blur" data-testid="selection-bar">
              <p className="text-sm" data-testid="selection-count">
                {m.search_selected_count({ count: String(selected.size) })}
              </p>
              <div className="ml-auto flex flex-wrap items-center gap-2">
                {selected.size > 0 && (
                  <button type="button" onClick={clear} className="text-xs text-brand-100 underline underline-offset-2 hover:text-white">
                    {m.search_clear_selection()}
                  </button>
                )}
                {canCompare ? (
                  <a href={compareHref} target="_blank" rel="noopener" className={buttonClass("light", "sm")} data-testid="compare-link">
                    {m.search_compare()}
                    <span className="sr-only"> {m.opens_new_tab()}</span>
                  </a>
                ) : (
                  <span
                    role="link"
                    aria-disabled="true"
                    title={m.search_compare_hint()}
                    className={buttonClass("light", "sm", "cursor-not-allowed opacity-50")}
                    data-testid="compare-link-disabled"
                  >
                    {m.search_compare()}
                  </span>
                )}
                <button type="button" disabled={selected.size === 0} onClick={() => setQuoteOpen(true)} className={buttonClass("primary", "sm", "bg-accent-500 hover:bg-accent-600")} data-testid="quote-open">
                  {m.search_request_quote()}
                </button>
              </div>
            </div>

            <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
              <div className="order-2 space-y-8 lg:order-1">
                <ResultList
                  title={m.search_found_title()}
                  testId="found-list"
                  items={result.warehouses}
                  total={result.total_warehouses}
                  empty={m.search_found_empty()}
                  render={(w) => <ResultCard key={w.id} w={w} locale={locale} user={user} selected={selected.has(w.id)} onToggle={toggle} onClaim={claim} />}
                />
                <ResultList
                  title={m.search_other_title()}
                  testId="other-list"
                  items={result.other_warehouses}
                  total={result.total_other_warehouses}
                  empty={m.search_other_empty()}
                  render={(w) => <ResultCard key={w.id} w={w} locale={locale} user={user} selected={selected.has(w.id)} onToggle={toggle} onClaim={claim} />}
                />
              </div>
              <div className="order-1 lg:order-2">
                <div className="h-80 sm:h-96 lg:sticky lg:top-36 lg:h-[calc(100vh-10rem)]">
                  <SearchMap
                    mapQuery={mapQuery}
                    bounds={bounds}
                    area={searchArea}
                    styleUrl={data.mapStyleUrl}
                    selectedIds={selected}
                    renderCard={(marker: MapMarker) => (
                      <MapCard marker={marker} known={byId.get(marker.id)} centre={searchArea} onLoaded={rememberCard}>
                        {(w) => (
                          <MarkerCard
                            w={w}
                            locale={locale}
                            user={user}
                            favourite={favourites.has(w.id)}
                            favouritePending={favouritePending}
                            onToggleFavourite={toggleFavourite}
                            selected={selected.has(w.id)}
                            onToggle={toggle}
                            onClaim={claim}
                          />
                        )}
                      </MapCard>
                    )}
                  />
                </div>
              </div>
            </div>
          </div>
        )}
      </div>

      <QuoteRequestDialog
        isOpen={quoteOpen}
        onClose={() => setQuoteOpen(false)}
        source="search"
        warehouses={selectedWarehouses.map((w) => ({ id: w.id, name: w.name, city: w.city, address: w.c_sub ? w.address : null }))}
        search={quoteSearch}
        onSent={() => clear()}
      />
    </div>
  );
}
