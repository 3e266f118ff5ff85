// POST /api/admin/emails/failed/resend { search_term?, filters?: { template?, lang? } } →
// { resent_count }: every failed e-mail the list shows (its search and filters, every page) back in the outbox's
// queue, each audited as one sent again on its own.
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { resendAllFailedMail } from "../../../server/mail/failed-mail.service.ts";
import { resendFailedEmailsBody as body } from "../../../schemas/admin-lists.ts";
import { failedEmailsSelection } from "../../shared/failed-email-lists.server.ts";
import { failedEmailsResentAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction({ access: ["admin"], response: failedEmailsResentAnswer, body }, ({ actor, body, services }) =>
  resendAllFailedMail(services.db, actor, failedEmailsSelection(body).filters),
);
export const loader = methodNotAllowed;
