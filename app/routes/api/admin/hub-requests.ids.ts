// GET /api/admin/hub-requests/ids?search_term&filters[…]&order[…] → { ids, total }: every hub
// request the list's query matches (the same query string as GET /api/admin/hub-requests; limit
// and offset ignored), in the list's order, for the list's "select all N"; at most BULK_MAX_IDS
// ids, `total` counts them all.
import { apiLoader } from "../../../server/http/api.ts";
import { hubRequestIdsForAdmin } from "../../../server/warehouses/admin-warehouses.service.ts";
import { hubRequestsQuery } from "../../../schemas/admin-warehouses.ts";
import { hubRequestsSelection } from "../../shared/hub-request-lists.server.ts";
import { matchingIdsAnswer } from "../../../schemas/answer-parts.ts";

export const loader = apiLoader({ access: ["admin"], response: matchingIdsAnswer, query: hubRequestsQuery }, ({ query, services }) =>
  hubRequestIdsForAdmin(services.db, hubRequestsSelection(query)),
);
