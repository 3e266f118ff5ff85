// GET /api/admin/warehouse-requests?limit&offset&search_term&filters[from]&filters[to]
// → { warehouse_requests, warehouse_requests_count }: 8 a page by default, newest first, each with
// its specifications and contacted warehouses (offset is the page index, as in the other lists).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { listAdminRequests } from "../../../server/admin-requests/admin-requests.service.ts";
import { adminRequestsQuery } from "../../../schemas/admin-requests.ts";
import { ADMIN_REQUESTS_PAGE_SIZE } from "../../../lib/admin-requests.ts";

export const loader = apiLoader({ access: ["admin"], query: adminRequestsQuery }, ({ actor, query, services }) =>
  listAdminRequests(services.db, actor, {
    search: query.search_term ?? null,
    from: query.filters.from ?? null,
    to: query.filters.to ?? null,
    limit: query.limit ?? ADMIN_REQUESTS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
export const action = methodNotAllowed;
