// /admin/warehouses: every warehouse, real names included, newest first, searchable by name,
// city or address (?search_term=), filtered active / deactivated / all (?deactivated=act|deact,
// all when absent: the administrator sees everything unless they narrow it), 20 a page (?page=);
// a row opens its edit page. Each row's toggle posts to this page's action (the same service as
// POST /api/admin/warehouses/{id}/toggle-deactivated): a deactivated warehouse leaves the
// public search at once.
import { Link } from "react-router";
import type { Route } from "./+types/warehouses";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { listWarehousesForAdmin, setWarehouseDeactivated } from "../../server/warehouses/admin-warehouses.service.ts";
import { adminWarehousesQuery, toggleDeactivatedSchema, type DeactivatedFilter } from "../../schemas/admin-warehouses.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { ADMIN_WAREHOUSES_PAGE_SIZE } from "../../lib/list-params.ts";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { HubBadge } from "../../components/warehouse/HubBadge.tsx";
import { WarehouseStatus } from "../../components/warehouse-manage/WarehouseStatus.tsx";
import { ActiveToggle } from "../../components/admin/ActiveToggle.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { FilterLinks } from "../../components/admin/FilterLinks.tsx";
import { EmailText } from "../../components/ui/EmailText.tsx";
import {
  BulkBar,
  BulkToggleActions,
  RowCheckbox,
  toggledNotice,
  useListSelection,
  useNotice,
  WAREHOUSES_BULK_URL,
  warehousesBody,
} from "../../components/admin/BulkActions.tsx";

const DEFAULT_FILTER: DeactivatedFilter = "all";

// The URL's names for GET /api/admin/warehouses's query.
export const URL_NAMES = { search_term: "search_term", deactivated: "filters.deactivated", page: "offset" };

export const loader = pageLoader({ access: ["admin"], query: adminWarehousesQuery, urlNames: URL_NAMES }, async ({ query, services }) => {
  const search = query.search_term ?? null;
  const deactivated = query.filters?.deactivated ?? DEFAULT_FILTER;
  const offset = query.offset ?? 0;
  const list = await listWarehousesForAdmin(services.db, { search, deactivated, page: offset, limit: ADMIN_WAREHOUSES_PAGE_SIZE });
  return { ...list, search, deactivated, page: offset + 1, pages: pageCount(list.warehouses_count, ADMIN_WAREHOUSES_PAGE_SIZE) };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admin_warehouses_title() }) }, { name: "robots", content: "noindex" }];
}

/** A row's switch: the body of POST /api/admin/warehouses/{id}/toggle-deactivated, with the warehouse's id. */
export const action = pageAction(
  { access: ["admin"], body: toggleDeactivatedSchema.extend({ warehouse_id: idNumber }) },
  async ({ actor, body, services }) => ({
    ok: true as const,
    ...(await setWarehouseDeactivated(services.db, actor, body.warehouse_id, body.warehouse_data.deactivated)),
  }),
);

/** What the switch receives. */
export type ToggleResult = Awaited<ReturnType<typeof action>>;

export default function AdminWarehouses({ loaderData }: Route.ComponentProps) {
  const { warehouses, warehouses_count, search, deactivated, page, pages } = loaderData;
  const paths = warehouseAreaPaths("admin", "it");
  const nameOf = (id: number) => warehouses.find((w) => w.id === id)?.name ?? `#${id}`;
  const selection = useListSelection({
    pageIds: warehouses.map((w) => w.id),
    total: warehouses_count,
    idsUrl: "/api/admin/warehouses/ids",
    urlNames: URL_NAMES,
    rowLabel: (id) => m.admbulk_select_row({ name: nameOf(id) }),
  });
  const notice = useNotice();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admin_warehouses_title()}
        intro={m.admin_warehouses_count({ count: formatNumber(warehouses_count) })}
        actions={
          <Link to={paths.create} className={buttonClass("primary", "md")}>
            {m.admin_nav_add_warehouse()}
          </Link>
        }
      />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        {/* At least 16rem, so on a phone the filter wraps under the box instead of squeezing it. */}
        <div className="min-w-64 flex-1">
          <SearchBox
            name="search_term"
            value={search ?? ""}
            label={m.admin_warehouses_search()}
            buttonLabel={m.admin_warehouses_search_button()}
            keep={{ deactivated: deactivated === DEFAULT_FILTER ? null : deactivated }}
          />
        </div>
        <FilterLinks
          name="deactivated"
          value={deactivated}
          defaultValue={DEFAULT_FILTER}
          label={m.admhub_filter_label()}
          options={[
            { value: "all", label: m.admhub_filter_all() },
            { value: "act", label: m.admhub_filter_act() },
            { value: "deact", label: m.admhub_filter_deact() },
          ]}
        />
      </div>
      {notice.element}
      <BulkBar selection={selection}>
        <BulkToggleActions
          selection={selection}
          url={WAREHOUSES_BULK_URL}
          body={warehousesBody}
          nameOf={nameOf}
          showNotice={notice.show}
          texts={{
            on: m.admbulk_wh_activate(),
            off: m.admbulk_wh_deactivate(),
            onTitle: (count) => m.admbulk_wh_activate_title({ count }),
            onText: (count) => m.admbulk_wh_activate_text({ count }),
            offTitle: (count) => m.admbulk_wh_deactivate_title({ count }),
            offText: (count) => m.admbulk_wh_deactivate_text({ count }),
            onDone: (count) => m.admbulk_wh_activated({ count }),
            offDone: (count) => m.admbulk_wh_deactivated({ count }),
          }}
        />
      </BulkBar>
      {warehouses.length === 0 ? (
        <EmptyState title={m.admin_warehouses_empty()} testId="warehouses-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-warehouses"
          selection={selection}
          columns={[
            { label: m.admin_col_name() },
            { label: m.admin_col_place() },
            { label: m.admin_col_owner() },
            { label: m.admin_col_status() },
            { label: m.admin_col_created() },
            { label: m.admhub_col_active() },
          ]}
        >
          {warehouses.map((w) => (
            <tr key={w.id} className="hover:bg-slate-50">
              <RowCheckbox id={w.id} />
              <td data-label={m.admin_col_name()} className="px-4 py-3">
                <Link to={paths.edit(w.id)} className="font-semibold text-brand-700 hover:underline">
                  {w.name}
                </Link>
                {w.is_hub && <HubBadge className="ml-2" />}
              </td>
              <td data-label={m.admin_col_place()} className="px-4 py-3 text-slate-700">
                {w.city} ({w.province})
              </td>
              <td data-label={m.admin_col_owner()} className="px-4 py-3 text-slate-700">
                {w.owner_email && w.owner_id && w.owner_role === "stocker" ? (
                  <Link to={areaBase("stocker", "it", w.owner_id)} className="text-brand-700 hover:underline" title={m.admin_open_owner_area()}>
                    <EmailText email={w.owner_email} />
                  </Link>
                ) : w.owner_email ? (
                  <EmailText email={w.owner_email} />
                ) : (
                  <span className="text-slate-500">{m.admin_not_claimed()}</span>
                )}
              </td>
              <td data-label={m.admin_col_status()} data-wide className="px-4 py-3">
                <WarehouseStatus status={w.status} deactivated={w.deactivated} />
              </td>
              <td data-label={m.admin_col_created()} className="px-4 py-3 whitespace-nowrap text-slate-600">
                {formatDate(w.created_at)}
              </td>
              <td data-label={m.admhub_col_active()} className="px-4 py-3">
                <ActiveToggle
                  isOn={!w.deactivated}
                  label={w.deactivated ? m.admhub_activate_label({ name: w.name }) : m.admhub_deactivate_label({ name: w.name })}
                  fields={(active) => ({ warehouse_id: String(w.id), "warehouse_data[deactivated]": active ? "0" : "1" })}
                  errorText={m.admhub_error_general()}
                  testId="toggle-deactivated"
                  confirmOff={{
                    title: m.admhub_deactivate_label({ name: w.name }),
                    text: m.admbulk_wh_deactivate_one_text(),
                    confirmLabel: m.admbulk_wh_deactivate(),
                  }}
                  onDone={(on) =>
                    notice.show(
                      toggledNotice({
                        id: w.id,
                        on,
                        message: on ? m.admbulk_wh_activated_one({ name: w.name }) : m.admbulk_wh_deactivated_one({ name: w.name }),
                        url: WAREHOUSES_BULK_URL,
                        body: warehousesBody,
                      }),
                    )
                  }
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
