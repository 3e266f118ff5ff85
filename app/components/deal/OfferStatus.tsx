// An offer's status (open, expired, superseded, withdrawn, accepted, declined) as a label and a
// badge: a module of its own, so the requests list shows it without loading the offers' views.
import { m } from "../../paraglide/messages.js";
import type { OfferStatus } from "../../lib/offers.ts";

const STATUS_STYLE: Record<OfferStatus, string> = {
  open: "bg-brand-50 text-brand-900 ring-brand-300",
  expired: "bg-slate-100 text-slate-700 ring-slate-300",
  superseded: "bg-slate-50 text-slate-600 ring-slate-200",
  withdrawn: "bg-slate-50 text-slate-600 ring-slate-200",
  accepted: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  declined: "bg-red-50 text-red-900 ring-red-300",
};

export function offerStatusLabel(status: OfferStatus): string {
  return {
    open: m.offer_status_open,
    expired: m.offer_status_expired,
    superseded: m.offer_status_superseded,
    withdrawn: m.offer_status_withdrawn,
    accepted: m.offer_status_accepted,
    declined: m.offer_status_declined,
  }[status]();
}

/** An offer's status as a badge; `named` says it is the offer's ("Offerta: in corso"), where the request's state is beside it. */
export function OfferStatusBadge({ status, named }: { status: OfferStatus; named?: boolean }) {
  return (
    <span
      data-offer-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_STYLE[status]}`}
    >
      {named ? m.offer_list_status({ status: offerStatusLabel(status) }) : offerStatusLabel(status)}
    </span>
  );
}
