// /admin/stockers: the approved stockers, searchable (?search=), filtered by subscription
// (?sub=all|active|expired), 20 a page (?page=), with the CSV export of the same selection
// (GET /api/admin/export-stockers). Each row opens the stocker's area (/admin/stocker/{id});
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
import { SUBSCRIPTION_FILTERS, STOCKERS_PAGE_SIZE } from "../../lib/list-params.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { RowCheckbox } from "../../components/admin/BulkActions.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { FilterLinks } from "../../components/admin/FilterLinks.tsx";
import { ResendConfirm, UserActiveToggle, useUserBulk } from "../../components/admin/UserActions.tsx";
import { adminUserAction } from "../shared/admin-user-actions.server.ts";
import { EmailText } from "../../components/ui/EmailText.tsx";

type SubFilter = (typeof SUBSCRIPTION_FILTERS)[number];

// The URL's names for GET /api/admin/stockers's query.
export const URL_NAMES = { search: "search_term", sub: "filters.sub_type", page: "offset" };

export const loader = pageLoader({ access: ["admin"], query: stockersQuery, urlNames: URL_NAMES }, async ({ actor, query, services }) => {
  const search = query.search_term ?? null;
  const sub: SubFilter = query.filters?.sub_type ?? "all";
  const offset = query.offset ?? 0;
  const list = await listStockers(services.db, actor, { filters: { search, subType: sub }, limit: STOCKERS_PAGE_SIZE, page: offset });
  return { ...list, search, sub, page: offset + 1, pages: pageCount(list.users_count, STOCKERS_PAGE_SIZE) };
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

function exportHref(search: string | null, sub: SubFilter): string {
  const q = new URLSearchParams();
  if (search) q.set("search_term", search);
  q.set("filters[sub_type]", sub);
  return `/api/admin/export-stockers?${q}`;
}

export default function AdminStockers({ loaderData }: Route.ComponentProps) {
  const bulk = useUserBulk({ users: loaderData.users, total: loaderData.users_count, idsUrl: "/api/admin/stockers/ids", urlNames: URL_NAMES });
  const { users, users_count, search, sub, page, pages } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admusr_stockers_title()}
        intro={m.admusr_stockers_count({ count: formatNumber(users_count) })}
        actions={
          <a href={exportHref(search, sub)} className={buttonClass("secondary", "md")} download data-testid="stockers-export">
            {m.admusr_export()}
          </a>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <SearchBox
          name="search"
          value={search ?? ""}
          label={m.admusr_stockers_search()}
          buttonLabel={m.admusr_search_button()}
          keep={{ sub: sub === "all" ? null : sub }}
        />
        <FilterLinks
          name="sub"
          value={sub}
          defaultValue="all"
          label={m.admusr_filter_label()}
          options={SUBSCRIPTION_FILTERS.map((value) => ({ value, label: FILTER_LABEL[value]() }))}
        />
      </div>
      {bulk.notice}
      {bulk.bar}
      {users.length === 0 ? (
        <EmptyState title={m.admusr_stockers_empty()} testId="stockers-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-stockers"
          selection={bulk.selection}
          columns={[
            { label: m.admusr_col_stocker() },
            { label: m.admusr_col_type() },
            { label: m.admusr_col_signup() },
            { label: m.admusr_col_confirmed() },
            { label: m.admusr_col_expiry() },
            { label: m.admusr_col_active() },
          ]}
        >
          {users.map((u) => (
            <tr key={u.id} className="align-top hover:bg-slate-50" data-testid={`stocker-row-${u.id}`}>
              <RowCheckbox id={u.id} />
              <td data-label={m.admusr_col_stocker()} className="px-4 py-3">
                <Link to={areaBase("stocker", "it", u.id)} className="font-semibold text-brand-700 hover:underline" title={m.admusr_open_area()}>
                  {u.name}
                </Link>
                <div className="text-slate-600">
                  <EmailText email={u.email} />
                </div>
              </td>
              <td data-label={m.admusr_col_type()} className="px-4 py-3 text-slate-700">
                {u.account_type === 1 ? m.admusr_type_keeper() : m.admusr_type_stocker()}
              </td>
              <td data-label={m.admusr_col_signup()} className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDate(u.created_at)}
              </td>
              <td data-label={m.admusr_col_confirmed()} className="px-4 py-3 text-slate-700">
                {u.completed || u.has_confirmed_code ? m.admusr_yes() : <ResendConfirm userId={u.id} />}
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
                <UserActiveToggle userId={u.id} name={u.name} active={u.active} onDone={bulk.toggled(u)} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
