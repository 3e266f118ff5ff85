// GET /api/admin/emails/failed?limit&offset&search_term&filters[template]&filters[lang]&order[key]&order[dir]
// → { emails, emails_count }: the e-mails the outbox gave up on, newest first by default (or by
// recipient, or attempts), searched by recipient (offset is the page index, as in every list);
// each with its recipient, subject, template, language, attempts and last error.
import { apiLoader, methodNotAllowed } from "../../../server/http/api.ts";
import { listFailedMail } from "../../../server/mail/failed-mail.service.ts";
import { failedEmailsQuery as query } from "../../../schemas/admin-lists.ts";
import { FAILED_EMAILS_PAGE_SIZE } from "../../../lib/list-params.ts";
import { failedEmailsSelection } from "../../shared/failed-email-lists.server.ts";
import { failedEmailsAnswer } from "../../../schemas/admin-answers.ts";

export const loader = apiLoader({ access: ["admin"], response: failedEmailsAnswer, query }, ({ actor, query, services }) =>
  listFailedMail(services.db, actor, {
    ...failedEmailsSelection(query),
    limit: query.limit ?? FAILED_EMAILS_PAGE_SIZE,
    page: query.offset ?? 0,
  }),
);
export const action = methodNotAllowed;
