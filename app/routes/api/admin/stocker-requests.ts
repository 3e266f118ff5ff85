// GET /api/admin/stocker-requests?limit&offset&search_term&filters[approved]=pending|refused
// &filters[waiting_days]=1|3|7&order[key]=name|city|created_at&order[dir]=asc|desc
// → { users, users_count }: stocker registrations waiting for a decision (default) or refused.
import { apiLoader } from "../../../server/http/api.ts";
import { listStockerRequests } from "../../../server/accounts/stocker-approval.service.ts";
import { stockerRequestsQuery as query } from "../../../schemas/stocker-approval.ts";
import { STOCKER_REQUESTS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { stockerRequestsSelection } from "../../shared/stocker-request-lists.server.ts";
import { stockerRequestsAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: stockerRequestsAnswer, query }, ({ query, services }) =>
  listStockerRequests(services.db, { ...stockerRequestsSelection(query), limit: query.limit ?? STOCKER_REQUESTS_PAGE_SIZE, page: query.offset ?? 0 }),
);
