// POST /api/admin/users/{id}/update-profile { user_data: { first_name, last_name, telephone,
// company, email, account_type? } } → { user_id, email_change_pending }: a new e-mail waits for
// its owner's confirmation link (audited). See app/server/accounts/admin-user-account.service.ts.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { updateUserProfile } from "../../../server/accounts/admin-user-account.service.ts";
import { adminProfileBody } from "../../../schemas/admin-user-account.ts";
import { profileUpdatedAnswer } from "../../../schemas/admin-records-answers.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: adminProfileBody, response: profileUpdatedAnswer },
  ({ actor, params, body, services }) =>
    updateUserProfile(services.db, actor, params.id, body.user_data, { origin: services.config.origin, supportEmail: services.config.supportEmail }),
);
export const loader = methodNotAllowed;
