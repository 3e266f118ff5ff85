// The CRM's payloads and query strings: one schema each for the
// JSON calls and the pages' own forms.
//   GET  /api/admin/crm-entries        limit, offset, search_term, filters[date], filters[event_type], order[key], order[dir]
//   POST /api/admin/crm-entries/create { crm_entry_data }
//   POST /api/admin/crm-entries/{id}/update { crm_entry_data }
//   POST /api/admin/crm-entries/{id}/handle { crm_entry_data: { follow_up_done: 1 } }
//   GET  /api/admin/export-crm-entries the list's query and format=csv|xlsx
//   GET  /api/admin/crm-actions        limit, offset, search_term, filters[follow_up_done]=pending|overdue|done|all, order[key], order[dir]
//   GET  /api/admin/export-crm-actions the actions' query and format=csv|xlsx
// The rules that need the database (a warehouse that exists, a client or a warehouse) are the
// service's: a missing date or event type is refused here already.
import { z } from "zod";
import { flag, idNumber, isoDayFromText, numeric, optionalText } from "./common.ts";
import { exportFormat, listOrder, listPaging } from "./admin-lists.ts";
import { isIsoDay } from "./promo-codes.ts";
import {
  CRM_EVENT_TYPES,
  type CrmEventTypeName,
  CRM_ORDER_KEYS,
  type CrmOrderKey,
  ORDER_DIRS,
  type OrderDir,
  type CrmOrder,
  DEFAULT_CRM_ORDER,
  CRM_ACTION_FILTERS,
  type CrmActionFilter,
} from "../lib/crm.ts";
import { CRM_ACTIONS_ORDER, CRM_ENTRIES_ORDER, CRM_PAGE_SIZE } from "../lib/list-params.ts";

// Re-exported for the server's modules; the pages import them from lib/crm.ts.
export {
  CRM_EVENT_TYPES,
  type CrmEventTypeName,
  CRM_ORDER_KEYS,
  type CrmOrderKey,
  ORDER_DIRS,
  type OrderDir,
  type CrmOrder,
  DEFAULT_CRM_ORDER,
  CRM_PAGE_SIZE,
  CRM_ACTION_FILTERS,
  type CrmActionFilter,
};

/** A real calendar day 'YYYY-MM-DD', trimmed (also as the date field shows it, 21.11.2026: a post without JavaScript sends that). */
export const crmDay = z.preprocess(isoDayFromText, z.string().trim().refine(isIsoDay, "invalid"));

// A form sends "" for an empty optional field; JSON may send null or leave it out.
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

export const crmEntryData = z.object({
  date: crmDay,
  event_type: z.enum(CRM_EVENT_TYPES),
  client: optionalText(255),
  contact: optionalText(255),
  warehouse_id: z.preprocess(blankToNull, idNumber.nullable()).optional(),
  description: optionalText(5000),
  follow_up: flag,
  follow_up_action: optionalText(2000),
});
export type CrmEntryInput = z.infer<typeof crmEntryData>;

export const crmEntryBody = z.object({ crm_entry_data: crmEntryData });

/** Handling sends what it sets: follow_up_done 1 (a 0 or nothing is not a handling). */
export const crmHandleBody = z.object({
  crm_entry_data: z.object({ follow_up_done: z.union([z.literal(true), numeric(z.literal(1))]) }),
});

const listFilters = z.object({
  // An empty date or type (the pages' "all") is no filter.
  date: z.preprocess(blankToNull, crmDay.nullable()).optional(),
  event_type: z.preprocess(blankToNull, z.enum(CRM_EVENT_TYPES).nullable()).optional(),
});

export const crmEntriesQuery = z.object({
  ...listPaging,
  filters: listFilters.optional(),
  order: listOrder(CRM_ENTRIES_ORDER.keys),
});

/** GET /api/admin/export-crm-entries: the list's query (its order too) and the file's format (csv, the spec's, or xlsx). */
export const crmEntriesExportQuery = crmEntriesQuery.extend({ format: exportFormat });

export const crmActionsQuery = z.object({
  ...listPaging,
  filters: z.object({ follow_up_done: z.enum(CRM_ACTION_FILTERS).optional() }).optional(),
  // The spec's table lists follow_up_done beside the filters: taken there too.
  follow_up_done: z.enum(CRM_ACTION_FILTERS).optional(),
  order: listOrder(CRM_ACTIONS_ORDER.keys),
});

/** GET /api/admin/export-crm-actions: the actions' query (filter, search, order) and the file's format. */
export const crmActionsExportQuery = crmActionsQuery.extend({ format: exportFormat });
