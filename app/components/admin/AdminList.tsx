// The pieces every back-office list is made of, built once: the table frame with its header row
// and the facts of a row shown as a card on a phone. The page heading and the empty-list text
// (the specification's wording of an empty list is passed in) are the ones the areas use (ui/PageParts.tsx).
// Screens supply their rows; search boxes (SearchBox) and pagination (ui/Pagination) sit around
// them, with filters, sort and page in the URL.
import type { ReactNode } from "react";
import { PageCheckbox, SelectionProvider, type ListSelection } from "./BulkActions.tsx";

/** `sort`: the column's aria-sort when the list can be sorted by it (the label is then a link). */
export type AdminColumn = { label: ReactNode; className?: string; srOnly?: boolean; sort?: "ascending" | "descending" | "none" };

/**
 * A table with its header row; `className` places the frame (e.g. hidden below lg when a screen's
 * own cards take over). Below 640 px each row shows as a card of facts, each cell under its
 * label: give every cell `data-label` (its column's label; none for an actions cell) and
 * `data-wide` to one whose content cannot wrap (a status pill); see `.admin-table` in app.css.
 * The frame scrolls sideways (from 640 px up to the table's full width) and is `relative`: a
 * screen-reader-only label in a far column (absolutely positioned) would otherwise escape the
 * scroll and widen the whole page.
 * `selection`: rows can be picked for a bulk action; the table gains a first column with the
 * page's checkbox, and each row starts with its `RowCheckbox` (components/admin/BulkActions.tsx).
 */
export function AdminTable({
  columns,
  children,
  testId,
  className = "mt-6",
  selection,
  dense = false,
}: {
  columns: AdminColumn[];
  children: ReactNode;
  testId?: string;
  className?: string;
  selection?: ListSelection;
  /** Narrower cells, for a list with many columns (see .admin-table[data-dense] in app.css). */
  dense?: boolean;
}) {
  const table = (
    <div className={`${className} relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm`}>
      {/* Below 640 px the header row is hidden (rows are cards): the page's checkbox says what it does. */}
      {selection && (
        <div className="border-b border-slate-200 bg-slate-50 px-4 py-2 sm:hidden">
          <PageCheckbox selection={selection} withText />
        </div>
      )}
      <table className="admin-table min-w-full divide-y divide-slate-200 text-sm" data-testid={testId} data-dense={dense || undefined}>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {selection && (
              <th scope="col" className="w-px px-4 py-3">
                <PageCheckbox selection={selection} />
              </th>
            )}
            {columns.map((c, i) => (
              <th key={i} scope="col" aria-sort={c.sort} className={`px-4 py-3 ${c.className ?? ""}`}>
                {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
  return selection ? <SelectionProvider value={selection}>{table}</SelectionProvider> : table;
}

/** One labelled fact of a card (a list's row below 1024 px, a search result): inside a <dl>. */
export function CardFact({ label, children, valueClassName = "text-slate-700" }: { label: ReactNode; children: ReactNode; valueClassName?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
