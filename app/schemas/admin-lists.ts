// Query strings of the back office's JSON lists: limit, offset (the page
// index), search_term and filters[...]. One schema per list, shared by the endpoint and its page.
import { z } from "zod";
import { idNumber, numeric, optionalText } from "./common.ts";
import {
  PROMO_CODES_ORDER,
  PROMO_STATE_FILTERS,
  STOCK_HUNTERS_ORDER,
  STOCKER_ACCOUNT_TYPES,
  STOCKERS_ORDER,
  SUBSCRIPTION_FILTERS,
  TRANSFER_KINDS,
  TRANSFERS_ORDER,
  FAILED_EMAILS_ORDER,
} from "../lib/list-params.ts";
import { ORDER_DIRS, WAITING_DAYS, YES_NO } from "../lib/admin-lists.ts";
import { exportIds } from "./admin-bulk.ts";
import { locales } from "../lib/locale.ts";

export const listPaging = {
  limit: numeric(z.number().int().min(1).max(100)).optional(),
  offset: numeric(z.number().int().min(0).max(100_000)).optional(),
  search_term: optionalText(120),
};

/** order[key] (one of the list's sortable columns, anything else refused) and order[dir]. */
export function listOrder<K extends string>(keys: readonly K[]) {
  return z.object({ key: z.enum(keys as readonly [K, ...K[]]).optional(), dir: z.enum(ORDER_DIRS).optional() }).optional();
}

const yesNo = z.enum(YES_NO).optional();

/** ?format= of every export: csv (the spec's, the default) or xlsx (server/http/table-export.ts). */
export const exportFormat = z.enum(["csv", "xlsx"]).optional().default("csv");

export const stockersQuery = z.object({
  ...listPaging,
  filters: z
    .object({
      sub_type: z.enum(SUBSCRIPTION_FILTERS).optional(),
      account_type: z.enum(STOCKER_ACCOUNT_TYPES).optional(),
      confirmed: yesNo,
      active: yesNo,
    })
    .optional(),
  order: listOrder(STOCKERS_ORDER.keys),
});

/** GET /api/admin/export-stockers: the list's query, the file's format, and the rows picked (?ids=1,2,3). */
export const stockersExportQuery = stockersQuery.extend({ format: exportFormat, ids: exportIds });

export const stockHuntersQuery = z.object({
  ...listPaging,
  filters: z.object({ active: yesNo, with_requests: yesNo }).optional(),
  order: listOrder(STOCK_HUNTERS_ORDER.keys),
});

/** GET /api/admin/export-stock-hunters: the list's query, the file's format, and the rows picked (?ids=1,2,3). */
export const stockHuntersExportQuery = stockHuntersQuery.extend({ format: exportFormat, ids: exportIds });

/** GET /api/admin/transfers, read by its page too: filters[kind], filters[waiting_days] (at least), order[key|dir]. */
export const transfersQuery = z.object({
  ...listPaging,
  filters: z.object({ kind: z.enum(TRANSFER_KINDS).optional(), waiting_days: z.enum(WAITING_DAYS).optional() }).optional(),
  order: listOrder(TRANSFERS_ORDER.keys),
});

/** GET /api/admin/export-transfers: the list's query and the file's format. */
export const transfersExportQuery = transfersQuery.extend({ format: exportFormat });

/** An e-mail template's name (the outbox's `template`): lower-case words joined by "_". */
const templateName = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z0-9_]+$/)
  .optional();

/** The undelivered e-mails' filters: filters[template], filters[lang]. */
const failedEmailsFilters = z.object({ template: templateName, lang: z.enum(locales).optional() }).optional();

/** GET /api/admin/emails/failed, read by its page too: search by recipient, filters, order[key|dir]. */
export const failedEmailsQuery = z.object({ ...listPaging, filters: failedEmailsFilters, order: listOrder(FAILED_EMAILS_ORDER.keys) });

/** GET /api/admin/export-failed-emails: the list's query and the file's format. */
export const failedEmailsExportQuery = failedEmailsQuery.extend({ format: exportFormat });

/** POST /api/admin/emails/failed/resend: every failed e-mail the list shows (its search and filters, every page). */
export const resendFailedEmailsBody = z.object({ search_term: listPaging.search_term, filters: failedEmailsFilters });

/** What the undelivered e-mails' page posts: one e-mail sent again (as POST /api/admin/emails/{id}/resend), or all the list shows. */
export const resendEmailForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend"), email_id: idNumber }),
  resendFailedEmailsBody.extend({ intent: z.literal("resend_all") }),
]);

export const toggleActiveBody = z.object({ user_data: z.object({ active: numeric(z.union([z.literal(0), z.literal(1)])) }) });

/** The promo codes' list (/admin/promo-codes, ?search=, ?state=, ?sort=, ?dir=, ?page=) and its export. */
export const promoCodesQuery = z.object({
  ...listPaging,
  filters: z.object({ state: z.enum(PROMO_STATE_FILTERS).optional() }).optional(),
  order: listOrder(PROMO_CODES_ORDER.keys),
});

/** GET /api/admin/export-promo-codes: the list's query and the file's format. */
export const promoCodesExportQuery = promoCodesQuery.extend({ format: exportFormat });
