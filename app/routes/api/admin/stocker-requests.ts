// GET /api/admin/stocker-requests?limit&offset&search_term&filters[approved]=pending|refused
// → { users, users_count }: stocker registrations waiting for a decision (default) or refused.
import { apiLoader } from "../../../server/http/api.ts";
import { listStockerRequests } from "../../../server/accounts/stocker-approval.service.ts";
import { stockerRequestsQuery as query } from "../../../schemas/stocker-approval.ts";
import { STOCKER_REQUESTS_PAGE_SIZE } from "../../../lib/list-params.ts";

export const loader = apiLoader({ access: ["admin"], query }, ({ query, services }) =>
  listStockerRequests(services.db, {
    filters: { approved: query.filters?.approved ?? "pending", search: query.search_term },
    limit: query.limit ?? STOCKER_REQUESTS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
