// Nothing found: what happened, and the two ways on (a wider radius with what it would find,
// or other filters), instead of a bare sentence.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatKm, formatNumber } from "../../lib/format.ts";
import type { SearchPageResult } from "../../lib/search-results.ts";
import { buttonClass } from "../ui/styles.ts";
import { SearchIcon } from "../ui/icons.tsx";

export function NothingFound({ result, editHref, widerHref }: { result: SearchPageResult | null; editHref: string; widerHref: (radius: number) => string }) {
  const wider = result?.wider ?? null;
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <SearchIcon className="h-6 w-6" />
      </span>
      <p className="max-w-sm text-base text-pretty text-slate-700">
        {result && result.total_other_warehouses === 0 ? m.search_zone_empty({ radius: formatKm(result.radius) }) : m.search_found_empty()}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {wider && (
          <Link to={widerHref(wider.radius)} className={buttonClass("primary", "md")} data-testid="search-widen">
            {wider.count === 1 ? m.search_widen_one({ radius: formatKm(wider.radius) }) : m.search_widen({ radius: formatKm(wider.radius), count: formatNumber(wider.count) })}
          </Link>
        )}
        <Link to={editHref} preventScrollReset className={buttonClass("secondary", "md")} data-testid="search-empty-edit">
          {m.search_edit()}
        </Link>
      </div>
    </div>
  );
}
