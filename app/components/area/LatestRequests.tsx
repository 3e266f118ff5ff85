// The latest quote requests of an owner's warehouses, coloured by state (the dashboard and the
// referent's profile, and one warehouse's page): who asked, for which warehouse (unless the page
// is the warehouse's own), when, the reference and the state.
import { m } from "../../paraglide/messages.js";
import { formatDate, requestNumber } from "../../lib/format.ts";
import type { LatestRequest } from "../../lib/area-pages.ts";
import { STATE_STYLES, stateLabel } from "./RequestState.tsx";

type Row = Omit<LatestRequest, "warehouse_id" | "warehouse_name"> & { warehouse_name?: string };

export function LatestRequests({
  requests,
  emptyText = m.area_latest_requests_empty(),
  testId = "dashboard-requests",
}: {
  requests: Row[];
  emptyText?: string;
  testId?: string;
}) {
  if (requests.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="space-y-2" data-testid={testId}>
      {requests.map((r) => (
        <li
          key={r.link_id}
          data-state={r.state}
          className={`flex flex-col gap-1 rounded-lg border border-l-4 border-slate-200 bg-white px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between ${STATE_STYLES[r.state].row}`}
        >
          <span className="min-w-0">
            <span className="block font-semibold break-words text-slate-900">{r.business_name}</span>
            {r.warehouse_name && <span className="block break-words text-slate-600">{r.warehouse_name}</span>}
          </span>
          <span className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
            <span>{formatDate(r.created_at)}</span>
            <span>{m.wm_request_reference({ number: requestNumber(r.request_id) })}</span>
            <span className="inline-flex items-center gap-1.5 font-medium text-slate-800">
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${STATE_STYLES[r.state].dot}`} />
              {stateLabel(r.state)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
