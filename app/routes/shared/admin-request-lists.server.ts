// The quote requests' query (GET /api/admin/warehouse-requests, its export and its page, one
// schema) as the service reads it: the filters, and the order resolved against the list's
// whitelist and default (newest first).
import type { z } from "zod";
import type { adminRequestsQuery } from "../../schemas/admin-requests.ts";
import type { AdminRequestsArgs } from "../../server/admin-requests/admin-requests.queries.ts";
import { resolveOrder, type ListOrder } from "../../lib/admin-lists.ts";
import { ADMIN_REQUESTS_ORDER, type AdminRequestsOrderKey } from "../../lib/list-params.ts";

export function adminRequestsSelection(query: z.infer<typeof adminRequestsQuery>): { filters: AdminRequestsArgs; order: ListOrder<AdminRequestsOrderKey> } {
  const { from, to, answered, requester } = query.filters;
  return {
    filters: { search: query.search_term ?? null, from: from ?? null, to: to ?? null, answered, requester },
    order: resolveOrder(ADMIN_REQUESTS_ORDER, query.order),
  };
}
