// POST /api/admin/warehouses/bulk-toggle-deactivated { ids, deactivated } →
// { results: [{ id, ok: true, changed } | { id, ok: false, error }] }: many warehouses switched off
// (they leave the public search at once) or on, each as POST /api/admin/warehouses/{id}/toggle-deactivated
// (audited when it changed; `changed` false when it already was as asked).
import { apiAction, methodNotAllowed } from "../../../server/http/api.ts";
import { bulkSetWarehousesDeactivated } from "../../../server/warehouses/admin-warehouses.service.ts";
import { bulkToggleDeactivatedBody } from "../../../schemas/admin-bulk.ts";
import { bulkResultsAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction({ access: ["admin"], body: bulkToggleDeactivatedBody, response: bulkResultsAnswer }, ({ actor, body, services }) =>
  bulkSetWarehousesDeactivated(services.db, actor, body.ids, body.deactivated),
);
export const loader = methodNotAllowed;
