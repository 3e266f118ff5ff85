// Nothing found: what happened, and the ways on (dropping the criterion that finds the most,
// a wider radius, each with what it would find, or other filters), instead of a bare sentence.
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatKm, formatNumber } from "../../lib/format.ts";
import type { SearchPageResult, UnmetCriterion } from "../../lib/search-results.ts";
import { buttonClass } from "../ui/styles.ts";
import { SearchIcon } from "../ui/icons.tsx";

const RELAX_LABELS: Record<UnmetCriterion, (p: { warehouses: string }) => string> = {
  dates: m.search_relax_dates,
  quantity: m.search_relax_quantity,
  specifications: m.search_relax_specifications,
};

export function NothingFound({
  result,
  editHref,
  widerHref,
  relaxHref,
}: {
  result: SearchPageResult | null;
  editHref: string;
  widerHref: (radius: number) => string;
  /** The search without one of its criteria. */
  relaxHref?: (criterion: UnmetCriterion) => string;
}) {
  const wider = result?.wider ?? null;
  const relax = result?.relax ?? null;
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <SearchIcon className="h-6 w-6" />
      </span>
      <p className="max-w-sm text-base text-pretty text-slate-700">
        {result && result.total_other_warehouses === 0 ? m.search_zone_empty({ radius: formatKm(result.radius) }) : m.search_found_empty()}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {relax && relaxHref && (
          <Link to={relaxHref(relax.criterion)} className={buttonClass("primary", "md")} data-testid="search-relax" data-criterion={relax.criterion}>
            {RELAX_LABELS[relax.criterion]({
              warehouses: relax.count === 1 ? m.search_summary_count_one() : m.search_summary_count({ count: formatNumber(relax.count) }),
            })}
          </Link>
        )}
        {wider && (
          <Link to={widerHref(wider.radius)} className={buttonClass(relax ? "secondary" : "primary", "md")} data-testid="search-widen">
            {wider.count === 1
              ? m.search_widen_one({ radius: formatKm(wider.radius) })
              : m.search_widen({ radius: formatKm(wider.radius), count: formatNumber(wider.count) })}
          </Link>
        )}
        <Link to={editHref} preventScrollReset className={buttonClass("secondary", "md")} data-testid="search-empty-edit">
          {m.search_edit()}
        </Link>
      </div>
    </div>
  );
}
