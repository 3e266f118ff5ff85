// /admin/stockers: the approved stockers, searchable (?search=), filtered by subscription
// (?sub=all|active|expired), account type (?type=stocker|keeper), confirmed (?confirmed=yes|no)
// and active (?active=yes|no), sorted by a column header (?sort=&dir=), 20 a page (?page=), with
// the CSV or XLSX export of the same selection in the same order (or of the rows picked, from the bulk bar) (GET /api/admin/export-stockers).
// The whole row opens the stocker's area (/admin/stocker/{id});
// "Attivo" switches the account off or on (its sessions end at once) and an unconfirmed account
// can be sent its confirmation e-mail again. Both post to this page's action, which calls the
// same services as the JSON calls and is audited there.
import { Link } from "react-router";
import type { Route } from "./+types/stockers";
import { pageLoader } from "../../server/http/page.ts";
import { stockersQuery } from "../../schemas/admin-lists.ts";
import { listStockers } from "../../server/accounts/admin-users.service.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { STOCKER_ACCOUNT_TYPES, STOCKERS_ORDER, STOCKERS_PAGE_SIZE, STOCKERS_URL_NAMES, SUBSCRIPTION_FILTERS } from "../../lib/list-params.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { RowCheckbox } from "../../components/admin/BulkActions.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { ListFilters, yesNoFilter } from "../../components/admin/ListFilters.tsx";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { stockersSelection } from "../shared/admin-user-lists.server.ts";
import { ResendConfirm, UserActiveCell, useUserBulk } from "../../components/admin/UserActions.tsx";
import { adminUserAction } from "../shared/admin-user-actions.server.ts";
import { EmailText } from "../../components/ui/EmailText.tsx";

type SubFilter = (typeof SUBSCRIPTION_FILTERS)[number];

export const loader = pageLoader({ access: ["admin"], query: stockersQuery, urlNames: STOCKERS_URL_NAMES }, async ({ actor, query, services }) => {
  const { filters, order } = stockersSelection(query);
  const offset = query.offset ?? 0;
  const list = await listStockers(services.db, actor, { filters, order, limit: STOCKERS_PAGE_SIZE, page: offset });
  const f = query.filters ?? {};
  return {
    ...list,
    search: filters.search,
    sub: (f.sub_type ?? "all") as SubFilter,
    type: f.account_type ?? "",
    confirmed: f.confirmed ?? "",
    active: f.active ?? "",
    order,
    page: offset + 1,
    pages: pageCount(list.users_count, STOCKERS_PAGE_SIZE),
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admusr_stockers_title() }) }, { name: "robots", content: "noindex" }];
}

export const action = adminUserAction;

const FILTER_LABEL: Record<SubFilter, () => string> = {
  all: () => m.admusr_filter_all(),
  active: () => m.admusr_filter_active(),
  expired: () => m.admusr_filter_expired(),
};

export default function AdminStockers({ loaderData }: Route.ComponentProps) {
  const bulk = useUserBulk({
    users: loaderData.users,
    total: loaderData.users_count,
    idsUrl: "/api/admin/stockers/ids",
    urlNames: STOCKERS_URL_NAMES,
    exportUrl: "/api/admin/export-stockers",
  });
  const { users, users_count, search, sub, type, confirmed, active, order, page, pages } = loaderData;
  const sorted = (key: (typeof STOCKERS_ORDER.keys)[number], label: string) => sortableColumn(STOCKERS_ORDER, order, key, label);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admusr_stockers_title()}
        intro={m.admusr_stockers_count({ count: formatNumber(users_count) })}
        actions={<ExportLinks endpoint="/api/admin/export-stockers" urlNames={STOCKERS_URL_NAMES} testId="stockers-export" />}
      />
      <ListFilters
        search={{ name: "search", value: search ?? "", label: m.admusr_stockers_search(), buttonLabel: m.admusr_search_button() }}
        orderSpec={STOCKERS_ORDER}
        order={order}
        filters={[
          {
            kind: "links",
            name: "sub",
            value: sub,
            defaultValue: "all",
            label: m.admusr_filter_label(),
            options: SUBSCRIPTION_FILTERS.map((value) => ({ value, label: FILTER_LABEL[value]() })),
          },
          {
            kind: "select",
            name: "type",
            value: type,
            label: m.admusr_filter_type(),
            options: [
              { value: "", label: m.admlist_any() },
              ...STOCKER_ACCOUNT_TYPES.map((value) => ({ value, label: value === "keeper" ? m.admusr_type_keeper() : m.admusr_type_stocker() })),
            ],
          },
          yesNoFilter("confirmed", m.admusr_filter_confirmed(), confirmed),
          yesNoFilter("active", m.admusr_filter_active_label(), active),
        ]}
      />
      {bulk.notice}
      {bulk.bar}
      {users.length === 0 ? (
        <EmptyState title={m.admusr_stockers_empty()} testId="stockers-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-stockers"
          selection={bulk.selection}
          columns={[
            sorted("name", m.admusr_col_stocker()),
            sorted("account_type", m.admusr_col_type()),
            sorted("created_at", m.admusr_col_signup()),
            { label: m.admusr_col_confirmed() },
            { label: m.admusr_col_expiry() },
            sorted("active", m.admusr_col_active()),
          ]}
        >
          {users.map((u) => (
            <tr key={u.id} className="align-top hover:bg-slate-50" data-testid={`stocker-row-${u.id}`}>
              <RowCheckbox id={u.id} />
              <td data-label={m.admusr_col_stocker()} className="px-4 py-3">
                <Link to={areaBase("stocker", "it", u.id)} className="row-link font-semibold text-brand-700 hover:underline" title={m.admusr_open_area()}>
                  {u.erased ? m.admusr_erased_account() : u.name}
                </Link>
                {!u.erased && (
                  <div className="text-slate-600">
                    <EmailText email={u.email} />
                  </div>
                )}
              </td>
              <td data-label={m.admusr_col_type()} className="px-4 py-3 text-slate-700">
                {u.account_type === 1 ? m.admusr_type_keeper() : m.admusr_type_stocker()}
              </td>
              <td data-label={m.admusr_col_signup()} className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDate(u.created_at)}
              </td>
              <td data-label={m.admusr_col_confirmed()} className="px-4 py-3 text-slate-700">
                {u.erased ? (
                  "—"
                ) : u.completed || u.has_confirmed_code ? (
                  m.admusr_yes()
                ) : (
                  <span className="relative z-10">
                    <ResendConfirm userId={u.id} />
                  </span>
                )}
              </td>
              <td data-label={m.admusr_col_expiry()} className="px-4 py-3 whitespace-nowrap text-slate-700">
                {u.sub_date ? formatDate(u.sub_date) : "—"}
                {u.sub_running && (
                  <span className="ml-2 rounded-full whitespace-nowrap bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                    {m.admusr_running()}
                  </span>
                )}
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
