// POST /api/admin/warehouse-requests/{id}/add-warehouses { ids } → { warehouse_request_id }: each new
// warehouse gets a pending link and its handler is notified as for a new request; ids already
// linked are skipped; an unknown, unapproved or deactivated one refuses the call (422). Audited.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { addWarehousesToRequest } from "../../../server/admin-requests/admin-requests.service.ts";
import { addWarehousesBody } from "../../../schemas/admin-requests.ts";
import { warehouseRequestIdAnswer } from "../../../schemas/admin-records-answers.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: addWarehousesBody, response: warehouseRequestIdAnswer },
  async ({ actor, params, body, services }) => {
    const { warehouse_request_id } = await addWarehousesToRequest(services.db, actor, params.id, body.ids, { origin: services.config.origin });
    return { warehouse_request_id };
  },
);
export const loader = methodNotAllowed;
