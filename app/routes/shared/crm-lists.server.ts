// The CRM's two lists' queries (each list's page, JSON twin and export read one schema) as the
// services read them: the filters with their defaults, the order resolved against the list's
// whitelist and default.
import type { z } from "zod";
import type { crmActionsQuery, crmEntriesQuery } from "../../schemas/crm.ts";
import type { CrmActionFilters, CrmListFilters, CrmOrder } from "../../server/crm/crm.service.ts";
import { resolveOrder, type ListOrder } from "../../lib/admin-lists.ts";
import { CRM_ACTIONS_ORDER, CRM_ENTRIES_ORDER, type CrmActionsOrderKey } from "../../lib/list-params.ts";

/** The entries' search, day and event type (an empty one is no filter) and order (newest first by default). */
export function crmEntriesSelection(query: z.infer<typeof crmEntriesQuery>): { filters: CrmListFilters; order: CrmOrder } {
  return {
    filters: { search: query.search_term ?? null, date: query.filters?.date ?? null, eventType: query.filters?.event_type ?? null },
    order: resolveOrder(CRM_ENTRIES_ORDER, query.order),
  };
}

/** The actions' state (pending when none is given; the spec's bare follow_up_done too) and search, and order (the soonest due first by default). */
export function crmActionsSelection(query: z.infer<typeof crmActionsQuery>): {
  filters: Omit<CrmActionFilters, "today">;
  order: ListOrder<CrmActionsOrderKey>;
} {
  return {
    filters: { status: query.filters?.follow_up_done ?? query.follow_up_done ?? "pending", search: query.search_term ?? null },
    order: resolveOrder(CRM_ACTIONS_ORDER, query.order),
  };
}
