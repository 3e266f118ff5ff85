// The frame of the review and report pages: title, what the feedback is about, then the
// form or the completion screen with a link home.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { paths } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import { buttonClass } from "../ui/styles.ts";
import { formatDate } from "../../lib/format.ts";

export type FeedbackSubject = {
  warehouse: { id: number; name: string; city: string };
  request: { number: string; businessName: string; createdAt: Date | string };
};

export function FeedbackLayout({ title, intro, subject, children }: { title: string; intro: string; subject: FeedbackSubject; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-600">{intro}</p>
      <dl className="mt-5 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-3" data-testid="feedback-subject">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.review_warehouse_label()}</dt>
          <dd className="mt-0.5 font-medium text-slate-900">
            {subject.warehouse.name}, {subject.warehouse.city}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.review_request_label()}</dt>
          <dd className="mt-0.5 font-medium text-slate-900 tabular-nums">{subject.request.number}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{m.review_requester_label()}</dt>
          <dd className="mt-0.5 font-medium text-slate-900">
            {subject.request.businessName} · {formatDate(subject.request.createdAt)}
          </dd>
        </div>
      </dl>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">{children}</div>
    </div>
  );
}

/** The completion screen (also used for "nothing to do here" notices). */
export function FeedbackDone({ locale, title, text, tone = "success" }: { locale: Locale; title: string; text?: string; tone?: "success" | "info" }) {
  return (
    <div className="space-y-5 py-4 text-center" role="status" data-testid={tone === "success" ? "feedback-done" : "feedback-notice"}>
      <div className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${tone === "success" ? "bg-emerald-100 text-emerald-700" : "bg-brand-100 text-brand-700"}`}>
        {tone === "success" ? (
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 11v6M12 7.5v.5" />
          </svg>
        )}
      </div>
      <div>
        <p className="text-lg font-semibold text-slate-900">{title}</p>
        {text && <p className="mx-auto mt-1 max-w-md text-slate-600">{text}</p>}
      </div>
      <Link to={paths.home(locale)} className={buttonClass("primary", "md")}>
        {m.review_back_home()}
      </Link>
    </div>
  );
}
