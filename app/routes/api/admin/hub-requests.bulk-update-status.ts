// POST /api/admin/hub-requests/bulk-update-status { ids, status: approved|refused, note } →
// { results: [{ id, ok: true, changed } | { id, ok: false, error }] }: many hub requests decided
// with one note (a refusal needs it), each exactly as POST /api/admin/warehouses/{id}/update-status
// (its owner told, its audit row); a request not waiting (not_waiting) or unknown (not_found) is
// that id's answer, the others go on.
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { bulkDecideHubRequests } from "../../../server/warehouses/admin-warehouses.service.ts";
import { bulkHubDecisionBody } from "../../../schemas/admin-bulk.ts";
import { bulkResultsAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction({ access: ["admin"], response: bulkResultsAnswer, body: bulkHubDecisionBody }, ({ actor, body, services }) =>
  bulkDecideHubRequests(
    services.db,
    actor,
    body.ids,
    { status: body.status, note: body.note },
    { origin: services.config.origin, supportEmail: services.config.supportEmail },
  ),
);
export const loader = methodNotAllowed;
