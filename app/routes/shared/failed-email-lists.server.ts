// The undelivered e-mails' query (GET /api/admin/emails/failed, its export, its page and "send
// all again", one schema) as the service reads it: the filters, and the order resolved against
// the list's whitelist and default (the newest first).
import type { z } from "zod";
import type { failedEmailsQuery } from "../../schemas/admin-lists.ts";
import type { FailedMailFilters } from "../../server/mail/failed-mail.queries.ts";
import { resolveOrder, type ListOrder } from "../../lib/admin-lists.ts";
import { FAILED_EMAILS_ORDER, type FailedEmailsOrderKey } from "../../lib/list-params.ts";

type Selection = Pick<z.infer<typeof failedEmailsQuery>, "search_term" | "filters"> & Partial<Pick<z.infer<typeof failedEmailsQuery>, "order">>;

export function failedEmailsSelection(query: Selection): { filters: FailedMailFilters; order: ListOrder<FailedEmailsOrderKey> } {
  return {
    filters: { search: query.search_term ?? null, template: query.filters?.template, lang: query.filters?.lang },
    order: resolveOrder(FAILED_EMAILS_ORDER, query.order),
  };
}
