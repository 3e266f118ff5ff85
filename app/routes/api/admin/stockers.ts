// GET /api/admin/stockers?limit&offset&search_term&filters[sub_type]=all|active|expired
// &filters[account_type]=stocker|keeper&filters[confirmed]=yes|no&filters[active]=yes|no
// &order[key]=name|account_type|created_at|active&order[dir]=asc|desc → { users, users_count }.
import { apiLoader } from "../../../server/http/api.ts";
import { listStockers } from "../../../server/accounts/admin-users.service.ts";
import { stockersQuery } from "../../../schemas/admin-lists.ts";
import { STOCKERS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { stockersSelection } from "../../shared/admin-user-lists.server.ts";
import { stockersAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: stockersAnswer, query: stockersQuery }, ({ actor, query, services }) =>
  listStockers(services.db, actor, { ...stockersSelection(query), limit: query.limit ?? STOCKERS_PAGE_SIZE, page: query.offset ?? 0 }),
);
