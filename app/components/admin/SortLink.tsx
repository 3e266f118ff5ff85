// A sortable column's header of a back-office list: a link (so it works before hydration and the
// order lives in the URL: ?sort=key&dir=asc|desc, the other parameters kept, the page dropped).
// Following the current column's link reverses it; another column starts in its own first
// direction. The list's default order stays out of the URL. The <th> says the state (aria-sort,
// AdminTable's `sort`).
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import type { ListOrderSpec } from "../../lib/admin-lists.ts";
import type { AdminColumn } from "./AdminList.tsx";

export type SortDir = "asc" | "desc";

type Props = {
  column: string;
  label: string;
  /** The list's current order. */
  current: { key: string; dir: SortDir };
  /** The list's default order (left out of the URL). */
  defaults: { key: string; dir: SortDir };
  /** The direction this column starts in (dates newest first, names A to Z). */
  firstDir: SortDir;
  /** The link's accessible name, e.g. "Ordina per Data". */
  title: string;
  /** Extra classes (a sort link outside a table header needs a touch-sized height on a phone). */
  className?: string;
};

/** aria-sort of a column, for AdminTable's `sort`. */
export function ariaSort(column: string, current: { key: string; dir: SortDir }): "ascending" | "descending" | "none" {
  if (current.key !== column) return "none";
  return current.dir === "asc" ? "ascending" : "descending";
}

export function SortLink({ column, label, current, defaults, firstDir, title, className = "" }: Props) {
  const { search } = useLocation();
  const active = current.key === column;
  const dir: SortDir = active ? (current.dir === "asc" ? "desc" : "asc") : firstDir;
  const params = new URLSearchParams(search);
  params.delete("page");
  if (column === defaults.key && dir === defaults.dir) {
    params.delete("sort");
    params.delete("dir");
  } else {
    params.set("sort", column);
    params.set("dir", dir);
  }
  const text = params.toString();
  return (
    <Link
      to={text ? `?${text}` : "?"}
      preventScrollReset
      title={title}
      className={`inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${active ? "text-slate-900" : ""} ${className}`}
      data-testid={`sort-${column}`}
    >
      {label}
      <span aria-hidden="true" className={active ? "text-brand-700" : "text-slate-400"}>
        {active ? (current.dir === "asc" ? "▲" : "▼") : "↕"}
      </span>
    </Link>
  );
}

/** A list's column header sorted by `key` of its order spec (lib/admin-lists.ts): the link and the <th>'s aria-sort. */
export function sortableColumn<K extends string>(
  spec: ListOrderSpec<K>,
  current: { key: K; dir: SortDir },
  key: K,
  label: string,
  className?: string,
): AdminColumn {
  return {
    label: (
      <SortLink
        column={key}
        label={label}
        current={current}
        defaults={spec.defaults}
        firstDir={spec.firstDir(key)}
        title={m.admlist_sort_label({ column: label })}
      />
    ),
    sort: ariaSort(key, current),
    className,
  };
}
