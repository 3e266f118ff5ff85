// The new stockers' query (GET /api/admin/stocker-requests, its export and its page, one schema)
// as the service reads it: the state, the age in days as a number, the order resolved against
// the whitelist.
import type { z } from "zod";
import type { stockerRequestsQuery } from "../../schemas/stocker-approval.ts";
import type { StockerRequestFilters } from "../../server/accounts/stocker-approval.service.ts";
import { resolveOrder, type ListOrder } from "../../lib/admin-lists.ts";
import { STOCKER_REQUESTS_ORDER, type StockerRequestsOrderKey } from "../../lib/list-params.ts";

export function stockerRequestsSelection(query: z.infer<typeof stockerRequestsQuery>): {
  filters: StockerRequestFilters;
  order: ListOrder<StockerRequestsOrderKey>;
} {
  const days = query.filters?.waiting_days;
  return {
    filters: { approved: query.filters?.approved ?? "pending", search: query.search_term ?? null, waitingDays: days ? Number(days) : undefined },
    order: resolveOrder(STOCKER_REQUESTS_ORDER, query.order),
  };
}
