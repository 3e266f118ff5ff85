// A request link's earlier offers, folded under its row of the comparison: each revision's
// status, unit price and total for the period, VAT included (the server's totals), and the
// requester's reason when declined. The history the requester sees, as the handler does.
import { m } from "../../paraglide/messages.js";
import type { OfferView } from "../../lib/offers.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { formatCents } from "../../lib/spaces.ts";
import { OfferStatusBadge } from "./OfferStatus.tsx";
export function EarlierOffers({ offers }: { offers: OfferView[] }) {
  return (
    <details className="mt-1 text-sm" data-testid="cmp-earlier-offers">
      <summary className="cursor-pointer py-3 font-medium text-blue-700 underline-offset-2 hover:underline">
        {m.cmp_earlier_offers({ count: formatNumber(offers.length) })}
      </summary>
      <ul className="mt-2 space-y-2">
        {offers.map((o) => (
          <li key={o.offer_id} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">{m.cmp_earlier_offer({ revision: formatNumber(o.revision) })}</span>
              <OfferStatusBadge status={o.status} />
            </p>
            <p className="mt-1 text-slate-700 tabular-nums">
              {m.cmp_earlier_offer_terms({
                price: formatCents(o.price_month),
                total: formatCents(o.totals.vat_included),
                date: formatDate(o.created_at),
              })}
            </p>
            {o.decline_reason && <p className="mt-1 text-slate-600">“{o.decline_reason}”</p>}
          </li>
        ))}
      </ul>
    </details>
  );
}
