// POST /api/admin/emails/{id}/resend → { email_id, to_address }: a failed e-mail back in the outbox's queue,
// pending and due now with no attempt counted, so the worker sends it again (audited). 404 for
// no such e-mail, 409 email_not_failed for one that is not failed: nothing changes.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { resendFailedMail } from "../../../server/mail/failed-mail.service.ts";
import { emailResentAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction({ access: ["admin"], response: emailResentAnswer, params: z.object({ id: idParam }) }, ({ actor, params, services }) =>
  resendFailedMail(services.db, actor, params.id),
);
export const loader = methodNotAllowed;
