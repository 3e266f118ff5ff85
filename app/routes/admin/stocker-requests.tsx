// /admin/stocker-requests (Nuovi stocker): the stocker registrations waiting for a decision, or
// the refused ones (?status=refused), newest first, searchable (?search=, by business name, name,
// e-mail or VAT number), filtered by age (?waiting=1|3|7 days at least), sorted by a column header
// (?sort=&dir=), 20 a page (?page=), with the CSV or XLSX export of the same selection
// (GET /api/admin/export-stocker-requests). "Approva" opens a two-step popup (the account type,
// then an existing warehouse found with GET /api/admin/warehouses/search or a new one); "Rifiuta"
// one with the note. Both post to this page's action, the same service as
// POST /api/admin/users/{id}/update; the row leaves the list when the page data reloads and the
// focus goes to the confirmation. Only step 2's own button approves: "Avanti", where it will
// stand, never sends the form, however fast or often it is pressed.
import { useEffect, useRef, useState } from "react";
import type { Route } from "./+types/stocker-requests";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { decideStockerRequest, listStockerRequests } from "../../server/accounts/stocker-approval.service.ts";
import { approvalContext } from "../api/shared/approval-context.ts";
import { decisionOf, stockerDecisionForm, stockerRequestsQuery } from "../../schemas/stocker-approval.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { STOCKER_REQUESTS_ORDER, STOCKER_REQUESTS_PAGE_SIZE, STOCKER_REQUESTS_URL_NAMES } from "../../lib/list-params.ts";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { stockerRequestsSelection } from "../shared/stocker-request-lists.server.ts";
import { displayName, fullName } from "../../lib/person-name.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable, CardFact } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { ListFilters, waitingFilter } from "../../components/admin/ListFilters.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";
import { ApproveDialog, RefuseDialog } from "../../components/admin/StockerDecisionDialogs.tsx";

export const loader = pageLoader({ access: ["admin"], query: stockerRequestsQuery, urlNames: STOCKER_REQUESTS_URL_NAMES }, async ({ query, services }) => {
  const { filters, order } = stockerRequestsSelection(query);
  const offset = query.offset ?? 0;
  const list = await listStockerRequests(services.db, { filters, order, limit: STOCKER_REQUESTS_PAGE_SIZE, page: offset });
  return {
    ...list,
    search: filters.search,
    status: filters.approved,
    waiting: query.filters?.waiting_days ?? "",
    order,
    page: offset + 1,
    pages: pageCount(list.users_count, STOCKER_REQUESTS_PAGE_SIZE),
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admst_title() }) }, { name: "robots", content: "noindex" }];
}

/** Approve or refuse (the popups), the body of POST /api/admin/users/{id}/update with the user's id. */
export const action = pageAction({ access: ["admin"], body: stockerDecisionForm }, async ({ actor, body, services }) => {
  await decideStockerRequest(approvalContext(services, "it"), actor, body.user_id, decisionOf(body));
  return { ok: true as const, user_id: body.user_id, approved: body.user_data.approved === 1 };
});

/** What the popups receive: the decision taken, or why not. */
export type DecisionResult = Awaited<ReturnType<typeof action>>;

type Row = Route.ComponentProps["loaderData"]["users"][number];

/** The name a request goes by (lib/person-name.ts). */
const nameOf = (r: Row) => displayName(r);
const placeOf = (r: Row) =>
  [r.request_address, [r.request_cap, r.request_city, r.request_province ? `(${r.request_province})` : null].filter(Boolean).join(" "), r.request_country]
    .filter(Boolean)
    .join(", ");

export default function AdminStockerRequests({ loaderData }: Route.ComponentProps) {
  const { users, users_count, search, status, waiting, order, page, pages } = loaderData;
  const [approving, setApproving] = useState<Row | null>(null);
  const [refusing, setRefusing] = useState<Row | null>(null);
  // A new object each time, so the same text said twice still takes the focus.
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  // The decided row has left the list and its popup has closed: the focus goes to the
  // confirmation (the next row's buttons are the next stop), not back to the page's top.
  const noticeBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);
  const open = (row: Row, which: "approve" | "refuse") => {
    setNotice(null);
    if (which === "approve") setApproving(row);
    else setRefusing(row);
  };
  const count = formatNumber(users_count);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admst_title()}
        intro={`${status === "refused" ? m.admst_intro_refused({ count }) : m.admst_intro_pending({ count })} · ${m.admst_intro()}`}
        actions={<ExportLinks endpoint="/api/admin/export-stocker-requests" urlNames={STOCKER_REQUESTS_URL_NAMES} testId="stocker-requests-export" />}
      />
      <ListFilters
        className="mt-6 flex flex-wrap items-center justify-between gap-4"
        search={{ name: "search", value: search ?? "", label: m.admst_search(), buttonLabel: m.admst_search_button() }}
        orderSpec={STOCKER_REQUESTS_ORDER}
        order={order}
        filters={[
          waitingFilter(waiting),
          {
            kind: "links",
            name: "status",
            value: status,
            defaultValue: "pending",
            label: m.admst_filter_label(),
            options: [
              { value: "pending", label: m.admst_filter_pending() },
              { value: "refused", label: m.admst_filter_refused() },
            ],
          },
        ]}
      />
      {notice && (
        <div
          ref={noticeBox}
          tabIndex={-1}
          className="mt-6 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          data-testid="stocker-decided"
        >
          <FormMessage tone="success">{notice.text}</FormMessage>
        </div>
      )}
      {users.length === 0 ? (
        <EmptyState
          title={search ? m.admst_empty_search() : status === "refused" ? m.admst_empty_refused() : m.admst_empty_pending()}
          testId="stocker-requests-empty"
          className="mt-8"
        />
      ) : (
        <>
          <AdminTable
            className="mt-6 hidden lg:block"
            testId="admin-stocker-requests"
            columns={[
              sortableColumn(STOCKER_REQUESTS_ORDER, order, "name", m.admst_col_business()),
              sortableColumn(STOCKER_REQUESTS_ORDER, order, "city", m.admst_col_address()),
              { label: m.admst_col_contact() },
              { label: m.admst_col_warehouse() },
              sortableColumn(STOCKER_REQUESTS_ORDER, order, "created_at", m.admst_col_date()),
              { label: m.admst_col_actions(), srOnly: true },
            ]}
          >
            {users.map((r) => (
              <tr key={r.id} className="align-top hover:bg-slate-50" data-testid="stocker-request-row">
                <td className="px-4 py-3">
                  <div className="font-semibold text-slate-900">{nameOf(r)}</div>
                  {r.request_vat && <div className="text-xs text-slate-600">{m.admst_vat({ vat: r.request_vat })}</div>}
                  {r.approval_note && <div className="mt-1 text-xs text-red-700">{m.admst_note({ note: r.approval_note })}</div>}
                </td>
                <td className="px-4 py-3 text-slate-700">{placeOf(r) || "—"}</td>
                <td className="px-4 py-3">
                  {fullName(r) && <div className="text-slate-800">{fullName(r)}</div>}
                  <div className="text-slate-600">
                    <EmailText email={r.email} />
                  </div>
                  {r.telephone && <div className="text-xs text-slate-500">{r.telephone}</div>}
                </td>
                <td className="px-4 py-3 text-slate-700">{r.requested_warehouse ? `${r.requested_warehouse.name} – ${r.requested_warehouse.city}` : "—"}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(r.created_at)}</td>
                <td className="px-4 py-3 text-right">
                  <RowActions row={r} onApprove={() => open(r, "approve")} onRefuse={() => open(r, "refuse")} />
                </td>
              </tr>
            ))}
          </AdminTable>
          {/* Below 1024 px the columns do not fit: one card a request. */}
          <ul className="mt-6 space-y-3 lg:hidden" data-testid="admin-stocker-requests-cards">
            {users.map((r) => (
              <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <div className="font-semibold text-slate-900">{nameOf(r)}</div>
                    {r.request_vat && <div className="text-xs text-slate-600">{m.admst_vat({ vat: r.request_vat })}</div>}
                    <div className="text-sm text-slate-600">
                      <EmailText email={r.email} />
                    </div>
                  </div>
                  <RowActions row={r} onApprove={() => open(r, "approve")} onRefuse={() => open(r, "refuse")} />
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-3">
                  <CardFact label={m.admst_col_address()}>{placeOf(r) || "—"}</CardFact>
                  <CardFact label={m.admst_col_warehouse()}>
                    {r.requested_warehouse ? `${r.requested_warehouse.name} – ${r.requested_warehouse.city}` : "—"}
                  </CardFact>
                  <CardFact label={m.admst_col_date()}>{formatDate(r.created_at)}</CardFact>
                </dl>
                {r.approval_note && <p className="mt-2 text-xs text-red-700">{m.admst_note({ note: r.approval_note })}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pages={pages} />
      <ApproveDialog
        request={approving}
        onClose={() => setApproving(null)}
        onDone={(r) => {
          setApproving(null);
          setNotice({ text: m.admst_approved_notice({ name: nameOf(r) }) });
        }}
      />
      <RefuseDialog
        request={refusing}
        onClose={() => setRefusing(null)}
        onDone={(r) => {
          setRefusing(null);
          setNotice({ text: m.admst_refused_notice({ name: nameOf(r) }) });
        }}
      />
    </div>
  );
}

function RowActions({ row, onApprove, onRefuse }: { row: Row; onApprove: () => void; onRefuse: () => void }) {
  const name = nameOf(row);
  return (
    <div className="flex justify-end gap-2">
      <button type="button" onClick={onApprove} aria-label={m.admst_approve_label({ name })} className={buttonClass("primary", "sm", "whitespace-nowrap")}>
        {m.admst_approve()}
      </button>
      {/* A refused request can be reconsidered (approved), not refused again. */}
      {row.approval_status === "pending" && (
        <button type="button" onClick={onRefuse} aria-label={m.admst_refuse_label({ name })} className={buttonClass("secondary", "sm", "whitespace-nowrap")}>
          {m.admst_refuse()}
        </button>
      )}
    </div>
  );
}
