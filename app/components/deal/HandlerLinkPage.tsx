// The handler's page of one request link ({stocker|referent base}/messages/{id}): what the
// requester asked, the link's state, the offer form and the offers' history. Every form posts to
// the page's action (app/routes/shared/offer-pages.server.ts) and works without JavaScript:
// intent "offer" (send or revise), "withdraw" (the open offer), "state" (the selector, and the
// banner's "confirm the request" once the requester accepted an offer).
import { lazy } from "react";
import { Form, Link, useNavigation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { requestNumber } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import type { HandlerOfferPage } from "../../lib/offers.ts";
import type { ConversationMessage } from "../../lib/conversation.ts";
import { REQUEST_STATES, type RequestState } from "../../lib/warehouse-pages.ts";
import type { PageActionFailure } from "../../lib/page-action.ts";
import { PageHeading } from "../ui/PageParts.tsx";
import { FormMessage } from "../ui/fields.tsx";
import { backLinkClass, buttonClass, inputClass, labelClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { RequestDetailsList } from "../area/RequestDetails.tsx";
import { RequestStateBadge, stateLabel } from "../area/RequestState.tsx";
import { OfferHistory } from "./OfferHistory.tsx";

// The offer form (with its date fields) is a chunk of its own, outside the page's first load (the
// JavaScript budget). Without a Suspense boundary the server still writes it into its first
// answer, so it works before hydration; the browser asks for the chunk as this module runs.
const loadOfferForm = () => import("./OfferForm.tsx");
const OfferForm = lazy(() => loadOfferForm().then((module) => ({ default: module.OfferForm })));
if (typeof window !== "undefined") void loadOfferForm();
// The link's conversation likewise.
const loadConversation = () => import("./LinkConversation.tsx");
const LinkConversation = lazy(() => loadConversation().then((module) => ({ default: module.LinkConversation })));
if (typeof window !== "undefined") void loadConversation();

export type HandlerLinkPageData = HandlerOfferPage & {
  /** The link's conversation, oldest first. */
  messages: ConversationMessage[];
  frame: { base: string; asAdmin: boolean };
};

export type HandlerLinkActionData =
  | { ok: true; intent: "offer" | "withdraw"; offer_id: number }
  | { ok: true; intent: "state"; state: RequestState }
  | { ok: true; intent: "message"; link_id: number; message_id: number }
  | PageActionFailure
  | undefined;

function savedMessage(data: HandlerLinkActionData): string | null {
  if (!data?.ok) return null;
  if (data.intent === "offer") return m.offer_saved();
  if (data.intent === "withdraw") return m.offer_withdrawn_saved();
  if (data.intent === "message") return null;
  return m.areq_state_saved();
}

export function HandlerLinkPage({ data, actionData, csrfToken }: { data: HandlerLinkPageData; actionData: HandlerLinkActionData; csrfToken: string }) {
  const { link, offers, current } = data;
  const r = link.request;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const failure = actionData && !actionData.ok ? actionData : null;
  const offerFailure = failure && (failure.intent === "offer" || failure.intent === null) && failure.error === "invalid" ? failure : null;
  const otherFailure = failure && !offerFailure ? failure : null;
  const saved = savedMessage(actionData);
  const accepted = current?.status === "accepted";

  return (
    <div className="space-y-6">
      <div>
        <Link to={areaPaths(data.frame.base).messages} className={backLinkClass}>
          ← {m.offer_back_to_requests()}
        </Link>
        <PageHeading
          title={r.business_name}
          intro={`${m.wm_request_reference({ number: requestNumber(r.id) })} · ${link.warehouse.name} · ${link.warehouse.city}`}
          actions={<RequestStateBadge state={link.state} />}
        />
      </div>

      {saved && <FormMessage tone="success">{saved}</FormMessage>}
      {otherFailure && <FormMessage tone="error">{otherFailure.message}</FormMessage>}

      {accepted && link.state !== "confirmed" && (
        <div
          role="region"
          aria-labelledby="offer-accepted-heading"
          className="rounded-xl border border-emerald-300 bg-emerald-50 p-4"
          data-testid="offer-accepted-banner"
        >
          <h2 id="offer-accepted-heading" className="font-semibold text-emerald-900">
            {m.offer_accepted_banner_title()}
          </h2>
          <p className="mt-1 text-sm text-emerald-900">{m.offer_accepted_banner_text()}</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
            <input type="hidden" name="intent" value="state" />
            <input type="hidden" name="state" value="confirmed" />
            <button type="submit" disabled={pending} className={buttonClass("primary", "md")} data-testid="offer-confirm-request">
              {m.offer_confirm_request()}
            </button>
          </Form>
        </div>
      )}

      <section aria-labelledby="offer-request-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="offer-request-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {m.offer_request_heading()}
        </h2>
        <RequestDetailsList
          headingLevel={3}
          request={r}
          date={link.created_at}
          dateLabel={m.areq_field_received()}
          extra={
            <div className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.areq_filter_warehouse()}</dt>
              <dd className="mt-0.5">
                <Link to={areaPaths(data.frame.base).warehouse(link.warehouse.id)} className={standaloneTextLinkClass}>
                  {link.warehouse.name}
                </Link>
              </dd>
            </div>
          }
        />
        <LinkStateForm state={link.state} csrfToken={csrfToken} pending={pending} />
        {!data.frame.asAdmin && (
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {link.review_url && link.state === "confirmed" && (
              <Link to={link.review_url} className={standaloneTextLinkClass}>
                {m.areq_link_review()}
              </Link>
            )}
            <Link to={link.report_url} className={standaloneTextLinkClass}>
              {m.areq_link_report()}
            </Link>
          </p>
        )}
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <LinkConversation
          messages={data.messages}
          viewer={data.frame.asAdmin ? "admin" : "handler"}
          canWrite={!data.frame.asAdmin}
          linkId={link.id}
          lastResult={actionData && actionData.intent === "message" ? actionData : null}
          headingLevel={2}
        />
      </section>

      <section aria-labelledby="offer-form-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="offer-form-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {current ? m.offer_form_revise_title() : m.offer_form_title()}
        </h2>
        {accepted ? (
          <p className="text-sm text-slate-700">{m.offer_form_accepted()}</p>
        ) : (
          <OfferForm
            initial={data.prefill}
            revising={current !== null && (current.status === "open" || current.status === "expired")}
            linkState={link.state}
            csrfToken={csrfToken}
            pending={pending}
            failure={offerFailure}
          />
        )}
      </section>

      <OfferHistory offers={offers} withdraw={{ csrfToken, pending }} />
    </div>
  );
}

/** The link's state, as the requests list's selector sets it (the same service), with a button so it works without JavaScript. */
function LinkStateForm({ state, csrfToken, pending }: { state: RequestState; csrfToken: string; pending: boolean }) {
  return (
    <Form method="post" className="mt-4 flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-end">
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="intent" value="state" />
      <div className="sm:w-64">
        <label htmlFor="link-state" className={labelClass}>
          {m.areq_state_label()}
        </label>
        <select id="link-state" name="state" defaultValue={state} key={state} className={inputClass} data-testid="request-state">
          {REQUEST_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={pending} className={buttonClass("secondary", "md")}>
        {m.offer_state_save()}
      </button>
    </Form>
  );
}
