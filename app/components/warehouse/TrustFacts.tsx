// What a seeker weighs before writing to a warehouse (lib/warehouse-trust.ts, decision 035): the
// Verified mark, and how fast and how often the owner answers quote requests. The rating is
// RatingSummary's. Each piece renders nothing when there is nothing to say.
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import { answerTimeUnit, type WarehouseTrust } from "../../lib/warehouse-trust.ts";
import { ShieldIcon } from "../ui/icons.tsx";
import { RatingSummary, ratingOf } from "./RatingSummary.tsx";

/** "Usually answers within 4 hours" (an hour, N hours up to 48, N days beyond). */
export function answerTimeText(hours: number): string {
  const said = answerTimeUnit(hours);
  if (said.unit === "hour") return m.trust_answers_within_hour();
  if (said.unit === "hours") return m.trust_answers_within_hours({ hours: formatNumber(said.hours) });
  return m.trust_answers_within_days({ days: formatNumber(said.days) });
}

/**
 * The Verified mark: the administrators approved the owner. What it means is in its title (a
 * pointer's tooltip) and, for screen readers, in visually hidden text; `explained` also shows it.
 */
export function VerifiedBadge({ className = "", explained = false }: { className?: string; explained?: boolean }) {
  const badge = (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset ${explained ? "" : className}`}
      title={m.trust_verified_explained()}
      data-testid="warehouse-verified"
    >
      <ShieldIcon className="h-3.5 w-3.5 shrink-0" />
      {m.trust_verified()}
      {!explained && <span className="sr-only">: {m.trust_verified_explained()}</span>}
    </span>
  );
  if (!explained) return badge;
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 ${className}`}>
      {badge}
      <span className="text-xs text-slate-600">{m.trust_verified_explained()}</span>
    </span>
  );
}

function ClockIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}

/**
 * "Usually answers within 4 hours" and "Answers 90% of requests", once it has enough answers:
 * one under the other beside the clock (`stack`: the cards and the comparison's narrow columns),
 * or on one line joined by a dot from 640 px (`inline`: the sheet's header), so a dot never
 * ends a line.
 */
export function AnswerFacts({
  trust,
  className = "text-xs",
  layout = "stack",
}: {
  trust: Pick<WarehouseTrust, "answer_hours" | "answer_rate">;
  className?: string;
  layout?: "stack" | "inline";
}) {
  if (trust.answer_hours === null || trust.answer_rate === null) return null;
  const time = <span data-testid="warehouse-answer-time">{answerTimeText(trust.answer_hours)}</span>;
  const rate = <span data-testid="warehouse-answer-rate">{m.trust_answer_rate({ rate: formatNumber(trust.answer_rate) })}</span>;
  if (layout === "stack") {
    return (
      <p className={`grid grid-cols-[auto_1fr] items-start gap-x-1.5 text-slate-700 ${className}`} data-testid="warehouse-answers">
        <ClockIcon className="row-span-2 mt-px h-4 w-4 shrink-0 text-slate-500" />
        {time}
        <span className="text-slate-600">{rate}</span>
      </p>
    );
  }
  return (
    <p className={`grid grid-cols-[auto_1fr] items-start gap-x-1.5 text-slate-700 sm:flex sm:items-center ${className}`} data-testid="warehouse-answers">
      <ClockIcon className="row-span-2 mt-0.5 h-4 w-4 shrink-0 text-slate-500 sm:mt-0" />
      {time}
      <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
        ·
      </span>
      <span className="col-start-2">{rate}</span>
    </p>
  );
}

/** The rating and the Verified mark on one line, the answers below: a card's trust figures. */
export function TrustFacts({ trust, className = "" }: { trust: WarehouseTrust; className?: string }) {
  const rating = ratingOf(trust);
  if (!rating && !trust.verified && trust.answer_hours === null) return null;
  return (
    <div className={`space-y-1 ${className}`} data-testid="warehouse-trust">
      {(rating || trust.verified) && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <RatingSummary rating={rating} className="text-xs" />
          {trust.verified && <VerifiedBadge />}
        </p>
      )}
      <AnswerFacts trust={trust} />
    </div>
  );
}
