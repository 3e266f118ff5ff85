// The Hub badge next to a warehouse's name.
import { m } from "../../paraglide/messages.js";

export function HubBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-800 uppercase ring-1 ring-amber-300 ring-inset ${className}`}
      title={m.sheet_hub_title()}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3 w-3" fill="currentColor">
        <path d="M8 1l2 4.5 5 .5-3.8 3.3L12.4 15 8 12.3 3.6 15l1.2-5.7L1 6l5-.5z" />
      </svg>
      Hub
    </span>
  );
}
