// The requester's answers to one offer (decision 036), under the offer on the hunter's page of a
// request and on a visitor's personal-link page: "Accetta" (with, when the request has other
// open offers, a ticked box that declines them politely in the same step), "Rifiuta" with an
// optional reason, "Chiedi modifiche" with a message. Each is a small form posting to the current
// page with its `intent` (the page's action calls handleAnswerIntent,
// routes/shared/answer-intents.server.ts), so it works before the page's script runs; once
// hydrated it posts in the background (a fetcher) and the page's data reloads after it.
// Declining and asking for changes open in place (a disclosure: no script needed). An expired
// offer cannot be accepted: no button, "Scaduta" instead.
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { formatDate } from "../../lib/format.ts";
import { MAX_MESSAGE_LENGTH, MAX_OFFER_TEXT, type OfferView } from "../../lib/offers.ts";
import type { AnswerActionResult } from "../../lib/negotiation.ts";
import type { PageActionFailure } from "../../lib/page-action.ts";
import { CheckboxInput, FormMessage, TextInput } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";

export type OfferAnswerProps = {
  /** The link's current offer, as the comparison or the link's page shows it. */
  offer: OfferView;
  /** The offer's request link (asking for changes names the link). */
  linkId: number;
  /** How many other open offers the request has (the other links'): accepting may decline them. */
  otherOpenOffers: number;
  /**
   * The page action's answer after a post without JavaScript (useActionData): shown when it is
   * about this offer (a success names it; a failure carries what was posted when the page's
   * action keeps values, pageAction's keepValues).
   */
  lastResult?: AnswerActionResult | null;
};

/** Whether an answer is about this offer (or its link). */
function concerns(result: AnswerActionResult | null | undefined, offerId: number, linkId: number): boolean {
  if (!result) return false;
  if (result.ok) return result.intent === "ask_changes" ? result.link_id === linkId : result.offer_id === offerId;
  const values = result.values ?? {};
  return values.offer_id === String(offerId) || (result.intent === "ask_changes" && values.link_id === String(linkId));
}

/** A field's code as a sentence in the user's language. */
function fieldError(code: string | undefined, max: number): string | null {
  if (!code) return null;
  if (code === "required") return m.ans_error_message_required();
  if (code === "too_long") return m.ans_error_too_long({ max });
  return m.ans_error_invalid();
}

function doneMessage(result: Extract<AnswerActionResult, { ok: true }>): string {
  if (result.intent === "decline") return m.ans_done_decline();
  if (result.intent === "ask_changes") return m.ans_done_changes();
  return result.declined_offer_ids.length > 0 ? m.ans_done_accept_declined({ count: result.declined_offer_ids.length }) : m.ans_done_accept();
}

export function OfferAnswer({ offer, linkId, otherOpenOffers, lastResult }: OfferAnswerProps) {
  const fetcher = useFetcher<AnswerActionResult>();
  const { csrfToken } = useRootData();
  const [declineOthers, setDeclineOthers] = useState(true);
  const headingId = useId();
  const busy = fetcher.state !== "idle";
  const posting = fetcher.formData?.get("intent");
  // The background post's answer, else the page's (a post without JavaScript).
  const result = fetcher.data ?? (concerns(lastResult, offer.offer_id, linkId) ? lastResult : null);
  const failure: PageActionFailure | null = result && !result.ok ? result : null;
  // A failure names its form; one that names none (the page could not be reached) shows above them all.
  const failed = (intent: string) => (failure && failure.intent === intent ? failure : null);
  const expired = offer.status === "expired";
  // A request for changes sent: the form starts empty again (a new key draws it anew).
  const sentKey = result?.ok && result.intent === "ask_changes" ? `sent-${result.message_id}` : "changes";

  if (offer.status === "accepted" || offer.status === "declined") {
    return (
      <div className="space-y-2" data-testid={`offer-answer-${offer.offer_id}`}>
        {result?.ok && <FormMessage tone="success">{doneMessage(result)}</FormMessage>}
        <p className="text-sm text-slate-700">
          {offer.status === "accepted" ? m.ans_status_accepted() : m.ans_status_declined()}
          {offer.status === "declined" && offer.decline_reason ? ` ${m.ans_status_reason({ reason: offer.decline_reason })}` : ""}
        </p>
      </div>
    );
  }
  // A superseded or withdrawn offer is history: nothing to answer.
  if (offer.status !== "open" && !expired) return null;

  const hidden = (intent: string, extra: Record<string, string | number>) => (
    <>
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  const disclosure = "group rounded-lg border border-slate-200 bg-white [&_summary::-webkit-details-marker]:hidden";
  const summary = `${buttonClass("secondary", "md")} cursor-pointer list-none w-full sm:w-auto justify-center`;

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={`offer-answer-${offer.offer_id}`}>
      <h3 id={headingId} className="sr-only">
        {m.ans_heading({ revision: offer.revision })}
      </h3>
      {result?.ok && <FormMessage tone="success">{doneMessage(result)}</FormMessage>}
      {failure && failure.intent === null && <FormMessage tone="error">{failure.message}</FormMessage>}

      {expired ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">
            {m.ans_expired()}
          </span>
          <span>{m.ans_expired_hint({ date: formatDate(offer.valid_until) })}</span>
        </div>
      ) : (
        <fetcher.Form method="post" className="space-y-2">
          {hidden("accept", { offer_id: offer.offer_id })}
          <p className="text-sm text-slate-600">{m.ans_valid_until({ date: formatDate(offer.valid_until) })}</p>
          {otherOpenOffers > 0 && (
            <CheckboxInput name="decline_others" isSelected={declineOthers} onChange={setDeclineOthers}>
              {otherOpenOffers === 1 ? m.ans_decline_other_one() : m.ans_decline_others({ count: otherOpenOffers })}
            </CheckboxInput>
          )}
          {failed("accept") && <FormMessage tone="error">{failed("accept")!.message}</FormMessage>}
          <button type="submit" disabled={busy} aria-busy={posting === "accept"} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
            {posting === "accept" ? m.form_sending() : m.ans_accept()}
          </button>
        </fetcher.Form>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
        <details className={disclosure} open={failed("decline") !== null || undefined}>
          <summary className={summary}>{m.ans_decline()}</summary>
          <fetcher.Form method="post" className="space-y-2 p-3">
            {hidden("decline", { offer_id: offer.offer_id })}
            <TextInput
              name="reason"
              label={m.ans_reason_label()}
              description={m.ans_reason_hint()}
              multiline
              rows={3}
              defaultValue={failed("decline")?.values?.reason ?? ""}
              error={fieldError(failed("decline")?.errors.reason, MAX_OFFER_TEXT)}
            />
            {failed("decline") && !failed("decline")!.errors.reason && <FormMessage tone="error">{failed("decline")!.message}</FormMessage>}
            <button type="submit" disabled={busy} aria-busy={posting === "decline"} className={buttonClass("secondary", "md", "w-full text-red-800 sm:w-auto")}>
              {posting === "decline" ? m.form_sending() : m.ans_decline_send()}
            </button>
          </fetcher.Form>
        </details>

        <details className={disclosure} open={failed("ask_changes") !== null || undefined}>
          <summary className={summary}>{m.ans_ask_changes()}</summary>
          <fetcher.Form key={sentKey} method="post" className="space-y-2 p-3">
            {hidden("ask_changes", { link_id: linkId })}
            <TextInput
              name="message"
              label={m.ans_message_label()}
              description={m.ans_message_hint()}
              multiline
              rows={4}
              isRequired
              defaultValue={failed("ask_changes")?.values?.message ?? ""}
              error={fieldError(failed("ask_changes")?.errors.message, MAX_MESSAGE_LENGTH)}
            />
            {failed("ask_changes") && !failed("ask_changes")!.errors.message && <FormMessage tone="error">{failed("ask_changes")!.message}</FormMessage>}
            <button type="submit" disabled={busy} aria-busy={posting === "ask_changes"} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
              {posting === "ask_changes" ? m.form_sending() : m.ans_ask_changes_send()}
            </button>
          </fetcher.Form>
        </details>
      </div>
    </section>
  );
}
