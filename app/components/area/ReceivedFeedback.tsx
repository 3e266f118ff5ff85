// The reviews and reports an owner received ({prefix}/reviews): two tabs (links: ?show=reviews,
// ?show=reports), the paginated list (the author's company or full name, the average out of 5
// for a review, the first 75 characters, the date) and the selected one's detail (?selected=id):
// for a review the ratings that were given, the note and the average; for a report the subject
// and the note. Links only, so it works before hydration and a reload keeps the view.
import { ListDetail, withSelected } from "./ListDetail.tsx";
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { excerpt, formatDate, reviewAverage } from "../../lib/format.ts";
import type { AreaRole } from "../../lib/area-paths.ts";
import type { FeedbackKind, ReceivedReport, ReceivedReview } from "../../lib/received-feedback.ts";
import { ratingLabel } from "../feedback/rating-labels.ts";
import { StarIcon } from "../ui/icons.tsx";
import { EmptyState } from "../ui/PageParts.tsx";

type List =
  { show: "reviews"; items: ReceivedReview[]; selected: ReceivedReview | null } | { show: "reports"; items: ReceivedReport[]; selected: ReceivedReport | null };

type Props = {
  list: List;
  reviewsCount: number;
  reportsCount: number;
  page: number;
  pages: number;
  role: AreaRole;
};

/** The list's URL with `selected` set (or removed), the tab and the page kept. */
/** "4,3/5", or null for a review without any rating. */
function averageText(avgValue: number): string | null {
  return avgValue > 0 ? `${reviewAverage(avgValue)}/5` : null;
}

function Tabs({ show, reviewsCount, reportsCount }: { show: FeedbackKind; reviewsCount: number; reportsCount: number }) {
  const tab = (kind: FeedbackKind, label: string, count: number) => (
    <Link
      to={kind === "reviews" ? "?" : "?show=reports"}
      aria-current={show === kind ? "page" : undefined}
      className={`inline-flex min-h-11 items-center gap-1 rounded-md px-4 py-1.5 text-sm font-semibold outline-none sm:min-h-0 focus-visible:ring-2 focus-visible:ring-brand-500 ${
        show === kind ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
      }`}
      data-testid={`feedback-tab-${kind}`}
    >
      {label} <span className="font-normal text-slate-600">{`(${count})`}</span>
    </Link>
  );
  return (
    <nav aria-label={m.afb_filter_label()} className="mb-5 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
      {tab("reviews", m.afb_tab_reviews(), reviewsCount)}
      {tab("reports", m.afb_tab_reports(), reportsCount)}
    </nav>
  );
}

function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span role="img" aria-label={`${label}: ${m.review_rating_of({ value, max: 5 })}`} className="inline-flex text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= value} className="h-5 w-5" />
      ))}
    </span>
  );
}

function ReviewDetail({ review }: { review: ReceivedReview }) {
  const average = averageText(review.avg_value);
  return (
    <>
      {review.ratings.length > 0 ? (
        <dl className="mt-4 space-y-2">
          {review.ratings.map((r) => (
            <div key={r.key} className="flex flex-wrap items-center justify-between gap-2">
              <dt className="text-sm text-slate-700">{ratingLabel(r.key)}</dt>
              <dd>
                <Stars value={r.value} label={ratingLabel(r.key)} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-4 text-sm text-slate-500">{m.afb_no_ratings()}</p>
      )}
      {average && (
        <p className="mt-4 flex items-baseline justify-between gap-2 border-t border-slate-200 pt-3 text-sm">
          <span className="font-semibold text-slate-800">{m.afb_average()}</span>
          <span className="text-lg font-bold text-slate-900" data-testid="feedback-average">
            {average}
          </span>
        </p>
      )}
      <h3 className="mt-5 text-sm font-semibold text-slate-800">{m.afb_note()}</h3>
      <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-700 break-words">{review.description?.trim() || m.afb_no_note()}</p>
    </>
  );
}

function ReportDetail({ report }: { report: ReceivedReport }) {
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{m.afb_subject()}</h3>
      <p className="mt-1 text-sm text-slate-700 break-words">{report.subject}</p>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{m.afb_note()}</h3>
      <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-700 break-words">{report.description}</p>
    </>
  );
}

export function ReceivedFeedback({ list, reviewsCount, reportsCount, page, pages, role }: Props) {
  const { search } = useLocation();
  const hunter = role === "stock_hunter";
  const selected = list.selected;
  const items: (ReceivedReview | ReceivedReport)[] = list.items;

  const empty =
    list.show === "reviews" ? (
      <EmptyState title={m.afb_reviews_empty()}>
        <p>{hunter ? m.afb_reviews_empty_hunter() : m.afb_reviews_empty_owner()}</p>
      </EmptyState>
    ) : (
      <EmptyState title={m.afb_reports_empty()}>
        <p>{m.afb_reports_empty_text()}</p>
      </EmptyState>
    );

  return (
    <div data-testid="received-feedback" data-show={list.show}>
      <Tabs show={list.show} reviewsCount={reviewsCount} reportsCount={reportsCount} />
      {items.length === 0 && !selected ? (
        empty
      ) : (
        <ListDetail
          label={list.show === "reviews" ? m.afb_tab_reviews() : m.afb_tab_reports()}
          columns="lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
          page={page}
          pages={pages}
          hint={list.show === "reviews" ? m.afb_select_hint_review() : m.afb_select_hint_report()}
          back={{ search, label: m.afb_back() }}
          detailTestId="feedback-detail"
          list={
            <>
              {items.length === 0 ? (
                empty
              ) : (
                <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
                  {items.map((item) => {
                    const current = selected?.id === item.id;
                    const average = list.show === "reviews" ? averageText((item as ReceivedReview).avg_value) : null;
                    return (
                      <li key={item.id}>
                        <Link
                          to={withSelected(search, item.id)}
                          preventScrollReset
                          aria-current={current ? "true" : undefined}
                          className={`block px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset ${current ? "bg-brand-50" : "hover:bg-slate-50"}`}
                          data-testid="feedback-item"
                        >
                          <span className="flex items-baseline justify-between gap-3">
                            <span className="truncate text-sm font-semibold text-slate-900">{item.author_name}</span>
                            {average && <span className="shrink-0 text-sm font-bold text-slate-900">{average}</span>}
                          </span>
                          <span className="mt-0.5 block truncate text-xs text-slate-500">
                            {item.warehouse.name} · <time dateTime={new Date(item.created_at).toISOString()}>{formatDate(item.created_at)}</time>
                          </span>
                          {list.show === "reports" && (
                            <span className="mt-1 block truncate text-sm font-medium text-slate-800">{(item as ReceivedReport).subject}</span>
                          )}
                          {item.description && <span className="mt-1 block text-sm text-slate-600">{excerpt(item.description, 75)}</span>}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </>
          }
          detail={
            selected && (
              <>
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.afb_author()}</p>
                <h2 className="text-lg font-bold text-slate-900">{selected.author_name}</h2>
                <p className="mt-1 text-xs text-slate-500">
                  {m.afb_warehouse()}: {selected.warehouse.name} ·{" "}
                  <time dateTime={new Date(selected.created_at).toISOString()}>{formatDate(selected.created_at)}</time>
                </p>
                {list.show === "reviews" && list.selected ? (
                  <ReviewDetail review={list.selected} />
                ) : list.show === "reports" && list.selected ? (
                  <ReportDetail report={list.selected} />
                ) : null}
              </>
            )
          }
        />
      )}
    </div>
  );
}
