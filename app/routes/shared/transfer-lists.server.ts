// The transfers' query (GET /api/admin/transfers, its export and its page, one schema) as the
// service reads it: the age filter as a number of days, the order resolved against the list's
// whitelist and default (the longest waiting first).
import type { z } from "zod";
import type { transfersQuery } from "../../schemas/admin-lists.ts";
import type { TransferFilters } from "../../server/billing/transfers.queries.ts";
import { resolveOrder, type ListOrder } from "../../lib/admin-lists.ts";
import { TRANSFERS_ORDER, type TransfersOrderKey } from "../../lib/list-params.ts";

export function transfersSelection(query: z.infer<typeof transfersQuery>): { filters: TransferFilters; order: ListOrder<TransfersOrderKey> } {
  const days = query.filters?.waiting_days;
  return {
    filters: { search: query.search_term ?? null, kind: query.filters?.kind, waitingDays: days ? Number(days) : undefined },
    order: resolveOrder(TRANSFERS_ORDER, query.order),
  };
}
