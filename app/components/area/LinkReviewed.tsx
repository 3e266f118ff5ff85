// The review the user wrote of a request link, shown where the link would otherwise offer its
// review page (one review per user and link): "Reviewed", the average out of 5, the marks given
// and the note. The hunter's requests and warehouse pages and the owners' request lists.
import { m } from "../../paraglide/messages.js";
import { formatDate, reviewAverage } from "../../lib/format.ts";
import type { LinkReview } from "../../lib/area-requests.ts";
import type { RatingKey } from "../../schemas/feedback.ts";
import { ratingLabel } from "../feedback/rating-labels.ts";
import { CheckIcon, StarIcon } from "../ui/icons.tsx";

// The form's order (schemas/feedback.ts, not imported: it would bring Zod into the page).
const MARKS: readonly RatingKey[] = ["reliability_value", "communication_value", "services_value", "structure_value", "payments_value", "goods_value"];

export function LinkReviewed({ review }: { review: LinkReview }) {
  const marks = MARKS.flatMap((key) => {
    const value = review[key];
    return value ? [`${ratingLabel(key)} ${value}/5`] : [];
  });
  const note = review.description?.trim();
  return (
    <div className="mt-2 rounded-md bg-white px-3 py-2 text-sm ring-1 ring-slate-200" data-testid="link-reviewed">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
          <CheckIcon className="h-3.5 w-3.5" />
          {m.areq_reviewed()}
        </span>
        {review.avg_value > 0 && (
          <span className="inline-flex items-center gap-1 font-medium text-slate-800">
            <StarIcon filled className="h-4 w-4 shrink-0 text-amber-500" />
            {m.areq_reviewed_average({ average: reviewAverage(review.avg_value) })}
          </span>
        )}
        <span className="text-slate-600">{m.areq_reviewed_on({ date: formatDate(review.created_at) })}</span>
      </p>
      {marks.length > 0 && <p className="mt-1 text-slate-600">{marks.join(" · ")}</p>}
      {note && <p className="mt-1 break-words whitespace-pre-line text-slate-700">{note}</p>}
    </div>
  );
}
