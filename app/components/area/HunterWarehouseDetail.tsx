// The stock hunter's page of one warehouse ({prefix}/warehouses/{id}): its card (anonymised
// unless redeemed; hub badge; the contact of a redeemed one; the hunters' average rating once
// it has reviews), a quote request to it (the sheet's popup, while it takes requests) and the
// history of the hunter's requests to it, coloured by state, with the review (once confirmed)
// and report links.
import { RatingSummary } from "../warehouse/RatingSummary.tsx";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, requestNumber } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import type { HunterWarehouseDetail as Detail } from "../../lib/area-requests.ts";
import { buttonClass, standaloneLinkClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { QuoteRequestDialog } from "../quote/QuoteRequestDialog.tsx";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { WarehouseIllustration } from "../warehouse/WarehouseIllustration.tsx";
import { LinkReviewed } from "./LinkReviewed.tsx";
import { RequestStateBadge, RequestStateLegend, STATE_STYLES } from "./RequestState.tsx";
import { WarehouseSheetLink } from "./WarehouseSheetLink.tsx";
import { FavouriteDropped, FavouriteToggle, useFavourite } from "../warehouse/FavouriteToggle.tsx";
import { EmailText } from "../ui/EmailText.tsx";

export function HunterWarehouseDetail({ detail, base, asAdmin }: { detail: Detail; base: string; asAdmin: boolean }) {
  const { warehouse: w, requests } = detail;
  const paths = areaPaths(base);
  const place = [w.address, [w.cap, w.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  // The hunter asks this warehouse for a quote from here, as from its sheet (an administrator
  // looking at the hunter's area does not write in the hunter's name).
  const canRequest = !asAdmin && w.quote_position !== null;
  const [quoteOpen, setQuoteOpen] = useState(false);
  const revalidator = useRevalidator();
  // The hunter keeps or drops it among favourites from here, as from its sheet (an anonymised
  // one can be dropped, not chosen again); an administrator sees the state only.
  const { favourite, pending: favouritePending, failure: favouriteFailure, toggle: toggleFavourite } = useFavourite(w.id, detail.favourite);
  const canToggleFavourite = !asAdmin && (favourite || w.redeemed);
  return (
    <div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={paths.messages} className="font-medium text-brand-700 hover:underline">
          ← {m.areq_back_to_requests()}
        </Link>
        {detail.favourite && (
          <Link to={paths.warehouses} className="font-medium text-brand-700 hover:underline">
            {m.area_nav_favourites()}
          </Link>
        )}
      </p>

      <section className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex" aria-labelledby="hunter-warehouse-title">
        <div className="aspect-[16/9] overflow-hidden bg-slate-100 sm:aspect-auto sm:w-64 sm:shrink-0">
          {w.img ? <img src={w.img} alt="" className="h-full w-full object-cover" /> : <WarehouseIllustration className="h-full w-full" />}
        </div>
        <div className="flex-1 space-y-3 p-5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="hunter-warehouse-title" className="text-2xl font-bold tracking-tight text-slate-900">
              {w.name}
            </h1>
            {w.is_hub && <HubBadge />}
            {!canToggleFavourite && favourite && (
              <span className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-semibold text-rose-800 ring-1 ring-rose-200 ring-inset">
                {m.areq_favourite()}
              </span>
            )}
          </div>
          {canToggleFavourite ? (
            <FavouriteToggle
              labelled
              favourite={favourite}
              pending={favouritePending}
              failure={favouriteFailure}
              onToggle={() => void toggleFavourite()}
              testId="hunter-warehouse-favourite"
            />
          ) : (
            !asAdmin && detail.favourite && !favourite && <FavouriteDropped testId="hunter-warehouse-favourite-dropped" />
          )}
          <p className="text-slate-700">{`${place} (${w.province})`}</p>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {w.total_m2 ? (
              <div>
                <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.areq_total_m2()}</dt>
                <dd className="mt-0.5 text-slate-900">{formatArea(w.total_m2)}</dd>
              </div>
            ) : null}
            {w.rating && (
              <div>
                <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.areq_rating_label()}</dt>
                <dd className="mt-0.5 text-slate-900">
                  <RatingSummary rating={w.rating} />
                </dd>
              </div>
            )}
            <div className="sm:col-span-2">
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.areq_contact()}</dt>
              <dd className="mt-0.5 text-slate-900">
                {w.referent ? (
                  <>
                    {w.referent.name && <>{w.referent.name} · </>}
                    <a href={`mailto:${w.referent.email}`} className={standaloneTextLinkClass}>
                      <EmailText email={w.referent.email} />
                    </a>
                  </>
                ) : (
                  <span className="text-slate-600">{m.area_favourite_not_redeemed()}</span>
                )}
              </dd>
            </div>
          </dl>
          {(canRequest || w.detail_url) && (
            <div className="flex flex-wrap items-center gap-x-5 gap-y-3 pt-1 text-sm">
              {canRequest && (
                <button type="button" onClick={() => setQuoteOpen(true)} className={buttonClass("primary", "md")} data-testid="hunter-warehouse-quote">
                  {m.sheet_request_quote()}
                </button>
              )}
              {w.detail_url && <WarehouseSheetLink href={w.detail_url} />}
            </div>
          )}
        </div>
      </section>
      {canRequest && (
        <QuoteRequestDialog
          isOpen={quoteOpen}
          onClose={() => setQuoteOpen(false)}
          source="sheet"
          warehouses={[{ id: w.id, name: w.name, city: w.city, address: w.address }]}
          search={{ location: w.city, lat: w.quote_position!.lat, lng: w.quote_position!.lng }}
          // The new request joins the history below.
          onSent={() => void revalidator.revalidate()}
        />
      )}

      <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="hunter-history-title">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="hunter-history-title" className="text-lg font-semibold text-slate-900">
            {m.areq_history_title()}
          </h2>
          <RequestStateLegend />
        </div>
        {requests.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{m.areq_history_empty()}</p>
        ) : (
          <ul className="mt-4 space-y-2" data-testid="hunter-warehouse-history">
            {requests.map((r) => (
              <li
                key={r.link_id}
                data-state={r.state}
                className={`rounded-lg border border-l-4 border-slate-200 bg-slate-50/60 px-4 py-3 text-sm ${STATE_STYLES[r.state].row}`}
              >
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <span className="min-w-0">
                    <Link to={`${paths.messages}?selected=${r.request_id}`} className={`${standaloneLinkClass} font-semibold text-slate-900 hover:underline`}>
                      {m.wm_request_reference({ number: requestNumber(r.request_id) })}
                    </Link>
                    <span className="block text-slate-600">
                      {formatDate(r.created_at)} · {r.business_name}
                    </span>
                  </span>
                  <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    <RequestStateBadge state={r.state} />
                    {!asAdmin && r.review_url && (
                      <Link to={r.review_url} className={standaloneTextLinkClass}>
                        {m.areq_link_review()}
                      </Link>
                    )}
                    {!asAdmin && (
                      <Link to={r.report_url} className={standaloneTextLinkClass}>
                        {m.areq_link_report()}
                      </Link>
                    )}
                  </span>
                </div>
                {/* Reviewed already: the review instead of its page. */}
                {r.review && <LinkReviewed review={r.review} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
