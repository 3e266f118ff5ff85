// The hub requests' query (GET /api/admin/hub-requests, its export and its page, one schema) as
// the service reads it: the age in days as a number, the order resolved against the whitelist.
import type { z } from "zod";
import type { hubRequestsQuery } from "../../schemas/admin-warehouses.ts";
import type { HubRequestFilters } from "../../server/warehouses/admin-warehouses.service.ts";
import { resolveOrder, type ListOrder } from "../../lib/admin-lists.ts";
import { HUB_REQUESTS_ORDER, type HubRequestsOrderKey } from "../../lib/list-params.ts";

export function hubRequestsSelection(query: z.infer<typeof hubRequestsQuery>): { filters: HubRequestFilters; order: ListOrder<HubRequestsOrderKey> } {
  const days = query.filters?.waiting_days;
  return {
    filters: { search: query.search_term ?? null, waitingDays: days ? Number(days) : undefined },
    order: resolveOrder(HUB_REQUESTS_ORDER, query.order),
  };
}
