// The stockers' and stock hunters' query (GET /api/admin/stockers, /stock-hunters, their exports
// and their pages, one schema each) as the services read it: the filters' yes/no as booleans,
// the order resolved against the list's whitelist and default.
import type { z } from "zod";
import type { stockersQuery, stockHuntersQuery } from "../../schemas/admin-lists.ts";
import type { UserListFilters } from "../../server/accounts/admin-users.service.ts";
import { resolveOrder, type ListOrder, type YesNo } from "../../lib/admin-lists.ts";
import { STOCK_HUNTERS_ORDER, STOCKERS_ORDER, type StockersOrderKey, type StockHuntersOrderKey } from "../../lib/list-params.ts";

const yesNo = (value: YesNo | undefined): boolean | undefined => (value === undefined ? undefined : value === "yes");

export function stockersSelection(query: z.infer<typeof stockersQuery>): { filters: UserListFilters; order: ListOrder<StockersOrderKey> } {
  const f = query.filters ?? {};
  return {
    filters: {
      search: query.search_term ?? null,
      subType: f.sub_type ?? "all",
      accountType: f.account_type,
      confirmed: yesNo(f.confirmed),
      active: yesNo(f.active),
    },
    order: resolveOrder(STOCKERS_ORDER, query.order),
  };
}

export function stockHuntersSelection(query: z.infer<typeof stockHuntersQuery>): { filters: UserListFilters; order: ListOrder<StockHuntersOrderKey> } {
  const f = query.filters ?? {};
  return {
    filters: { search: query.search_term ?? null, active: yesNo(f.active), withRequests: yesNo(f.with_requests) },
    order: resolveOrder(STOCK_HUNTERS_ORDER, query.order),
  };
}
