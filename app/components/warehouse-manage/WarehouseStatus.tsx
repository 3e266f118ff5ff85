// A warehouse's status as a pill: approved, awaiting approval, not approved, switched off.
import { m } from "../../paraglide/messages.js";
import { warehouseStatusKey, type WarehouseStatusValue } from "../../lib/warehouse-status.ts";

const STYLES = {
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  refused: "bg-red-50 text-red-800 ring-red-200",
  deactivated: "bg-slate-100 text-slate-700 ring-slate-300",
} as const;

export function warehouseStatusLabel(key: keyof typeof STYLES): string {
  return { approved: m.wm_status_approved, pending: m.wm_status_pending, refused: m.wm_status_refused, deactivated: m.wm_status_deactivated }[key]();
}

/** `wrap`: the label may take two lines (a narrow table column); the dot stays on the first. */
export function WarehouseStatus({ status, deactivated, wrap = false }: { status: WarehouseStatusValue; deactivated: boolean; wrap?: boolean }) {
  const key = warehouseStatusKey({ status, deactivated });
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${wrap ? "" : "whitespace-nowrap"} rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[key]}`}
      data-testid="warehouse-status"
      data-status={key}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 rounded-full bg-current" />
      {warehouseStatusLabel(key)}
    </span>
  );
}
