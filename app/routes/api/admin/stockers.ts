// GET /api/admin/stockers?limit&offset&search_term&filters[sub_type]=all|active|expired → { users, users_count }.
import { apiLoader } from "../../../server/http/api.ts";
import { listStockers } from "../../../server/accounts/admin-users.service.ts";
import { stockersQuery } from "../../../schemas/admin-lists.ts";
import { STOCKERS_PAGE_SIZE } from "../../../lib/list-params.ts";

export const loader = apiLoader({ access: ["admin"], query: stockersQuery }, ({ actor, query, services }) =>
  listStockers(services.db, actor, {
    filters: { search: query.search_term ?? null, subType: query.filters?.sub_type ?? "all" },
    limit: query.limit ?? STOCKERS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
