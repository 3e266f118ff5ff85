// POST /api/admin/users/{id}/toggle-active { user_data: { active } } → { user_id }: switched off,
// the user's sessions end and they cannot log in (audited).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { setUserActive } from "../../../server/accounts/admin-users.service.ts";
import { toggleActiveBody } from "../../../schemas/admin-lists.ts";
import { userIdAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: toggleActiveBody, response: userIdAnswer },
  ({ actor, params, body, services }) => setUserActive(services.db, actor, params.id, body.user_data.active === 1),
);
export const loader = methodNotAllowed;
