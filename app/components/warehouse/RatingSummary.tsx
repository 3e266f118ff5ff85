// A warehouse's average rating, "★ 4,3 · 12 reviews" (the mean divided by 10 with one decimal,
// numbers in Italian notation in both languages), shown where a hunter chooses warehouses (the
// sheet, the comparison, the search's cards, the map card) once it has rated reviews; nothing
// otherwise. Screen readers hear "Average rating 4,3 out of 5, from 12 reviews".
import { m } from "../../paraglide/messages.js";
import { formatNumber, reviewAverage } from "../../lib/format.ts";
import type { WarehouseRating } from "../../lib/received-feedback.ts";
import { StarIcon } from "../ui/icons.tsx";

export function ratingSummaryText(rating: WarehouseRating): string {
  const average = reviewAverage(rating.avg_value);
  return rating.count === 1 ? m.afb_rating_summary_one({ average }) : m.afb_rating_summary({ average, count: formatNumber(rating.count) });
}

function ratingSpokenText(rating: WarehouseRating): string {
  const average = reviewAverage(rating.avg_value);
  return rating.count === 1 ? m.afb_rating_summary_sr_one({ average }) : m.afb_rating_summary_sr({ average, count: formatNumber(rating.count) });
}

/** The rating of the trust figures (WarehouseTrust's rating_avg and review_count), or null before any. */
export function ratingOf(trust: { rating_avg: number | null; review_count: number }): WarehouseRating | null {
  return trust.rating_avg !== null && trust.review_count > 0 ? { avg_value: trust.rating_avg, count: trust.review_count } : null;
}

export function RatingSummary({ rating, className = "text-sm" }: { rating: WarehouseRating | null | undefined; className?: string }) {
  if (!rating || rating.count === 0) return null;
  return (
    <span className={`inline-flex items-center gap-1 text-slate-700 ${className}`} data-testid="warehouse-rating">
      <StarIcon filled className="h-4 w-4 shrink-0 text-amber-500" />
      <span aria-hidden="true" className="tabular-nums">
        {ratingSummaryText(rating)}
      </span>
      <span className="sr-only">{ratingSpokenText(rating)}</span>
    </span>
  );
}
