// GET /api/admin/hub-requests?limit&offset&search_term → { warehouses, warehouses_count }: the
// warehouses waiting for approval as a hub (to_approve), longest waiting first (offset is the
// page index, as in every list).
import { apiLoader } from "../../../server/http/api.ts";
import { listHubRequests } from "../../../server/warehouses/admin-warehouses.service.ts";
import { hubRequestsQuery } from "../../../schemas/admin-warehouses.ts";
import { HUB_REQUESTS_PAGE_SIZE } from "../../../lib/list-params.ts";

export const loader = apiLoader({ access: ["admin"], query: hubRequestsQuery }, ({ query, services }) =>
  listHubRequests(services.db, { search: query.search_term, page: query.offset ?? 0, limit: query.limit ?? HUB_REQUESTS_PAGE_SIZE }),
);
