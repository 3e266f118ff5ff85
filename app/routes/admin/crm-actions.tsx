// /admin/crm-actions: the CRM's follow-up actions, filtered pending (the default), overdue
// (pending, due before today), done or all (?status=), searchable (?search=), sorted by a column
// header (?sort=date|client|created_at|follow_up_done&dir=; by default the soonest due first: an
// action is due on its event's day), 20 a page (?page=, "Pagina X di Y"), with the CSV or XLSX
// export of the same selection in the same order (GET /api/admin/export-crm-actions). The whole
// row opens the entry in the CRM (/admin/crm?edit=id). "Gestisci" opens a popup that confirms
// the handling and posts to this page's action: the same service as POST /api/admin/crm-entries/
// {id}/handle (follow_up_done 1, who and when, audited). The row leaves the pending list when
// the page data reloads.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/crm-actions";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { handleCrmAction, listCrmActions } from "../../server/crm/crm.service.ts";
import { crmActionsQuery } from "../../schemas/crm.ts";
import { CRM_ACTION_FILTERS, type CrmActionFilter } from "../../lib/crm.ts";
import { CRM_ACTIONS_ORDER, CRM_ACTIONS_URL_NAMES, CRM_PAGE_SIZE, type CrmActionsOrderKey } from "../../lib/list-params.ts";
import { crmActionsSelection } from "../shared/crm-lists.server.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { PopupDialog } from "../../components/ui/PopupDialog.tsx";
import { FormMessage } from "../../components/ui/fields.tsx";
import { buttonClass, standaloneLinkClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { ListFilters } from "../../components/admin/ListFilters.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { HistoryLink } from "../../components/admin/HistoryLink.tsx";
import { CRM_EVENT_LABEL, CrmFollowUpState } from "../../components/admin/CrmLabels.tsx";

export const loader = pageLoader({ access: ["admin"], query: crmActionsQuery, urlNames: CRM_ACTIONS_URL_NAMES }, async ({ actor, query, services }) => {
  const { filters, order } = crmActionsSelection(query);
  const offset = query.offset ?? 0;
  const list = await listCrmActions(services.db, actor, { filters, order, limit: CRM_PAGE_SIZE, page: offset });
  return {
    ...list,
    search: filters.search,
    status: filters.status,
    order,
    page: offset + 1,
    pages: pageCount(list.crm_actions_count, CRM_PAGE_SIZE),
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admcrm_actions_title() }) }, { name: "robots", content: "noindex" }];
}

/** "Gestisci" (the popup): what POST /api/admin/crm-entries/{id}/handle does, for the entry named in the form. */
export const action = pageAction({ access: ["admin"], body: z.object({ crm_entry_id: idNumber }) }, async ({ actor, body, services }) => ({
  ok: true as const,
  ...(await handleCrmAction(services.db, actor, body.crm_entry_id)),
}));

/** What the popup receives: the entry handled, or why not. */
export type HandleResult = Awaited<ReturnType<typeof action>>;

type Row = Route.ComponentProps["loaderData"]["crm_actions"][number];

const FILTER_LABEL: Record<CrmActionFilter, () => string> = {
  pending: () => m.admcrm_filter_pending(),
  overdue: () => m.admcrm_filter_overdue(),
  done: () => m.admcrm_filter_done(),
  all: () => m.admcrm_filter_all(),
};

const COUNT_LABEL: Record<CrmActionFilter, (count: string) => string> = {
  pending: (count) => m.admcrm_actions_count_pending({ count }),
  overdue: (count) => m.admcrm_actions_count_overdue({ count }),
  done: (count) => m.admcrm_actions_count_done({ count }),
  all: (count) => m.admcrm_actions_count_all({ count }),
};

const nameOf = (r: Row) => r.business_name ?? "—";

/** The CRM with the popup open on the action's entry. */
const entryHref = (r: Row) => `/admin/crm?edit=${r.id}`;

export default function AdminCrmActions({ loaderData }: Route.ComponentProps) {
  const { crm_actions, crm_actions_count, search, status, order, page, pages } = loaderData;
  const sorted = (key: CrmActionsOrderKey, label: string, className?: string) => sortableColumn(CRM_ACTIONS_ORDER, order, key, label, className);
  const [handling, setHandling] = useState<Row | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = (r: Row) => {
    setNotice(null);
    setHandling(r);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admcrm_actions_title()}
        intro={COUNT_LABEL[status](formatNumber(crm_actions_count))}
        actions={
          <>
            <Link to="/admin/crm" className={buttonClass("secondary", "md")} data-testid="crm-back">
              {m.admcrm_back_to_crm()}
            </Link>
            <ExportLinks endpoint="/api/admin/export-crm-actions" urlNames={CRM_ACTIONS_URL_NAMES} testId="crm-actions-export" />
          </>
        }
      />
      <ListFilters
        search={{ name: "search", value: search ?? "", label: m.admcrm_actions_search(), buttonLabel: m.admcrm_search_button() }}
        filters={[
          {
            kind: "links",
            name: "status",
            label: m.admcrm_filter_state(),
            value: status,
            defaultValue: "pending",
            options: CRM_ACTION_FILTERS.map((value) => ({ value, label: FILTER_LABEL[value]() })),
          },
        ]}
        orderSpec={CRM_ACTIONS_ORDER}
        order={order}
      />
      {notice && (
        <div className="mt-6" data-testid="crm-action-handled">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}
      {crm_actions.length === 0 ? (
        <EmptyState title={m.admcrm_actions_empty()} testId="crm-actions-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-crm-actions"
          columns={[
            sorted("date", m.admcrm_col_due()),
            sorted("client", m.admcrm_col_business()),
            { label: m.admcrm_col_action() },
            sorted("follow_up_done", m.admcrm_col_state()),
            sorted("created_at", m.admcrm_col_created(), "hidden xl:table-cell"),
            { label: m.admcrm_col_actions(), srOnly: true },
          ]}
        >
          {crm_actions.map((r) => (
            <tr key={r.id} className="align-top hover:bg-slate-50" data-testid={`crm-action-row-${r.id}`}>
              <td data-label={m.admcrm_col_due()} className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                {formatDate(r.date)}
                <div className="text-xs text-slate-500">{CRM_EVENT_LABEL[r.event_type]()}</div>
              </td>
              <td data-label={m.admcrm_col_business()} className="px-4 py-3">
                {/* The whole row opens the entry in the CRM: this link stretches over it (.row-link). */}
                <Link
                  to={entryHref(r)}
                  className={`${standaloneLinkClass} row-link font-semibold text-brand-700 hover:underline`}
                  title={m.admcrm_open_entry()}
                  data-testid={`crm-action-link-${r.id}`}
                >
                  {nameOf(r)}
                </Link>
                {r.contact && <div className="text-slate-600 [overflow-wrap:anywhere]">{r.contact}</div>}
              </td>
              <td data-label={m.admcrm_col_action()} className="max-w-md px-4 py-3 text-slate-800">
                {r.follow_up_action ?? <span className="text-slate-500 italic">{m.admcrm_no_action_text()}</span>}
                {r.description && <p className="mt-1 line-clamp-2 text-xs text-slate-600">{r.description}</p>}
              </td>
              <td data-label={m.admcrm_col_state()} className="px-4 py-3 text-slate-700">
                <CrmFollowUpState done={r.follow_up_done === 1} />
                {r.overdue && (
                  <div className="mt-1 text-xs font-medium text-amber-800" data-testid={`crm-action-overdue-${r.id}`}>
                    {m.admcrm_state_overdue()}
                  </div>
                )}
                {r.follow_up_done === 1 && r.handled_at && (
                  <div className="mt-1 text-xs text-slate-600">
                    {m.admcrm_handled_on({ date: formatDateTime(r.handled_at) })}
                    {r.handled_by && ` ${m.admcrm_handled_by({ name: r.handled_by })}`}
                  </div>
                )}
              </td>
              <td data-label={m.admcrm_col_created()} className="hidden px-4 py-3 whitespace-nowrap text-slate-600 tabular-nums xl:table-cell">
                {formatDate(r.created_at)}
              </td>
              <td className="px-4 py-3">
                <div className="relative z-10 flex flex-wrap justify-end gap-2">
                  {r.follow_up_done === 0 && (
                    <button
                      type="button"
                      onClick={() => open(r)}
                      aria-label={m.admcrm_handle_label({ name: nameOf(r) })}
                      className={buttonClass("primary", "sm", "whitespace-nowrap")}
                    >
                      {m.admcrm_handle()}
                    </button>
                  )}
                  <HistoryLink entityType="crm_entry" id={r.id} label={m.admcrm_history_label({ date: formatDate(r.date), name: nameOf(r) })} />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
      <HandleDialog
        action={handling}
        onClose={() => setHandling(null)}
        onDone={(r) => {
          setHandling(null);
          setNotice(m.admcrm_handle_done({ name: nameOf(r) }));
        }}
      />
    </div>
  );
}

function HandleDialog({ action, onClose, onDone }: { action: Row | null; onClose: () => void; onDone: (r: Row) => void }) {
  const fetcher = useFetcher<PageActionResult<{ ok: true }>>();
  const { csrfToken } = useRootData();
  // The row stays on screen while the popup closes; the answer is handled once.
  const [shown, setShown] = useState<Row | null>(action);
  const handled = useRef<PageActionResult<{ ok: true }> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (action) {
      setShown(action);
      setError(null);
      handled.current = fetcher.data ?? null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another row is opened: the answer the fetcher holds then is the last row's
  }, [action]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data || !shown) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) onDone(shown);
    // Handled meanwhile (by another administrator), no longer a follow-up, or gone: the list is stale.
    else setError(fetcher.data.error === "not_pending" || fetcher.data.error === "not_found" ? m.admcrm_error_not_pending() : m.admcrm_error_general());
  }, [fetcher.state, fetcher.data, shown, onDone]);

  const pending = fetcher.state !== "idle";
  return (
    <PopupDialog id="crm-handle" title={m.admcrm_handle_title()} subtitle={shown ? nameOf(shown) : undefined} isOpen={action !== null} onClose={onClose}>
      {shown && (
        <fetcher.Form method="post" className="space-y-4" data-testid="crm-handle-form">
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="crm_entry_id" value={shown.id} />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm">
            <dt className="text-slate-600">{m.admcrm_col_date()}</dt>
            <dd className="text-slate-900">
              {formatDate(shown.date)} · {CRM_EVENT_LABEL[shown.event_type]()}
            </dd>
            {shown.contact && (
              <>
                <dt className="text-slate-600">{m.admcrm_col_contact()}</dt>
                <dd className="text-slate-900 [overflow-wrap:anywhere]">{shown.contact}</dd>
              </>
            )}
            <dt className="text-slate-600">{m.admcrm_col_action()}</dt>
            <dd className="font-medium text-slate-900">{shown.follow_up_action ?? "—"}</dd>
          </dl>
          <p className="text-sm text-slate-700">{m.admcrm_handle_text()}</p>
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
              {m.admcrm_cancel()}
            </button>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.admcrm_handle_submit()}
            </button>
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}
