// POST /api/admin/users/bulk-toggle-active { ids, active } →
// { results: [{ id, ok: true, changed } | { id, ok: false, error }] }: many accounts switched off
// (their sessions end, they cannot log in) or on, each as POST /api/admin/users/{id}/toggle-active
// (audited when it changed); an administrator's account is not_found, as there.
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { bulkSetUsersActive } from "../../../server/accounts/admin-users.service.ts";
import { bulkToggleActiveBody } from "../../../schemas/admin-bulk.ts";
import { bulkResultsAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction({ access: ["admin"], body: bulkToggleActiveBody, response: bulkResultsAnswer }, ({ actor, body, services }) =>
  bulkSetUsersActive(services.db, actor, body.ids, body.active),
);
export const loader = methodNotAllowed;
