// The frame of the review and report pages: title, what the feedback is about, then the
// form or the completion screen with a link home.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { paths } from "../../lib/paths.ts";
import type { Locale } from "../../lib/locale.ts";
import { buttonClass } from "../ui/styles.ts";
import { formatDate } from "../../lib/format.ts";
import { StatusBadge } from "../ui/StatusBadge.tsx";

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
      <StatusBadge tone={tone} />
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
