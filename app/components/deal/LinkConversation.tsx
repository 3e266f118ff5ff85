// The conversation on one request link, on any page that shows the link: the messages oldest
// first (who wrote, when, in Italian format, and the text with its line breaks, always as text,
// never as markup; an "ask for changes" marked as such), an empty state, and for the two sides a
// box to write in. The box posts to the page it is on (intent=message, link_id, message; the
// page's action runs handleMessageIntent, app/routes/shared/conversation-intents.server.ts), so
// it works before the page's script runs; with the script, each conversation posts through a
// fetcher of its own, keeps what was typed when the message is refused and says why in the
// user's language. An administrator reads, never writes.
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDateTime } from "../../lib/format.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { PageActionFailure } from "../../lib/page-action.ts";
import { aboutLink, type ConversationMessage, type ConversationViewer, type MessageIntentResult } from "../../lib/conversation.ts";

export { aboutLink };
import { MAX_MESSAGE_LENGTH } from "../../lib/offers.ts";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass, inputClass, labelClass } from "../ui/styles.ts";

type Result = MessageIntentResult | PageActionFailure;

type Props = {
  messages: ConversationMessage[];
  viewer: ConversationViewer;
  /** Whether the viewer may write here (the link's requester or handlers; never an administrator). */
  canWrite: boolean;
  linkId: number;
  /** The page action's last answer (a form posted without JavaScript): shown if it is about this link. */
  lastResult?: Result | null;
  /** The heading, when the page names the conversation itself (default "Conversazione"), and its level under the page's. */
  title?: string;
  headingLevel?: 2 | 3 | 4;
};

export function LinkConversation({ messages, viewer, canWrite, linkId, lastResult, title, headingLevel = 3 }: Props) {
  const id = useId();
  const writes = canWrite && viewer !== "admin";
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 space-y-3" data-testid="link-conversation" data-link={linkId}>
      <Heading id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {title ?? m.thr_title()}
      </Heading>
      {viewer === "admin" && <p className="text-xs text-slate-600">{m.thr_read_only()}</p>}
      {messages.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-600" data-testid="conversation-empty">
          {m.thr_empty()}
          {writes && <> {m.thr_empty_write()}</>}
        </p>
      ) : (
        <ol aria-label={m.thr_list_label()} className="space-y-2">
          {messages.map((msg) => (
            <MessageItem key={msg.message_id} msg={msg} />
          ))}
        </ol>
      )}
      {writes && <MessageForm linkId={linkId} lastResult={aboutLink(lastResult, linkId)} />}
    </section>
  );
}

function MessageItem({ msg }: { msg: ConversationMessage }) {
  const time = new Date(msg.created_at);
  return (
    <li
      data-side={msg.side}
      data-kind={msg.kind}
      className={`rounded-lg border px-3 py-2 text-sm ${msg.mine ? "ml-6 border-brand-200 bg-brand-50 sm:ml-12" : "mr-6 border-slate-200 bg-white sm:mr-12"}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-900">{msg.author}</span>
        <time dateTime={Number.isNaN(time.getTime()) ? undefined : time.toISOString()}>{formatDateTime(msg.created_at)}</time>
        {msg.kind === "changes" && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">{m.thr_kind_changes()}</span>}
      </p>
      {/* Text as typed, line breaks kept; React escapes it, so markup stays text. */}
      <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800">{msg.body}</p>
    </li>
  );
}

/** The sentence for a refused message: the field's own, else the server's (a limit, a link gone). */
function failureText(failure: PageActionFailure): string {
  switch (failure.errors.message) {
    case "required":
      return m.thr_error_required();
    case "too_long":
      return m.thr_error_too_long({ max: MAX_MESSAGE_LENGTH });
    case undefined:
      return failure.message;
    default:
      return m.thr_error_invalid();
  }
}

function MessageForm({ linkId, lastResult }: { linkId: number; lastResult: Result | undefined }) {
  const id = useId();
  const { csrfToken } = useRootData();
  const fetcher = useFetcher<Result>();
  const pending = fetcher.state !== "idle";
  const result = fetcher.data ?? lastResult;
  const failure = result && !result.ok ? result : null;
  const fieldError = failure?.errors.message !== undefined;
  const errorId = `${id}-error`;
  const formRef = useRef<HTMLFormElement>(null);
  // A sent message empties the box; a refused one keeps what was typed.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="space-y-2" data-testid="conversation-form">
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value="message" />
      <input type="hidden" name="link_id" value={String(linkId)} />
      <label htmlFor={`${id}-message`} className={labelClass}>
        {m.thr_field_label()}
      </label>
      <textarea
        id={`${id}-message`}
        name="message"
        rows={3}
        defaultValue={failure?.values?.message ?? ""}
        aria-required
        aria-invalid={fieldError || undefined}
        aria-describedby={failure ? `${id}-hint ${errorId}` : `${id}-hint`}
        className={`${inputClass} resize-y`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {m.thr_field_hint({ max: MAX_MESSAGE_LENGTH })}
      </p>
      {failure && (
        <div id={errorId}>
          <FormMessage tone="error">{failureText(failure)}</FormMessage>
        </div>
      )}
      {result?.ok && !pending && <FormMessage tone="success">{m.thr_sent()}</FormMessage>}
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "sm")}>
        {pending ? m.form_sending() : m.thr_send()}
      </button>
    </fetcher.Form>
  );
}
