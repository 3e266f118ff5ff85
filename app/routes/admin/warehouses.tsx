// /admin/warehouses: every warehouse, real names included, searchable by name, city or address
// (?search_term=), filtered (?deactivated=act|deact, ?status=, ?hub=1|0, ?redeemed=1|0,
// ?sub=active|expired for the owner's subscription, ?province=MI, ?photos=1|0, ?free_space=1|0),
// sorted by a column header (?sort=&dir=, newest first by default), 20 a page (?page=); each URL
// value the query of GET /api/admin/warehouses, checked by its schema (a value that fails is left
// out). The whole row opens the warehouse's edit page (its name's link stretches over the row). The
// export links (GET /api/admin/export-warehouses, CSV or XLSX) carry the same selection, and the
// bulk bar exports the rows picked (?ids=). Each
// row's toggle posts to this page's action (the same service as POST
// /api/admin/warehouses/{id}/toggle-deactivated): a deactivated warehouse leaves the public
// search at once.
import { Link } from "react-router";
import type { Route } from "./+types/warehouses";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import {
  adminWarehouseSelection,
  listWarehousesForAdmin,
  setWarehouseDeactivated,
  warehouseProvinces,
} from "../../server/warehouses/admin-warehouses.service.ts";
import { adminWarehousesQuery, toggleDeactivatedSchema, type DeactivatedFilter } from "../../schemas/admin-warehouses.ts";
import { DEFAULT_WAREHOUSE_ORDER, warehouseOrderFirstDir, type WarehouseOrderKey } from "../../lib/admin-warehouses.ts";
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
import { WarehouseStatus, warehouseStatusLabel } from "../../components/warehouse-manage/WarehouseStatus.tsx";
import { ActiveToggle } from "../../components/admin/ActiveToggle.tsx";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { FilterLinks } from "../../components/admin/FilterLinks.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { ExportLinks, PickedExportLinks } from "../../components/admin/ExportLinks.tsx";
import { ariaSort, SortLink } from "../../components/admin/SortLink.tsx";
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
export const URL_NAMES = {
  search_term: "search_term",
  deactivated: "filters.deactivated",
  status: "filters.status",
  hub: "filters.hub",
  redeemed: "filters.redeemed",
  sub: "filters.sub_type",
  province: "filters.province",
  photos: "filters.photos",
  free_space: "filters.free_space",
  sort: "order.key",
  dir: "order.dir",
  page: "offset",
};

export const loader = pageLoader({ access: ["admin"], query: adminWarehousesQuery, urlNames: URL_NAMES }, async ({ query, services }) => {
  const selection = adminWarehouseSelection(query);
  const offset = query.offset ?? 0;
  const [list, provinces] = await Promise.all([
    listWarehousesForAdmin(services.db, { ...selection, page: offset, limit: ADMIN_WAREHOUSES_PAGE_SIZE }),
    warehouseProvinces(services.db),
  ]);
  const f = query.filters ?? {};
  // The filters as the URL names them, for the filter controls and the export links.
  const filters = {
    status: f.status ?? null,
    hub: f.hub ?? null,
    redeemed: f.redeemed ?? null,
    sub: f.sub_type && f.sub_type !== "all" ? f.sub_type : null,
    province: f.province ?? null,
    photos: f.photos ?? null,
    free_space: f.free_space ?? null,
  };
  return {
    ...list,
    search: selection.filters.search,
    deactivated: selection.filters.deactivated ?? DEFAULT_FILTER,
    filters,
    order: selection.order,
    provinces,
    page: offset + 1,
    pages: pageCount(list.warehouses_count, ADMIN_WAREHOUSES_PAGE_SIZE),
  };
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

/** A yes/no filter's options: either (out of the URL), yes, no. */
const yesNoOptions = (yes: string, no: string) => [
  { value: "", label: m.admwh_any() },
  { value: "1", label: yes },
  { value: "0", label: no },
];

export default function AdminWarehouses({ loaderData }: Route.ComponentProps) {
  const { warehouses, warehouses_count, search, deactivated, filters, order, provinces, page, pages } = loaderData;
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
  const isDefaultOrder = order.key === DEFAULT_WAREHOUSE_ORDER.key && order.dir === DEFAULT_WAREHOUSE_ORDER.dir;
  // A new search keeps the filters and the order.
  const keep: Record<string, string | null> = {
    deactivated: deactivated === DEFAULT_FILTER ? null : deactivated,
    ...filters,
    sort: isDefaultOrder ? null : order.key,
    dir: isDefaultOrder ? null : order.dir,
  };
  const filtered = deactivated !== DEFAULT_FILTER || Object.values(filters).some((v) => v !== null);
  const sortable = (key: WarehouseOrderKey, label: string) => ({
    label: (
      <SortLink
        column={key}
        label={label}
        current={order}
        defaults={DEFAULT_WAREHOUSE_ORDER}
        firstDir={warehouseOrderFirstDir(key)}
        title={m.admwh_sort_label({ column: label })}
      />
    ),
    sort: ariaSort(key, order),
  });
  const provinceOptions = [
    { value: "", label: m.admwh_province_all() },
    ...provinces.map((p) => ({ value: p.province, label: `${p.province_name} (${p.province})` })),
    // A code the gazetteer does not list (typed in the URL) is still shown as chosen.
    ...(filters.province && !provinces.some((p) => p.province === filters.province) ? [{ value: filters.province, label: filters.province }] : []),
  ];
  const count = formatNumber(warehouses_count);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admin_warehouses_title()}
        intro={m.admin_warehouses_count({ count })}
        actions={
          <>
            <ExportLinks endpoint="/api/admin/export-warehouses" urlNames={URL_NAMES} testId="warehouses-export" />
            <Link to={paths.create} className={buttonClass("primary", "md")}>
              {m.admin_nav_add_warehouse()}
            </Link>
          </>
        }
      />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        {/* At least 16rem, so on a phone the filter wraps under the box instead of squeezing it. */}
        <div className="min-w-64 flex-1">
          <SearchBox name="search_term" value={search ?? ""} label={m.admin_warehouses_search()} buttonLabel={m.admin_warehouses_search_button()} keep={keep} />
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
      <section aria-label={m.admwh_filters_label()} className="mt-4 flex flex-wrap items-end gap-x-4 gap-y-3" data-testid="warehouse-filters">
        <FilterSelect
          name="status"
          value={filters.status ?? ""}
          label={m.admwh_filter_status()}
          buttonLabel={m.admwh_filter_apply()}
          options={[
            { value: "", label: m.admwh_status_all() },
            { value: "approved", label: warehouseStatusLabel("approved") },
            { value: "pending", label: warehouseStatusLabel("pending") },
            { value: "refused", label: warehouseStatusLabel("refused") },
          ]}
        />
        <FilterSelect
          name="hub"
          value={filters.hub ?? ""}
          label={m.admwh_filter_hub()}
          buttonLabel={m.admwh_filter_apply()}
          options={yesNoOptions(m.admwh_hub_yes(), m.admwh_hub_no())}
        />
        <FilterSelect
          name="redeemed"
          value={filters.redeemed ?? ""}
          label={m.admwh_filter_redeemed()}
          buttonLabel={m.admwh_filter_apply()}
          options={yesNoOptions(m.admwh_redeemed_yes(), m.admwh_redeemed_no())}
        />
        <FilterSelect
          name="sub"
          value={filters.sub ?? ""}
          label={m.admwh_filter_sub()}
          buttonLabel={m.admwh_filter_apply()}
          options={[
            { value: "", label: m.admwh_any() },
            { value: "active", label: m.admwh_sub_active() },
            { value: "expired", label: m.admwh_sub_expired() },
          ]}
        />
        <FilterSelect
          name="province"
          value={filters.province ?? ""}
          label={m.admwh_filter_province()}
          buttonLabel={m.admwh_filter_apply()}
          options={provinceOptions}
        />
        <FilterSelect
          name="photos"
          value={filters.photos ?? ""}
          label={m.admwh_filter_photos()}
          buttonLabel={m.admwh_filter_apply()}
          options={yesNoOptions(m.admwh_photos_yes(), m.admwh_photos_no())}
        />
        <FilterSelect
          name="free_space"
          value={filters.free_space ?? ""}
          label={m.admwh_filter_free_space()}
          buttonLabel={m.admwh_filter_apply()}
          options={yesNoOptions(m.admwh_free_space_yes(), m.admwh_free_space_no())}
        />
        {(filtered || search) && (
          <Link
            to={isDefaultOrder ? "?" : `?sort=${order.key}&dir=${order.dir}`}
            preventScrollReset
            className="flex min-h-11 items-center rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            data-testid="warehouse-filters-clear"
          >
            {m.admwh_clear_filters()}
          </Link>
        )}
      </section>
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
        <PickedExportLinks endpoint="/api/admin/export-warehouses" urlNames={URL_NAMES} ids={selection.selected} testId="bulk-export" />
      </BulkBar>
      {warehouses.length === 0 ? (
        <EmptyState title={m.admin_warehouses_empty()} testId="warehouses-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-warehouses"
          dense
          selection={selection}
          columns={[
            sortable("name", m.admin_col_name()),
            sortable("city", m.admin_col_place()),
            { label: m.admin_col_owner() },
            sortable("status", m.admin_col_status()),
            sortable("size", m.admwh_col_size()),
            sortable("free_space", m.admwh_col_free_space()),
            sortable("photos", m.admwh_col_photos()),
            sortable("created", m.admin_col_created()),
            sortable("active", m.admwh_col_active()),
          ]}
        >
          {warehouses.map((w) => (
            <tr key={w.id} data-testid={`warehouse-row-${w.id}`}>
              <RowCheckbox id={w.id} />
              <td data-label={m.admin_col_name()} className="px-4 py-3">
                <Link to={paths.edit(w.id)} className="row-link font-semibold text-brand-700 hover:underline" data-testid="warehouse-row-link">
                  {w.name}
                </Link>
                {w.is_hub && <HubBadge className="ml-2" />}
              </td>
              <td data-label={m.admin_col_place()} className="px-4 py-3 text-slate-700">
                {w.city} ({w.province})
              </td>
              <td data-label={m.admin_col_owner()} className="px-4 py-3 text-slate-700">
                {w.owner_email && w.owner_id && w.owner_role === "stocker" ? (
                  <Link to={areaBase("stocker", "it", w.owner_id)} className="relative z-10 text-brand-700 hover:underline" title={m.admin_open_owner_area()}>
                    <EmailText email={w.owner_email} />
                  </Link>
                ) : w.owner_email ? (
                  <EmailText email={w.owner_email} />
                ) : (
                  <span className="text-slate-500">{m.admin_not_claimed()}</span>
                )}
                {w.redeemed && (
                  <span className="mt-1 block text-xs font-semibold text-emerald-700" data-testid="warehouse-redeemed">
                    {m.admwh_redeemed()}
                  </span>
                )}
              </td>
              <td data-label={m.admin_col_status()} data-wide className="px-4 py-3">
                <WarehouseStatus status={w.status} deactivated={w.deactivated} wrap />
              </td>
              <td data-label={m.admwh_col_size()} className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                {w.total_m2 !== null ? m.admwh_m2({ value: formatNumber(w.total_m2) }) : m.admwh_none()}
              </td>
              <td data-label={m.admwh_col_free_space()} className="px-4 py-3 text-slate-700 tabular-nums">
                {w.free_m2 === null && w.free_pallets === null ? (
                  m.admwh_none()
                ) : (
                  <>
                    {w.free_m2 !== null && <span className="block whitespace-nowrap">{m.admwh_m2({ value: formatNumber(w.free_m2) })}</span>}
                    {w.free_pallets !== null && <span className="block whitespace-nowrap">{m.admwh_pallets({ value: formatNumber(w.free_pallets) })}</span>}
                  </>
                )}
              </td>
              <td data-label={m.admwh_col_photos()} className="px-4 py-3 text-slate-700 tabular-nums">
                {formatNumber(w.images_count)}
              </td>
              <td data-label={m.admin_col_created()} className="px-4 py-3 whitespace-nowrap text-slate-600">
                {formatDate(w.created_at)}
              </td>
              <td data-label={m.admwh_col_active()} className="px-4 py-3">
                <div className="relative z-10">
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
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
