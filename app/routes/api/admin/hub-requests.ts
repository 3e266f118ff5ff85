// GET /api/admin/hub-requests?limit&offset&search_term&filters[waiting_days]=1|3|7
// &order[key]=name|city|total_m2|created_at&order[dir]=asc|desc → { warehouses, warehouses_count }:
// the warehouses waiting for approval as a hub (to_approve), by default longest waiting first
// (offset is the page index, as in every list).
import { apiLoader } from "../../../server/http/api.ts";
import { listHubRequests } from "../../../server/warehouses/admin-warehouses.service.ts";
import { hubRequestsQuery } from "../../../schemas/admin-warehouses.ts";
import { HUB_REQUESTS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { hubRequestsSelection } from "../../shared/hub-request-lists.server.ts";
import { hubRequestsAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: hubRequestsAnswer, query: hubRequestsQuery }, ({ query, services }) =>
  listHubRequests(services.db, { ...hubRequestsSelection(query), page: query.offset ?? 0, limit: query.limit ?? HUB_REQUESTS_PAGE_SIZE }),
);
