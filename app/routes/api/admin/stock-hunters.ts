// GET /api/admin/stock-hunters?limit&offset&search_term&filters[active]=yes|no&filters[with_requests]=yes|no
// &order[key]=name|created_at|active&order[dir]=asc|desc → { users, users_count }.
import { apiLoader } from "../../../server/http/api.ts";
import { listStockHunters } from "../../../server/accounts/admin-users.service.ts";
import { stockHuntersQuery } from "../../../schemas/admin-lists.ts";
import { STOCK_HUNTERS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { stockHuntersSelection } from "../../shared/admin-user-lists.server.ts";
import { stockHuntersAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: stockHuntersAnswer, query: stockHuntersQuery }, ({ actor, query, services }) =>
  listStockHunters(services.db, actor, { ...stockHuntersSelection(query), limit: query.limit ?? STOCK_HUNTERS_PAGE_SIZE, page: query.offset ?? 0 }),
);
