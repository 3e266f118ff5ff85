// The list-and-detail frame of the areas' notifications and received reviews and reports: the
// list (with its pages) on the left, the selected item on the right. The selection lives in the
// URL (?selected=id, the other parameters kept), so it works before hydration and survives a
// reload; on a phone the detail replaces the list, with a way back.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Pagination } from "../ui/Pagination.tsx";
import { standaloneTextLinkClass } from "../ui/styles.ts";

/** The query string with `selected` set to an item, or removed (null). */
export function withSelected(search: string, id: number | null): string {
  const params = new URLSearchParams(search);
  if (id === null) params.delete("selected");
  else params.set("selected", String(id));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

type Props = {
  /** The list's accessible name. */
  label: string;
  /** The list itself (or its empty state). */
  list: ReactNode;
  page: number;
  pages: number;
  /** The selected item's content; nothing (null, false) when none is selected. */
  detail: ReactNode | null;
  /** What the detail side says while nothing is selected. */
  hint: string;
  /** The phone's way back from the detail to the list. */
  back: { search: string; label: string };
  detailTestId: string;
  /** The columns' proportions on wide screens, list first. */
  columns: string;
};

export function ListDetail({ label, list, page, pages, detail, hint, back, detailTestId, columns }: Props) {
  const open = Boolean(detail);
  return (
    // One column of at most the page's width on a phone: an "auto" column would grow to the
    // longest unbroken line of the list (a truncated warehouse name) and push the list off screen.
    <div className={`grid grid-cols-1 gap-5 lg:items-start ${columns}`}>
      <section aria-label={label} className={open ? "hidden lg:block" : ""}>
        {list}
        <Pagination page={page} pages={pages} />
      </section>
      <section aria-live="polite" className={open ? "" : "hidden lg:block"}>
        {open ? (
          <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={detailTestId}>
            <div className="mb-4 lg:hidden">
              <Link to={withSelected(back.search, null)} preventScrollReset className={`${standaloneTextLinkClass} text-sm`}>
                ‹ {back.label}
              </Link>
            </div>
            {detail}
          </article>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">{hint}</p>
        )}
      </section>
    </div>
  );
}
