// POST /api/admin/warehouses/{id}/toggle-deactivated { warehouse_data: { deactivated: 0|1 } } →
// { warehouse_id, deactivated }: switches a warehouse off (it leaves the public search at once)
// or on again; audited.
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { setWarehouseDeactivated } from "../../../server/warehouses/admin-warehouses.service.ts";
import { toggleDeactivatedSchema } from "../../../schemas/admin-warehouses.ts";
import { warehouseDeactivatedAnswer } from "../../../schemas/admin-records-answers.ts";

export const action = apiAction(
  { access: ["admin"], params: z.object({ id: idParam }), body: toggleDeactivatedSchema, response: warehouseDeactivatedAnswer },
  ({ actor, params, body, services }) => setWarehouseDeactivated(services.db, actor, params.id, body.warehouse_data.deactivated),
);
export const loader = methodNotAllowed;
