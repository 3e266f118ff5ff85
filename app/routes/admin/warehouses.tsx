// /admin/warehouses: every warehouse, real names included, newest first, searchable by name,
// city or address, 20 a page; a row opens its edit page. (The active/deactivated filter and
// the toggle come with the back office.)
import { Form, Link } from "react-router";
import type { Route } from "./+types/warehouses";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { ADMIN_PAGE_SIZE, listAdminWarehouses } from "../../server/warehouses/admin-warehouses.queries.ts";
import { m } from "../../paraglide/messages.js";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { pageCount, pageParam } from "../../lib/pagination.ts";
import { warehouseAreaPaths } from "../../lib/paths.ts";
import { areaBase } from "../../lib/area-paths.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass, inputClass } from "../../components/ui/styles.ts";
import { HubBadge } from "../../components/warehouse/HubBadge.tsx";
import { WarehouseStatus } from "../../components/warehouse-manage/WarehouseStatus.tsx";
import { AdminEmpty, AdminPageHeading, AdminTable } from "../../components/admin/AdminList.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const url = new URL(request.url);
  const search = (url.searchParams.get("search_term") ?? "").trim().slice(0, 100) || null;
  const page = pageParam(url.searchParams.get("page"));
  const list = await listAdminWarehouses(context.get(servicesContext).db, { search, offset: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE });
  return { ...list, search, page, pages: pageCount(list.warehouses_count, ADMIN_PAGE_SIZE) };
}

export function meta() {
  return [{ title: m.page_title({ title: m.admin_warehouses_title() }) }, { name: "robots", content: "noindex" }];
}

export default function AdminWarehouses({ loaderData }: Route.ComponentProps) {
  const { warehouses, warehouses_count, search, page, pages } = loaderData;
  const paths = warehouseAreaPaths("admin", "it");
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <AdminPageHeading
        title={m.admin_warehouses_title()}
        intro={m.admin_warehouses_count({ count: formatNumber(warehouses_count) })}
        actions={
          <Link to={paths.create} className={buttonClass("primary", "md")}>
            {m.admin_nav_add_warehouse()}
          </Link>
        }
      />
      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search_term" className="sr-only">
          {m.admin_warehouses_search()}
        </label>
        <input id="search_term" name="search_term" type="search" defaultValue={search ?? ""} placeholder={m.admin_warehouses_search()} className={inputClass} />
        <button type="submit" className={buttonClass("secondary", "md")}>
          {m.admin_warehouses_search_button()}
        </button>
      </Form>
      {warehouses.length === 0 ? (
        <AdminEmpty>{m.admin_warehouses_empty()}</AdminEmpty>
      ) : (
        <AdminTable
          testId="admin-warehouses"
      columns={[{ label: m.admin_col_name() }, { label: m.admin_col_place() }, { label: m.admin_col_owner() }, { label: m.admin_col_status() }, { label: m.admin_col_created() }]}
    >
          {warehouses.map((w) => (
            <tr key={w.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <Link to={paths.edit(w.id)} className="font-semibold text-brand-700 hover:underline">
                  {w.name}
                </Link>
                {w.is_hub && <HubBadge className="ml-2" />}
              </td>
              <td className="px-4 py-3 text-slate-700">
                {w.city} ({w.province})
              </td>
              <td className="px-4 py-3 text-slate-700">
                {w.owner_email && w.owner_id && w.owner_role === "stocker" ? (
                  <Link to={areaBase("stocker", "it", w.owner_id)} className="text-brand-700 hover:underline" title={m.admin_open_owner_area()}>
                    {w.owner_email}
                  </Link>
                ) : (
                  (w.owner_email ?? <span className="text-slate-500">{m.admin_not_claimed()}</span>)
                )}
              </td>
              <td className="px-4 py-3">
                <WarehouseStatus status={w.status} deactivated={w.deactivated} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(w.created_at)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
