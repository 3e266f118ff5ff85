// POST /api/admin/warehouses/{id}/update-status { warehouse_data: { status, to_approve: 0, note } }
// → { warehouse_id }: the administrator approves or refuses a hub request (a refusal needs a
// note); the owner is told, the decision audited. 409 when the request was already decided.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { decideHubRequest } from "../../../server/warehouses/admin-warehouses.service.ts";
import { hubDecisionSchema } from "../../../schemas/admin-warehouses.ts";
import { warehouseIdAnswer } from "../../../schemas/answer-parts.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: hubDecisionSchema, response: warehouseIdAnswer },
  ({ actor, params, body, services }) =>
    decideHubRequest(
      services.db,
      actor,
      params.id,
      { status: body.warehouse_data.status, note: body.warehouse_data.note },
      { origin: services.config.origin, supportEmail: services.config.supportEmail },
    ),
);
export const loader = methodNotAllowed;
