// /{locale}/warehouses/{id}: the public sheet of a redeemed (claimed and subscribed), approved,
// active warehouse. Anything else answers 404: an anonymised warehouse has no public sheet.
import { useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/warehouse-sheet";
import { pageLoader } from "../server/http/page.ts";
import { idPathParams } from "../schemas/common.ts";
import { getWarehouseSheet } from "../server/warehouses/warehouses.service.ts";
import { countSheetView } from "../server/stats/count-views.ts";
import { absoluteUrl, breadcrumbs, publicPageMeta, SITE_NAME } from "../lib/seo.ts";
import { warehouseJsonLd } from "../lib/structured-data.ts";
import type { WarehouseSheet } from "../server/warehouses/warehouses.service.ts";
import { m } from "../paraglide/messages.js";
import { formatArea, formatNumber } from "../lib/format.ts";
import { prepositionA } from "../lib/italian.ts";
import { paths, searchBackPath } from "../lib/paths.ts";
import { useLocale } from "../lib/root-data.ts";
import { buttonClass, standaloneLinkClass } from "../components/ui/styles.ts";
import { HubBadge } from "../components/warehouse/HubBadge.tsx";
import { OpeningStatus, weekdayName } from "../components/warehouse/OpeningStatus.tsx";
import { Gallery } from "../components/warehouse/Gallery.tsx";
import { SpecificationGroups } from "../components/warehouse/SpecificationGroups.tsx";
import { SheetMap } from "../components/warehouse/SheetMap.tsx";
import { RatingBreakdown, RATINGS_ANCHOR } from "../components/warehouse/RatingBreakdown.tsx";
import { RatingSummary, ratingOf } from "../components/warehouse/RatingSummary.tsx";
import { AnswerFacts, VerifiedBadge } from "../components/warehouse/TrustFacts.tsx";
import { QuoteRequestDialog } from "../components/quote/QuoteRequestDialog.tsx";
import { HydrateLater } from "../components/ui/HydrateLater.tsx";
import { FreeSpaces } from "../components/warehouse/FreeSpaces.tsx";
import { FavouriteToggle, useFavourite } from "../components/warehouse/FavouriteToggle.tsx";

// A sheet that is not public answers the same 404 as no such id (the service's NotFoundError).
export const loader = pageLoader({ access: "public", params: idPathParams }, async ({ actor, params, request, info, locale, services }) => {
  const sheet = await getWarehouseSheet(services.db, actor, params.id, { locale });
  await countSheetView(services, request, info, actor, sheet.id);
  return { sheet, mapStyleUrl: services.config.mapStyleUrl, origin: services.config.origin };
});

/** One sentence for search engines and link previews. */
function description(sheet: WarehouseSheet): string {
  const facts: string[] = [];
  if (sheet.total_m2) facts.push(m.sheet_meta_fact_total({ total: formatArea(sheet.total_m2) }));
  if (sheet.height) facts.push(m.sheet_meta_fact_height({ height: formatNumber(sheet.height) }));
  if (sheet.bays_number) facts.push(m.sheet_meta_fact_bays({ bays: formatNumber(sheet.bays_number) }));
  const place = m.sheet_meta_place({ name: sheet.name, address: sheet.address, a: prepositionA(sheet.city), city: sheet.city, province: sheet.province });
  const factText = facts.join(", ");
  return [place, factText ? `${factText.charAt(0).toUpperCase()}${factText.slice(1)}.` : "", m.sheet_meta_cta()].filter(Boolean).join(" ");
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [{ title: m.page_title({ title: m.error_not_found() }) }, { name: "robots", content: "noindex" }];
  const { sheet, origin } = loaderData;
  const locale = params.locale === "en" ? "en" : "it";
  // The city helps a shared link, unless the name already says it.
  const named = sheet.name.toLowerCase().includes(sheet.city.toLowerCase()) ? sheet.name : `${sheet.name} – ${sheet.city}`;
  const text = description(sheet);
  const url = `${origin}/${locale}/warehouses/${sheet.id}`;
  const images = sheet.imgs.map((img) => absoluteUrl(origin, img.src));
  return publicPageMeta({
    origin,
    locale,
    path: `/warehouses/${sheet.id}`,
    title: m.page_title({ title: named }),
    description: text,
    image: images[0] ? { url: images[0], alt: sheet.name } : null,
    structuredData: [
      warehouseJsonLd(sheet, { url, description: text, images }),
      breadcrumbs([
        { name: SITE_NAME, url: `${origin}/${locale}` },
        { name: m.search_meta_title_at({ a: prepositionA(sheet.city), location: sheet.city }), url: `${origin}${paths.stocks(locale, sheet.city)}` },
        { name: sheet.name, url },
      ]),
    ],
  });
}

function PinIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={className} fill="currentColor">
      <path d="M10 1.5a6 6 0 00-6 6c0 4.3 6 11 6 11s6-6.7 6-11a6 6 0 00-6-6zm0 8.2a2.2 2.2 0 110-4.4 2.2 2.2 0 010 4.4z" />
    </svg>
  );
}

function GlobeIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6">
      <circle cx="10" cy="10" r="7.5" />
      <path d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15" />
    </svg>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    // The figure sits at the box's bottom: in a row where one label takes two lines, the numbers stay level.
    <div className="flex flex-col rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm" data-testid={testId}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-auto pt-1 text-lg font-semibold text-slate-900">{value || "—"}</dd>
    </div>
  );
}

function Schedule({ schedule }: { schedule: NonNullable<WarehouseSheet["schedule"]> }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{m.sheet_hours_title()}</h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {schedule.map((day) => (
          <div key={day.day} className="flex justify-between py-1.5">
            <dt className="text-slate-600">{weekdayName(day.day)}</dt>
            <dd className={day.open ? "font-medium text-slate-900 tabular-nums" : "text-slate-500"}>
              {day.allDay ? m.sheet_hours_all_day() : day.open ? `${day.open}–${day.close}` : m.sheet_hours_closed()}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const subscribeToNothing = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/**
 * "← Warehouses near {city}", or "← Back to the results" when the sheet was opened from a search's
 * results, to those results. The history entry's state is the browser's alone, so the server and
 * the hydrating render draw the city's search and the render after hydration (or a navigation in
 * the page) the results': a component of its own, so that second render is this link's alone,
 * not the whole sheet's.
 */
function BackToSearch({ city }: { city: string }) {
  const locale = useLocale();
  const { state } = useLocation();
  const inBrowser = useSyncExternalStore(subscribeToNothing, isBrowser, isServer);
  const backToSearch = inBrowser ? searchBackPath(state, locale) : null;
  return (
    <Link
      to={backToSearch ?? paths.stocks(locale, city)}
      className={`${standaloneLinkClass} gap-1 text-sm font-medium text-brand-700 hover:underline`}
      data-testid="sheet-back"
    >
      <span aria-hidden="true">←</span> {backToSearch ? m.sheet_back_to_results() : m.sheet_back_to_search({ a: prepositionA(city), city })}
    </Link>
  );
}

export default function WarehouseSheetPage({ loaderData }: Route.ComponentProps) {
  const { sheet, mapStyleUrl } = loaderData;
  const [quoteOpen, setQuoteOpen] = useState(false);
  const fullAddress = `${sheet.address}, ${sheet.cap} ${sheet.city} (${sheet.province})`;
  const openQuote = () => setQuoteOpen(true);
  // A stock hunter keeps the warehouse among favourites from here too (null: not a hunter).
  const favourite = useFavourite(sheet.id, sheet.favourite);
  const rating = ratingOf(sheet);

  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-10" data-testid="warehouse-sheet" data-warehouse-id={sheet.id}>
      {sheet.manage_url && (
        <p
          className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl bg-brand-50 px-4 py-2.5 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset"
          data-testid="sheet-yours"
        >
          <span>{m.sheet_yours()}</span>
          <Link to={sheet.manage_url} className="font-semibold underline underline-offset-2">
            {m.sheet_yours_manage()}
          </Link>
        </p>
      )}
      <BackToSearch city={sheet.city} />

      <header className="mt-4 flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{sheet.name}</h1>
            {sheet.is_hub && <HubBadge />}
            {sheet.verified && <VerifiedBadge />}
          </div>
          <p className="mt-2 flex items-start gap-1.5 text-slate-700">
            <PinIcon className="mt-1 h-4 w-4 shrink-0 text-slate-400" />
            <span>{fullAddress}</span>
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
            <OpeningStatus status={sheet.opening} />
            {rating && (
              <a href={`#${RATINGS_ANCHOR}`} className={`${standaloneLinkClass} rounded hover:underline`} data-testid="sheet-rating-link">
                <RatingSummary rating={rating} />
              </a>
            )}
            <AnswerFacts trust={sheet} className="text-sm" layout="inline" />
            {sheet.website && (
              <a
                href={sheet.website.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={`${standaloneLinkClass} gap-1.5 text-sm font-medium text-brand-700 hover:underline`}
              >
                <GlobeIcon />
                {sheet.website.label}
                <span className="sr-only"> {m.opens_new_tab()}</span>
              </a>
            )}
          </div>
        </div>
        {/* Plain buttons: React Aria is not loaded for them alone (the JavaScript budget). */}
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          {favourite.favourite !== null && (
            <FavouriteToggle
              labelled
              favourite={favourite.favourite}
              pending={favourite.pending}
              failure={favourite.failure}
              onToggle={() => void favourite.toggle()}
              testId="sheet-favourite"
            />
          )}
          <button type="button" onClick={openQuote} className={buttonClass("primary", "lg", "max-lg:hidden")}>
            {m.sheet_request_quote()}
          </button>
        </div>
      </header>

      <div className="mt-6">
        <Gallery images={sheet.imgs} name={sheet.name} />
      </div>

      {/* Below the first screen: hydrated after the header and the gallery, in slices. */}
      <HydrateLater>
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-3">
          <div className="min-w-0 space-y-8 lg:col-span-2">
            <FreeSpaces spaces={sheet.spaces} />

            <section aria-labelledby="sheet-spaces">
              <h2 id="sheet-spaces" className="text-xl font-semibold text-slate-900">
                {m.sheet_spaces_title()}
              </h2>
              <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
                <Figure testId="figure-total" label={m.sheet_total_m2()} value={formatArea(sheet.total_m2)} />
                <Figure testId="figure-internal" label={m.sheet_internal_m2()} value={formatArea(sheet.m2)} />
                <Figure testId="figure-external" label={m.sheet_external_m2()} value={formatArea(sheet.m2_external)} />
                <Figure testId="figure-office" label={m.sheet_office_m2()} value={formatArea(sheet.m2_office)} />
                <Figure testId="figure-height" label={m.sheet_height()} value={sheet.height != null ? `${formatNumber(sheet.height)} m` : ""} />
                <Figure testId="figure-bays" label={m.sheet_bays()} value={formatNumber(sheet.bays_number)} />
              </dl>
            </section>

            <section aria-labelledby="sheet-specs">
              <h2 id="sheet-specs" className="mb-4 text-xl font-semibold text-slate-900">
                {m.sheet_specs_title()}
              </h2>
              <SpecificationGroups groups={sheet.specifications} />
            </section>
          </div>

          <aside className="min-w-0 space-y-6">
            <SheetMap lat={sheet.lat} lng={sheet.lng} styleUrl={mapStyleUrl} label={fullAddress} />
            {sheet.schedule && <Schedule schedule={sheet.schedule} />}
            <RatingBreakdown rating={rating} criteria={sheet.rating_criteria} />
            <section className="rounded-2xl bg-brand-900 p-5 text-white shadow-sm">
              <h2 className="text-lg font-semibold">{m.sheet_cta_title()}</h2>
              <p className="mt-1 text-sm text-brand-100">{m.sheet_cta_text()}</p>
              <button type="button" onClick={openQuote} className={buttonClass("light", "md", "mt-4 w-full")}>
                {m.sheet_request_quote()}
              </button>
            </section>
          </aside>
        </div>
      </HydrateLater>

      {/* On a phone the request stays at hand while the visitor reads the sheet. */}
      <div
        className="sticky bottom-0 z-30 -mx-4 mt-8 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
        data-testid="sheet-quote-bar"
      >
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-[13px] leading-tight font-semibold text-slate-900">{sheet.name}</p>
          {sheet.total_m2 != null && <p className="text-xs text-slate-600">{formatArea(sheet.total_m2)}</p>}
        </div>
        <button type="button" onClick={openQuote} className={buttonClass("primary", "md", "min-h-11 shrink-0")} data-testid="sheet-quote-open">
          {m.sheet_request_quote()}
        </button>
      </div>

      <QuoteRequestDialog
        isOpen={quoteOpen}
        onClose={() => setQuoteOpen(false)}
        source="sheet"
        warehouses={[{ id: sheet.id, name: sheet.name, city: sheet.city, address: sheet.address }]}
        // The radius is the popup's default (QUOTE_DEFAULT_RADIUS): the schema's module stays out of the page.
        search={{ location: sheet.city, lat: sheet.lat, lng: sheet.lng }}
      />
    </article>
  );
}
