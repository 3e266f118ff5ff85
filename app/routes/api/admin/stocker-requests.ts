// GET /api/admin/stocker-requests?limit&offset&search_term&filters[approved]=pending|refused
// → { users, users_count }: stocker registrations waiting for a decision (default) or refused.
import { z } from "zod";
import { apiLoader } from "../../../server/http/api.ts";
import { listStockerRequests } from "../../../server/accounts/stocker-approval.service.ts";
import { numeric, optionalText } from "../../../schemas/common.ts";
import { STOCKER_REQUEST_FILTERS } from "../../../schemas/stocker-approval.ts";
import { STOCKER_REQUESTS_PAGE_SIZE } from "../../../lib/list-params.ts";

const query = z.object({
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
  filters: z.object({ approved: z.enum(STOCKER_REQUEST_FILTERS).optional() }).optional(),
});

export const loader = apiLoader({ access: ["admin"], query }, ({ query, services }) =>
  listStockerRequests(services.db, {
    filters: { approved: query.filters?.approved ?? "pending", search: query.search_term },
    limit: query.limit ?? STOCKER_REQUESTS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
