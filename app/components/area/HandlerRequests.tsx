// The stocker's and the referent's quote requests ({prefix}/messages): the filters, the colour
// legend, and a card per link (request × warehouse), one open at a time. The open card shows
// the request and a state selector that is sent at once (a fetcher posting to the page's own
// action, which calls the same service as POST /api/{area}/warehouse-requests/{id}/update);
// the review link shows only for a confirmed link. In an administrator's view the selector
// works too (the change is audited); the review and report pages are the parties' own.
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { LinkReviewed } from "./LinkReviewed.tsx";
import { m } from "../../paraglide/messages.js";
import { formatDate, requestNumber } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { HandlerRequestItem, HandlerRequestsPageData, StateActionResult } from "../../lib/area-requests.ts";
import { REQUEST_STATES, type RequestState } from "../../lib/warehouse-pages.ts";
import { Pagination } from "../ui/Pagination.tsx";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { inputClass, labelClass, standaloneTextLinkClass } from "../ui/styles.ts";
import type { OfferStatus } from "../../lib/offers.ts";
import { OfferStatusBadge } from "../deal/OfferStatus.tsx";
import { PageHeading } from "../ui/PageParts.tsx";
import { RequestDetailsList, RequestListTop, RequestsEmpty } from "./RequestDetails.tsx";
import { RequestStateBadge, STATE_STYLES, stateLabel } from "./RequestState.tsx";

export function HandlerRequests({ data, base, asAdmin }: { data: HandlerRequestsPageData; base: string; asAdmin: boolean }) {
  const [openId, setOpenId] = useState<number | null>(null);
  // One state change at a time for the page (one card is open at a time): the page keeps the
  // answer even when the changed link leaves a filtered list after the reload.
  const fetcher = useFetcher<StateActionResult>();
  const [changedId, setChangedId] = useState<number | null>(null);
  const { csrfToken } = useRootData();
  const items = data.warehouse_requests;

  const busy = fetcher.state !== "idle";
  const asked = fetcher.formData?.get("state");
  const change: StateChange = {
    submit: (linkId, state) => {
      setChangedId(linkId);
      fetcher.submit({ intent: "state", link_id: String(linkId), state, [XSRF_FIELD_NAME]: csrfToken }, { method: "post" });
    },
    linkId: changedId,
    asked: busy && typeof asked === "string" && (REQUEST_STATES as readonly string[]).includes(asked) ? (asked as RequestState) : null,
    status: busy ? "saving" : fetcher.data === undefined ? null : fetcher.data.ok ? "saved" : "failed",
  };
  // The changed link is no longer on this page (a state filter left it out): say so here, and
  // give the focus that was on its selector to the message.
  const gone = change.status === "saved" && changedId !== null && !items.some((i) => i.id === changedId);
  const goneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (gone) goneRef.current?.focus();
  }, [gone]);

  return (
    <div>
      <PageHeading title={m.areq_handler_title()} intro={m.areq_handler_intro()} />
      <RequestListTop
        filters={{ values: data.filters, errors: data.filterErrors, filtered: data.filtered }}
        count={data.warehouse_requests_count}
        warehouses={data.warehouses}
      />
      {gone && (
        <p
          ref={goneRef}
          tabIndex={-1}
          role="status"
          className="mb-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {m.areq_state_saved()}
        </p>
      )}
      {items.length === 0 ? (
        <RequestsEmpty count={data.warehouse_requests_count} filtered={data.filtered} title={m.areq_handler_empty()} hint={m.areq_handler_empty_hint()} />
      ) : (
        <ul className="space-y-3" data-testid="handler-requests">
          {items.map((item) => (
            <HandlerRequestCard
              key={item.id}
              item={item}
              base={base}
              asAdmin={asAdmin}
              open={openId === item.id}
              onToggle={() => setOpenId(openId === item.id ? null : item.id)}
              change={change}
              offerStatus={data.offer_statuses?.[item.id] ?? null}
            />
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={data.pages} />
    </div>
  );
}

/** The page's state change: how to send one, which link it is about, and how it is going. */
type StateChange = {
  submit: (linkId: number, state: string) => void;
  linkId: number | null;
  /** The state asked for, while the change is on its way (and the list reloads after it). */
  asked: RequestState | null;
  status: "saving" | "saved" | "failed" | null;
};

function HandlerRequestCard({
  item,
  base,
  asAdmin,
  open,
  onToggle,
  change,
  offerStatus,
}: {
  item: HandlerRequestItem;
  base: string;
  asAdmin: boolean;
  open: boolean;
  onToggle: () => void;
  change: StateChange;
  /** The link's current offer's status; null before any offer. */
  offerStatus: OfferStatus | null;
}) {
  const id = useId();
  const panelId = `${id}-panel`;
  const r = item.warehouse_request;
  const mine = change.linkId === item.id;
  const state: RequestState = mine && change.asked ? change.asked : item.state;
  const status = mine ? change.status : null;

  return (
    <li data-state={state} className={`rounded-xl border border-l-4 border-slate-200 bg-white shadow-sm ${STATE_STYLES[state].row}`}>
      {/* Each card's heading is the level under the page's title: the list has no heading of its own. */}
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full flex-col gap-2 rounded-xl px-4 py-3 text-left outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">{r.business_name}</span>
            <span className="line-clamp-2 text-sm text-slate-600">
              {item.warehouse.name} · {item.warehouse.city}
            </span>
          </span>
          <span className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>{formatDate(item.created_at)}</span>
            <span>{m.wm_request_reference({ number: requestNumber(r.id) })}</span>
            <RequestStateBadge state={state} />
            {offerStatus && <OfferStatusBadge status={offerStatus} named />}
            <ChevronDownIcon className={`h-5 w-5 text-slate-400 transition-transform ${open ? "rotate-180" : ""}`} />
          </span>
        </button>
      </h2>
      {/* The link's own page (its offers, the offer form, its conversation), open or closed card alike. */}
      <p className="px-4 pb-3 text-sm">
        <Link to={areaPaths(base).request(item.id)} className={standaloneTextLinkClass} data-testid="request-open">
          {offerStatus ? m.offer_list_open() : m.offer_list_answer()}
          <span className="sr-only"> — {r.business_name}</span>
        </Link>
      </p>
      <div id={panelId} hidden={!open} className="border-t border-slate-100 px-4 py-4">
        {open && (
          <div className="space-y-5">
            <RequestDetailsList
              headingLevel={3}
              request={r}
              date={item.created_at}
              dateLabel={m.areq_field_received()}
              extra={
                <div className="min-w-0">
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.areq_filter_warehouse()}</dt>
                  <dd className="mt-0.5">
                    <Link to={areaPaths(base).warehouse(item.warehouse_id)} className={standaloneTextLinkClass}>
                      {item.warehouse.name}
                    </Link>
                  </dd>
                </div>
              }
            />
            <div className="flex flex-col gap-4 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-end sm:justify-between">
              <div className="sm:w-64">
                <label htmlFor={`${id}-state`} className={labelClass}>
                  {m.areq_state_label()}
                </label>
                <select
                  id={`${id}-state`}
                  name="state"
                  value={state}
                  onChange={(event) => change.submit(item.id, event.target.value)}
                  aria-describedby={`${id}-status`}
                  aria-invalid={status === "failed" || undefined}
                  className={inputClass}
                  data-testid="request-state"
                >
                  {REQUEST_STATES.map((s) => (
                    <option key={s} value={s}>
                      {stateLabel(s)}
                    </option>
                  ))}
                </select>
                <p
                  id={`${id}-status`}
                  role="status"
                  aria-live="polite"
                  className={`mt-1 min-h-5 text-sm ${status === "failed" ? "text-red-700" : "text-slate-600"}`}
                >
                  {status === "saving" ? m.areq_state_saving() : status === "failed" ? m.areq_state_error() : status === "saved" ? m.areq_state_saved() : ""}
                </p>
              </div>
              {asAdmin ? (
                <p className="text-sm text-slate-600 sm:max-w-xs">{m.areq_admin_feedback_note()}</p>
              ) : (
                <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                  {/* Links of the server's answer: the review one exists once the link is confirmed there. */}
                  {item.review_url && state === "confirmed" && (
                    <Link to={item.review_url} className={standaloneTextLinkClass}>
                      {m.areq_link_review()}
                    </Link>
                  )}
                  <Link to={item.report_url} className={standaloneTextLinkClass}>
                    {m.areq_link_report()}
                  </Link>
                </p>
              )}
            </div>
            {/* Reviewed already: the review instead of its page. */}
            {item.review && <LinkReviewed review={item.review} />}
          </div>
        )}
      </div>
    </li>
  );
}
