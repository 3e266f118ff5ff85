// The offers of one request link, newest first: each revision with its status (open, expired,
// superseded, withdrawn, accepted, declined), its terms and the totals the server computed
// (lib/offer-totals.ts; the browser computes none), and the requester's reason when declined.
// On the handler's side the open offer has a withdraw button (a plain form to the page's action,
// intent "withdraw"): `withdraw` gives the CSRF token and whether a submission is on its way.
import { Form } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format.ts";
import { formatCents } from "../../lib/spaces.ts";
import type { OfferView } from "../../lib/offers.ts";
import { OfferStatusBadge } from "./OfferStatus.tsx";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { buttonClass } from "../ui/styles.ts";

/** "300 m²" or "300 posti pallet". */
export function offerQuantity(quantity: number, unit: OfferView["m2_type"]): string {
  return unit === "pallet" ? `${formatNumber(quantity)} ${m.areq_unit_pallets()}` : `${formatNumber(quantity)} m²`;
}

function unitPrice(cents: number, unit: OfferView["m2_type"]): string {
  return unit === "pallet" ? m.offer_price_per_pallet({ price: formatCents(cents) }) : m.offer_price_per_m2({ price: formatCents(cents) });
}

/** One offer's terms and totals, as a description list. */
export function OfferTerms({ offer }: { offer: OfferView }) {
  const t = offer.totals;
  const rows: [string, string][] = [
    [m.offer_field_quantity(), offerQuantity(offer.quantity, offer.m2_type)],
    [m.offer_field_price_month(), unitPrice(offer.price_month, offer.m2_type)],
  ];
  if (offer.m2_type === "pallet") {
    rows.push([m.offer_field_handling_in(), offer.handling_in === null ? m.offer_none() : formatCents(offer.handling_in)]);
    rows.push([m.offer_field_handling_out(), offer.handling_out === null ? m.offer_none() : formatCents(offer.handling_out)]);
  }
  rows.push([m.offer_field_one_off_fee(), offer.one_off_fee === null ? m.offer_none() : formatCents(offer.one_off_fee)]);
  rows.push([m.offer_field_period(), `${formatDate(offer.start_date)} – ${formatDate(offer.end_date)}`]);
  rows.push([
    m.offer_field_min_term(),
    !offer.min_term_months ? m.offer_none() : offer.min_term_months === 1 ? m.offer_months_one() : m.offer_months({ count: offer.min_term_months }),
  ]);
  rows.push([m.offer_field_valid_until(), formatDate(offer.valid_until)]);

  return (
    <div className="space-y-3 text-sm">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="mt-0.5 text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {offer.included && <OfferText label={m.offer_field_included()} text={offer.included} />}
      {offer.notes && <OfferText label={m.offer_field_notes()} text={offer.notes} />}
      <div className="rounded-lg bg-slate-50 p-3" data-testid="offer-totals">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {m.offer_totals_heading({ days: t.days, start: formatDate(t.start_date), end: formatDate(t.end_date) })}
        </p>
        {t.capped && t.asked_quantity !== null && (
          <p className="mt-1 text-amber-900">{m.offer_totals_capped({ offered: formatNumber(t.quantity), asked: formatNumber(t.asked_quantity) })}</p>
        )}
        {!t.dates_cover && <p className="mt-1 text-amber-900">{m.offer_totals_dates_differ()}</p>}
        <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Total label={m.offer_total_monthly()} value={formatCents(t.monthly)} />
          <Total label={m.offer_total_period()} value={formatCents(t.period)} />
          <Total label={m.offer_total_vat_included()} value={formatCents(t.vat_included)} strong />
        </dl>
      </div>
    </div>
  );
}

function OfferText({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      {/* Plain text: React escapes it; line breaks kept. */}
      <p className="mt-0.5 break-words whitespace-pre-line text-slate-800">{text}</p>
    </div>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-base font-bold text-slate-900" : "font-semibold text-slate-800"}`}>{value}</dd>
    </div>
  );
}

type Withdraw = { csrfToken: string; pending: boolean };

export function OfferHistory({ offers, withdraw, headingLevel = 2 }: { offers: OfferView[]; withdraw?: Withdraw; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  return (
    <section aria-labelledby="offer-history-heading" data-testid="offer-history">
      <Heading id="offer-history-heading" className="text-lg font-semibold text-slate-900">
        {m.offer_history_title()}
      </Heading>
      {offers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{m.offer_history_empty()}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {offers.map((offer) => (
            <li
              key={offer.offer_id}
              data-testid="offer-revision"
              data-status={offer.status}
              className={`rounded-xl border bg-white p-4 shadow-sm ${offer === offers[0] ? "border-slate-300" : "border-slate-200"}`}
            >
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <Sub className="font-semibold text-slate-900">
                  {m.offer_revision({ revision: offer.revision })}
                  <span className="ml-2 text-sm font-normal text-slate-600">{formatDateTime(offer.created_at)}</span>
                </Sub>
                <OfferStatusBadge status={offer.status} />
              </div>
              <OfferTerms offer={offer} />
              {offer.status === "declined" && offer.decline_reason && (
                <div className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                  <p className="font-semibold">{m.offer_decline_reason()}</p>
                  <p className="break-words whitespace-pre-line">{offer.decline_reason}</p>
                </div>
              )}
              {withdraw && (offer.status === "open" || offer.status === "expired") && (
                <Form method="post" className="mt-3">
                  <input type="hidden" name={XSRF_FIELD_NAME} value={withdraw.csrfToken} />
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="offer_id" value={offer.offer_id} />
                  <button type="submit" disabled={withdraw.pending} className={buttonClass("secondary", "sm")} data-testid="offer-withdraw">
                    {m.offer_withdraw()}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
