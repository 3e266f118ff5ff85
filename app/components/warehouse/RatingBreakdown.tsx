// The sheet's ratings panel: the average of the hunters' reviews, then each criterion they rate
// (reliability, communication, services, structure) with its own mean, as a hunter comparing
// warehouses reads a hotel's scores. Nothing is shown before the first rated review.
import { m } from "../../paraglide/messages.js";
import { formatNumber, reviewAverage } from "../../lib/format.ts";
import type { WarehouseRating, WarehouseRatingCriterion } from "../../lib/received-feedback.ts";
import { ratingLabel } from "../feedback/rating-labels.ts";
import { StarIcon } from "../ui/icons.tsx";

/** Where the sheet's header links its rating to. */
export const RATINGS_ANCHOR = "sheet-ratings";

export function RatingBreakdown({ rating, criteria }: { rating: WarehouseRating | null; criteria: WarehouseRatingCriterion[] }) {
  if (!rating || rating.count === 0) return null;
  return (
    <section
      id={RATINGS_ANCHOR}
      aria-labelledby={`${RATINGS_ANCHOR}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="rating-breakdown"
    >
      <h2 id={`${RATINGS_ANCHOR}-title`} className="text-base font-semibold text-slate-900">
        {m.sheet_ratings_title()}
      </h2>
      <p className="mt-3 flex items-center gap-2">
        <StarIcon filled className="h-6 w-6 shrink-0 text-amber-500" />
        <span className="text-2xl font-bold text-slate-900 tabular-nums">{reviewAverage(rating.avg_value)}</span>
        <span className="text-sm text-slate-600">
          {rating.count === 1 ? m.sheet_ratings_count_one() : m.sheet_ratings_count({ count: formatNumber(rating.count) })}
        </span>
      </p>
      {/* A list, not a <dl>: each row holds its bar too, which a <dl> group may not. */}
      <ul className="mt-4 space-y-3 text-sm">
        {criteria.map((c) => (
          <li key={c.key} data-testid={`rating-criterion-${c.key}`}>
            <p className="flex items-baseline justify-between gap-3">
              <span className="text-slate-700">{ratingLabel(c.key)}</span>
              <span className="font-semibold text-slate-900 tabular-nums">{reviewAverage(c.avg_value)}</span>
            </p>
            <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-full rounded-full bg-amber-500" style={{ width: `${Math.min(100, Math.max(0, c.avg_value * 2))}%` }} />
            </div>
          </li>
        ))}
      </ul>
      {/* The rule the home page promises (home_trust3_text), said where the scores are. */}
      <p className="mt-4 text-xs text-slate-600">{m.sheet_ratings_note()}</p>
    </section>
  );
}
