// GET /api/admin/warehouse-requests?limit&offset&search_term&filters[from|to|answered|requester]&order[key]&order[dir]
// → { warehouse_requests, warehouse_requests_count }: 8 a page by default, newest first unless
// asked otherwise (order[key]=created_at|warehouses|quantity), each with its specifications and
// contacted warehouses (offset is the page index, as in the other lists).
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { listAdminRequests } from "../../../server/admin-requests/admin-requests.service.ts";
import { adminRequestsQuery } from "../../../schemas/admin-requests.ts";
import { ADMIN_REQUESTS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { adminRequestsSelection } from "../../shared/admin-request-lists.server.ts";
import { adminRequestsAnswer } from "../../../schemas/admin-records-answers.ts";

export const loader = apiLoader({ access: ["admin"], query: adminRequestsQuery, response: adminRequestsAnswer }, ({ actor, query, services }) => {
  const { filters, order } = adminRequestsSelection(query);
  return listAdminRequests(services.db, actor, { ...filters, order, limit: query.limit ?? ADMIN_REQUESTS_PAGE_SIZE, page: query.offset ?? 0 });
});
export const action = methodNotAllowed;
