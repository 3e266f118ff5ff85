// /admin/requests: the quote requests, newest first, 8 a page (?page=), searched (?search=, by
// business name, referent, contact, place or request number) and filtered by created date (?from,
// ?to: Italian calendar days). Each request is a card collapsed to its summary; one is open at a
// time (?open=id, a link, so it works before hydration and survives a reload), showing what was
// asked, the export of that request (GET /api/admin/warehouse-requests/{id}/export) and the panel of
// the warehouses it went to, where "Aggiungi magazzini" opens the popup that adds more. The popup
// posts to this page's action, which calls the same service as POST …/add-warehouses (audited,
// each new warehouse's handler notified). Each warehouse of the open card can show its
// conversation with the requester read-only (?thread=link id, a link too): the loader reads it
// with the same service as GET /api/admin/warehouse-requests/{id}/messages, audited each time.
import { lazy, Suspense, useCallback, useState } from "react";
import { useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/requests";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { addWarehousesToRequest, listAdminRequests } from "../../server/admin-requests/admin-requests.service.ts";
import { adminLinkMessages } from "../../server/deal/conversation.service.ts";
import { urlValues } from "../shared/request-pages.server.ts";
import { addWarehousesBody, adminRequestsQuery } from "../../schemas/admin-requests.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber, requestNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { ADMIN_REQUESTS_PAGE_SIZE, type AdminRequestItem } from "../../lib/admin-requests.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { RequestFilters } from "../../components/area/RequestDetails.tsx";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { RequestCard } from "../../components/admin/RequestCard.tsx";
import type { DialogRequest } from "../../components/admin/AddWarehousesDialog.tsx";

// The add-warehouses popup (its search and picking) loads when an administrator opens it.
const AddWarehousesDialog = lazy(() => import("../../components/admin/AddWarehousesDialog.tsx").then((module) => ({ default: module.AddWarehousesDialog })));

const DATE_FILTERS = ["from", "to"] as const;

// The page's URL names for the JSON twin's query: ?search= → search_term, ?page= from 1 → offset from 0, ?from/?to → filters[…].
const URL_NAMES = { search: "search_term", page: "offset", from: "filters.from", to: "filters.to" };

export const loader = pageLoader(
  { access: ["admin"], query: adminRequestsQuery, urlNames: URL_NAMES },
  async ({ actor, url, query, queryErrors, services, locale }) => {
    const search = query.search_term ?? null;
    const { from, to } = query.filters;
    const page = (query.offset ?? 0) + 1;
    const open = idNumber.safeParse(url.searchParams.get("open"));
    const threadId = idNumber.safeParse(url.searchParams.get("thread"));
    // The service counts pages from 0, like the JSON endpoint's offset; the URL from 1.
    const list = await listAdminRequests(services.db, actor, { search, from: from ?? null, to: to ?? null, limit: ADMIN_REQUESTS_PAGE_SIZE, page: page - 1 });
    const dated = Boolean(from || to);
    // A conversation is read (and the read audited) only for a warehouse of the card shown open.
    const openItem = open.success ? list.warehouse_requests.find((r) => r.id === open.data) : undefined;
    const threadLink = threadId.success && openItem?.warehouses.some((w) => w.link_id === threadId.data) ? threadId.data : null;
    const thread = threadLink === null ? null : { link_id: threadLink, ...(await adminLinkMessages(services.db, actor, threadLink, { locale })) };
    return {
      ...list,
      search,
      page,
      pages: pageCount(list.warehouse_requests_count, ADMIN_REQUESTS_PAGE_SIZE),
      open: open.success ? open.data : null,
      thread,
      filters: urlValues(url, DATE_FILTERS),
      // A date that does not pass is left out and reported to the form, never a 422 page.
      filterErrors: queryErrors,
      dated,
      filtered: dated || search !== null,
    };
  },
);

export function meta() {
  return [{ title: m.page_title({ title: m.admreq_title() }) }, { name: "robots", content: "noindex" }];
}

/** "Aggiungi magazzini" (the popup): the body of POST /api/admin/warehouse-requests/{id}/add-warehouses, with the request's id. */
export const action = pageAction(
  { access: ["admin"], body: addWarehousesBody.extend({ intent: z.literal("add_warehouses"), request_id: idNumber }) },
  async ({ actor, body, services }) => {
    const result = await addWarehousesToRequest(services.db, actor, body.request_id, body.ids, { origin: services.config.origin });
    return { ok: true as const, intent: body.intent, added: result.added.length };
  },
);

/** What the popup receives: how many warehouses were added, or why none. */
export type AddWarehousesResult = Awaited<ReturnType<typeof action>>;

/** The list's query string with the open card set (or none); another card closes the conversation shown. */
function withOpen(search: string, id: number | null): string {
  const params = new URLSearchParams(search);
  params.delete("thread");
  if (id === null) params.delete("open");
  else params.set("open", String(id));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The list's query string with a warehouse's conversation shown (or none) in the open card. */
function withThread(search: string, linkId: number | null): string {
  const params = new URLSearchParams(search);
  if (linkId === null) params.delete("thread");
  else params.set("thread", String(linkId));
  return `?${params.toString()}`;
}

export default function AdminRequests({ loaderData }: Route.ComponentProps) {
  const { warehouse_requests, warehouse_requests_count, search, page, pages, open, thread, filters, filterErrors, dated, filtered } = loaderData;
  const location = useLocation();
  const [adding, setAdding] = useState<DialogRequest | null>(null);
  // The last addition's outcome, shown in the panel of the request it changed.
  const [added, setAdded] = useState<{ requestId: number; count: number } | null>(null);
  const onDone = useCallback(
    (count: number) => {
      if (adding) setAdded({ requestId: adding.id, count });
      setAdding(null);
    },
    [adding],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading title={m.admreq_title()} intro={m.admreq_count({ count: formatNumber(warehouse_requests_count) })} />
      <div className="mt-6 space-y-4">
        <SearchBox
          name="search"
          value={search ?? ""}
          label={m.admreq_search()}
          buttonLabel={m.admreq_search_button()}
          keep={{ from: filters.from || null, to: filters.to || null }}
        />
        <RequestFilters values={filters} errors={filterErrors} filtered={dated} showState={false} keep={{ search }} />
      </div>
      {warehouse_requests.length === 0 ? (
        <EmptyState
          title={filtered || warehouse_requests_count > 0 ? m.admreq_empty_search() : m.admreq_empty_none()}
          testId="requests-empty"
          className="mt-8"
        />
      ) : (
        <ul className="mt-6 space-y-3" aria-label={m.admreq_list_label()} data-testid="admin-requests">
          {warehouse_requests.map((item: AdminRequestItem) => {
            const isOpen = item.id === open;
            return (
              <RequestCard
                key={item.id}
                item={item}
                open={isOpen}
                toggleHref={withOpen(location.search, isOpen ? null : item.id)}
                thread={isOpen ? (thread ?? null) : null}
                threadHref={(linkId) => withThread(location.search, linkId)}
                actions={
                  <>
                    <HistoryLink entityType="warehouse_request" id={item.id} label={m.admreq_history_label({ number: requestNumber(item.id) })} />
                    <a
                      href={`/api/admin/warehouse-requests/${item.id}/export`}
                      download
                      className={buttonClass("secondary", "sm")}
                      aria-label={m.admreq_export_label({ number: requestNumber(item.id) })}
                      data-testid="request-export"
                    >
                      {m.admreq_export()}
                    </a>
                  </>
                }
                panelAction={
                  <button
                    type="button"
                    className={buttonClass("primary", "sm")}
                    onClick={() => setAdding({ id: item.id, business_name: item.business_name, location: item.location, radius: item.radius })}
                    data-testid="request-add-warehouses"
                  >
                    {m.admreq_add()}
                  </button>
                }
                panelNotice={
                  added?.requestId === item.id ? (
                    <div className="mb-3" role="status">
                      <FormMessage tone="success">{m.admreq_added({ count: added.count })}</FormMessage>
                    </div>
                  ) : null
                }
              />
            );
          })}
        </ul>
      )}
      <Pagination page={page} pages={pages} />
      {adding && (
        <Suspense fallback={null}>
          <AddWarehousesDialog request={adding} onClose={() => setAdding(null)} onDone={onDone} />
        </Suspense>
      )}
    </div>
  );
}
