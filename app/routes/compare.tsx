// /{locale}/compare?wids=id1,id2,…: a card per redeemed warehouse (name, address, website,
// total space, first 4 specification values). Ids that are not redeemed, not listed or not
// known are left out with a notice; fewer than 2 cards → a message instead of a comparison.
import { Link } from "react-router";
import type { Route } from "./+types/compare";
import { actorContext, localeContext, servicesContext } from "../server/context.ts";
import { compareWarehouses, parseCompareIds, type CompareCard } from "../server/warehouses/warehouses.service.ts";
import { m } from "../paraglide/messages.js";
import { formatArea } from "../lib/format.ts";
import { paths } from "../lib/paths.ts";
import { useLocale } from "../lib/root-data.ts";
import { buttonClass } from "../components/ui/styles.ts";
import { FormMessage } from "../components/ui/fields.tsx";
import { HubBadge } from "../components/warehouse/HubBadge.tsx";
import { RatingSummary } from "../components/warehouse/RatingSummary.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ids = parseCompareIds(url.searchParams.get("wids"));
  const services = context.get(servicesContext);
  const result = await compareWarehouses(services.db, context.get(actorContext), ids, { locale: context.get(localeContext) });
  return { ...result, asked: ids.length };
}

export function meta({}: Route.MetaArgs) {
  return [{ title: m.page_title({ title: m.compare_title() }) }, { name: "description", content: m.compare_meta_description() }, { name: "robots", content: "noindex" }];
}

function CompareCardView({ card, locale }: { card: CompareCard; locale: "it" | "en" }) {
  return (
    <li className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="compare-card" data-warehouse-id={card.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{card.name}</h2>
        {card.is_hub && <HubBadge />}
      </div>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.compare_address()}</dt>
          <dd className="mt-0.5 text-slate-800">
            {card.address}, {card.cap} {card.city} ({card.province})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.compare_website()}</dt>
          <dd className="mt-0.5 truncate">
            {card.website ? (
              <a href={card.website.href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 hover:underline">
                {card.website.label}
                <span className="sr-only"> {m.opens_new_tab()}</span>
              </a>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.afb_rating_label()}</dt>
          <dd className="mt-0.5">{card.rating ? <RatingSummary rating={card.rating} /> : <span className="text-slate-500">—</span>}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.compare_total_m2()}</dt>
          <dd className="mt-0.5 text-xl font-semibold text-slate-900">{formatArea(card.total_m2) || "—"}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.compare_specifications()}</dt>
          <dd className="mt-1">
            {card.specifications.length ? (
              <ul className="space-y-1.5">
                {card.specifications.map((spec) => (
                  <li key={spec.id} className="flex items-start gap-2 text-slate-800">
                    <svg viewBox="0 0 16 16" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                      <path d="M3.5 8.5l3 3 6-7" />
                    </svg>
                    {spec.value}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-auto pt-5">
        <Link to={`/${locale}/warehouses/${card.id}`} className={buttonClass("secondary", "md", "w-full")}>
          {m.compare_open_sheet()}
        </Link>
      </div>
    </li>
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { warehouses, missing } = loaderData;
  const locale = useLocale();
  const enough = warehouses.length >= 2;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{m.compare_title()}</h1>
      <p className="mt-2 text-slate-600">{m.compare_intro()}</p>

      {missing.length > 0 && (
        <div className="mt-5" data-testid="compare-missing">
          <FormMessage tone="info">{m.compare_missing({ count: missing.length })}</FormMessage>
        </div>
      )}

      {enough ? (
        <ul className={`mt-6 grid gap-5 sm:grid-cols-2 ${warehouses.length >= 3 ? "lg:grid-cols-3" : ""} ${warehouses.length >= 4 ? "xl:grid-cols-4" : ""}`}>
          {warehouses.map((card) => (
            <CompareCardView key={card.id} card={card} locale={locale} />
          ))}
        </ul>
      ) : (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="compare-too-few">
          <p className="text-lg font-semibold text-slate-900">{m.compare_too_few_title()}</p>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">{m.compare_too_few_text()}</p>
          <Link to={paths.stocks(locale)} className={buttonClass("primary", "lg", "mt-6")}>
            {m.compare_go_search()}
          </Link>
        </div>
      )}
    </div>
  );
}
