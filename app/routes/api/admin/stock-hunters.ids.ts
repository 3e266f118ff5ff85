// GET /api/admin/stock-hunters/ids?search_term&filters[…] → { ids, total }: every stock hunter the list's
// query matches (the same query string as GET /api/admin/stock-hunters; limit and offset
// ignored), for the list's "select all N"; at most BULK_MAX_IDS ids, `total` counts them all.
import { apiLoader } from "../../../server/http/api.ts";
import { userIdsForAdmin } from "../../../server/accounts/admin-users.service.ts";
import { stockHuntersSelection } from "../../shared/admin-user-lists.server.ts";
import { stockHuntersQuery } from "../../../schemas/admin-lists.ts";
import { matchingIdsAnswer } from "../../../schemas/answer-parts.ts";

export const loader = apiLoader({ access: ["admin"], response: matchingIdsAnswer, query: stockHuntersQuery }, ({ actor, query, services }) =>
  userIdsForAdmin(services.db, actor, "stock_hunter", stockHuntersSelection(query).filters),
);
