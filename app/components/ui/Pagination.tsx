// The page links of a list (app/lib/pagination.ts decides the window). Links, not buttons:
// the page lives in the URL (?page=N, the other parameters kept), so a reload or a shared
// link keeps it, and the list works before hydration. "Pagina X di Y" beside the links says
// where the list is when the window leaves pages out (and on a phone, where it shows three).
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { pageWindow } from "../../lib/pagination.ts";

function hrefFor(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

const item =
  "flex h-11 min-w-11 items-center sm:h-9 sm:min-w-9 justify-center rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { search } = useLocation();
  const numbers = pageWindow(page, pages);
  if (numbers.length === 0) return null;
  // On a phone seven numbers and two arrows at 44 px do not fit one row: the first, the current
  // and the last page stay, with the arrows, and "…" stands for the ones left out.
  const isFar = (k: number) => k > 0 && k < numbers.length - 1 && numbers[k] !== page;
  return (
    <nav aria-label={m.pagination_label()} className="mt-6 flex flex-wrap items-center justify-center gap-1" data-testid="pagination">
      {page > 1 && (
        <Link to={hrefFor(search, page - 1)} className={`${item} text-slate-700 hover:bg-slate-100`} aria-label={m.pagination_previous()}>
          ‹
        </Link>
      )}
      {numbers.map((n, i) => {
        const far = isFar(i) ? "max-sm:hidden" : "";
        const gap =
          isFar(i) && !isFar(i - 1) ? (
            <span key={`gap-${n}`} aria-hidden="true" className="px-1 text-slate-500 sm:hidden">
              …
            </span>
          ) : null;
        const link =
          n === page ? (
            <span key={n} aria-current="page" className={`${item} bg-brand-600 text-white`}>
              {n}
            </span>
          ) : (
            <Link key={n} to={hrefFor(search, n)} className={`${item} ${far} text-slate-700 hover:bg-slate-100`} aria-label={m.pagination_page({ page: n })}>
              {n}
            </Link>
          );
        return gap ? [gap, link] : link;
      })}
      {page < pages && (
        <Link to={hrefFor(search, page + 1)} className={`${item} text-slate-700 hover:bg-slate-100`} aria-label={m.pagination_next()}>
          ›
        </Link>
      )}
      <span className="ml-2 text-sm whitespace-nowrap text-slate-600" data-testid="pagination-position">
        {m.pagination_position({ page: String(page), pages: String(pages) })}
      </span>
    </nav>
  );
}
