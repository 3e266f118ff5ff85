// A quote request in the back office: a card collapsed to its summary (number, business name,
// date, place, space, warehouses contacted) that opens to what the request says and, at its side
// (under it on a tablet), the panel of the warehouses it went to, each with its state, who
// handles it and its sheet: "Vai alla scheda" (the public sheet) when redeemed, else "Modifica
// scheda" (the back office's edit page), both in a new tab, and "Leggi la conversazione", which
// shows that warehouse's conversation with the requester under it, read-only (a link the page
// reads, ?thread=link id). Built once for the back office's
// request lists; the open card is chosen by the page (a link, so it lives in the URL).
import { lazy, useId, type ReactNode } from "react";
import { Link } from "react-router";
import { m } from "../../paraglide/messages.js";
import { formatArea, formatDate, formatNumber, requestNumber } from "../../lib/format.ts";
import { adminWarehouseHref, type AdminRequestItem, type AdminRequestWarehouse } from "../../lib/admin-requests.ts";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { buttonClass, standaloneTextLinkClass } from "../ui/styles.ts";
import { HubBadge } from "../warehouse/HubBadge.tsx";
import { RequestDetailsList } from "../area/RequestDetails.tsx";
import { RequestStateBadge, STATE_STYLES } from "../area/RequestState.tsx";
import { EmailText } from "../ui/EmailText.tsx";
import type { LinkConversationData } from "../../lib/conversation.ts";

// A warehouse's conversation is a chunk of its own, outside the list's first load (the JavaScript
// budget); the server still writes it into its first answer when a thread is open, and the browser
// asks for the chunk as this module runs.
const loadConversation = () => import("../deal/LinkConversation.tsx");
const LinkConversation = lazy(() => loadConversation().then((module) => ({ default: module.LinkConversation })));
if (typeof window !== "undefined") void loadConversation();

/** A warehouse's conversation shown in the open card. */
export type CardThread = LinkConversationData & { link_id: number };

function spaceText(r: Pick<AdminRequestItem, "m2_type" | "m2_value">): string {
  if (r.m2_value === null) return m.admreq_not_given();
  return r.m2_type === "pallet" ? `${formatNumber(r.m2_value)} ${m.areq_unit_pallets()}` : formatArea(r.m2_value);
}

type Props = {
  item: AdminRequestItem;
  open: boolean;
  /** Where the summary leads: the same list with this card open, or closed when it is open. */
  toggleHref: string;
  /** The request's actions in the open card (export, add warehouses). */
  actions?: ReactNode;
  /** Above the panel's list (the last addition's outcome). */
  panelNotice?: ReactNode;
  /** The panel's own action (the add-warehouses button). */
  panelAction?: ReactNode;
  /** The conversation shown in the open card (one warehouse's), and where each warehouse's toggle leads (null: closed). */
  thread?: CardThread | null;
  threadHref?: (linkId: number | null) => string;
};

export function RequestCard({ item, open, toggleHref, actions, panelNotice, panelAction, thread, threadHref }: Props) {
  const id = useId();
  const number = requestNumber(item.id);
  return (
    <li
      className={`rounded-xl border bg-white shadow-sm ${open ? "border-brand-300 ring-1 ring-brand-200" : "border-slate-200"}`}
      data-request={item.id}
      data-testid={`request-card-${item.id}`}
    >
      <h2>
        <Link
          to={toggleHref}
          replace
          preventScrollReset
          aria-expanded={open}
          aria-controls={open ? `${id}-body` : undefined}
          className="flex w-full flex-col gap-2 rounded-xl px-4 py-3 text-left outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 lg:flex-row lg:items-center lg:justify-between"
          data-testid="request-toggle"
        >
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">{m.wm_request_reference({ number })}</span>
            <span className="block truncate text-sm text-slate-700">{item.business_name}</span>
          </span>
          <span className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>
              <span className="sr-only">{m.admreq_summary_date()}: </span>
              {formatDate(item.created_at)}
            </span>
            <span className="max-w-48 truncate">
              <span className="sr-only">{m.admreq_summary_location()}: </span>
              {item.location || m.admreq_not_given()}
            </span>
            <span>
              <span className="sr-only">{m.admreq_summary_space()}: </span>
              {spaceText(item)}
            </span>
            <span className="font-medium text-slate-700" data-testid="request-warehouses-count">
              {m.areq_warehouses_contacted({ count: item.warehouses.length })}
            </span>
            <span className={item.answered_count > 0 ? "font-medium text-emerald-700" : "text-slate-500"} data-testid="request-answered-count">
              {m.admreq_answered_count({ count: item.answered_count })}
            </span>
            <ChevronDownIcon className={`h-5 w-5 text-slate-400 transition-transform ${open ? "rotate-180" : ""}`} />
          </span>
        </Link>
      </h2>
      {open && (
        <div id={`${id}-body`} className="grid gap-5 border-t border-slate-100 px-4 py-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <section aria-labelledby={`${id}-details`} className="min-w-0">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h3 id={`${id}-details`} className="text-sm font-semibold text-slate-900">
                {m.admreq_details()}
              </h3>
              {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
            </div>
            <RequestDetailsList request={item} date={item.created_at} dateLabel={m.admreq_received()} />
          </section>
          <RequestWarehousesPanel item={item} notice={panelNotice} action={panelAction} thread={thread ?? null} threadHref={threadHref} />
        </div>
      )}
    </li>
  );
}

/** The side panel: the warehouses the request went to (on a tablet, under the request). */
function RequestWarehousesPanel({
  item,
  notice,
  action,
  thread,
  threadHref,
}: {
  item: AdminRequestItem;
  notice?: ReactNode;
  action?: ReactNode;
  thread: CardThread | null;
  threadHref?: Props["threadHref"];
}) {
  const id = useId();
  return (
    <aside aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-4 lg:self-start" data-testid="request-panel">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {m.admreq_panel_title({ count: item.warehouses.length })}
        </h3>
        {action}
      </div>
      {notice}
      {item.warehouses.length === 0 ? (
        <p className="text-sm text-slate-600">{m.admreq_panel_empty()}</p>
      ) : (
        <ul className="space-y-2" data-testid="request-warehouses">
          {item.warehouses.map((w) => (
            <ContactedWarehouse
              key={w.link_id}
              w={w}
              requestDate={item.created_at}
              thread={thread?.link_id === w.link_id ? thread : null}
              threadHref={threadHref}
            />
          ))}
        </ul>
      )}
    </aside>
  );
}

/** A link made later than the request itself (a minute's grace) was added from the back office. */
function addedLater(w: AdminRequestWarehouse, requestDate: Date | string): boolean {
  return new Date(w.created_at).getTime() - new Date(requestDate).getTime() > 60_000;
}

function ContactedWarehouse({
  w,
  requestDate,
  thread,
  threadHref,
}: {
  w: AdminRequestWarehouse;
  requestDate: Date | string;
  thread: CardThread | null;
  threadHref?: Props["threadHref"];
}) {
  const sheet = w.redeemed && w.listed;
  const threadId = useId();
  return (
    <li
      data-state={w.state}
      data-warehouse={w.id}
      className={`rounded-lg border border-l-4 border-slate-200 bg-white px-3 py-3 text-sm ${STATE_STYLES[w.state].row}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{w.name}</span>
            <span className="text-xs text-slate-500">#{w.id}</span>
            {w.is_hub && <HubBadge />}
          </p>
          <p className="text-slate-600">{[w.address, w.city].filter(Boolean).join(", ")}</p>
        </div>
        <RequestStateBadge state={w.state} />
      </div>
      <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {w.redeemed && <span className="font-medium text-emerald-700">{m.admreq_redeemed()}</span>}
        {!w.listed && <span className="font-medium text-red-700">{m.admreq_not_listed()}</span>}
        {addedLater(w, requestDate) && <span className="text-slate-500">{m.admreq_added_on({ date: formatDate(w.created_at) })}</span>}
      </p>
      <p className="mt-1.5 text-slate-700">
        {w.handler ? (
          <>
            <span className="font-medium">{w.handler.kind === "referent" ? m.admreq_handler_referent() : m.admreq_handler_owner()}:</span>{" "}
            {w.handler.name && <>{w.handler.name} · </>}
            <a href={`mailto:${w.handler.email}`} className={standaloneTextLinkClass}>
              <EmailText email={w.handler.email} />
            </a>
          </>
        ) : (
          <span className="text-slate-500">{m.admreq_no_handler()}</span>
        )}
      </p>
      <p className="mt-2 flex flex-wrap gap-2">
        <a
          href={adminWarehouseHref({ id: w.id, redeemed: sheet })}
          target="_blank"
          rel="noopener"
          className={buttonClass("secondary", "sm")}
          data-testid={sheet ? "warehouse-sheet" : "warehouse-edit"}
        >
          {sheet ? m.admreq_sheet() : m.admreq_edit_sheet()}
          <span className="sr-only"> {m.opens_new_tab()}</span>
        </a>
        {threadHref && (
          <Link
            to={threadHref(thread ? null : w.link_id)}
            replace
            preventScrollReset
            aria-expanded={thread !== null}
            aria-controls={thread ? threadId : undefined}
            aria-label={thread ? m.thr_admin_close() : m.thr_admin_open_label({ warehouse: w.name })}
            className={buttonClass("secondary", "sm")}
            data-testid="warehouse-thread"
          >
            {thread ? m.thr_admin_close() : m.thr_admin_open()}
          </Link>
        )}
      </p>
      {thread && (
        <div id={threadId} className="mt-3 border-t border-slate-100 pt-3">
          <LinkConversation viewer="admin" canWrite={false} linkId={w.link_id} messages={thread.messages} title={m.thr_admin_title({ warehouse: w.name })} />
        </div>
      )}
    </li>
  );
}
