// GET /api/admin/emails/failed?limit&offset&search_term → { emails, emails_count }: the e-mails
// the outbox gave up on, newest first, searched by recipient (offset is the page index, as in
// every list); each with its recipient, subject, template, language, attempts and last error.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { listFailedMail } from "../../../server/mail/failed-mail.service.ts";
import { failedEmailsQuery as query } from "../../../schemas/admin-lists.ts";
import { FAILED_EMAILS_PAGE_SIZE } from "../../../lib/list-params.ts";

export const loader = apiLoader({ access: ["admin"], query }, ({ actor, query, services }) =>
  listFailedMail(services.db, actor, {
    filters: { search: query.search_term ?? null },
    limit: query.limit ?? FAILED_EMAILS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
export const action = methodNotAllowed;
