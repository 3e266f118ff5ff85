// GET /api/admin/stockers/ids?search_term&filters[…] → { ids, total }: every stocker the
// list's query matches (the same query string as GET /api/admin/stockers; limit and offset
// ignored), for the list's "select all N"; at most BULK_MAX_IDS ids, `total` counts them all.
import { apiLoader } from "../../../server/http/api.ts";
import { userIdsForAdmin } from "../../../server/accounts/admin-users.service.ts";
import { stockersSelection } from "../../shared/admin-user-lists.server.ts";
import { stockersQuery } from "../../../schemas/admin-lists.ts";
import { matchingIdsAnswer } from "../../../schemas/answer-parts.ts";

export const loader = apiLoader({ access: ["admin"], response: matchingIdsAnswer, query: stockersQuery }, ({ actor, query, services }) =>
  userIdsForAdmin(services.db, actor, "stocker", stockersSelection(query).filters),
);
