// /{locale}/compare?wids=id1,id2,…[&diff=1]: the chosen redeemed warehouses side by side, as a
// table (components/compare/CompareTable.tsx): a column per warehouse, aligned rows, the highest
// value of each numeric row marked, "only differences" (diff=1) and a remove link per warehouse,
// both plain links so they work before hydration. Ids that are not redeemed, not listed or not
// known are left out with a notice; with fewer than 2 left the page says how to add some. One
// quote request reaches every compared warehouse (the quote popup of the search page).
import { useState } from "react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/compare";
import { pageLoader } from "../server/http/page.ts";
import { compareWarehouses, parseCompareIds } from "../server/warehouses/warehouses.service.ts";
import { m } from "../paraglide/messages.js";
import { compareHref, type CompareWarehouse } from "../lib/compare.ts";
import { prepositionA } from "../lib/italian.ts";
import type { Locale } from "../lib/locale.ts";
import { paths } from "../lib/paths.ts";
import { useLocale } from "../lib/root-data.ts";
import { buttonClass } from "../components/ui/styles.ts";
import { CompareIcon } from "../components/ui/icons.tsx";
import { BestMark, CompareTable, sheetHref } from "../components/compare/CompareTable.tsx";
import { QuoteRequestDialog } from "../components/quote/QuoteRequestDialog.tsx";

export const loader = pageLoader({ access: "public" }, async ({ actor, url, locale, services }) => {
  const ids = parseCompareIds(url.searchParams.get("wids"));
  const result = await compareWarehouses(services.db, actor, ids, { locale });
  return { ...result, onlyDifferences: url.searchParams.get("diff") === "1" };
});

export function meta({ loaderData }: Route.MetaArgs) {
  const count = loaderData?.warehouses.length ?? 0;
  const title = count >= 2 ? m.compare_title_count({ count }) : m.compare_title();
  return [{ title: m.page_title({ title }) }, { name: "description", content: m.compare_meta_description() }, { name: "robots", content: "noindex" }];
}

/** The two views of the table as links (aria-current marks the one shown). */
function ViewSwitch({ locale, ids, onlyDifferences }: { locale: Locale; ids: number[]; onlyDifferences: boolean }) {
  const option = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-lg px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-9 ${
      active ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200" : "text-slate-600 hover:text-slate-900"
    }`;
  return (
    <div role="group" aria-label={m.compare_view_label()} className="inline-flex rounded-xl bg-slate-100 p-1" data-testid="compare-view">
      <Link to={compareHref(locale, ids)} replace preventScrollReset aria-current={onlyDifferences ? undefined : "true"} className={option(!onlyDifferences)}>
        {m.compare_view_all()}
      </Link>
      <Link
        to={compareHref(locale, ids, { onlyDifferences: true })}
        replace
        preventScrollReset
        aria-current={onlyDifferences ? "true" : undefined}
        className={option(onlyDifferences)}
        data-testid="compare-only-differences"
      >
        {m.compare_view_diff()}
      </Link>
    </div>
  );
}

/** Fewer than two warehouses to compare: what to do next. */
function TooFew({ locale, left }: { locale: Locale; left: CompareWarehouse | undefined }) {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="compare-too-few">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <CompareIcon className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{m.compare_too_few_title()}</h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-600">{left ? m.compare_one_left_text({ name: left.name }) : m.compare_too_few_text()}</p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Link to={paths.stocks(locale, left?.city)} className={buttonClass("primary", "lg")}>
          {left ? m.compare_search_near({ a: prepositionA(left.city), city: left.city }) : m.compare_go_search()}
        </Link>
        {left && (
          <Link to={sheetHref(locale, left.id)} className={buttonClass("secondary", "lg")}>
            {m.compare_open_sheet()}
          </Link>
        )}
      </div>
    </div>
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { warehouses, missing, specification_groups, quote_area, onlyDifferences } = loaderData;
  const locale = useLocale();
  const navigation = useNavigation();
  const [quoteOpen, setQuoteOpen] = useState(false);
  // A remove or a change of view reloads this page's data: the table dims until it arrives.
  const updating = navigation.state === "loading" && navigation.location.pathname === `/${locale}/compare`;
  const ids = warehouses.map((w) => w.id);
  const enough = warehouses.length >= 2;
  const count = warehouses.length;
  const openQuote = () => setQuoteOpen(true);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <Link to={paths.stocks(locale)} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline sm:min-h-0">
        <span aria-hidden="true">←</span> {m.compare_add_more()}
      </Link>

      <header className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{m.compare_title()}</h1>
          <p className="mt-1.5 text-slate-600">{enough ? m.compare_heading_count({ count }) : m.compare_intro()}</p>
        </div>
        {enough && (
          // On a phone the request is the bar at the bottom of the screen instead.
          <div className="hidden shrink-0 sm:block">
            <button type="button" onClick={openQuote} className={buttonClass("primary", "lg")} data-testid="compare-quote">
              {m.compare_quote_all({ count })}
            </button>
          </div>
        )}
      </header>

      {missing.length > 0 && (
        <div className="mt-5" data-testid="compare-missing">
          {/* Not FormMessage: ui/fields.tsx would bring React Aria into this page (the JavaScript budget). */}
          <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2.5 text-sm text-brand-900">
            {m.compare_missing({ count: missing.length })}
          </p>
        </div>
      )}

      {enough ? (
        <>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <ViewSwitch locale={locale} ids={ids} onlyDifferences={onlyDifferences} />
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <BestMark />
              <span aria-hidden="true">{m.compare_legend_best()}</span>
            </p>
          </div>
          <div className={`mt-4 transition-opacity ${updating ? "opacity-50" : ""}`} aria-busy={updating || undefined} data-testid="compare-frame">
            <CompareTable
              locale={locale}
              warehouses={warehouses}
              specificationGroups={specification_groups}
              onlyDifferences={onlyDifferences}
              removeHref={(id) =>
                compareHref(
                  locale,
                  ids.filter((other) => other !== id),
                  { onlyDifferences },
                )
              }
            />
          </div>
          <section
            className="mt-8 hidden flex-col gap-4 rounded-2xl bg-brand-900 p-6 text-white shadow-sm sm:flex sm:flex-row sm:items-center sm:justify-between"
            aria-labelledby="compare-cta"
          >
            <div>
              <h2 id="compare-cta" className="text-lg font-semibold">
                {m.compare_quote_cta_title()}
              </h2>
              <p className="mt-1 text-sm text-brand-100">{m.compare_quote_cta_text({ count })}</p>
            </div>
            <button type="button" onClick={openQuote} className={buttonClass("light", "lg", "w-full shrink-0 sm:w-auto")}>
              {m.compare_quote_all({ count })}
            </button>
          </section>
          {/* On a phone the request stays at hand below the table while it is read (it settles at the page's end). */}
          <div className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:hidden">
            <button type="button" onClick={openQuote} className={buttonClass("primary", "lg", "w-full")} data-testid="compare-quote-mobile">
              {m.compare_quote_all({ count })}
            </button>
          </div>
        </>
      ) : (
        <TooFew locale={locale} left={warehouses[0]} />
      )}

      {enough && quote_area && (
        <QuoteRequestDialog
          isOpen={quoteOpen}
          onClose={() => setQuoteOpen(false)}
          source="search"
          warehouses={warehouses.map((w) => ({ id: w.id, name: w.name, city: w.city, address: w.address }))}
          search={{ location: quote_area.location, radius: quote_area.radius, lat: quote_area.lat, lng: quote_area.lng }}
        />
      )}
    </div>
  );
}
