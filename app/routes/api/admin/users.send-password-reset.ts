// POST /api/admin/users/{id}/send-password-reset → { user_id, sent }: the recovery form's e-mail
// (a reset link, or the invitation to an account never completed), with its limits (audited).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { sendUserPasswordReset } from "../../../server/accounts/admin-user-account.service.ts";
import { passwordResetSentAnswer } from "../../../schemas/admin-records-answers.ts";

export const action = apiAction({ access: ["admin"], params: z.object({ id: idParam }), response: passwordResetSentAnswer }, ({ actor, params, services }) =>
  sendUserPasswordReset(services.db, actor, params.id, { origin: services.config.origin, secret: services.secret }),
);
export const loader = methodNotAllowed;
