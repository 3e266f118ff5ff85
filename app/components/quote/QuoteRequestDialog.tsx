// The quote request popup, one component for the search page and the warehouse sheet. It
// shows a recap (the search and the chosen warehouses), the form, then a success message.
// It posts to POST /api/warehouses/send-requests; a logged-out visitor's page reloads
// 3 seconds after success (the spec), a logged-in user keeps the page.
//
// Mount it where the request starts:
//   <QuoteRequestDialog isOpen={open} onClose={() => setOpen(false)} source="search"
//     warehouses={selected} search={{ location, radius, lat, lng, start_date, end_date,
//     m2_type, m2_value, specification_ids, specification_labels }} onSent={clearSelection} />
//
// The popup's code (React Aria's dialog, the date pickers, the schema, its messages) loads the
// first time it opens (QuoteRequestPopup.tsx), not with the page: the JavaScript budget,
// scripts/js-budget.ts. Once loaded it stays mounted, so it opens at once from then on.
import { lazy, Suspense, useState } from "react";
import type { QuoteSource } from "../../schemas/quote.ts";

const QuoteRequestPopup = lazy(() => import("./QuoteRequestPopup.tsx").then((module) => ({ default: module.QuoteRequestPopup })));

/** A warehouse the request goes to, as the recap shows it (anonymised name for unclaimed ones). */
export type QuoteWarehouse = { id: number; name: string; city?: string | null; address?: string | null };

/** What the request carries from the search (on the sheet: the warehouse's city and radius 10). */
export type QuoteSearchRecap = {
  location: string;
  radius?: number | null;
  lat?: number | null;
  lng?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  m2_type?: "m2" | "pallet" | null;
  m2_value?: number | null;
  /** The ids of the seven specification groups, merged (search page only). */
  specification_ids?: number[];
  /** Their names, for the recap. */
  specification_labels?: string[];
};

export type QuoteRequestDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** "sheet" also requires the telephone and, from visitors, an answer to the two consents. */
  source: QuoteSource;
  warehouses: QuoteWarehouse[];
  search: QuoteSearchRecap;
  /** Called after the server accepted the request. */
  onSent?: (result: { warehouseRequestId: number | null }) => void;
};

export function QuoteRequestDialog(props: QuoteRequestDialogProps) {
  const [wanted, setWanted] = useState(props.isOpen);
  if (props.isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <QuoteRequestPopup {...props} />
    </Suspense>
  );
}
