// The stock hunter's quote requests ({prefix}/messages): a date-range (and state) filter and a
// card per request, one open at a time (?selected=id opens one from a link). The open card shows
// what was asked and the warehouses it went to, each with its state and its actions: report,
// review once confirmed (the review itself once written), and the public sheet in a new tab for a redeemed warehouse. Unclaimed
// warehouses come anonymised from the server ("Stocker {id}", city only). The request opened by the
// URL (?selected=id) comes with each warehouse's conversation (LinkConversation, posting to this
// page's action); another card opened here offers a link that loads them.
import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatDate, requestNumber } from "../../lib/format.ts";
import { areaPaths } from "../../lib/area-paths.ts";
import { useLocale } from "../../lib/root-data.ts";
import type { HunterRequestItem, HunterRequestWarehouse, HunterRequestsPageData } from "../../lib/area-requests.ts";
import { Pagination } from "../ui/Pagination.tsx";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { buttonClass, standaloneLinkClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { PageHeading } from "../ui/PageParts.tsx";
import { RequestDetailsList, RequestListTop, RequestsEmpty } from "./RequestDetails.tsx";
import { LinkReviewed } from "./LinkReviewed.tsx";
import { REQUEST_STATE_ORDER, RequestStateBadge, STATE_STYLES, stateLabel } from "./RequestState.tsx";
import { WarehouseSheetLink } from "./WarehouseSheetLink.tsx";
import { EmailText } from "../ui/EmailText.tsx";
import { aboutLink, LinkConversation } from "../deal/LinkConversation.tsx";
import type { ConversationMessage, MessageIntentResult } from "../../lib/conversation.ts";
import type { PageActionFailure } from "../../lib/page-action.ts";

type MessageResult = MessageIntentResult | PageActionFailure;

export function HunterRequests({
  data,
  base,
  asAdmin,
  lastResult,
}: {
  data: HunterRequestsPageData;
  base: string;
  asAdmin: boolean;
  /** The page action's last answer (a message posted without JavaScript). */
  lastResult?: MessageResult | null;
}) {
  const [openId, setOpenId] = useState<number | null>(data.selected);
  const locale = useLocale();
  const items = data.user_requests;
  return (
    <div>
      <PageHeading title={m.areq_hunter_title()} intro={m.areq_hunter_intro()} />
      <RequestListTop filters={{ values: data.filters, errors: data.filterErrors, filtered: data.filtered }} count={data.user_requests_count} />
      {items.length === 0 ? (
        <RequestsEmpty
          count={data.user_requests_count}
          filtered={data.filtered}
          title={m.areq_hunter_empty()}
          hint={
            <>
              <p>{m.areq_hunter_empty_hint()}</p>
              <Link to={`/${locale}/stocks`} className={buttonClass("primary", "sm", "mt-3")}>
                {m.area_search_warehouses()}
              </Link>
            </>
          }
        />
      ) : (
        <ul className="space-y-3" data-testid="hunter-requests">
          {items.map((item) => (
            <HunterRequestCard
              key={item.id}
              item={item}
              base={base}
              asAdmin={asAdmin}
              open={openId === item.id}
              onToggle={() => setOpenId(openId === item.id ? null : item.id)}
              conversations={item.id === data.selected ? data.conversations : undefined}
              lastResult={lastResult}
            />
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={data.pages} />
    </div>
  );
}

/** How many of the request's warehouses are in each state: coloured dots with their counts. */
function StateSummary({ warehouses }: { warehouses: HunterRequestWarehouse[] }) {
  return (
    <span className="flex items-center gap-2">
      {REQUEST_STATE_ORDER.map((state) => {
        const n = warehouses.filter((w) => w.state === state).length;
        if (n === 0) return null;
        return (
          <span key={state} className="inline-flex items-center gap-1 font-medium text-slate-700">
            <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${STATE_STYLES[state].dot}`} />
            <span className="sr-only">{stateLabel(state)}:</span>
            {n}
          </span>
        );
      })}
    </span>
  );
}

function HunterRequestCard({
  item,
  base,
  asAdmin,
  open,
  onToggle,
  conversations,
  lastResult,
}: {
  item: HunterRequestItem;
  base: string;
  asAdmin: boolean;
  open: boolean;
  onToggle: () => void;
  conversations: Record<string, ConversationMessage[]> | undefined;
  lastResult: MessageResult | null | undefined;
}) {
  const id = useId();
  const location = useLocation();
  const panelId = `${id}-panel`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm" data-request={item.id}>
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
            <span className="block font-semibold text-slate-900">{m.wm_request_reference({ number: requestNumber(item.id) })}</span>
            <span className="line-clamp-2 text-sm text-slate-600">{[item.location, item.business_name].filter(Boolean).join(" · ")}</span>
          </span>
          <span className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>{formatDate(item.created_at)}</span>
            <span>{m.areq_warehouses_contacted({ count: item.warehouses.length })}</span>
            <StateSummary warehouses={item.warehouses} />
            <ChevronDownIcon className={`h-5 w-5 text-slate-400 transition-transform ${open ? "rotate-180" : ""}`} />
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-slate-100 px-4 py-4">
        {open && (
          <div className="space-y-5">
            <p>
              <Link to={areaPaths(base).request(item.id)} className={buttonClass("primary", "sm")} data-testid="hunter-request-compare">
                {m.cmp_open_request()}
              </Link>
            </p>
            <section aria-labelledby={`${id}-warehouses`}>
              <h3 id={`${id}-warehouses`} className="mb-2 text-sm font-semibold text-slate-900">
                {m.areq_warehouses_contacted({ count: item.warehouses.length })}
              </h3>
              <ul className="space-y-2">
                {item.warehouses.map((w) => (
                  <ContactedWarehouse
                    key={w.link_id}
                    w={w}
                    base={base}
                    asAdmin={asAdmin}
                    thread={conversations ? (conversations[String(w.link_id)] ?? []) : undefined}
                    lastResult={lastResult}
                  />
                ))}
              </ul>
              {!conversations && (
                <p className="mt-2">
                  <Link to={selectedHref(location.search, item.id)} className={standaloneTextLinkClass} data-testid="show-conversations">
                    {m.thr_show()}
                  </Link>
                </p>
              )}
            </section>
            <section aria-labelledby={`${id}-details`}>
              <h3 id={`${id}-details`} className="mb-2 text-sm font-semibold text-slate-900">
                {m.areq_details_toggle()}
              </h3>
              <RequestDetailsList request={item} date={item.created_at} dateLabel={m.areq_field_sent()} />
            </section>
          </div>
        )}
      </div>
    </li>
  );
}

/** The list's query string opened on one request (its page and filters kept). */
function selectedHref(search: string, requestId: number): string {
  const params = new URLSearchParams(search);
  params.set("selected", String(requestId));
  return `?${params.toString()}`;
}

function ContactedWarehouse({
  w,
  base,
  asAdmin,
  thread,
  lastResult,
}: {
  w: HunterRequestWarehouse;
  base: string;
  asAdmin: boolean;
  /** The link's messages, when the request's conversations were loaded. */
  thread?: ConversationMessage[];
  lastResult?: MessageResult | null;
}) {
  return (
    <li data-state={w.state} className={`rounded-lg border border-l-4 border-slate-200 bg-slate-50/60 px-3 py-3 text-sm ${STATE_STYLES[w.state].row}`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <Link to={areaPaths(base).warehouse(w.id)} className={`${standaloneLinkClass} font-semibold text-slate-900 hover:underline`}>
              {w.name}
            </Link>
            {w.is_hub && <HubBadge />}
          </p>
          <p className="text-slate-600">{w.address ? `${w.address}, ${w.city}` : w.city}</p>
        </div>
        <RequestStateBadge state={w.state} className="self-start" />
      </div>
      {w.referent ? (
        <p className="mt-2 text-slate-700">
          <span className="font-medium">{m.areq_contact()}:</span> {w.referent.name && <>{w.referent.name} · </>}
          <a href={`mailto:${w.referent.email}`} className={standaloneTextLinkClass}>
            <EmailText email={w.referent.email} />
          </a>
        </p>
      ) : (
        <p className="mt-2 text-slate-500">{m.area_favourite_not_redeemed()}</p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        <Link to={areaPaths(base).warehouse(w.id)} className={standaloneTextLinkClass}>
          {m.area_favourite_history()}
        </Link>
        {w.detail_url && <WarehouseSheetLink href={w.detail_url} />}
        {/* The review and report pages are the hunter's own: an administrator's view does not offer them. */}
        {!asAdmin && w.review_url && (
          <Link to={w.review_url} className={standaloneTextLinkClass}>
            {m.areq_link_review()}
          </Link>
        )}
        {!asAdmin && (
          <Link to={w.report_url} className={standaloneTextLinkClass}>
            {m.areq_link_report()}
          </Link>
        )}
      </p>
      {/* Reviewed already: the review instead of its page. */}
      {w.review && <LinkReviewed review={w.review} />}
      {thread && (
        // Open when there is something to read, or the last message sent here was refused.
        <details className="mt-3 rounded-lg border border-slate-200 bg-white px-3" open={thread.length > 0 || aboutLink(lastResult, w.link_id) !== undefined}>
          <summary className="cursor-pointer py-3 text-sm font-medium text-slate-900">{m.thr_summary({ count: thread.length })}</summary>
          <div className="pb-3">
            <LinkConversation
              messages={thread}
              viewer={asAdmin ? "admin" : "hunter"}
              canWrite={!asAdmin}
              linkId={w.link_id}
              lastResult={lastResult}
              title={m.thr_title()}
              headingLevel={4}
            />
          </div>
        </details>
      )}
    </li>
  );
}
