// GET /api/admin/stock-hunters?limit&offset&search_term → { users, users_count }.
import { apiLoader } from "../../../server/http/api.ts";
import { listStockHunters } from "../../../server/accounts/admin-users.service.ts";
import { stockHuntersQuery } from "../../../schemas/admin-lists.ts";
import { STOCK_HUNTERS_PAGE_SIZE } from "../../../lib/list-params.ts";

export const loader = apiLoader({ access: ["admin"], query: stockHuntersQuery }, ({ actor, query, services }) =>
  listStockHunters(services.db, actor, {
    filters: { search: query.search_term ?? null },
    limit: query.limit ?? STOCK_HUNTERS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
