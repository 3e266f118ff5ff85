// POST /api/admin/specifications/{id}/update { specification_data } → { specification_id } (audited;
// the category does not change).
import { z } from "zod";
import { apiAction, idParam, methodNotAllowed } from "../../../server/http/api.ts";
import { updateSpecification } from "../../../server/specifications/specifications.service.ts";
import { specificationUpdateSchema } from "../../../schemas/specification.ts";
import { specificationIdAnswer } from "../../../schemas/admin-answers.ts";

export const action = apiAction(
  { access: ["admin"], response: specificationIdAnswer, params: z.object({ id: idParam }), body: specificationUpdateSchema },
  ({ actor, params, body, services }) => {
    const { value, value_en, description, description_en } = body.specification_data;
    return updateSpecification(services.db, actor, params.id, { value, value_en, description, description_en });
  },
);
export const loader = methodNotAllowed;
