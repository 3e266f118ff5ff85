// A quote request link's state wherever requests are listed (the areas, a warehouse's page, the
// statistics): its colours (pending amber, confirmed green, refused red), its label, a badge
// and the colour legend, defined once so every list speaks the same colours.
import { m } from "../../paraglide/messages.js";
import type { RequestState } from "../../lib/warehouse-pages.ts";

export const STATE_STYLES: Record<RequestState, { dot: string; row: string }> = {
  pending: { dot: "bg-amber-500", row: "border-l-amber-400" },
  confirmed: { dot: "bg-emerald-600", row: "border-l-emerald-500" },
  refused: { dot: "bg-red-600", row: "border-l-red-500" },
};

export function stateLabel(state: RequestState): string {
  return { pending: m.wm_state_pending, confirmed: m.wm_state_confirmed, refused: m.wm_state_refused }[state]();
}

export const REQUEST_STATE_ORDER: readonly RequestState[] = ["pending", "confirmed", "refused"];

const BADGE: Record<RequestState, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-300",
  confirmed: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  refused: "bg-red-50 text-red-900 ring-red-300",
};

export function RequestStateBadge({ state, className = "" }: { state: RequestState; className?: string }) {
  return (
    <span
      data-state={state}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${BADGE[state]} ${className}`}
    >
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
