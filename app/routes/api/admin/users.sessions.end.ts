// POST /api/admin/users/{id}/sessions/end { session_id? } → { user_id, ended }: ends one session
// of the account, or all of them without session_id (audited).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { endUserSessions } from "../../../server/accounts/admin-user-account.service.ts";
import { endSessionsBody } from "../../../schemas/admin-user-account.ts";
import { sessionsEndedAnswer } from "../../../schemas/admin-records-answers.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: endSessionsBody, response: sessionsEndedAnswer },
  ({ actor, params, body, services }) => endUserSessions(services.db, actor, params.id, body.session_id),
);
export const loader = methodNotAllowed;
