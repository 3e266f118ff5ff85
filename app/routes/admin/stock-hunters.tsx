// /admin/stock-hunters: the stock hunters, searchable (?search=), filtered by active
// (?active=yes|no) and by having sent quote requests (?requests=yes|no), sorted by a column header
// (?sort=&dir=), 20 a page (?page=), with the CSV or XLSX export of the same selection in the same
// order (GET /api/admin/export-stock-hunters); the whole row opens the hunter's area
// (/admin/stock-hunter/{id}). The active switch and the confirmation
// e-mail work as on the stockers' list (routes/shared/admin-user-actions.server.ts).
import { Link } from "react-router";
import type { Route } from "./+types/stock-hunters";
import { pageLoader } from "../../server/http/page.ts";
import { stockHuntersQuery } from "../../schemas/admin-lists.ts";
import { listStockHunters } from "../../server/accounts/admin-users.service.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { STOCK_HUNTERS_ORDER, STOCK_HUNTERS_PAGE_SIZE, STOCK_HUNTERS_URL_NAMES } from "../../lib/list-params.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { RowCheckbox } from "../../components/admin/BulkActions.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { ListFilters, yesNoFilter } from "../../components/admin/ListFilters.tsx";
import { ResendConfirm, UserActiveCell, useUserBulk } from "../../components/admin/UserActions.tsx";
import { adminUserAction } from "../shared/admin-user-actions.server.ts";
import { EmailText } from "../../components/ui/EmailText.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { stockHuntersSelection } from "../shared/admin-user-lists.server.ts";

export const loader = pageLoader({ access: ["admin"], query: stockHuntersQuery, urlNames: STOCK_HUNTERS_URL_NAMES }, async ({ actor, query, services }) => {
  const { filters, order } = stockHuntersSelection(query);
  const offset = query.offset ?? 0;
  const list = await listStockHunters(services.db, actor, { filters, order, limit: STOCK_HUNTERS_PAGE_SIZE, page: offset });
  return {
    ...list,
    search: filters.search,
    active: query.filters?.active ?? "",
    requests: query.filters?.with_requests ?? "",
    order,
    page: offset + 1,
    pages: pageCount(list.users_count, STOCK_HUNTERS_PAGE_SIZE),
  };
});

export const action = adminUserAction;

export function meta() {
  return [{ title: m.page_title({ title: m.admusr_hunters_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminStockHunters({ loaderData }: Route.ComponentProps) {
  const bulk = useUserBulk({
    users: loaderData.users,
    total: loaderData.users_count,
    idsUrl: "/api/admin/stock-hunters/ids",
    urlNames: STOCK_HUNTERS_URL_NAMES,
    exportUrl: "/api/admin/export-stock-hunters",
  });
  const { users, users_count, search, active, requests, order, page, pages } = loaderData;
  const sorted = (key: (typeof STOCK_HUNTERS_ORDER.keys)[number], label: string) => sortableColumn(STOCK_HUNTERS_ORDER, order, key, label);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admusr_hunters_title()}
        intro={m.admusr_hunters_count({ count: formatNumber(users_count) })}
        actions={<ExportLinks endpoint="/api/admin/export-stock-hunters" urlNames={STOCK_HUNTERS_URL_NAMES} testId="hunters-export" />}
      />
      <ListFilters
        search={{ name: "search", value: search ?? "", label: m.admusr_stockers_search(), buttonLabel: m.admusr_search_button() }}
        orderSpec={STOCK_HUNTERS_ORDER}
        order={order}
        filters={[
          yesNoFilter("active", m.admusr_filter_active_label(), active),
          yesNoFilter("requests", m.admusr_filter_requests(), requests, { yes: m.admusr_filter_with_requests(), no: m.admusr_filter_without_requests() }),
        ]}
      />
      {bulk.notice}
      {bulk.bar}
      {users.length === 0 ? (
        <EmptyState title={m.admusr_hunters_empty()} testId="hunters-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-stock-hunters"
          selection={bulk.selection}
          columns={[
            sorted("name", m.admusr_col_hunter()),
            { label: m.admusr_col_telephone() },
            sorted("created_at", m.admusr_col_signup()),
            { label: m.admusr_col_confirmed() },
            { label: m.admusr_col_requests(), className: "text-right" },
            sorted("active", m.admusr_col_active()),
          ]}
        >
          {users.map((u) => (
            <tr key={u.id} className="align-top hover:bg-slate-50" data-testid={`hunter-row-${u.id}`}>
              <RowCheckbox id={u.id} />
              <td data-label={m.admusr_col_hunter()} className="px-4 py-3">
                <Link to={areaBase("stock_hunter", "it", u.id)} className="row-link font-semibold text-brand-700 hover:underline" title={m.admusr_open_area()}>
                  {u.erased ? m.admusr_erased_account() : u.name}
                </Link>
                {!u.erased && (
                  <div className="text-slate-600">
                    <EmailText email={u.email} />
                  </div>
                )}
              </td>
              <td data-label={m.admusr_col_telephone()} className="px-4 py-3 whitespace-nowrap text-slate-700">
                {u.telephone ?? "—"}
              </td>
              <td data-label={m.admusr_col_signup()} className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDate(u.created_at)}
              </td>
              <td data-label={m.admusr_col_confirmed()} className="px-4 py-3 text-slate-700">
                {u.erased ? (
                  "—"
                ) : u.has_confirmed_code ? (
                  m.admusr_yes()
                ) : (
                  <span className="relative z-10">
                    <ResendConfirm userId={u.id} />
                  </span>
                )}
              </td>
              <td data-label={m.admusr_col_requests()} className="px-4 py-3 text-right text-slate-700 tabular-nums">
                {formatNumber(u.requests_count)}
              </td>
              <td data-label={m.admusr_col_active()} className="px-4 py-3">
                <UserActiveCell user={u} onDone={bulk.toggled(u)} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
