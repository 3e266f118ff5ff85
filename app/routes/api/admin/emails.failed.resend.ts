// POST /api/admin/emails/failed/resend { search_term? } → { resent_count }: every failed e-mail
// the list shows (those whose recipient matches the search, every page) back in the outbox's
// queue, each audited as one sent again on its own.
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { resendAllFailedMail } from "../../../server/mail/failed-mail.service.ts";
import { resendFailedEmailsBody as body } from "../../../schemas/admin-lists.ts";

export const action = apiAction({ access: ["admin"], body }, ({ actor, body, services }) =>
  resendAllFailedMail(services.db, actor, { search: body.search_term ?? null }),
);
export const loader = methodNotAllowed;
