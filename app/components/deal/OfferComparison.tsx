// The requester's comparison of a request's offers (decision 036): one row per contacted
// warehouse, side by side from 1024 px (a table: the warehouse with its distance, the offer with
// its totals and minimum term, the declared availability, the rating, the answer time), one card
// per warehouse below it (each value with its label). The rows come ordered from the server (?sort=, so the sort links work before the
// page's script runs); the cheapest live offer and the best rated warehouse are marked, expired
// and no-longer-answerable offers say so, an offer that covers less than asked or not the asked
// dates says that too, and the warehouses that have not answered yet are listed as such.
//
// Printing (or saving as PDF) shows the comparison alone: app.css hides the site's frame when
// the page holds it, and the controls carry print:hidden. The "Print / PDF" button appears once
// the page's script runs (window.print); without it, the browser's own print does the same.
//
// Other parts of the deal mount into each row through render props: renderActions(row) (accept,
// decline, ask for changes) under the offer, renderConversation(row) (the link's thread) under
// the whole row.
import { useSyncExternalStore, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatKm, formatNumber, formatPrice } from "../../lib/format.ts";
import type { Locale } from "../../lib/locale.ts";
import type { OfferStatus, OfferView } from "../../lib/offers.ts";
import { answerTimeUnit } from "../../lib/warehouse-trust.ts";
import {
  COMPARISON_SORTS,
  comparisonSortHref,
  type ComparisonAvailability,
  type ComparisonRow,
  type ComparisonSort,
  type RequestComparison,
} from "../../lib/offer-comparison.ts";
import { RequestStateBadge } from "../area/RequestState.tsx";
import { WarehouseSheetLink } from "../area/WarehouseSheetLink.tsx";
import { RatingSummary } from "../warehouse/RatingSummary.tsx";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { EmptyState } from "../ui/PageParts.tsx";
import { ScrollRegion } from "../ui/ScrollRegion.tsx";
import { buttonClass } from "../ui/styles.ts";

export type OfferComparisonProps = {
  comparison: RequestComparison;
  locale: Locale;
  /** The order the rows are in (the loader sorted them). */
  sort: ComparisonSort;
  /** What the requester can do with a row's offer (accept, decline, ask for changes). */
  renderActions?: (row: ComparisonRow) => ReactNode;
  /** The row's conversation, under the row. */
  renderConversation?: (row: ComparisonRow) => ReactNode;
};

type Opts = { locale: Locale };

const euros = (cents: number) => formatPrice(cents / 100);

/** "300 m²", "40 posti pallet". */
function units(type: "m2" | "pallet", quantity: number, o: Opts): string {
  return type === "m2" ? formatArea(quantity) : m.cmp_pallet_positions({ count: formatNumber(quantity) }, o);
}

function sortLabel(sort: ComparisonSort, o: Opts): string {
  return { price: m.cmp_sort_price, distance: m.cmp_sort_distance, rating: m.cmp_sort_rating, speed: m.cmp_sort_speed }[sort]({}, o);
}

const STATUS_STYLE: Record<OfferStatus, string> = {
  open: "bg-brand-50 text-brand-900 ring-brand-200",
  accepted: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  expired: "bg-slate-100 text-slate-700 ring-slate-300",
  withdrawn: "bg-slate-100 text-slate-700 ring-slate-300",
  declined: "bg-red-50 text-red-900 ring-red-200",
  superseded: "bg-slate-100 text-slate-700 ring-slate-300",
};

function offerStatusLabel(status: OfferStatus, o: Opts): string {
  return {
    open: m.cmp_offer_open,
    accepted: m.cmp_offer_accepted,
    expired: m.cmp_offer_expired,
    withdrawn: m.cmp_offer_withdrawn,
    declined: m.cmp_offer_declined,
    superseded: m.cmp_offer_superseded,
  }[status]({}, o);
}

function Badge({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${className}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** A value with its label: the label shows on the phone's cards only, the table's header says it from 1024 px. */
function Cell({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`block px-0 py-1.5 align-top lg:table-cell lg:px-3 lg:py-3 ${className}`}>
      <span className="block text-xs font-medium text-slate-500 lg:hidden">{label}</span>
      {children}
    </td>
  );
}

function OfferCell({ row, o, actions }: { row: ComparisonRow; o: Opts; actions: ReactNode }) {
  const offer = row.offer;
  if (!offer) {
    return (
      <p className="text-sm text-slate-600" data-testid="cmp-no-offer">
        {row.not_answered ? m.cmp_not_answered({}, o) : row.state === "refused" ? m.cmp_refused({}, o) : m.cmp_no_offer({}, o)}
      </p>
    );
  }
  const t = offer.totals;
  const live = offer.status === "open" || offer.status === "accepted";
  return (
    <div className="space-y-1 text-sm" data-testid="cmp-offer" data-status={offer.status}>
      <p className="flex flex-wrap items-center gap-2">
        <span className={`text-lg font-bold tabular-nums ${live ? "text-slate-900" : "text-slate-500 line-through"}`} data-testid="cmp-total">
          {euros(t.vat_included)}
        </span>
        <Badge className={STATUS_STYLE[offer.status]} testId="cmp-offer-status">
          {offerStatusLabel(offer.status, o)}
        </Badge>
        {row.marks.cheapest && (
          <Badge className="bg-emerald-700 text-white ring-emerald-800" testId="cmp-mark-cheapest">
            {m.cmp_mark_cheapest({}, o)}
          </Badge>
        )}
      </p>
      <p className="text-slate-600">
        {m.cmp_total_vat_included({}, o)} · {m.cmp_vat_excluded({ amount: euros(t.period) }, o)}
      </p>
      <p className="text-slate-700">{m.cmp_period({ from: formatDate(t.start_date), to: formatDate(t.end_date), days: formatNumber(t.days) }, o)}</p>
      <p className="text-slate-700">
        {m.cmp_monthly({ amount: euros(t.monthly) }, o)} · {m.cmp_unit_price({ amount: euros(offer.price_month) }, o)}
      </p>
      <p className={t.capped ? "font-medium text-amber-800" : "text-slate-700"} data-testid="cmp-quantity">
        {t.capped && t.asked_quantity !== null
          ? m.cmp_covers_of({ quantity: units(offer.m2_type, t.quantity, o), asked: formatNumber(t.asked_quantity) }, o)
          : units(offer.m2_type, t.quantity, o)}
      </p>
      {row.min_term_months !== null && row.min_term_months > 0 && (
        <p className="text-slate-700" data-testid="cmp-min-term">
          {m.cmp_min_term({ term: row.min_term_months === 1 ? m.cmp_months_one({}, o) : m.cmp_months({ count: formatNumber(row.min_term_months) }, o) }, o)}
        </p>
      )}
      {!t.dates_cover && (
        <p className="font-medium text-amber-800" data-testid="cmp-dates-mismatch">
          {m.cmp_dates_mismatch({ from: formatDate(offer.start_date), to: formatDate(offer.end_date) }, o)}
        </p>
      )}
      <p className="text-slate-600">
        {offer.status === "expired"
          ? m.cmp_expired_on({ date: formatDate(offer.valid_until) }, o)
          : m.cmp_valid_until({ date: formatDate(offer.valid_until) }, o)}
        {row.revisions > 1 && <> · {m.cmp_revisions({ count: formatNumber(row.revisions) }, o)}</>}
      </p>
      <OfferDetails offer={offer} o={o} />
      {actions && <div className="pt-2 print:hidden">{actions}</div>}
    </div>
  );
}

/** What the totals add up beyond the monthly price, and the offer's texts. */
function OfferDetails({ offer, o }: { offer: OfferView; o: Opts }) {
  const facts: [string, string][] = [];
  if (offer.handling_in !== null) facts.push([m.cmp_handling_in({}, o), m.cmp_per_pallet({ amount: euros(offer.handling_in) }, o)]);
  if (offer.handling_out !== null) facts.push([m.cmp_handling_out({}, o), m.cmp_per_pallet({ amount: euros(offer.handling_out) }, o)]);
  if (offer.one_off_fee !== null) facts.push([m.cmp_one_off_fee({}, o), euros(offer.one_off_fee)]);
  if (offer.included) facts.push([m.cmp_included({}, o), offer.included]);
  if (offer.notes) facts.push([m.cmp_notes({}, o), offer.notes]);
  if (offer.decline_reason) facts.push([m.cmp_decline_reason({}, o), offer.decline_reason]);
  if (facts.length === 0) return null;
  return (
    <dl className="space-y-1 pt-1 text-slate-700">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="font-medium text-slate-800">{label}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function availabilityText(a: ComparisonAvailability, o: Opts): string {
  switch (a.status) {
    case "available":
      return m.cmp_avail_available({}, o);
    case "partial":
      return m.cmp_avail_partial({}, o);
    case "unavailable":
      return m.cmp_avail_unavailable({}, o);
    case "on_request":
      return m.cmp_avail_on_request({}, o);
    case "not_asked":
      return m.cmp_avail_not_asked({}, o);
  }
}

function AvailabilityCell({ a, o }: { a: ComparisonAvailability; o: Opts }) {
  const tone = a.status === "available" ? "text-emerald-800" : a.status === "partial" || a.status === "unavailable" ? "text-amber-800" : "text-slate-700";
  return (
    <div className="text-sm" data-testid="cmp-availability" data-availability={a.status}>
      <p className={`font-medium ${tone}`}>{availabilityText(a, o)}</p>
      {a.space && (
        <p className="text-slate-600">
          {units(a.space.m2_type, a.space.quantity, o)} ·{" "}
          {a.space.available_until
            ? m.cmp_space_between({ from: formatDate(a.space.available_from), to: formatDate(a.space.available_until) }, o)
            : m.cmp_space_from({ from: formatDate(a.space.available_from) }, o)}
        </p>
      )}
    </div>
  );
}

function answerText(row: ComparisonRow, o: Opts): string {
  if (row.answer_seconds === null) return m.cmp_not_answered({}, o);
  const said = answerTimeUnit(Math.max(1, Math.ceil(row.answer_seconds / 3600)));
  if (said.unit === "hour") return m.cmp_answered_within_hour({}, o);
  if (said.unit === "hours") return m.cmp_answered_in_hours({ hours: formatNumber(said.hours) }, o);
  return m.cmp_answered_in_days({ days: formatNumber(said.days) }, o);
}

function ComparisonRows({ row, o, props }: { row: ComparisonRow; o: Opts; props: OfferComparisonProps }) {
  const w = row.warehouse;
  const conversation = props.renderConversation?.(row);
  const rowClass = row.not_answered ? "bg-slate-50/70" : "bg-white";
  return (
    <>
      <tr
        className={`mb-3 block rounded-xl border border-slate-200 p-4 shadow-sm lg:mb-0 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:p-0 lg:shadow-none print:break-inside-avoid ${rowClass}`}
        data-link={row.link_id}
        data-testid="cmp-row"
      >
        <th scope="row" className="block pb-2 text-left align-top font-normal lg:table-cell lg:px-3 lg:py-3">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900" data-testid="cmp-warehouse">
              {w.name}
            </span>
            {w.is_hub && <HubBadge />}
          </span>
          <span className="block text-sm text-slate-600">
            {w.city}
            {row.distance_km !== null && (
              <>
                {" · "}
                <span className="tabular-nums" data-testid="cmp-distance">
                  {row.distance_approx ? m.cmp_distance_approx({ km: formatKm(row.distance_km) }, o) : m.cmp_distance({ km: formatKm(row.distance_km) }, o)}
                </span>
              </>
            )}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <RequestStateBadge state={row.state} />
            {row.not_answered && (
              <Badge className="bg-white text-slate-700 ring-slate-300" testId="cmp-silent">
                {m.cmp_not_answered({}, o)}
              </Badge>
            )}
          </span>
          {w.detail_url && (
            <span className="mt-1 block text-sm print:hidden">
              <WarehouseSheetLink href={w.detail_url} />
            </span>
          )}
        </th>
        <Cell label={m.cmp_col_offer({}, o)} className="lg:min-w-64">
          <OfferCell row={row} o={o} actions={props.renderActions?.(row)} />
        </Cell>
        <Cell label={m.cmp_col_availability({}, o)}>
          <AvailabilityCell a={row.availability} o={o} />
        </Cell>
        <Cell label={m.cmp_col_rating({}, o)}>
          <span className="flex flex-col items-start gap-1">
            {row.rating ? <RatingSummary rating={row.rating} /> : <span className="text-sm text-slate-600">{m.cmp_no_rating({}, o)}</span>}
            {row.marks.best_rated && (
              <Badge className="bg-amber-100 text-amber-900 ring-amber-300" testId="cmp-mark-best-rated">
                {m.cmp_mark_best_rated({}, o)}
              </Badge>
            )}
          </span>
        </Cell>
        <Cell label={m.cmp_col_answer({}, o)}>
          <span className="text-sm text-slate-700" data-testid="cmp-answer">
            {answerText(row, o)}
          </span>
        </Cell>
      </tr>
      {conversation && (
        <tr className="block lg:table-row print:hidden" data-conversation={row.link_id}>
          <td colSpan={5} className="block pb-4 lg:table-cell lg:px-3">
            {conversation}
          </td>
        </tr>
      )}
    </>
  );
}

const subscribeToNothing = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** "Print / PDF": only once the page's script runs (the browser's own print works without it). */
function PrintButton({ o }: { o: Opts }) {
  const ready = useSyncExternalStore(subscribeToNothing, inBrowser, onServer);
  if (!ready) return null;
  return (
    <button type="button" onClick={() => window.print()} className={buttonClass("secondary", "sm", "print:hidden")} data-testid="cmp-print">
      {m.cmp_print({}, o)}
    </button>
  );
}

export function OfferComparison(props: OfferComparisonProps) {
  const { comparison, locale, sort } = props;
  const { pathname } = useLocation();
  const o = { locale };
  const { counts, rows } = comparison;
  return (
    <section aria-labelledby="cmp-title" data-print-comparison="" data-testid="offer-comparison">
      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="cmp-title" className="text-lg font-semibold text-slate-900">
            {m.cmp_title({}, o)}
          </h2>
          <p className="text-sm text-slate-600" data-testid="cmp-counts">
            {m.cmp_counts({ contacted: formatNumber(counts.contacted), offers: formatNumber(counts.offers), silent: formatNumber(counts.not_answered) }, o)}
          </p>
        </div>
        <PrintButton o={o} />
      </div>
      {rows.length === 0 ? (
        <EmptyState title={m.cmp_empty({}, o)} />
      ) : (
        <>
          <nav aria-label={m.cmp_sort_label({}, o)} className="mb-3 flex flex-wrap items-center gap-2 text-sm print:hidden">
            <span className="font-medium text-slate-700">{m.cmp_sort_label({}, o)}:</span>
            {COMPARISON_SORTS.map((s) => (
              <Link
                key={s}
                to={comparisonSortHref(pathname, s)}
                preventScrollReset
                aria-current={s === sort ? "true" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-3.5 font-medium ring-1 ring-inset sm:min-h-9 ${s === sort ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
                data-sort={s}
              >
                {sortLabel(s, o)}
              </Link>
            ))}
          </nav>
          <p className="mb-2 hidden text-sm text-slate-600 print:block">{m.cmp_sorted_by({ sort: sortLabel(sort, o) }, o)}</p>
          <ScrollRegion label={m.cmp_title({}, o)} className="lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white">
            <table className="block w-full text-left lg:table">
              <caption className="sr-only">{m.cmp_caption({ sort: sortLabel(sort, o) }, o)}</caption>
              <thead className="hidden lg:table-header-group">
                <tr className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="px-3 py-2">
                    {m.cmp_col_warehouse({}, o)}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.cmp_col_offer({}, o)}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.cmp_col_availability({}, o)}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.cmp_col_rating({}, o)}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {m.cmp_col_answer({}, o)}
                  </th>
                </tr>
              </thead>
              <tbody className="block lg:table-row-group">
                {rows.map((row) => (
                  <ComparisonRows key={row.link_id} row={row} o={o} props={props} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="mt-2 text-xs text-slate-500">{m.cmp_footnote({}, o)}</p>
        </>
      )}
    </section>
  );
}
