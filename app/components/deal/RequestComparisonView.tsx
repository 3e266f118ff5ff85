// The body both of a requester's pages of one request show (the hunter's {prefix}/messages/{id}
// and the visitor's /{locale}/requests/{token}): the request's heading with what it asked, the
// comparison of its offers, then the request in full. `top` is above the heading (a back link),
// `children` below the comparison (panels of the deal that other pages mount: a visitor's
// follow-up, …); the render props go to each row (OfferComparison).
import type { ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatKm, formatNumber } from "../../lib/format.ts";
import type { ComparisonRequest } from "../../lib/offer-comparison.ts";
import { RequestDetailsList } from "../area/RequestDetails.tsx";
import { PageHeading } from "../ui/PageParts.tsx";
import { OfferComparison, type OfferComparisonProps } from "./OfferComparison.tsx";

/** "Milano (30 km) · 800 m² · 01.12.2026 – 31.05.2027": what the request asked, on one line. */
export function askedSummary(r: ComparisonRequest): string {
  const parts: string[] = [];
  if (r.location) parts.push(m.areq_location_radius({ location: r.location, radius: formatKm(r.radius) }));
  if (r.m2_value !== null) parts.push(r.m2_type === "pallet" ? m.cmp_pallet_positions({ count: formatNumber(r.m2_value) }) : formatArea(r.m2_value));
  if (r.start_date && r.end_date) parts.push(`${formatDate(r.start_date)} – ${formatDate(r.end_date)}`);
  else if (r.start_date) parts.push(m.areq_period_from({ date: formatDate(r.start_date) }));
  else if (r.end_date) parts.push(m.areq_period_until({ date: formatDate(r.end_date) }));
  return parts.join(" · ");
}

export function RequestComparisonView({ top, intro, children, ...props }: OfferComparisonProps & { top?: ReactNode; intro?: ReactNode; children?: ReactNode }) {
  const r = props.comparison.request;
  return (
    <div className="space-y-6">
      {top && <div className="print:hidden">{top}</div>}
      <div>
        <PageHeading title={m.cmp_page_title({ number: r.number })} intro={askedSummary(r)} />
        {intro && <p className="-mt-3 text-sm text-slate-600 print:hidden">{intro}</p>}
      </div>
      <OfferComparison {...props} />
      {children}
      <section aria-labelledby="cmp-request-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm print:break-before-page">
        <h2 id="cmp-request-title" className="mb-3 text-lg font-semibold text-slate-900">
          {m.cmp_request_title()}
        </h2>
        <RequestDetailsList request={r} date={r.created_at} dateLabel={m.areq_field_sent()} headingLevel={3} />
      </section>
    </div>
  );
}
