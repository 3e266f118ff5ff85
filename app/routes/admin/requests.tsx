// /admin/requests: the quote requests, newest first unless sorted otherwise (?sort=created_at|
// warehouses|quantity&dir=asc|desc: the date, oldest first ascending; the number of warehouses
// contacted; the quantity asked for), 8 a page (?page=, "Pagina X di Y"), searched (?search=, by
// business name, referent, contact, place or request number) and filtered by created date (?from,
// ?to: Italian calendar days), by whether a contacted warehouse answered (?answered=yes|no) and by
// who asked (?requester=account|visitor), with the CSV or XLSX export of the same selection in the
// same order (GET /api/admin/export-warehouse-requests). Each request is a card collapsed to its
// summary, which is a link to the request's detail, the card open (?open=id, so it works before
// hydration, survives a reload and opens in a new tab); one is open at a time, showing what was
// asked, the export of that request (GET /api/admin/warehouse-requests/{id}/export) and the panel
// of the warehouses it went to, where "Aggiungi magazzini" opens the popup that adds more. The
// popup posts to this page's action, which calls the same service as POST …/add-warehouses
// (audited, each new warehouse's handler notified). Each warehouse of the open card can show its
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
import { adminRequestsSelection } from "../shared/admin-request-lists.server.ts";
import { addWarehousesBody, adminRequestsQuery } from "../../schemas/admin-requests.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber, requestNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import type { AdminRequestItem } from "../../lib/admin-requests.ts";
import { ADMIN_REQUESTS_ORDER, ADMIN_REQUESTS_PAGE_SIZE, ADMIN_REQUESTS_URL_NAMES, REQUESTER_KINDS } from "../../lib/list-params.ts";
import { orderKept } from "../../lib/admin-lists.ts";
import { ListFilters, yesNoFilter } from "../../components/admin/ListFilters.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { SortLink } from "../../components/admin/SortLink.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { RequestFilters } from "../../components/area/RequestDetails.tsx";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { RequestCard } from "../../components/admin/RequestCard.tsx";
import type { DialogRequest } from "../../components/admin/AddWarehousesDialog.tsx";

// The add-warehouses popup (its search and picking) loads when an administrator opens it.
const AddWarehousesDialog = lazy(() => import("../../components/admin/AddWarehousesDialog.tsx").then((module) => ({ default: module.AddWarehousesDialog })));

const DATE_FILTERS = ["from", "to"] as const;

export const loader = pageLoader(
  { access: ["admin"], query: adminRequestsQuery, urlNames: ADMIN_REQUESTS_URL_NAMES },
  async ({ actor, url, query, queryErrors, services, locale }) => {
    const { filters: selection, order } = adminRequestsSelection(query);
    const { search, from, to, answered, requester } = selection;
    const page = (query.offset ?? 0) + 1;
    const open = idNumber.safeParse(url.searchParams.get("open"));
    const threadId = idNumber.safeParse(url.searchParams.get("thread"));
    // The service counts pages from 0, like the JSON endpoint's offset; the URL from 1.
    const list = await listAdminRequests(services.db, actor, { ...selection, order, limit: ADMIN_REQUESTS_PAGE_SIZE, page: page - 1 });
    const dated = Boolean(from || to);
    // A conversation is read (and the read audited) only for a warehouse of the card shown open.
    const openItem = open.success ? list.warehouse_requests.find((r) => r.id === open.data) : undefined;
    const threadLink = threadId.success && openItem?.warehouses.some((w) => w.link_id === threadId.data) ? threadId.data : null;
    const thread = threadLink === null ? null : { link_id: threadLink, ...(await adminLinkMessages(services.db, actor, threadLink, { locale })) };
    // The export's selection as the loader read it (a bad date left out), so it never refuses what the list shows.
    const read = new URLSearchParams(
      Object.entries({ search, from, to, answered, requester, ...orderKept(ADMIN_REQUESTS_ORDER, order) }).filter((e): e is [string, string] => Boolean(e[1])),
    );
    return {
      ...list,
      search,
      order,
      answered: answered ?? "",
      requester: requester ?? "",
      page,
      pages: pageCount(list.warehouse_requests_count, ADMIN_REQUESTS_PAGE_SIZE),
      open: open.success ? open.data : null,
      thread,
      filters: urlValues(url, DATE_FILTERS),
      // A date or filter that does not pass is left out and reported to the form, never a 422 page.
      filterErrors: queryErrors,
      dated,
      filtered: dated || search !== null || Boolean(answered || requester),
      exportSearch: `?${read.toString()}`,
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
  const {
    warehouse_requests,
    warehouse_requests_count,
    search,
    order,
    answered,
    requester,
    page,
    pages,
    open,
    thread,
    filters,
    filterErrors,
    dated,
    filtered,
    exportSearch,
  } = loaderData;
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
      <PageHeading
        title={m.admreq_title()}
        intro={m.admreq_count({ count: formatNumber(warehouse_requests_count) })}
        actions={
          <ExportLinks endpoint="/api/admin/export-warehouse-requests" urlNames={ADMIN_REQUESTS_URL_NAMES} search={exportSearch} testId="requests-export" />
        }
      />
      <ListFilters
        search={{ name: "search", value: search ?? "", label: m.admreq_search(), buttonLabel: m.admreq_search_button() }}
        orderSpec={ADMIN_REQUESTS_ORDER}
        order={order}
        keep={{ from: filters.from || null, to: filters.to || null }}
        filters={[
          yesNoFilter("answered", m.admreq_filter_answered(), answered, { yes: m.admreq_answered_yes(), no: m.admreq_answered_no() }),
          {
            kind: "select",
            name: "requester",
            label: m.admreq_filter_requester(),
            value: requester,
            options: [
              { value: "", label: m.admlist_any() },
              ...REQUESTER_KINDS.map((value) => ({ value, label: value === "account" ? m.admreq_requester_account() : m.admreq_requester_visitor() })),
            ],
          },
        ]}
      />
      <div className="mt-4">
        <RequestFilters
          values={filters}
          errors={filterErrors}
          filtered={dated}
          showState={false}
          keep={{ search, answered, requester, ...orderKept(ADMIN_REQUESTS_ORDER, order) }}
        />
      </div>
      <nav
        className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs font-semibold text-slate-600"
        aria-label={m.admreq_sort_by()}
        data-testid="requests-sort"
      >
        <span>{m.admreq_sort_by()}:</span>
        {(
          [
            ["created_at", m.admreq_sort_date()],
            ["warehouses", m.admreq_sort_warehouses()],
            ["quantity", m.admreq_sort_quantity()],
          ] as const
        ).map(([key, label]) => (
          <SortLink
            key={key}
            column={key}
            label={label}
            current={order}
            defaults={ADMIN_REQUESTS_ORDER.defaults}
            firstDir={ADMIN_REQUESTS_ORDER.firstDir(key)}
            title={m.admlist_sort_label({ column: label })}
            // Outside a table's header, on a phone too: a finger's height.
            className="min-h-11 sm:min-h-0"
          />
        ))}
      </nav>
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
                    <a
                      href={`/api/admin/warehouse-requests/${item.id}/export?format=xlsx`}
                      download
                      className={buttonClass("secondary", "sm")}
                      aria-label={m.admreq_export_xlsx_label({ number: requestNumber(item.id) })}
                      data-testid="request-export-xlsx"
                    >
                      {m.admreq_export_xlsx()}
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
