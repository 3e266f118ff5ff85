// A warehouse's average rating, "★ 4,3/5 (12 reviews)", shown where a hunter chooses warehouses
// (the sheet, the comparison, the search's cards) once it has rated reviews; nothing otherwise.
import { m } from "../../paraglide/messages.js";
import { reviewAverage } from "../../lib/format.ts";
import type { WarehouseRating } from "../../lib/received-feedback.ts";
import { StarIcon } from "../ui/icons.tsx";

export function ratingSummaryText(rating: WarehouseRating): string {
  const average = reviewAverage(rating.avg_value);
  return rating.count === 1 ? m.afb_rating_summary_one({ average }) : m.afb_rating_summary({ average, count: rating.count });
}

export function RatingSummary({ rating, className = "text-sm" }: { rating: WarehouseRating | null | undefined; className?: string }) {
  if (!rating || rating.count === 0) return null;
  return (
    <span className={`inline-flex items-center gap-1 text-slate-700 ${className}`} data-testid="warehouse-rating">
      <StarIcon filled className="h-4 w-4 shrink-0 text-amber-500" />
      <span className="sr-only">{m.afb_rating_label()}: </span>
      <span>{ratingSummaryText(rating)}</span>
    </span>
  );
}
