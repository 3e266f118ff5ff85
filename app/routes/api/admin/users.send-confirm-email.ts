// POST /api/admin/users/{id}/send-confirm-email → { user_id }: the invitation (or a hunter's code) again (audited).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { sendConfirmEmail } from "../../../server/accounts/admin-users.service.ts";
import { userIdAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction({ access: ["admin"], params: z.object({ id: idParam }), response: userIdAnswer }, ({ actor, params, services }) =>
  sendConfirmEmail(services.db, actor, params.id, { origin: services.config.origin, secret: services.secret }),
);
export const loader = methodNotAllowed;
