// GET /api/admin/users/{id}/sessions → { sessions: [{ id, created_at, last_seen_at, expires_at,
// remember, ip, user_agent }] }: the account's current sessions, the most recently used first.
import { z } from "zod";
import { apiLoader, idParam } from "../../../server/http/api.ts";
import { listUserSessions } from "../../../server/accounts/admin-user-account.service.ts";
import { userSessionsAnswer } from "../../../schemas/admin-records-answers.ts";

export const loader = apiLoader({ access: ["admin"], params: z.object({ id: idParam }), response: userSessionsAnswer }, ({ actor, params, services }) =>
  listUserSessions(services.db, actor, params.id),
);
