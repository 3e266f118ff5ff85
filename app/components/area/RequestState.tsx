// A quote request link's state as the areas show it: a badge (pending amber, confirmed green,
// refused red) and the colour legend. The colours and labels are the ones of the warehouse
// page's latest requests (STATE_STYLES and stateLabel in WarehouseDetailView), so every list of
// requests speaks the same colours.
import { m } from "../../paraglide/messages.js";
import type { RequestState } from "../../lib/warehouse-pages.ts";
import { STATE_STYLES, stateLabel } from "../warehouse-manage/WarehouseDetailView.tsx";

export { STATE_STYLES, stateLabel };

export const REQUEST_STATE_ORDER: readonly RequestState[] = ["pending", "confirmed", "refused"];

const BADGE: Record<RequestState, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-300",
  confirmed: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  refused: "bg-red-50 text-red-900 ring-red-300",
};

export function RequestStateBadge({ state, className = "" }: { state: RequestState; className?: string }) {
  return (
    <span data-state={state} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${BADGE[state]} ${className}`}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${STATE_STYLES[state].dot}`} />
      {stateLabel(state)}
    </span>
  );
}

/** The colour legend of the request lists. */
export function RequestStateLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label={m.wm_legend()}>
      {REQUEST_STATE_ORDER.map((state) => (
        <li key={state} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${STATE_STYLES[state].dot}`} />
          {stateLabel(state)}
        </li>
      ))}
    </ul>
  );
}
