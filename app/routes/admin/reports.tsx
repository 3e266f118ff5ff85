// /admin/reports (Segnalazioni): the reports hunters made on a warehouse of one of their quote
// requests, filtered by state (?state=closed|all; open, the default, is what the dashboard's work
// queue counts and links here), sorted by date (the default, the longest waiting first) or by
// warehouse (?sort=&dir=), 20 a page (?page=), with the CSV or XLSX export of the same selection in
// the same order (GET /api/admin/export-warehouse-reports). Each row names its warehouse, its
// request, the author and what they wrote; the whole row opens the warehouse's edit page (where an
// operator acts). "Chiudi" asks first, with an optional note, and posts to this page's action: the
// same service as POST /api/admin/warehouse-reports/{id}/close (audited on the warehouse).
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/reports";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { closeWarehouseReport, listWarehouseReports, type WarehouseReportItem } from "../../server/admin/warehouse-reports.service.ts";
import {
  REPORT_CLOSE_NOTE_MAX,
  REPORT_STATES,
  WAREHOUSE_REPORTS_ORDER,
  WAREHOUSE_REPORTS_PAGE_SIZE,
  WAREHOUSE_REPORTS_URL_NAMES,
} from "../../lib/list-params.ts";
import { closeWarehouseReportForm, warehouseReportsQuery } from "../../schemas/warehouse-reports.ts";
import { warehouseReportsSelection } from "../shared/admin-lists.server.ts";
import { m } from "../../paraglide/messages.js";
import { formatDateTime, formatNumber, requestNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { PopupDialog } from "../../components/ui/PopupDialog.tsx";
import { FormMessage, TextInput } from "../../components/ui/fields.tsx";

export const loader = pageLoader(
  { access: ["admin"], query: warehouseReportsQuery, urlNames: WAREHOUSE_REPORTS_URL_NAMES },
  async ({ actor, query, services }) => {
    const { filters, order } = warehouseReportsSelection(query);
    const offset = query.offset ?? 0;
    const list = await listWarehouseReports(services.db, actor, { filters, order, page: offset });
    return { ...list, state: filters.state, order, page: offset + 1, pages: pageCount(list.reports_count, WAREHOUSE_REPORTS_PAGE_SIZE) };
  },
);

/** "Chiudi": the body of POST /api/admin/warehouse-reports/{id}/close, with the report's id. */
export const action = pageAction({ access: ["admin"], body: closeWarehouseReportForm }, async ({ actor, body, services }) => {
  const closed = await closeWarehouseReport(services.db, actor, body.id, body.note);
  return { ok: true as const, report_id: closed.report_id };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admrep_title() }) }, { name: "robots", content: "noindex" }];
}

type CloseResult = PageActionResult<{ ok: true; report_id: number }>;

/** The confirmation of "Chiudi", with the optional note; posts to the page's action. */
function CloseReportDialog({ report, onClose, onDone }: { report: WarehouseReportItem | null; onClose: () => void; onDone: (r: WarehouseReportItem) => void }) {
  const fetcher = useFetcher<CloseResult>();
  const { csrfToken } = useRootData();
  const [shown, setShown] = useState<WarehouseReportItem | null>(report);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (report) {
      setShown(report);
      setNote("");
      setError(null);
      setSent(false);
    }
  }, [report]);
  useEffect(() => {
    if (!sent || fetcher.state !== "idle" || !fetcher.data || !shown) return;
    setSent(false);
    if (fetcher.data.ok) onDone(shown);
    else setError(fetcher.data.error === "not_found" ? m.admrep_close_error() : fetcher.data.message || m.admrep_close_error());
  }, [sent, fetcher.state, fetcher.data, shown, onDone]);
  const pending = fetcher.state !== "idle";
  return (
    <PopupDialog id="close-report" title={m.admrep_close_title()} subtitle={shown?.subject} isOpen={report !== null} onClose={onClose}>
      {shown && (
        <fetcher.Form method="post" className="space-y-4" data-testid="close-report-form" onSubmit={() => setSent(true)}>
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="id" value={shown.id} />
          <p className="text-sm text-slate-700">{m.admrep_close_text({ subject: shown.subject })}</p>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <TextInput
            name="note"
            label={m.admrep_close_note()}
            multiline
            rows={3}
            value={note}
            onChange={(v) => setNote(v.slice(0, REPORT_CLOSE_NOTE_MAX))}
            description={m.admrep_close_note_hint()}
          />
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
              {m.admrep_close_cancel()}
            </button>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("danger", "md")} data-testid="close-report-submit">
              {pending ? m.form_sending() : m.admrep_close_submit()}
            </button>
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { reports, reports_count, state, order, page, pages } = loaderData;
  const [closing, setClosing] = useState<WarehouseReportItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sorted = (key: (typeof WAREHOUSE_REPORTS_ORDER.keys)[number], label: string) => sortableColumn(WAREHOUSE_REPORTS_ORDER, order, key, label);
  const stateLabel = { open: m.admrep_state_open, closed: m.admrep_state_closed, all: m.admrep_state_all };
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admrep_title()}
        intro={
          state === "open"
            ? `${m.admrep_count({ count: formatNumber(reports_count) })} · ${m.admrep_intro()}`
            : `${m.admrep_count_state({ count: formatNumber(reports_count) })} · ${m.admrep_intro_all()}`
        }
        actions={<ExportLinks endpoint="/api/admin/export-warehouse-reports" urlNames={WAREHOUSE_REPORTS_URL_NAMES} testId="reports-export" />}
      />
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <FilterSelect
          name="state"
          value={state === "open" ? "" : state}
          label={m.admrep_filter_state()}
          buttonLabel={m.admlist_filter_apply()}
          options={REPORT_STATES.map((s) => ({ value: s === "open" ? "" : s, label: stateLabel[s]() }))}
        />
      </div>
      {notice && (
        <div className="mt-6" data-testid="reports-notice" role="status">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}
      {reports.length === 0 ? (
        <EmptyState title={state === "open" ? m.admrep_empty() : m.admrep_empty_state()} testId="reports-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-reports"
          columns={[
            sorted("created_at", m.admrep_col_date()),
            sorted("warehouse", m.admrep_warehouse()),
            { label: m.admrep_col_report() },
            { label: m.admrep_author() },
            { label: m.admrep_col_state() },
          ]}
        >
          {reports.map((r) => (
            <tr key={r.id} className="align-top" data-testid={`report-row-${r.id}`}>
              <td data-label={m.admrep_col_date()} className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                {formatDateTime(r.created_at)}
              </td>
              <td data-label={m.admrep_warehouse()} className="px-4 py-3">
                <Link
                  to={`/admin/warehouses/${r.warehouse_id}/edit`}
                  className="row-link font-semibold text-brand-700 hover:underline"
                  title={m.admrep_open_warehouse()}
                >
                  {r.warehouse_name ? `${r.warehouse_name} (#${r.warehouse_id})` : m.admrep_warehouse_gone({ id: String(r.warehouse_id) })}
                </Link>
                <div className="text-slate-600">
                  {m.admrep_request()} {requestNumber(r.warehouse_request_id)}
                </div>
              </td>
              <td data-label={m.admrep_col_report()} className="max-w-md px-4 py-3">
                <div className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{r.subject}</div>
                <p className="mt-1 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{r.description}</p>
              </td>
              <td data-label={m.admrep_author()} className="px-4 py-3 text-slate-700">
                <span className="block">{r.full_name}</span>
                <span className="block text-slate-600">
                  <EmailText email={r.email} />
                </span>
                <span className="block text-slate-600">{r.telephone}</span>
              </td>
              <td data-label={m.admrep_col_state()} className="px-4 py-3">
                {r.closed_at ? (
                  <div className="text-slate-700" data-testid={`report-closed-${r.id}`}>
                    <div className="whitespace-nowrap">{m.admrep_closed_on({ date: formatDateTime(r.closed_at) })}</div>
                    {r.closed_by_name && <div className="text-slate-600">{m.admrep_closed_by({ name: r.closed_by_name })}</div>}
                    {r.close_note && <p className="mt-1 whitespace-pre-line text-slate-600 [overflow-wrap:anywhere]">{r.close_note}</p>}
                  </div>
                ) : (
                  <div className="relative z-10 flex flex-wrap items-center gap-2">
                    <span className="text-slate-700">{m.admrep_open()}</span>
                    <button
                      type="button"
                      className={buttonClass("secondary", "sm")}
                      aria-label={m.admrep_close_label({ subject: r.subject })}
                      data-testid={`report-close-${r.id}`}
                      onClick={() => {
                        setNotice(null);
                        setClosing(r);
                      }}
                    >
                      {m.admrep_close()}
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
      <CloseReportDialog
        report={closing}
        onClose={() => setClosing(null)}
        onDone={(r) => {
          setClosing(null);
          setNotice(m.admrep_close_done({ subject: r.subject }));
        }}
      />
    </div>
  );
}
