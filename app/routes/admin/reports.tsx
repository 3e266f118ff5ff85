// /admin/reports (Segnalazioni): the reports hunters made on a warehouse of one of their quote
// requests and nobody closed yet, the longest waiting first, 20 a page (?page=). Read only: each
// names its warehouse (a link to its edit page, where an operator acts) and its request, the
// author and what they wrote. The dashboard's work queue counts them and links here.
import { Link } from "react-router";
import type { Route } from "./+types/reports";
import { pageLoader } from "../../server/http/page.ts";
import { listOpenWarehouseReports } from "../../server/admin/warehouse-reports.service.ts";
import { WAREHOUSE_REPORTS_PAGE_SIZE } from "../../lib/list-params.ts";
import { warehouseReportsQuery } from "../../schemas/warehouse-reports.ts";
import { m } from "../../paraglide/messages.js";
import { formatDateTime, formatNumber, requestNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { standaloneTextLinkClass } from "../../components/ui/styles.ts";
import { CardFact } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";

export const loader = pageLoader({ access: ["admin"], query: warehouseReportsQuery, urlNames: { page: "offset" } }, async ({ actor, query, services }) => {
  const offset = query.offset ?? 0;
  const list = await listOpenWarehouseReports(services.db, actor, { page: offset });
  return { ...list, page: offset + 1, pages: pageCount(list.reports_count, WAREHOUSE_REPORTS_PAGE_SIZE) };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admrep_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { reports, reports_count, page, pages } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeading title={m.admrep_title()} intro={`${m.admrep_count({ count: formatNumber(reports_count) })} · ${m.admrep_intro()}`} />
      {reports.length === 0 ? (
        <EmptyState title={m.admrep_empty()} testId="reports-empty" className="mt-8" />
      ) : (
        <ul className="mt-6 space-y-3" data-testid="admin-reports">
          {reports.map((r) => (
            <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="admin-report">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{r.subject}</h2>
                <span className="text-sm text-slate-600 tabular-nums">{formatDateTime(r.created_at)}</span>
              </div>
              <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
                <CardFact label={m.admrep_warehouse()}>
                  {r.warehouse_name ? (
                    <Link to={`/admin/warehouses/${r.warehouse_id}/edit`} className={standaloneTextLinkClass}>
                      {r.warehouse_name} (#{r.warehouse_id})
                    </Link>
                  ) : (
                    m.admrep_warehouse_gone({ id: String(r.warehouse_id) })
                  )}
                </CardFact>
                <CardFact label={m.admrep_request()}>{requestNumber(r.warehouse_request_id)}</CardFact>
                <CardFact label={m.admrep_author()}>
                  <span className="block">{r.full_name}</span>
                  <span className="block text-slate-600">
                    <EmailText email={r.email} />
                  </span>
                  <span className="block text-slate-600">{r.telephone}</span>
                </CardFact>
              </dl>
              <p className="mt-3 border-t border-slate-100 pt-3 text-sm whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.description}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
