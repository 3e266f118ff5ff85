// GET /api/admin/warehouses?limit&offset&search_term&filters[deactivated]=act|deact|all →
// { warehouses, warehouses_count }: every warehouse, newest first (offset is the page index).
import { apiLoader } from "../../../server/http/api.ts";
import { listWarehousesForAdmin } from "../../../server/warehouses/admin-warehouses.service.ts";
import { adminWarehousesQuery } from "../../../schemas/admin-warehouses.ts";
import { ADMIN_WAREHOUSES_PAGE_SIZE } from "../../../lib/list-params.ts";

export const loader = apiLoader({ access: ["admin"], query: adminWarehousesQuery }, ({ query, services }) =>
  listWarehousesForAdmin(services.db, {
    search: query.search_term,
    deactivated: query.filters?.deactivated ?? "all",
    page: query.offset ?? 0,
    limit: query.limit ?? ADMIN_WAREHOUSES_PAGE_SIZE,
  }),
);
